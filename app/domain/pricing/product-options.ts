import {
	type Denomination,
	type DurationOption,
	type Product,
} from '../catalogue/types'

export type AccountType = 'private' | 'shared'

/** The duration list a product offers, or null when it is not sold by duration. */
export function durationsOf(product: Pick<Product, 'durations'>): DurationOption[] | null {
	return product.durations?.length ? product.durations : null
}

export function denominationsOf(product: Pick<Product, 'denominations'>): Denomination[] | null {
	return product.denominations?.length ? product.denominations : null
}

export const isCustomDuration = (d: DurationOption) => d.months === 0

/** §2: the lengths the custom-duration quote offers. */
export const CUSTOM_DURATION_MONTHS = [3, 6, 12]

/** The lengths worth a quote: those the product does not already sell at a price on its page (PC Game Pass sells them all). */
export function quotableMonths(durations: DurationOption[] | null): number[] {
	const priced = new Set((durations ?? []).filter((d) => !isCustomDuration(d) && d.price > 0).map((d) => d.months))
	return CUSTOM_DURATION_MONTHS.filter((m) => !priced.has(m))
}
export const isCustomDenomination = (d: Denomination) => d.value === 0

/** §2: twice the one-month price minus the two-month price, when positive (prices of one account type). */
export function twoMonthSaving(durations: DurationOption[] | null, price: (d: DurationOption) => number | null | undefined = (d) => d.price) {
	const one = durations?.find((d) => d.months === 1)
	const two = durations?.find((d) => d.months === 2)
	const onePrice = one && price(one)
	const twoPrice = two && price(two)
	if (!onePrice || !twoPrice) return null
	const saving = onePrice * 2 - twoPrice
	return saving > 0 ? { saving, doubled: onePrice * 2 } : null
}


