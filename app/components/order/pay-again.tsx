import { useState } from 'react'
import { useNavigate } from 'react-router'
import { paymentDetailsStateForOrder } from '~/components/payment/payment-details-state'
import { ErrorAlert } from '~/components/ui/error-alert'
import type { FullOrderView } from '~/domain/orders/order-view'
import { useHydrated } from '~/utils/use-hydrated'

type Method = 'paypro' | 'manual'

/** After a failed online payment: pay the same order again online, or by bank or wallet transfer. */
export function PayAgain({ order }: { order: FullOrderView }) {
	const navigate = useNavigate()
	// The buttons work once the page's scripts run; until then they say so by being disabled.
	const hydrated = useHydrated()
	const [busy, setBusy] = useState<Method | null>(null)
	const [error, setError] = useState<string | null>(null)

	async function payAgain(method: Method) {
		if (busy) return
		setBusy(method)
		setError(null)
		try {
			const res = await fetch(`/api/order/${encodeURIComponent(order.orderNumber)}/pay-again`, {
				method: 'POST',
				headers: { 'Content-Type': 'application/json' },
				body: JSON.stringify({ paymentMethod: method }),
			})
			const answer = (await res.json().catch(() => null)) as { ok?: boolean; error?: string; paymentUrl?: string | null } | null
			if (!res.ok || !answer?.ok) {
				setError(answer?.error || `Could not start a new payment (error ${res.status}). Please try again.`)
				setBusy(null)
				return
			}
			if (method === 'paypro' && answer.paymentUrl) {
				// Busy until the browser leaves for PayPro's page.
				window.location.assign(answer.paymentUrl)
				return
			}
			navigate('/payment-details', { state: paymentDetailsStateForOrder(order) })
		} catch {
			setError('Could not start a new payment. Please check your connection and try again.')
			setBusy(null)
		}
	}

	return (
		<div className="pay-again">
			<p className="muted">Your online payment did not go through. You can pay for this order again:</p>
			<ErrorAlert message={error} />
			<div className="order-actions">
				<button type="button" className="button primary" onClick={() => void payAgain('paypro')} disabled={!hydrated || busy !== null}>
					{busy === 'paypro' ? 'Opening payment page...' : 'Try again'}
				</button>
				<button type="button" className="button ghost" onClick={() => void payAgain('manual')} disabled={!hydrated || busy !== null}>
					{busy === 'manual' ? 'Please wait...' : 'Pay by transfer instead'}
				</button>
			</div>
		</div>
	)
}
