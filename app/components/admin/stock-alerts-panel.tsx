import { Form, Link } from 'react-router'
import type { QueuedOrder } from '~/domain/stock/order-stock.server'
import type { LowStockVariant } from '~/domain/stock/stock-alerts.server'
import { AdminTime } from './admin-time'

/** The dashboard's stock panel: paid orders waiting for stock (highlighted) and options running low. Nothing when all is well. */
export function StockAlertsPanel({ queue, low }: { queue: { orders: QueuedOrder[]; total: number }; low: LowStockVariant[] }) {
	if (queue.total === 0 && low.length === 0) return null
	return (
		<div className="stock-panel">
			{queue.total > 0 ? (
				<section className="warning-box stock-queue" aria-labelledby="stock-queue-title">
					<h2 id="stock-queue-title">
						Waiting for stock <span className="count-badge">{queue.total}</span>
					</h2>
					<p className="small">Paid orders stock could not serve. Import more on the product’s stock page and they are delivered, oldest payment first.</p>
					<ul className="stock-queue-list">
						{queue.orders.map((o) => (
							<li key={o.orderNumber}>
								<div>
									<Link to={`/admin/orders/${encodeURIComponent(o.orderNumber)}`} className="stock-queue-number">
										{o.orderNumber}
									</Link>{' '}
									<span className="small muted">
										{o.customerName ?? '—'} · paid <AdminTime date={o.paidAt} />
									</span>
									<div className="small">
										Owed {o.owed} {o.owed === 1 ? 'unit' : 'units'}: {o.lines.join('; ')}
									</div>
								</div>
								<Form method="post" action={`/admin/orders/${encodeURIComponent(o.orderNumber)}`}>
									<input type="hidden" name="intent" value="deliver-stock" />
									<button type="submit" className="button ghost small">
										Deliver from stock now
									</button>
								</Form>
							</li>
						))}
					</ul>
					{queue.total > queue.orders.length ? <p className="small muted">and {queue.total - queue.orders.length} more.</p> : null}
				</section>
			) : null}
			{low.length > 0 ? (
				<section className="stock-low" aria-labelledby="stock-low-title">
					<h2 id="stock-low-title">
						Low stock <span className="count-badge">{low.length}</span>
					</h2>
					<ul className="stock-low-list">
						{low.map((v) => (
							<li key={v.variantId}>
								<Link to={`/admin/products/${v.productId}/stock`}>
									{v.productName} ({v.label})
								</Link>{' '}
								<span className={v.available === 0 ? 'status-pill danger' : 'status-pill warning'}>{v.available === 0 ? 'Out of stock' : `${v.available} left`}</span>
							</li>
						))}
					</ul>
				</section>
			) : null}
		</div>
	)
}
