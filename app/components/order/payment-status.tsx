import type { OrderView } from '~/domain/orders/order-view'
import { paymentBadge, showsProcessingNote } from '~/domain/orders/status'
import { TestPaymentsNotice } from '~/components/payment/test-payments-notice'
import { chatLink } from '~/utils/chat'
import { PayAgain } from './pay-again'

/** §4 payment badge, the spec's waiting note, where a manual transfer or a DM order's payment stands, and paying again after a failure. */
export function PaymentStatus({ order, whatsapp }: { order: OrderView; whatsapp: string }) {
	const badge = paymentBadge(order.status)
	const status = order.status.toLowerCase()
	const manual = order.paymentMethod === 'manual'
	// A DM order is paid as agreed in the chat: staff mark it paid, so there is nothing to wait 10-20 seconds for.
	const dm = order.paymentMethod === 'dm'
	const unpaid = badge.tone === 'warning'
	return (
		<section className="order-card" aria-labelledby="order-payment-title">
			<h2 id="order-payment-title">Payment Status</h2>
			<p className="order-badge-row">
				<span className={`order-badge ${badge.tone}`} data-testid="payment-badge">
					{badge.label}
				</span>
			</p>
			{showsProcessingNote(order.status) && !manual && !dm ? <p className="order-note">Processing might take 10-20 seconds, Kindly wait.</p> : null}
			{dm && unpaid ? (
				<div className="order-note dm-payment-note">
					<p>Payment arranged with our team on WhatsApp. Pay as agreed in the chat; this page turns to Payment Successful once our team confirms it.</p>
					<a className="button ghost small" href={chatLink(whatsapp, `Hi! I'm paying for my order ${order.orderNumber}.`)} target="_blank" rel="noopener noreferrer">
						Open the WhatsApp chat
					</a>
				</div>
			) : null}
			{manual && status === 'pending' ? <p className="order-note">We have your payment receipt. Our team will confirm your transfer shortly.</p> : null}
			{manual && status === 'payment_pending' ? (
				<p className="order-note">
					We still need your payment receipt. Please upload a screenshot of your transfer, or send it to us on WhatsApp, so our team can confirm your
					payment.
				</p>
			) : null}
			{order.paymentMethod === 'paypro' && status === 'failed' && order.full ? <PayAgain order={order} /> : null}
			{order.paymentMethod === 'paypro' ? <TestPaymentsNotice /> : null}
			{order.rejectionReason ? <p className="error-box">Your transfer could not be confirmed: {order.rejectionReason}</p> : null}
		</section>
	)
}
