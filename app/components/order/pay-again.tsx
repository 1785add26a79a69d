import { ErrorAlert } from '~/components/ui/error-alert'
import type { FullOrderView } from '~/domain/orders/order-view'
import { PAY_AGAIN_FAILED, payAgainPath } from '~/domain/payments/pay-again-rules'

/**
 * An unpaid online order: pay it online ("Continue to payment" on a page left unpaid, "Try again"
 * after a failure) or by bank or wallet transfer instead. A real form, drawn by the server: without
 * scripts the server sends the buyer on to PayPro's page, or back to the order with the transfer
 * details; with them the page sends it itself (`order-forms.ts`) and then shows the order again, or
 * goes to `afterTransfer` when given (My orders: the order page's transfer details).
 */
export function PayAgain({ order, failedBefore, afterTransfer }: { order: Pick<FullOrderView, 'orderNumber' | 'paymentStatus'>; failedBefore: boolean; afterTransfer?: string }) {
	const failed = order.paymentStatus === 'failed'
	return (
		<form method="post" action={payAgainPath(order.orderNumber)} className="pay-again" data-enhance="pay-again" data-after-transfer={afterTransfer}>
			<p className="muted">
				{failed
					? 'Your online payment did not go through. You can pay for this order again:'
					: 'Not paid yet, or left the payment page? Continue to the payment page, or pay by bank or wallet transfer instead.'}
			</p>
			<ErrorAlert message={failedBefore ? PAY_AGAIN_FAILED : null} />
			<div className="order-actions">
				<button type="submit" name="paymentMethod" value="paypro" className="button primary" data-busy-label="Opening payment page...">
					{failed ? 'Try again' : 'Continue to payment'}
				</button>
				<button type="submit" name="paymentMethod" value="manual" className="button ghost" data-busy-label="Please wait...">
					Pay by transfer instead
				</button>
			</div>
		</form>
	)
}
