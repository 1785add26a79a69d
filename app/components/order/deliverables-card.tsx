import type { FullOrderView } from '~/domain/orders/order-view'
import { paymentBadge } from '~/domain/orders/status'
import { DeliveryText, deliveryText } from './delivery-text'

/**
 * §4 deliverables: the codes or account details once fulfillment is completed, or what stock
 * delivered so far. "Almost Ready!" only for a paid order: an unpaid or failed one promises nothing.
 */
export function DeliverablesCard({ order }: { order: FullOrderView }) {
	const completed = order.deliveryStatus === 'completed'
	const text = deliveryText(order.deliveryContent)
	if (!order.actions.paid && text == null) {
		const failed = paymentBadge(order.paymentStatus).tone === 'danger'
		return (
			<section className="order-card" aria-labelledby="order-deliverables-title">
				<h2 id="order-deliverables-title">Your Deliverables</h2>
				<p className="muted" data-testid="deliverables-unpaid">
					{notDeliveredNote(order.paymentStatus, failed)}
				</p>
			</section>
		)
	}
	return (
		<section className="order-card" aria-labelledby="order-deliverables-title">
			<h2 id="order-deliverables-title">Your Deliverables</h2>
			{order.partlyDelivered && text != null ? (
				<>
					<p className="warning-box" role="status">
						<strong>Partly delivered</strong>{' '}
						{order.owedUnits > 0
							? `${order.owedUnits === 1 ? 'One more item is' : `${order.owedUnits} more items are`} on the way: we deliver ${order.owedUnits === 1 ? 'it' : 'them'} here as soon as ${order.owedUnits === 1 ? 'it is' : 'they are'} back in stock.`
							: 'The rest of your order is being prepared by our team and will appear here.'}
					</p>
					<DeliveryText text={text} />
				</>
			) : !completed ? (
				<>
					<h3>Almost Ready!</h3>
					<p className="muted">
						Your codes or account details will appear here as soon as your order is completed. We will also send them to you by email or
						WhatsApp.
					</p>
				</>
			) : text == null ? (
				<p className="muted" role="status">
					Preparing your deliverables...
				</p>
			) : (
				<>
					<p className="success-box">
						<strong>Delivery Complete</strong> Your order has been delivered. Keep these details private.
					</p>
					<DeliveryText text={text} />
				</>
			)}
		</section>
	)
}

/** Why an order shows no codes yet, by where its payment stands. */
function notDeliveredNote(state: FullOrderView['paymentStatus'], failed: boolean): string {
	if (state === 'cancelled') return 'This order was cancelled, so nothing will be delivered.'
	if (state === 'paid_after_cancel') return 'Your payment arrived after this order was cancelled. If our team reinstates it, your codes or account details appear here; otherwise you are refunded.'
	if (failed) return 'Nothing to deliver yet: this order is not paid. Once it is paid, your codes or account details appear here and we send them to you by email or WhatsApp.'
	return 'Waiting for your payment. Once it is confirmed, we prepare your order and your codes or account details appear here.'
}
