import type { OrderView } from '~/domain/orders/order-view'
import { formatRs } from '~/utils/money'
import { discountOf } from '~/domain/coupons/coupon'
import { CopyButton } from '../ui/copy-button'
import { formatPakistanTime } from '~/utils/pakistan-time'

/** The summary card: numbers to quote to support, who ordered, how much and when. */
export function OrderSummary({ order }: { order: OrderView }) {
	return (
		<section className="order-card" aria-labelledby="order-summary-title">
			<h2 id="order-summary-title">Order Summary</h2>
			<dl className="order-facts">
				<div>
					<dt>Order Number</dt>
					<dd className="order-copyable">
						<span className="order-code" data-testid="order-number">{order.orderNumber}</span>
						<CopyButton value={order.orderNumber} what="order number" />
					</dd>
				</div>
				{order.orderId ? (
					<div>
						<dt>PayPro Order ID</dt>
						<dd className="order-copyable">
							<span className="order-code">{order.orderId}</span>
							<CopyButton value={order.orderId} what="PayPro order ID" />
						</dd>
					</div>
				) : null}
				<div>
					<dt>Customer</dt>
					<dd>{order.customerName || 'Customer'}</dd>
				</div>
				{order.full && order.customerEmail ? (
					<div>
						<dt>Email</dt>
						<dd className="order-code">{order.customerEmail}</dd>
					</div>
				) : null}
				{order.full && order.customerPhone ? (
					<div>
						<dt>Phone</dt>
						<dd>{order.customerPhone}</dd>
					</div>
				) : null}
				{order.full && discountOf(order.items) > 0 ? (
					<div>
						<dt>Discount</dt>
						<dd className="order-discount">{`−${formatRs(discountOf(order.items))}`}</dd>
					</div>
				) : null}
				<div>
					<dt>Total</dt>
					<dd className="order-total">{formatRs(order.totalAmount)}</dd>
				</div>
				<div>
					<dt>Order Date</dt>
					<dd>
						<time dateTime={order.createdAt}>{formatPakistanTime(order.createdAt)}</time>
					</dd>
				</div>
			</dl>
		</section>
	)
}
