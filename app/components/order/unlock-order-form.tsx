import { useState, type FormEvent } from 'react'
import type { OrderView } from '~/domain/orders/order-view'
import { fetchOrder } from './fetch-order'
import { ErrorAlert } from '~/components/ui/error-alert'

const UNLOCK_FAILED = 'Could not unlock the order'

/** Decision 3: the buyer proves it is their order with the checkout email; the server then sets the order's cookie. */
export function UnlockOrderForm({ orderNumber, onUnlocked }: { orderNumber: string; onUnlocked: (order: OrderView) => void }) {
	const [email, setEmail] = useState('')
	const [busy, setBusy] = useState(false)
	const [error, setError] = useState<string | null>(null)

	async function unlock(event: FormEvent<HTMLFormElement>) {
		event.preventDefault()
		if (busy) return
		if (!email.trim()) return setError('Please enter the email address you used at checkout.')
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
				return setError(body?.error ?? UNLOCK_FAILED)
			}
			const order = await fetchOrder({ internalOrderId: orderNumber })
			if (!order?.full) return setError('Your browser did not keep the unlock. Please allow cookies for this site and try again.')
			onUnlocked(order)
		} catch {
			setError(`${UNLOCK_FAILED}. Please check your connection and try again.`)
		} finally {
			setBusy(false)
		}
	}

	return (
		<section className="order-card" aria-labelledby="order-unlock-title">
			<h2 id="order-unlock-title">Unlock your order details</h2>
			<p className="muted">
				For your privacy, contact details, items and deliverables are hidden. Enter the email address you used at checkout to see them on this
				device.
			</p>
			{/* Without JavaScript the API still sets the cookie; reloading this page then shows everything. */}
			<form method="post" action="/api/order/unlock" className="order-unlock" onSubmit={unlock} noValidate>
				<input type="hidden" name="orderNumber" value={orderNumber} />
				<ErrorAlert message={error} />
				<div className="field">
					<label htmlFor="order-unlock-email">Email address</label>
					<input
						id="order-unlock-email"
						name="email"
						type="email"
						inputMode="email"
						autoComplete="email"
						required
						maxLength={200}
						value={email}
						onChange={(e) => setEmail(e.target.value)}
						aria-invalid={error ? true : undefined}
					/>
				</div>
				<button type="submit" className="button primary" disabled={busy}>
					{busy ? 'Unlocking...' : 'Unlock Order'}
				</button>
			</form>
		</section>
	)
}
