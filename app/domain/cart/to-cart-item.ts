import type { Denomination, DurationOption, Product } from '../catalogue/types'
import { accountTypePrice, type AccountType } from '../pricing/product-options'
import { formatRs } from '../../utils/money'
import type { CartItem } from './cart'

/** A cart line for a product and what the buyer chose on its page. */
type Cartable = Pick<Product, 'id' | 'name' | 'image' | 'price' | 'originalPrice'> &
	Partial<Pick<Product, 'privatePrice' | 'sharedPrice'>>

export function toCartItem(
	product: Cartable,
	{
		duration,
		denomination,
		accountType,
	}: { duration?: DurationOption | null; denomination?: Denomination | null; accountType?: AccountType | null },
): Omit<CartItem, 'quantity'> {
	const accountPrice = accountType ? accountTypePrice({ privatePrice: product.privatePrice ?? null, sharedPrice: product.sharedPrice ?? null }, accountType) : null
	const price = denomination?.price ?? duration?.price ?? accountPrice ?? product.price
	return {
		id: product.id,
		name: product.name,
		image: product.image,
		price: formatRs(price),
		originalPrice: product.originalPrice ? formatRs(product.originalPrice) : null,
		...(duration ? { selectedDuration: { label: duration.label, price: duration.price, months: duration.months } } : {}),
		...(denomination
			? { selectedDenomination: { label: denomination.label, price: denomination.price, value: denomination.value } }
			: {}),
		...(accountType ? { selectedAccountType: accountType } : {}),
	}
}
