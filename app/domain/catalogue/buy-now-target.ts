import type { Denomination, DurationOption, Product } from './types'
import type { AccountType } from '../pricing/product-options'
import { termsPathOf, type TermsPath } from './terms-page'

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
export function buyNowTarget(product: Product, choice: BuyChoice): { to: string; state: CheckoutState } {
	return buyNowTargetVia(termsPathOf(product.termsPage), product, choice)
}

type BuyChoice = { duration: DurationOption | null; denomination: Denomination | null; accountType: AccountType | null }

/** buyNowTarget with the product's terms page already looked up (the product page's loader does), so the page needs no catalogue settings. */
export function buyNowTargetVia(terms: TermsPath | null, product: Product, { duration, denomination, accountType }: BuyChoice): { to: string; state: CheckoutState } {
	const withAccount = accountType ? { selectedAccountType: accountType } : {}
	if (denomination && product.denominations) {
		return { to: '/checkout', state: { product, selectedDenomination: denomination } }
	}
	if (terms === '/game-pass-pc-terms') {
		return { to: terms, state: { product, ...(duration ? { selectedDuration: duration } : {}) } }
	}
	if (terms === '/game-pass-terms') {
		return { to: terms, state: { product, ...(duration ? { selectedDuration: duration } : {}), ...withAccount } }
	}
	return { to: '/checkout', state: { product, ...(duration ? { selectedDuration: duration } : {}), ...withAccount } }
}
