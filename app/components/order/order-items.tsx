import type { OrderLine } from '~/db/schema'
import { formatRs } from '~/utils/money'

/** What was bought: only in the full view. */
export function OrderItems({ items }: { items: OrderLine[] }) {
	if (items.length === 0) return null
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
							{item.selectedAccountType ? <p className="muted small">Account: {item.selectedAccountType === 'shared' ? 'Shared' : 'Private'}</p> : null}
							<p className="muted small">Quantity: {item.quantity}</p>
						</div>
						<div className="order-item-price">
							<p className="order-item-total">{formatRs(item.price * item.quantity)}</p>
							{item.quantity > 1 ? <p className="muted small">{formatRs(item.price)} each</p> : null}
						</div>
					</li>
				))}
			</ul>
		</section>
	)
}
