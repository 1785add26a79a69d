import type { Product } from '../catalogue/types'
import { priceChoice, type Choice, type Priced } from '../pricing/price-of'
import type { CartItem } from './cart'

/** A cart line for a product and what the buyer chose on its page, priced by the one price rule. */
type Cartable = Priced & Pick<Product, 'name' | 'image' | 'originalPrice'> & Partial<Pick<Product, 'termsPage' | 'imageSet'>>

/** null when the catalogue does not sell that choice online (a custom option, or a stale product in history state). */
export function toCartItem(product: Cartable, choice: Choice): Omit<CartItem, 'quantity'> | null {
	const priced = priceChoice(product, choice)
	if ('problem' in priced) return null
	const { duration, denomination, accountType, price, variantId } = priced
	return {
		id: product.id,
		name: product.name,
		image: product.image,
		...(product.imageSet ? { imageSet: product.imageSet } : {}),
		price,
		originalPrice: product.originalPrice || null,
		// The option carries the combination's price, so §9's line price (option price first) is this price.
		...(duration ? { selectedDuration: { label: duration.label, price, months: duration.months } } : {}),
		...(denomination ? { selectedDenomination: { label: denomination.label, price, value: denomination.value } } : {}),
		...(accountType ? { selectedAccountType: accountType } : {}),
		...(product.termsPage ? { termsPage: product.termsPage } : {}),
		variantId,
	}
}

/** The one product a Buy now names (its product and choices, as checkout's history state carries them), as the line it buys, or none. */
export function boughtNowItems(state: {
	product?: Cartable | null
	selectedDuration?: Choice['duration']
	selectedDenomination?: Choice['denomination']
	selectedAccountType?: Choice['accountType']
}): CartItem[] {
	if (!state.product) return []
	const item = toCartItem(state.product, {
		duration: state.selectedDuration ?? null,
		denomination: state.selectedDenomination ?? null,
		accountType: state.selectedAccountType ?? null,
	})
	return item ? [{ ...item, quantity: 1 }] : []
}
