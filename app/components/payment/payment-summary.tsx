import { linePrice, type CartItem } from '~/domain/cart/cart'
import { formatRs } from '~/utils/money'
import { accountTypeName } from '~/domain/pricing/account-type-label'


/** The order being paid for: its number, its lines and the total the server priced. */
export function PaymentSummary({ orderNumber, items, amount, discount = 0 }: { orderNumber: string; items: CartItem[]; amount: number; discount?: number }) {
	return (
		<section className="payment-panel" aria-labelledby="payment-summary-title">
			<h2 id="payment-summary-title">Order Summary</h2>
			<p className="payment-order-number">
				<span className="muted">Order number</span> <strong data-testid="payment-order-number">{orderNumber}</strong>
			</p>
			<ul className="payment-lines">
				{items.map((item, index) => (
					<li key={index} className="payment-line">
						<div>
							<p className="payment-line-name">{item.name}</p>
							{item.selectedDuration ? <p className="muted small">Duration: {item.selectedDuration.label}</p> : null}
							{item.selectedDenomination ? <p className="muted small">Value: {item.selectedDenomination.label}</p> : null}
							{accountTypeName(item.selectedAccountType) ? <p className="muted small">Account Type: {accountTypeName(item.selectedAccountType)}</p> : null}
						</div>
						<p className="payment-line-price">
							{formatRs(linePrice(item))} × {item.quantity}
						</p>
					</li>
				))}
			</ul>
			{discount > 0 ? (
				<p className="payment-discount">
					<span>Discount</span>
					<span>{`−${formatRs(discount)}`}</span>
				</p>
			) : null}
			<p className="payment-total">
				<span>Total</span>
				<strong data-testid="payment-total">{formatRs(amount)}</strong>
			</p>
		</section>
	)
}
