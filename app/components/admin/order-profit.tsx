import type { OrderProfit } from '~/domain/costs/order-profit.server'
import { formatRs } from '~/utils/money'

/** The owner's view of a paid order's money: what it cost, PayPro's fee and the profit, recorded at payment. */
export function OrderProfitFacts({ profit, total, paymentMethod }: { profit: OrderProfit; total: number; paymentMethod: string }) {
	if (!profit.recorded)
		return (
			<p className="muted small order-profit" data-testid="order-profit">
				Paid before costs were recorded: no cost or profit for this order.
			</p>
		)
	const unknown = profit.lines.filter((l) => l.cost == null)
	return (
		<div className="order-profit" data-testid="order-profit">
			<h3>Profit (only you see this)</h3>
			<dl className="staff-facts">
				<dt>Paid</dt>
				<dd>{formatRs(total)}</dd>
				<dt>Cost</dt>
				<dd>{profit.cost == null ? 'Unknown' : `− ${formatRs(profit.cost)}`}</dd>
				<dt>PayPro fee</dt>
				<dd>{profit.fee ? `− ${formatRs(profit.fee)}` : paymentMethod === 'paypro' ? formatRs(0) : 'None (not paid through PayPro)'}</dd>
				<dt>Profit</dt>
				<dd className={`staff-amount${profit.profit != null && profit.profit < 0 ? ' order-loss' : ''}`}>{profit.profit == null ? 'Unknown' : formatRs(profit.profit)}</dd>
				{profit.refunded > 0 ? (
					<>
						<dt>Refunded</dt>
						<dd>− {formatRs(profit.refunded)}</dd>
						<dt>After refunds</dt>
						<dd className={`staff-amount${profit.profitAfterRefunds != null && profit.profitAfterRefunds < 0 ? ' order-loss' : ''}`} title="Units refunded before delivery or returned to stock unopened cost nothing">
							{profit.profitAfterRefunds == null ? 'Unknown' : formatRs(profit.profitAfterRefunds)}
						</dd>
					</>
				) : null}
			</dl>
			{unknown.length ? (
				<p className="muted small">
					No cost was known at payment for {unknown.map((l) => (l.optionLabel ? `${l.name} (${l.optionLabel})` : l.name)).join(', ')}: give the option a cost on its product’s page for later orders.
				</p>
			) : profit.lines.length > 1 || profit.lines[0]?.quantity !== 1 ? (
				<ul className="order-profit-lines small muted">
					{profit.lines.map((l, i) => (
						<li key={i}>
							{l.name}
							{l.optionLabel ? ` (${l.optionLabel})` : ''}: {l.quantity} at <span className="nowrap">{formatRs(l.unitCost ?? 0)}</span> each
						</li>
					))}
				</ul>
			) : null}
		</div>
	)
}
