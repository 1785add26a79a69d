import type { Denomination, DurationOption, Product, Variant } from '../catalogue/types'
import {
	denominationsOf,
	durationsOf,
	isCustomDenomination,
	isCustomDuration,
	type AccountType,
} from './product-options'

/** What priceOf needs of a product: its variants (the priced units) and the option lists read from them for display. */
export type Priced = Pick<Product, 'id' | 'price' | 'durations' | 'denominations' | 'privatePrice' | 'sharedPrice' | 'variants'>

/** What the buyer chose. Options are named by months or value (else label); any price sent with them is ignored. */
export interface Choice {
	duration?: { months?: number; label?: string } | null
	denomination?: { value?: number; label?: string } | null
	accountType?: AccountType | null
}

/** A variant as a buyer's choice: its price, and its duration, value and account type read from it for display. */
export interface PricedChoice {
	duration: DurationOption | null
	denomination: Denomination | null
	accountType: AccountType | null
	price: number
	/** The variant this combination is: what a cart line and an order line name (ADR-040). */
	variantId: number
}

export type ChoiceProblem =
	| { problem: 'unknown-duration'; wanted: string }
	| { problem: 'custom-duration' }
	| { problem: 'unknown-denomination'; wanted: string }
	| { problem: 'custom-denomination' }
	| { problem: 'no-price' }
	| { problem: 'unknown-variant' }

/** A product sold as a private or a shared account: a price for each, per duration when it has durations. */
export function offersAccountTypes(product: Priced): boolean {
	if (product.privatePrice != null && product.sharedPrice != null) return true
	return durationsOf(product)?.some((d) => d.sharedPrice != null) ?? false
}

function findDuration(product: Priced, wanted: NonNullable<Choice['duration']>) {
	return durationsOf(product)?.find((d) => (wanted.months != null ? d.months === wanted.months : d.label === wanted.label))
}

function findDenomination(product: Priced, wanted: NonNullable<Choice['denomination']>) {
	return denominationsOf(product)?.find((d) => (wanted.value != null ? d.value === wanted.value : d.label === wanted.label))
}

/**
 * ADR-001: the one price rule. A choice is a product's duration or value and, for accounts, private or
 * shared; whatever it does not name is the product's default (first listed option, private account).
 * The price is the catalogue's price for that combination: every place that shows or charges a price
 * (product page, account dialog, cards, cart, the server's order) asks this function.
 */
export function priceChoice(product: Priced, choice: Choice = {}): PricedChoice | ChoiceProblem {
	const durations = durationsOf(product)
	const denominations = denominationsOf(product)

	let duration: DurationOption | null = null
	if (choice.duration) {
		const found = findDuration(product, choice.duration)
		if (!found) return { problem: 'unknown-duration', wanted: choice.duration.label ?? `${choice.duration.months} month` }
		if (isCustomDuration(found)) return { problem: 'custom-duration' }
		duration = found
	} else if (durations && !denominations) {
		duration = durations.find((d) => !isCustomDuration(d)) ?? null
	}

	let denomination: Denomination | null = null
	if (choice.denomination) {
		const found = findDenomination(product, choice.denomination)
		if (!found) return { problem: 'unknown-denomination', wanted: choice.denomination.label ?? `$${choice.denomination.value}` }
		if (isCustomDenomination(found)) return { problem: 'custom-denomination' }
		denomination = found
	} else if (denominations && !duration) {
		denomination = denominations.find((d) => !isCustomDenomination(d)) ?? null
	}

	// ADR-040: the choice names one variant, exactly (months, value and, where the option is sold as private or shared, the account type).
	// A duration chosen with a value (a product sold by both) is the value's variant, for that duration.
	const months = denomination ? null : (duration?.months ?? null)
	const value = denomination?.value ?? null
	const option = product.variants.filter((v) => v.months === months && v.value === value)
	const typed = option.some((v) => v.accountType != null)
	// An option sold one way has no account type: it answers a private choice on an account product, never a shared one.
	const answers = typed || choice.accountType == null || (choice.accountType === 'private' && offersAccountTypes(product))
	if (!answers) return { problem: 'no-price' }
	const accountType = typed ? (choice.accountType ?? 'private') : null
	const variant = option.find((v) => v.accountType === accountType)
	const priced = variant ? pricedVariant(variant) : ({ problem: 'no-price' } as const)
	return 'problem' in priced || !duration ? priced : { ...priced, duration: { ...duration, price: priced.price } }
}

/** A variant a line names by its id (ADR-040): its price now, or why it cannot be bought online (hidden or gone, a custom option). */
export function priceVariant(product: Priced, variantId: number): PricedChoice | ChoiceProblem {
	const variant = product.variants.find((v) => v.id === variantId)
	if (!variant) return { problem: 'unknown-variant' }
	if (variant.months === 0) return { problem: 'custom-duration' }
	if (variant.months == null && variant.value === 0) return { problem: 'custom-denomination' }
	return pricedVariant(variant)
}

/** The variant as a priced choice; its duration, value and account type are read from it for display only. */
function pricedVariant(variant: Variant): PricedChoice | ChoiceProblem {
	const { id, label, months, value, accountType, price } = variant
	if (price <= 0) return { problem: 'no-price' }
	return {
		duration: months != null ? { months, price, label } : null,
		denomination: value != null ? { value, price, label } : null,
		accountType,
		price,
		variantId: id,
	}
}

/** The price of a product and a choice, or null when that combination is not sold online. */
export function priceOf(product: Priced, choice: Choice = {}): number | null {
	const priced = priceChoice(product, choice)
	return 'problem' in priced ? null : priced.price
}

/** Every combination the shop sells online, in the order the product page lists them. */
export function choicesOf(product: Priced): PricedChoice[] {
	const accountTypes: (AccountType | null)[] = offersAccountTypes(product) ? ['private', 'shared'] : [null]
	const options: Choice[] =
		durationsOf(product)?.map((d) => ({ duration: d })) ?? denominationsOf(product)?.map((d) => ({ denomination: d })) ?? [{}]
	const choices: PricedChoice[] = []
	for (const option of options) {
		for (const accountType of accountTypes) {
			const priced = priceChoice(product, { ...option, accountType })
			if (!('problem' in priced)) choices.push(priced)
		}
	}
	return choices
}

/** The cheapest combination (first listed on a tie): the card's "Starting Price" and what its Add puts in the cart. */
export function startingChoice(product: Priced): PricedChoice | null {
	return choicesOf(product).reduce<PricedChoice | null>((best, c) => (best == null || c.price < best.price ? c : best), null)
}

/** The price a product shows with nothing chosen yet (first option, private account): the page's first price, a DM order's default. */
export function displayPrice(product: Priced): number {
	return priceOf(product) ?? product.price
}
