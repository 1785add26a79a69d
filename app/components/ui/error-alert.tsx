import { useEffect, useRef } from 'react'
import { bringIntoView } from './bring-into-view'

/**
 * A form's failure where the buyer is looking: announced (role=alert), focused and scrolled clear of the
 * sticky header as it appears (a new refusal of the same words: give the alert a new `key`). `id`
 * names it for an address's anchor (`#form-error`), so a page drawn without scripts opens at it.
 * A page drawn by the server opens at it (autofocus, within the page's scroll padding).
 * `focus={false}` for a message a page shows as it opens rather than in answer to a form.
 */
export function ErrorAlert({ message, id, focus = true }: { message: string | null | undefined; id?: string; focus?: boolean }) {
	const ref = useRef<HTMLParagraphElement>(null)
	useEffect(() => {
		if (focus && message && ref.current) bringIntoView(ref.current)
	}, [focus, message])
	return message ? (
		// autoFocus: a page drawn by the server (no scripts) opens with the refusal focused and in view.
		<p className="error-box" role="alert" id={id} ref={ref} tabIndex={focus ? -1 : undefined} autoFocus={focus}>
			{message}
		</p>
	) : null
}
