import { useEffect, useRef } from 'react'

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
		const el = ref.current
		// Loaded with the first refusal, not with every page that may show one.
		if (focus && message && el) void import('./bring-into-view').then((m) => m.bringIntoView(el))
	}, [focus, message])
	return message ? (
		// autoFocus: a page drawn by the server (no scripts) opens with the refusal focused and in view.
		<p className="error-box" role="alert" id={id} ref={ref} tabIndex={focus ? -1 : undefined} autoFocus={focus}>
			{message}
		</p>
	) : null
}
