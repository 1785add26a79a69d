import { parsePriceText } from '../../utils/money'
import { linePrice, orderTotal } from '../pricing/line-price'
import type { AccountType } from '../pricing/product-options'
import { termsPathOf, type TermsPath } from '../catalogue/terms-page'
import { TERMS_PAGES, type ProductImageSet, type TermsPage } from '../catalogue/types'
import type { CartLinePrice } from './cart-prices'
import { storedLines, storedQuantity } from './cart-count'

export interface CartItem {
	id: number
	name: string
	image: string
	/** An uploaded cover's sizes, for a small srcset; absent on lines saved before covers were uploaded. */
	imageSet?: ProductImageSet | null
	/** The unit price in rupees, as the catalogue last priced it (re-priced from the server when a saved cart loads). */
	price: number
	originalPrice: number | null
	quantity: number
	selectedDuration?: { label: string; price: number; months: number }
	selectedDenomination?: { label: string; price: number; value: number }
	selectedAccountType?: AccountType
	/** The terms the product's purchase passes first (its setting), so checkout knows where to go. */
	termsPage?: TermsPage | null
	/** The catalogue's option (variant) this line is; null on lines saved before variants, until re-priced. */
	variantId: number | null
	/** Set when the server's price differs from the one the buyer added the line at: that earlier price. */
	priceWas?: number
	/** Set when the line can no longer be bought online (product or option hidden): the server's sentence. */
	unavailable?: string
}

export interface CartState {
	items: CartItem[]
	isOpen: boolean
}

export type CartAction =
	| { type: 'add'; item: Omit<CartItem, 'quantity'> }
	| { type: 'remove'; index: number }
	| { type: 'updateQuantity'; index: number; quantity: number }
	| { type: 'updateAccountType'; id: number; accountType: AccountType }
	| { type: 'clear' }
	| { type: 'toggle' }
	| { type: 'open' }
	| { type: 'close' }
	| { type: 'restore'; items: CartItem[] }
	| { type: 'removeOrdered'; items: CartItem[] }
	/** The server's prices for `lines` (the cart as it was sent), one answer per line in order. */
	| { type: 'reprice'; lines: CartItem[]; prices: CartLinePrice[] }

export const emptyCart: CartState = { items: [], isOpen: false }

const sameOption = (a?: { label: string }, b?: { label: string }) => (a?.label ?? null) === (b?.label ?? null)

/** §4: an item matches on id, selected duration and selected denomination; and account type, which sets its price (ADR-001). */
export function sameLine(a: Omit<CartItem, 'quantity'>, b: Omit<CartItem, 'quantity'>) {
	return (
		a.id === b.id &&
		sameOption(a.selectedDuration, b.selectedDuration) &&
		sameOption(a.selectedDenomination, b.selectedDenomination) &&
		(a.selectedAccountType ?? null) === (b.selectedAccountType ?? null)
	)
}

export function cartReducer(state: CartState, action: CartAction): CartState {
	switch (action.type) {
		case 'add': {
			const index = state.items.findIndex((i) => sameLine(i, action.item))
			if (index === -1) return { ...state, items: [...state.items, { ...action.item, quantity: 1 }] }
			// Added again from a page: the line takes that page's price, which the buyer has just seen.
			return {
				...state,
				items: state.items.map((i, n) => (n === index ? { ...action.item, quantity: i.quantity + 1 } : i)),
			}
		}
		case 'remove':
			return { ...state, items: state.items.filter((_, n) => n !== action.index) }
		case 'updateQuantity':
			if (action.quantity <= 0) return cartReducer(state, { type: 'remove', index: action.index })
			return {
				...state,
				items: state.items.map((i, n) => (n === action.index ? { ...i, quantity: action.quantity } : i)),
			}
		case 'updateAccountType':
			return {
				...state,
				items: state.items.map((i) =>
					i.id === action.id ? { ...i, selectedAccountType: action.accountType } : i,
				),
			}
		case 'clear':
			return { ...state, items: [] }
		case 'toggle':
			return { ...state, isOpen: !state.isOpen }
		case 'open':
			return { ...state, isOpen: true }
		case 'close':
			return { ...state, isOpen: false }
		case 'restore':
			return { ...state, items: action.items }
		case 'removeOrdered':
			return { ...state, items: withoutOrdered(state.items, action.items) }
		case 'reprice':
			return { ...state, items: repriced(state.items, action.lines, action.prices) }
	}
}

/** Each line the server answered for takes its price now; lines added since the request stay as they are. */
function repriced(items: CartItem[], sent: CartItem[], prices: CartLinePrice[]): CartItem[] {
	return items.map((item) => {
		const answer = prices[sent.findIndex((s) => sameLine(s, item))]
		return answer ? withPrice(item, answer) : item
	})
}

/** A line at the server's price: a different price keeps the one the buyer first saw, to show as changed. */
export function withPrice(item: CartItem, answer: CartLinePrice): CartItem {
	if (!answer.available) return { ...item, unavailable: answer.message }
	const { priceWas, ...rest } = item
	delete rest.unavailable
	const price = answer.price
	const was = priceWas ?? (linePrice(item) !== price ? linePrice(item) : undefined)
	return {
		...rest,
		price,
		variantId: answer.variantId ?? item.variantId,
		// A cart saved before the product had terms, or before the owner changed them, goes where the product now says.
		termsPage: answer.termsPage,
		// §9 reads the option's price first: it is the combination's price (ADR-001).
		...(item.selectedDuration ? { selectedDuration: { ...item.selectedDuration, price } } : {}),
		...(item.selectedDenomination ? { selectedDenomination: { ...item.selectedDenomination, price } } : {}),
		...(was != null && was !== price ? { priceWas: was } : {}),
	}
}

/** A line as checkout was handed it, with what the cart has learnt of its price since (re-pricing). */
export function withPriceOf(item: CartItem, known: CartItem): CartItem {
	const { price, variantId, priceWas, unavailable } = known
	return {
		...item,
		price,
		variantId,
		priceWas,
		unavailable,
		...(item.selectedDuration ? { selectedDuration: { ...item.selectedDuration, price } } : {}),
		...(item.selectedDenomination ? { selectedDenomination: { ...item.selectedDenomination, price } } : {}),
	}
}

/** The lines an order can take: those the catalogue still sells. */
export const payableItems = (items: CartItem[]) => items.filter((i) => !i.unavailable)

/** The cart less what an order took: each ordered line's quantity comes off the matching cart line. */
function withoutOrdered(items: CartItem[], ordered: CartItem[]): CartItem[] {
	return items
		.map((item) => {
			const taken = ordered.filter((o) => sameLine(o, item) && (o.selectedAccountType ?? null) === (item.selectedAccountType ?? null)).reduce((n, o) => n + o.quantity, 0)
			return { ...item, quantity: item.quantity - taken }
		})
		.filter((item) => item.quantity > 0)
}

export { cartBadge, cartCount } from './cart-count'
/** What the payable lines cost; a line no longer sold is left out, as checkout leaves it out. */
export const cartTotal = (items: CartItem[]) => orderTotal(payableItems(items))
export { linePrice }

/** §4: proceeding closes the cart; a Game Pass line needs its terms first (the console one warns about shared accounts). */
export function checkoutDestination(all: CartItem[]): string | null {
	const items = payableItems(all)
	if (items.length === 0) return null
	const pages = items.map((i) => termsPathOf(i.termsPage))
	// A shared account is never bought without its warning, even beside a PC Game Pass line.
	if (items.some((i, n) => i.selectedAccountType === 'shared' && pages[n] === '/game-pass-terms')) return '/game-pass-terms'
	if (pages.includes('/game-pass-pc-terms')) return '/game-pass-pc-terms'
	return pages.includes('/game-pass-terms') ? '/game-pass-terms' : '/checkout'
}

/** Whether the cart has a line to buy under these terms: a terms page opened from its address shows them for it. */
export function cartNeedsTerms(all: CartItem[], terms: TermsPath): boolean {
	return payableItems(all).some((i) => termsPathOf(i.termsPage) === terms)
}

/**
 * Reads a stored cart; a malformed cart is rejected (the caller logs and ignores it) and a malformed
 * line dropped. Carts saved before prices were numbers ('Rs. 1,200', §3) are read into numbers.
 */
export function parseStoredCart(raw: string | null): CartItem[] {
	if (!raw) return []
	return readCartItems(storedLines(raw))
}

/** Cart lines from storage or a page's history state, old text prices read as numbers; malformed lines dropped. */
export function readCartItems(items: unknown[]): CartItem[] {
	return items.flatMap((i) => {
		const line = readStoredLine(i)
		return line ? [line] : []
	})
}

type Stored = Record<string, unknown>
const isRecord = (v: unknown): v is Stored => typeof v === 'object' && v !== null && !Array.isArray(v)
const isCount = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v) && v >= 0
/** A number, or the spec's price text ('Rs. 1,200'); null when neither. */
const rupees = (v: unknown) => (isCount(v) ? Math.round(v) : typeof v === 'string' && /\d/.test(v) ? parsePriceText(v) : null)

function storedOption<K extends 'months' | 'value'>(v: unknown, key: K) {
	if (!isRecord(v) || typeof v.label !== 'string' || !isCount(v[key])) return undefined
	return { label: v.label, price: rupees(v.price) ?? 0, [key]: v[key] } as { label: string; price: number } & Record<K, number>
}

function readStoredLine(i: unknown): CartItem | null {
	// What the badge counted before the cart was read (cart-count.ts), less a line without a price.
	const quantity = storedQuantity(i)
	if (quantity === 0 || !isRecord(i) || typeof i.id !== 'number' || typeof i.name !== 'string') return null
	const selectedDuration = storedOption(i.selectedDuration, 'months')
	const selectedDenomination = storedOption(i.selectedDenomination, 'value')
	// §9's line price: the option's price first, then the line's own.
	const price = selectedDenomination?.price || selectedDuration?.price || rupees(i.price)
	if (!price) return null
	const originalPrice = rupees(i.originalPrice)
	return {
		id: i.id,
		name: i.name,
		image: typeof i.image === 'string' ? i.image : '',
		...(isRecord(i.imageSet) ? { imageSet: i.imageSet as unknown as ProductImageSet } : {}),
		price,
		originalPrice: originalPrice || null,
		quantity,
		...(selectedDuration ? { selectedDuration: { ...selectedDuration, price } } : {}),
		...(selectedDenomination ? { selectedDenomination: { ...selectedDenomination, price } } : {}),
		...(i.selectedAccountType === 'private' || i.selectedAccountType === 'shared' ? { selectedAccountType: i.selectedAccountType } : {}),
		...(typeof i.termsPage === 'string' && i.termsPage in TERMS_PAGES ? { termsPage: i.termsPage as TermsPage } : {}),
		variantId: isCount(i.variantId) && i.variantId > 0 ? i.variantId : null,
		...(isCount(i.priceWas) && i.priceWas !== price ? { priceWas: i.priceWas } : {}),
		...(typeof i.unavailable === 'string' && i.unavailable ? { unavailable: i.unavailable } : {}),
	}
}
