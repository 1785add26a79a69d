import { priceOf, offersAccountTypes, type Priced } from './price-of'
import { durationsOf, isCustomDuration } from './product-options'

/** One duration as a price table shows it: its price and, for an account, its shared price. */
export interface DurationRow {
	months: number
	label: string
	/** The private (or only) price. */
	price: number
	/** The shared account's price, for a product sold as private or shared. */
	sharedPrice: number | null
}

/** Every duration sold online with its prices (through priceOf), for the home promo and /game-pass-details. */
export function durationRows(product: Priced): DurationRow[] {
	const accounts = offersAccountTypes(product)
	return (durationsOf(product) ?? [])
		.filter((d) => !isCustomDuration(d))
		.flatMap((d) => {
			const price = priceOf(product, { duration: d, accountType: accounts ? 'private' : null })
			const sharedPrice = accounts ? priceOf(product, { duration: d, accountType: 'shared' }) : null
			return price ? [{ months: d.months, label: d.label, price, sharedPrice }] : []
		})
}
