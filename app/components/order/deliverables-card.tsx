import type { FullOrderView } from '~/domain/orders/order-view'
import { CopyButton } from '../ui/copy-button'

/** §4 deliverables: the codes or account details, only once fulfillment is completed. */
export function DeliverablesCard({ order }: { order: FullOrderView }) {
	const completed = order.fulfillmentStatus === 'completed'
	const content = order.deliveryContent
	const text = content == null || content === '' ? null : typeof content === 'string' ? content : JSON.stringify(content, null, 2)
	return (
		<section className="order-card" aria-labelledby="order-deliverables-title">
			<h2 id="order-deliverables-title">Your Deliverables</h2>
			{!completed ? (
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
					<div className="order-delivery">
						<pre>{text}</pre>
						<CopyButton value={text} what="delivery details" />
					</div>
				</>
			)}
		</section>
	)
}
