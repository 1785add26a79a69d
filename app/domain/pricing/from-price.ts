import { lineOption, type OptionFacts } from '../catalogue/option-parts'
import { choicesOf, startingChoice, type Priced } from './price-of'

// ADR-001: one “from” price. It is the lowest price a buyer can actually pay for a product, across
// its durations or values and its account types: the card's Starting Price, the home promo's
// “from”, the product page's and /game-pass-details' “from” all show this, so they cannot disagree.

export interface FromPrice {
	price: number
	/** Whether the product sells at more than one price: then, and only then, the price is said “from Rs. …”. */
	isFrom: boolean
	/** What that price buys (“1 Month · Shared account” once said by i18n/option-label.ts); null for a product without options. */
	choice: OptionFacts | null
}

export function fromPrice(product: Priced): FromPrice | null {
	const cheapest = startingChoice(product)
	if (!cheapest) return null
	return {
		price: cheapest.price,
		isFrom: sellsAtSeveralPrices(product),
		choice: lineOption({ selectedDuration: cheapest.duration, selectedDenomination: cheapest.denomination, selectedAccountType: cheapest.accountType }),
	}
}

/** A product whose options (durations, values, private or shared) do not all cost the same: its price is a “from” price. */
export function sellsAtSeveralPrices(product: Priced): boolean {
	return new Set(choicesOf(product).map((c) => c.price)).size > 1
}
