import type { CartItem } from '~/domain/cart/cart'
import { Rs } from '../ui/price'

/** Under a cart or checkout line: its price changed since the buyer added it, or it is no longer sold. */
export function LinePriceNote({ item }: { item: Pick<CartItem, 'price' | 'priceWas' | 'unavailable'> }) {
	if (item.unavailable) {
		return (
			<p className="line-note unavailable" role="note">
				<strong>No longer available:</strong> {item.unavailable} It is left out of your order; you can remove it.
			</p>
		)
	}
	if (item.priceWas == null) return null
	return (
		<p className="line-note" role="note">
			Price changed: was <Rs amount={item.priceWas} />, now <Rs amount={item.price} />
		</p>
	)
}
