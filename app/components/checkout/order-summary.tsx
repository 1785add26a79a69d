import { cartTotal, linePrice, type CartItem } from '~/domain/cart/cart'
import { formatRs, parsePriceText } from '~/utils/money'
import { ProductImage } from '../product/product-image'

const accountLabel = (t: CartItem['selectedAccountType']) => (t === 'shared' ? 'Shared' : t === 'private' ? 'Private' : null)

export function OrderSummary({ items, single }: { items: CartItem[]; single: boolean }) {
	const count = items.reduce((n, i) => n + i.quantity, 0)
	return (
		<section className="checkout-summary" aria-labelledby="summary-title">
			<h2 id="summary-title">Order Summary</h2>
			<ul className="summary-lines">
				{items.map((item) => {
					const unit = linePrice(item)
					const original = item.originalPrice ? parsePriceText(item.originalPrice) : null
					return (
						<li key={`${item.id}-${item.selectedDuration?.label ?? ''}-${item.selectedDenomination?.label ?? ''}`} className="summary-line">
							<ProductImage src={item.image} imageSet={item.imageSet} alt="" size={56} sizes="56px" className="product-thumb" />
							<div>
								<p className="summary-name">{item.name}</p>
								{item.selectedDuration ? <p className="muted small">Duration: {item.selectedDuration.label}</p> : null}
								{item.selectedDenomination ? <p className="muted small">Value: {item.selectedDenomination.label}</p> : null}
								{accountLabel(item.selectedAccountType) ? <p className="muted small">Account Type: {accountLabel(item.selectedAccountType)}</p> : null}
								{single ? null : <p className="muted small">Quantity: {item.quantity}</p>}
							</div>
							<div className="summary-price">
								<p className="summary-line-total">{formatRs(unit * item.quantity)}</p>
								{single && original && original > unit ? <s className="muted small">{formatRs(original)}</s> : null}
								{item.quantity > 1 ? <p className="muted small">{formatRs(unit)} each</p> : null}
							</div>
						</li>
					)
				})}
			</ul>
			{single ? null : (
				<p className="summary-row">
					<span>Items ({count})</span>
					<span>{formatRs(cartTotal(items))}</span>
				</p>
			)}
			<p className="summary-row summary-total">
				<span>Total</span>
				<strong data-testid="checkout-total">{formatRs(cartTotal(items))}</strong>
			</p>
		</section>
	)
}
