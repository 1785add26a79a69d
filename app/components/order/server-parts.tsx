import { useLocalePath, useT } from '~/i18n/use-t'
import { useEffect, useRef } from 'react'
import { useFetcher, useNavigate } from 'react-router'
import { ServerHtml } from '~/components/layout/server-html'
import { VERIFY_PATH } from '~/domain/buyers/next-path'
import { onPartsChange, onPartsClick, onPartsSubmit, setFormBusy, showFormError, type PartsActions } from './order-page-parts'

/**
 * A part the server drew with buttons and forms in it (the order page, My orders' cards): copy buttons,
 * Refresh, and the forms the page sends itself; the sign-in code goes through the router as
 * `SignInCodeForm`'s does, so a wrong code is said where it was typed.
 */
export function ServerParts({ html, refresh }: { html: string; refresh: () => void }) {
	const navigate = useNavigate()
	const t = useT()
	const lp = useLocalePath()
	const fetcher = useFetcher<{ error?: string }>()
	const codeForm = useRef<HTMLFormElement | null>(null)
	const parts = useRef<HTMLDivElement>(null)
	const actions: PartsActions = {
		refresh,
		t,
		navigate: (path, options) => void navigate(path, options),
		sendCode: (form) => {
			codeForm.current = form
			void fetcher.submit(form, { method: 'post', action: lp(VERIFY_PATH) })
		},
	}

	useEffect(() => {
		const form = codeForm.current
		if (!form?.isConnected) return
		const sending = fetcher.state !== 'idle'
		setFormBusy(form, sending)
		if (!sending) showFormError(form, fetcher.data?.error ?? null)
	}, [fetcher.state, fetcher.data])

	useEffect(() => {
		const element = parts.current
		const onChange = (event: Event) => onPartsChange(event, t)
		element?.addEventListener('change', onChange)
		return () => element?.removeEventListener('change', onChange)
	}, [t])

	return (
		<div ref={parts} className="server-parts" onSubmit={(event) => onPartsSubmit(event, actions)}>
			<ServerHtml html={html} className="server-parts" onClick={onPartsClick} />
		</div>
	)
}
