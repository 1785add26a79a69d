import { Link } from 'react-router'
import type { OrderLine } from '~/db/schema'
import type { FullOrderView } from '~/domain/orders/order-view'
import { receiptPath } from '~/domain/orders/receipt-path'
import { lineEndsAt, renewPath } from '~/domain/orders/renewal'
import { subscriptionDaysLeft } from '~/domain/orders/subscription'
import { formatRs } from '~/utils/money'
import { formatPakistanDay } from '~/utils/pakistan-time'
import { accountTypeName } from '~/domain/pricing/account-type-label'

/** What was bought: only in the full view. */
export function OrderItems({ items, order }: { items: OrderLine[]; order?: Pick<FullOrderView, 'orderNumber' | 'actions' | 'deliveredAt'> }) {
	if (items.length === 0) return null
	const delivered = order?.actions.paid ? order.deliveredAt : null
	return (
		<section className="order-card" aria-labelledby="order-items-title">
			<h2 id="order-items-title">Items ({items.reduce((n, i) => n + i.quantity, 0)})</h2>
			<ul className="order-items">
				{items.map((item, index) => (
					<li key={`${item.id}-${index}`} className="order-item">
						<div>
							<p className="order-item-name">{item.name}</p>
							{item.selectedDuration ? <p className="muted small">Duration: {item.selectedDuration.label}</p> : null}
							{item.selectedDenomination ? <p className="muted small">Value: {item.selectedDenomination.label}</p> : null}
							{item.selectedAccountType ? <p className="muted small">Account: {accountTypeName(item.selectedAccountType)}</p> : null}
							<p className="muted small">Quantity: {item.quantity}</p>
							{order ? <LineEnd item={item} deliveredAt={delivered} orderNumber={order.orderNumber} index={index} /> : null}
						</div>
						<div className="order-item-price">
							<p className="order-item-total">{formatRs(item.price * item.quantity)}</p>
							{item.quantity > 1 ? <p className="muted small">{formatRs(item.price)} each</p> : null}
						</div>
					</li>
				))}
			</ul>
			{order ? (
				<p className="order-receipt-link small">
					<Link to={receiptPath(order.orderNumber)}>{order.actions.paid ? 'Receipt' : 'Order summary'}</Link> to print or save as a PDF
				</p>
			) : null}
		</section>
	)
}

/** A subscription line: when it ends (its months from delivery), the days left, and Renew. */
function LineEnd({ item, deliveredAt, orderNumber, index }: { item: OrderLine; deliveredAt: string | null; orderNumber: string; index: number }) {
	const endsAt = lineEndsAt(item, deliveredAt)
	if (!endsAt) return null
	const iso = endsAt.toISOString()
	const days = subscriptionDaysLeft(endsAt)
	return (
		<div className="line-renewal">
			{/* Server and browser may read the clock either side of a day's end. */}
			<p className={days > 0 ? 'line-ends' : 'line-ends ended'} data-testid="line-ends" suppressHydrationWarning>
				{days > 0 ? 'Ends' : 'Ended'} <time dateTime={iso}>{formatPakistanDay(iso)}</time>
				{days > 0 ? ` · ${days} ${days === 1 ? 'day' : 'days'} left` : null}
			</p>
			<Link to={renewPath(orderNumber, index)} className="button ghost small line-renew">
				Renew
			</Link>
		</div>
	)
}
