import type { CheckoutState } from '../catalogue/buy-now-target'
import { readCartItems, type CartItem } from '../cart/cart'
import { boughtNowItems } from '../cart/to-cart-item'
import type { CheckoutLine } from './checkout-input'

// The request lines are a module of their own: the cart asks prices with them, without the pricing rules.
export { toCheckoutLines } from './to-checkout-lines'

/** What the checkout page shows and sends: the cart's items, or the one product bought now. */
export function checkoutItems(state: CheckoutState | null | undefined): CartItem[] {
	if (!state) return []
	if (Array.isArray(state.cartItems) && state.cartItems.length > 0) return readCartItems(state.cartItems)
	return boughtNowItems(state)
}

/** One key per cart content and tab: a double click, retry or reload of the same checkout reuses it. */
export function checkoutKeyFor(lines: CheckoutLine[], storage: Pick<Storage, 'getItem' | 'setItem'> | null): string {
	const signature = `checkout-key:${JSON.stringify(lines)}`
	const stored = storage?.getItem(signature)
	if (stored) return stored
	const key = crypto.randomUUID()
	storage?.setItem(signature, key)
	return key
}
