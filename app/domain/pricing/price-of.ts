import { variantFor } from '../catalogue/product-view'
import type { Denomination, DurationOption, Product } from '../catalogue/types'
import {
	denominationsOf,
	durationsOf,
	isCustomDenomination,
	isCustomDuration,
	type AccountType,
} from './product-options'

/** What priceOf needs of a product: its own price and its options, as the catalogue holds them. */
export type Priced = Pick<Product, 'id' | 'price' | 'durations' | 'denominations' | 'privatePrice' | 'sharedPrice'> &
	Partial<Pick<Product, 'variants'>>

/** What the buyer chose. Options are named by months or value (else label); any price sent with them is ignored. */
export interface Choice {
	duration?: { months?: number; label?: string } | null
	denomination?: { value?: number; label?: string } | null
	accountType?: AccountType | null
}

/** A choice as the catalogue holds it, with its price. */
export interface PricedChoice {
	duration: DurationOption | null
	denomination: Denomination | null
	accountType: AccountType | null
	price: number
	/** The variant this combination is, when the product came from the catalogue with its variants. */
	variantId: number | null
}

export type ChoiceProblem =
	| { problem: 'unknown-duration'; wanted: string }
	| { problem: 'custom-duration' }
	| { problem: 'unknown-denomination'; wanted: string }
	| { problem: 'custom-denomination' }
	| { problem: 'no-price' }

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

	const accountType = offersAccountTypes(product) ? (choice.accountType ?? 'private') : null
	if (choice.accountType && !accountType) return { problem: 'no-price' }

	let price: number | null | undefined
	if (denomination) price = denomination.price
	else if (duration) price = accountType === 'shared' ? duration.sharedPrice : duration.price
	else if (accountType) price = accountType === 'shared' ? product.sharedPrice : product.privatePrice
	else price = product.price
	if (price == null || price <= 0) return { problem: 'no-price' }

	const variant = product.variants
		? variantFor(product.variants, { months: duration?.months ?? null, value: denomination?.value ?? null, accountType })
		: null
	return { duration, denomination, accountType, price, variantId: variant?.id ?? null }
}

/** The choice a variant id names, in the terms priceChoice takes; null when the product has no such visible variant. */
export function choiceOfVariant(product: Priced, variantId: number): Choice | null {
	const v = product.variants?.find((x) => x.id === variantId)
	if (!v) return null
	return {
		duration: v.months != null ? { months: v.months } : null,
		denomination: v.months == null && v.value != null ? { value: v.value } : null,
		accountType: v.accountType,
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
