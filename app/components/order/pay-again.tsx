import { useState, type FormEvent } from 'react'
import { ErrorAlert } from '~/components/ui/error-alert'
import type { FullOrderView } from '~/domain/orders/order-view'
import { PAY_AGAIN_FAILED, payAgainPath } from '~/domain/payments/pay-again-rules'

type Method = 'paypro' | 'manual'

/**
 * An unpaid online order: pay it online ("Continue to payment" on a page left unpaid, "Try again"
 * after a failure) or by bank or wallet transfer instead. A real form: without scripts the server
 * sends the buyer on to PayPro's page, or back here with the transfer details.
 */
export function PayAgain({ order, failedBefore, onSwitched }: { order: FullOrderView; failedBefore: boolean; onSwitched: () => void }) {
	const failed = order.paymentStatus === 'failed'
	const [busy, setBusy] = useState<Method | null>(null)
	const [error, setError] = useState<string | null>(failedBefore ? PAY_AGAIN_FAILED : null)

	async function submit(event: FormEvent<HTMLFormElement>) {
		event.preventDefault()
		const submitter = (event.nativeEvent as SubmitEvent).submitter
		const method: Method = submitter instanceof HTMLButtonElement && submitter.value === 'manual' ? 'manual' : 'paypro'
		if (busy) return
		setBusy(method)
		setError(null)
		try {
			const res = await fetch(payAgainPath(order.orderNumber), {
				method: 'POST',
				headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
				body: JSON.stringify({ paymentMethod: method }),
			})
			const answer = (await res.json().catch(() => null)) as { ok?: boolean; error?: string; paymentUrl?: string | null } | null
			if (!res.ok || !answer?.ok) {
				setError(answer?.error || `${PAY_AGAIN_FAILED} (error ${res.status})`)
				setBusy(null)
				// Paid meanwhile, or changed elsewhere: the page shows where the order stands now.
				if (res.status === 409) onSwitched()
				return
			}
			if (method === 'paypro' && answer.paymentUrl) {
				// Busy until the browser leaves for PayPro's page.
				window.location.assign(answer.paymentUrl)
				return
			}
			setBusy(null)
			onSwitched()
		} catch {
			setError('Could not start the payment. Please check your connection and try again.')
			setBusy(null)
		}
	}

	return (
		<form method="post" action={payAgainPath(order.orderNumber)} className="pay-again" onSubmit={(e) => void submit(e)}>
			<p className="muted">
				{failed
					? 'Your online payment did not go through. You can pay for this order again:'
					: 'Not paid yet, or left the payment page? Continue to the payment page, or pay by bank or wallet transfer instead.'}
			</p>
			<ErrorAlert message={error} />
			<div className="order-actions">
				<button type="submit" name="paymentMethod" value="paypro" className="button primary" disabled={busy !== null}>
					{busy === 'paypro' ? 'Opening payment page...' : failed ? 'Try again' : 'Continue to payment'}
				</button>
				<button type="submit" name="paymentMethod" value="manual" className="button ghost" disabled={busy !== null}>
					{busy === 'manual' ? 'Please wait...' : 'Pay by transfer instead'}
				</button>
			</div>
		</form>
	)
}
