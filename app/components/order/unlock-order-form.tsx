import { useState, type FormEvent } from 'react'
import { useSearchParams } from 'react-router'
import { BuyerEmailField } from '~/components/buyer/buyer-email-field'
import { SignInCodeForm } from '~/components/buyer/sign-in-code-form'
import { ErrorAlert } from '~/components/ui/error-alert'
import { BUYER_SIGN_IN_MESSAGES, orderPagePath } from '~/domain/buyers/next-path'

const SEND_FAILED = 'Could not send the sign-in email'

/** Marks (or unmarks) the page's address as waiting for a code, without loading the page again. */
function rememberSent(email: string | null) {
	const url = new URL(window.location.href)
	if (email) {
		url.searchParams.set('signIn', 'sent')
		url.searchParams.set('email', email)
	} else {
		url.searchParams.delete('signIn')
		url.searchParams.delete('email')
	}
	// React Router's own history entry (its key and index) is kept; only the address changes.
	window.history.replaceState(window.history.state, '', url)
}

/**
 * Product decision 3: a buyer without the order's cookie or link proves who they are with a one-time link or
 * code sent to the order's address; typing the address unlocks nothing by itself. Without scripts
 * the form posts and the server sends the page back here with `signIn=sent`.
 */
export function UnlockOrderForm({ orderNumber }: { orderNumber: string }) {
	const [params] = useSearchParams()
	const [email, setEmail] = useState(params.get('email') ?? '')
	const [sent, setSent] = useState(params.get('signIn') === 'sent')
	const [busy, setBusy] = useState(false)
	const [error, setError] = useState<string | null>(null)

	async function send(event: FormEvent<HTMLFormElement>) {
		event.preventDefault()
		if (busy) return
		if (!email.trim()) return setError(BUYER_SIGN_IN_MESSAGES.email)
		setBusy(true)
		setError(null)
		try {
			const response = await fetch('/api/order/unlock', {
				method: 'POST',
				headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
				body: JSON.stringify({ orderNumber, email: email.trim() }),
			})
			if (!response.ok) {
				const body = (await response.json().catch(() => null)) as { error?: string } | null
				return setError(body?.error ?? SEND_FAILED)
			}
			setSent(true)
			// The address the no-script form's answer carries too: a reload still shows the code box.
			rememberSent(email.trim())
		} catch {
			setError(`${SEND_FAILED}. Please check your connection and try again.`)
		} finally {
			setBusy(false)
		}
	}

	return (
		<section className="order-card" aria-labelledby="order-unlock-title">
			<h2 id="order-unlock-title">Unlock your order details</h2>
			{sent ? (
				<>
					<p role="status">{BUYER_SIGN_IN_MESSAGES.sent}</p>
					<p className="muted small">Open the link in the email, or type the code here.</p>
					<SignInCodeForm email={email} next={orderPagePath(orderNumber)} />
					<a
						href={orderPagePath(orderNumber)}
						className="button ghost small"
						onClick={(event) => {
							event.preventDefault()
							setSent(false)
							rememberSent(null)
						}}
					>
						Use another email address
					</a>
				</>
			) : (
				<>
					<p className="muted">
						For your privacy, contact details, items and deliverables are hidden. Enter the email address you used at checkout: we will email it a
						sign-in link and a code.
					</p>
					<form method="post" action="/api/order/unlock" className="order-unlock" onSubmit={send} noValidate>
						<input type="hidden" name="orderNumber" value={orderNumber} />
						<ErrorAlert message={error} />
						<BuyerEmailField id="order-unlock-email" value={email} onChange={(e) => setEmail(e.target.value)} invalid={Boolean(error)} />
						<button type="submit" className="button primary" disabled={busy}>
							{busy ? 'Sending...' : 'Email me a sign-in code'}
						</button>
					</form>
				</>
			)}
		</section>
	)
}
