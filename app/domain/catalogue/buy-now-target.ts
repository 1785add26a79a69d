import type { Denomination, DurationOption, Product } from './types'
import type { AccountType } from '../pricing/product-options'
import { termsPathOf } from './terms-page'

export interface CheckoutState {
	product?: Product
	selectedDuration?: DurationOption
	selectedDenomination?: Denomination
	selectedAccountType?: AccountType
	cartItems?: unknown[]
}

/**
 * §4 Buy now, by the product's settings: a product with terms goes to them first (the PC terms with
 * the duration; the console terms with duration and account type); everything else to checkout
 * with what was chosen (a gift card's value, a duration, an account type).
 */
export function buyNowTarget(
	product: Product,
	{
		duration,
		denomination,
		accountType,
	}: { duration: DurationOption | null; denomination: Denomination | null; accountType: AccountType | null },
): { to: string; state: CheckoutState } {
	const withAccount = accountType ? { selectedAccountType: accountType } : {}
	if (denomination && product.denominations) {
		return { to: '/checkout', state: { product, selectedDenomination: denomination } }
	}
	const terms = termsPathOf(product.termsPage)
	if (terms === '/game-pass-pc-terms') {
		return { to: terms, state: { product, ...(duration ? { selectedDuration: duration } : {}) } }
	}
	if (terms === '/game-pass-terms') {
		return { to: terms, state: { product, ...(duration ? { selectedDuration: duration } : {}), ...withAccount } }
	}
	return { to: '/checkout', state: { product, ...(duration ? { selectedDuration: duration } : {}), ...withAccount } }
}
