// The catalogue's shapes, shared by the seed, the server and the browser.
export const CATEGORIES = ['xbox', 'playstation', 'pc'] as const
export type Category = (typeof CATEGORIES)[number]

/** A subscription length. months 0 with price 0 is the "Custom Duration" quote option. */
export interface DurationOption {
	months: number
	price: number
	label: string
}

/** A gift-card value. value 0 with price 0 is the custom-amount quote option. */
export interface Denomination {
	value: number
	price: number
	label: string
}

export type Specification = { label: string; value: string } | string

export interface Product {
	id: number
	name: string
	description: string
	/** Rupees, whole numbers. The server owns prices; the browser only displays them. */
	price: number
	originalPrice: number | null
	/** A URL: the shop's own /images/products/{id}.webp by default, any host later. */
	image: string
	caption: string
	category: Category
	features: string[]
	specifications: Specification[]
	paymentMethods: string[]
	durations: DurationOption[] | null
	denominations: Denomination[] | null
	/** Account products only: the price of a private and of a shared account, in rupees. */
	privatePrice: number | null
	sharedPrice: number | null
	featured: boolean
}

export const PAYMENT_METHODS = ['Mastercard', 'JazzCash', 'SadaPay', 'EasyPaisa']

export const DEFAULT_DURATIONS: DurationOption[] = [
	{ months: 1, price: 1200, label: '1 Month' },
	{ months: 2, price: 2200, label: '2 Months' },
	{ months: 3, price: 3200, label: '3 Months' },
	{ months: 6, price: 6200, label: '6 Months' },
	{ months: 12, price: 11500, label: '12 Months' },
	{ months: 0, price: 0, label: 'Custom Duration' },
]

export const DEFAULT_DENOMINATIONS: Denomination[] = [{ value: 5, price: 1200, label: '$5 USD' }]

export const DEFAULT_PRIVATE_PRICE = 3600
export const DEFAULT_SHARED_PRICE = 2400

export interface GameLibraryEntry {
	title: string
	genre: string
	trending: boolean
}

/** What a product card needs: no description, features or specifications. */
export interface ProductSummary {
	id: number
	name: string
	image: string
	caption: string
	category: Category
	/** The starting price the card shows. */
	price: number
	originalPrice: number | null
	featured: boolean
	/** What the card's Add puts in the cart: the option the product page would preselect. */
	firstDuration: DurationOption | null
	firstDenomination: Denomination | null
}
