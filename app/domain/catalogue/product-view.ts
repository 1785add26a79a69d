import type { Denomination, DurationOption, Product, Variant } from './types'
import { accountTypeLabel } from '../pricing/account-type-label'

/** A product's row as stored, without the options its variants carry. */
export type ProductRow = Omit<Product, 'price' | 'durations' | 'denominations' | 'privatePrice' | 'sharedPrice' | 'variants'>

export const isDurationVariant = (v: Pick<Variant, 'months'>) => v.months != null
export const isDenominationVariant = (v: Pick<Variant, 'months' | 'value'>) => v.months == null && v.value != null

/**
 * The product as the storefront sees it: its visible variants, and the spec's options read from
 * them. A duration with a private and a shared variant is one duration with two prices (ADR-001).
 */
export function productView(row: ProductRow, allVariants: Variant[]): Product {
	const variants = allVariants.filter((v) => !v.hidden).sort((a, b) => a.position - b.position || a.id - b.id)

	const durations: DurationOption[] = []
	for (const v of variants.filter(isDurationVariant)) {
		let d = durations.find((x) => x.months === v.months)
		if (!d) {
			d = { months: v.months!, price: 0, label: v.label }
			durations.push(d)
		}
		if (v.accountType === 'shared') d.sharedPrice = v.price
		else d.price = v.price
	}
	const denominations: Denomination[] = variants
		.filter(isDenominationVariant)
		.map((v) => ({ value: v.value!, price: v.price, label: v.label }))
	const plain = variants.filter((v) => v.months == null && v.value == null)
	const privateAccount = plain.find((v) => v.accountType === 'private')
	const sharedAccount = plain.find((v) => v.accountType === 'shared')
	const base = plain.find((v) => v.accountType == null)
	const firstPriced = variants.find((v) => v.price > 0)

	return {
		...row,
		price: base?.price ?? privateAccount?.price ?? firstPriced?.price ?? 0,
		durations: durations.length ? durations : null,
		denominations: denominations.length ? denominations : null,
		privatePrice: privateAccount && sharedAccount ? privateAccount.price : null,
		sharedPrice: privateAccount && sharedAccount ? sharedAccount.price : null,
		variants,
	}
}

/** The spec's option lists as variants: what the seed and a console form with durations turn into. */
export function variantsFromOptions(options: {
	price: number
	durations?: DurationOption[] | null
	denominations?: Denomination[] | null
	privatePrice?: number | null
	sharedPrice?: number | null
}): Omit<Variant, 'id' | 'hidden'>[] {
	const out: Omit<Variant, 'id' | 'hidden'>[] = []
	const add = (v: Omit<Variant, 'id' | 'hidden' | 'position'>) => out.push({ ...v, position: out.length })
	if (options.durations?.length) {
		for (const d of options.durations) {
			const shared = d.sharedPrice != null
			add({ label: d.label, months: d.months, value: null, accountType: shared ? 'private' : null, price: d.price })
			if (shared) add({ label: d.label, months: d.months, value: null, accountType: 'shared', price: d.sharedPrice! })
		}
	} else if (options.denominations?.length) {
		for (const d of options.denominations) add({ label: d.label, months: null, value: d.value, accountType: null, price: d.price })
	} else if (options.privatePrice != null && options.sharedPrice != null) {
		add({ label: accountTypeLabel('private')!, months: null, value: null, accountType: 'private', price: options.privatePrice })
		add({ label: accountTypeLabel('shared')!, months: null, value: null, accountType: 'shared', price: options.sharedPrice })
	} else {
		add({ label: 'Standard', months: null, value: null, accountType: null, price: options.price })
	}
	return out
}
