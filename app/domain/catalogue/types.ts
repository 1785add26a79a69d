// The catalogue's shapes, shared by the seed, the server and the browser.
import type { CartItem } from '../cart/cart'

export const CATEGORIES = ['xbox', 'playstation', 'pc'] as const
export type Category = (typeof CATEGORIES)[number]

/**
 * A subscription length. months 0 with price 0 is the "Custom Duration" quote option. price is the
 * private (or only) price; sharedPrice, when set, is that length as a shared account (ADR-001).
 */
export interface DurationOption {
	months: number
	price: number
	label: string
	sharedPrice?: number
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
	/** Account products without durations: the price of a private and of a shared account, in rupees. */
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
	/** The starting price the card shows: the cheapest combination the product is sold in. */
	price: number
	originalPrice: number | null
	featured: boolean
	/** What the card's Add puts in the cart (that cheapest combination), or null when the buyer chooses on the product page (accounts). */
	cartItem: Omit<CartItem, 'quantity'> | null
}
