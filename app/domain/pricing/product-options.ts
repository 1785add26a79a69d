import {
	DEFAULT_DURATIONS,
	type Denomination,
	type DurationOption,
	type Product,
} from '../catalogue/types'

export type AccountType = 'private' | 'shared'

const SUBSCRIPTION_PRODUCTS = new Set([10])

/** The duration list a product offers: its own, or the default list for subscriptions. */
export function durationsOf(product: Pick<Product, 'id' | 'durations'>): DurationOption[] | null {
	if (product.durations?.length) return product.durations
	return SUBSCRIPTION_PRODUCTS.has(product.id) ? DEFAULT_DURATIONS : null
}

export function denominationsOf(product: Pick<Product, 'denominations'>): Denomination[] | null {
	return product.denominations?.length ? product.denominations : null
}

export const isCustomDuration = (d: DurationOption) => d.months === 0
export const isCustomDenomination = (d: Denomination) => d.value === 0

/** §2: twice the one-month price minus the two-month price, when positive. */
export function twoMonthSaving(durations: DurationOption[] | null) {
	const one = durations?.find((d) => d.months === 1)
	const two = durations?.find((d) => d.months === 2)
	if (!one || !two) return null
	const saving = one.price * 2 - two.price
	return saving > 0 ? { saving, doubled: one.price * 2 } : null
}

export function accountTypePrice(
	product: Pick<Product, 'privatePrice' | 'sharedPrice'>,
	type: AccountType,
): number | null {
	return type === 'private' ? product.privatePrice : product.sharedPrice
}

/** The price the buyer sees for a product with nothing chosen yet: its first option, or its own price. */
export function displayPrice(product: Product): number {
	return (
		durationsOf(product)?.[0]?.price ?? denominationsOf(product)?.[0]?.price ?? product.price
	)
}
