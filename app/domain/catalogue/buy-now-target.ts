import type { Denomination, DurationOption, Product } from './types'
import type { AccountType } from '../pricing/product-options'
import { termsPageFor } from './terms-page'

export interface CheckoutState {
	product?: Product
	selectedDuration?: DurationOption
	selectedDenomination?: Denomination
	selectedAccountType?: AccountType
	cartItems?: unknown[]
}

/**
 * §4 Buy now: gift cards go to checkout with the value; PC Game Pass to its terms; the console
 * Game Pass (id 1) to its terms gate with duration and account type; other Game Pass Ultimate
 * names to checkout with the duration; everything else to checkout without one.
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
	if (product.id === 14 || (denomination && product.denominations)) {
		return { to: '/checkout', state: { product, ...(denomination ? { selectedDenomination: denomination } : {}) } }
	}
	const terms = termsPageFor(product.id)
	if (terms === '/game-pass-pc-terms') {
		return { to: terms, state: { product, ...(duration ? { selectedDuration: duration } : {}) } }
	}
	if (terms === '/game-pass-terms') {
		return { to: terms, state: { product, ...(duration ? { selectedDuration: duration } : {}), ...withAccount } }
	}
	if (product.name.includes('Game Pass Ultimate') || duration) {
		return { to: '/checkout', state: { product, ...(duration ? { selectedDuration: duration } : {}), ...withAccount } }
	}
	return { to: '/checkout', state: { product, ...withAccount } }
}
