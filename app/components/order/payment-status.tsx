import type { OrderView } from '~/domain/orders/order-view'
import { paymentBadge, showsProcessingNote } from '~/domain/orders/status'
import { TestPaymentsNotice } from '~/components/payment/test-payments-notice'

/** §4 payment badge, the spec's waiting note, and where a manual transfer stands. */
export function PaymentStatus({ order }: { order: OrderView }) {
	const badge = paymentBadge(order.status)
	const status = order.status.toLowerCase()
	const manual = order.paymentMethod === 'manual'
	return (
		<section className="order-card" aria-labelledby="order-payment-title">
			<h2 id="order-payment-title">Payment Status</h2>
			<p className="order-badge-row">
				<span className={`order-badge ${badge.tone}`} data-testid="payment-badge">
					{badge.label}
				</span>
			</p>
			{showsProcessingNote(order.status) && !manual ? <p className="order-note">Processing might take 10-20 seconds, Kindly wait.</p> : null}
			{manual && status === 'pending' ? <p className="order-note">We have your payment receipt. Our team will confirm your transfer shortly.</p> : null}
			{manual && status === 'payment_pending' ? (
				<p className="order-note">
					We still need your payment receipt. Please upload a screenshot of your transfer, or send it to us on WhatsApp, so our team can confirm your
					payment.
				</p>
			) : null}
			{order.paymentMethod === 'paypro' ? <TestPaymentsNotice /> : null}
			{order.rejectionReason ? <p className="error-box">Your transfer could not be confirmed: {order.rejectionReason}</p> : null}
		</section>
	)
}
