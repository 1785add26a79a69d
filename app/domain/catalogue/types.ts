// The catalogue's shapes, shared by the seed, the server and the browser.
import type { CartItem } from '../cart/cart'
import type { RatingSummary } from '../reviews/review-scope'

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

export const PRODUCT_KINDS = ['subscription', 'gift_card', 'game_key', 'account', 'content_pack'] as const
export type ProductKind = (typeof PRODUCT_KINDS)[number]

export const PRODUCT_BADGES = ['sale', 'new'] as const
export type ProductBadge = (typeof PRODUCT_BADGES)[number]

/** The terms a purchase passes first (§2 Game Pass terms): console (with the shared-account warning) or PC. */
export const TERMS_PAGES = { 'game-pass-console': '/game-pass-terms', 'game-pass-pc': '/game-pass-pc-terms' } as const
export type TermsPage = keyof typeof TERMS_PAGES

/** The shop's pages that list what a product includes, and the product page's link text for each. */
export const CONTENT_PAGES = {
	'/game-pass-library': 'View Included Games',
	'/gta-v-content': 'View Included Content',
	'/tekken-7-content': 'View Included Content',
} as const
export type ContentPage = keyof typeof CONTENT_PAGES

/** An uploaded cover: /media/{base}-{w}.webp and .jpg for each width, and the largest size's dimensions. */
export interface ProductImageSet {
	base: string
	widths: number[]
	width: number
	height: number
}

/** A purchasable option with its own price (see product_variants). */
export interface Variant {
	id: number
	label: string
	months: number | null
	value: number | null
	accountType: 'private' | 'shared' | null
	price: number
	position: number
	hidden: boolean
}

/**
 * A product as the storefront and the server's pricing see it: the product's row plus its visible
 * variants, also read as the spec's options (durations, denominations, account prices), which are
 * derived from the variants (see productView).
 */
export interface Product {
	id: number
	name: string
	description: string
	/** The owner's Urdu name and description, shown on /ur pages; without them the English shows there too. */
	nameUr?: string | null
	descriptionUr?: string | null
	/** The owner's Urdu features for /ur pages; null or empty: the English list shows there. */
	featuresUr?: string[] | null
	/** The owner's Urdu caption for the cards on /ur pages; null: the English one shows there. */
	captionUr?: string | null
	/** The price of a product sold as itself (its one variant); otherwise its first option's price. */
	price: number
	originalPrice: number | null
	/** A URL: the shop's own /images/products/{id}.webp, an uploaded /media/… cover, or any host. */
	image: string
	imageSet: ProductImageSet | null
	caption: string
	category: Category
	kind: ProductKind
	badge: ProductBadge | null
	features: string[]
	specifications: Specification[]
	paymentMethods: string[]
	durations: DurationOption[] | null
	denominations: Denomination[] | null
	/** Account products without durations: the price of a private and of a shared account, in rupees. */
	privatePrice: number | null
	sharedPrice: number | null
	termsPage: TermsPage | null
	contentPage: ContentPage | null
	reviewGroup: string | null
	featured: boolean
	/** A DM order of it runs for a number of days (a subscription with a countdown and reminders). */
	hasDuration: boolean
	/** The variants a buyer may choose, in their order (hidden ones left out). */
	variants: Variant[]
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
	/** Listed under Trending Now / Most Popular (the spec's `trending`). */
	top: boolean
}

/** What a product card needs: no description, features or specifications. */
export interface ProductSummary {
	id: number
	name: string
	image: string
	imageSet: ProductImageSet | null
	caption: string
	category: Category
	badge: ProductBadge | null
	/** The starting price the card shows: the cheapest combination the product is sold in. */
	price: number
	/** The product sells at more than one price (pricing/from-price.ts): the card says “from Rs. …”. */
	priceIsFrom: boolean
	originalPrice: number | null
	featured: boolean
	/** The real average and count of its shown reviews; null (no stars at all) when it has none. */
	rating: RatingSummary | null
	/** What the card's Add puts in the cart (that cheapest combination), or null when the buyer chooses on the product page (accounts). */
	cartItem: Omit<CartItem, 'quantity'> | null
}

/** A product's life on the storefront (ADR-046): a draft is seen only by staff; published is on sale while visible. */
export const PRODUCT_STATUSES = ['draft', 'published'] as const
export type ProductStatus = (typeof PRODUCT_STATUSES)[number]
