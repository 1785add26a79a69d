import { linePrice, orderTotal } from '../pricing/line-price'
import type { AccountType } from '../pricing/product-options'
import { termsPathOf } from '../catalogue/terms-page'
import type { TermsPage } from '../catalogue/types'

export interface CartItem {
	id: number
	name: string
	image: string
	/** Display text such as 'Rs. 1,200'; the server prices the order itself. */
	price: string
	originalPrice: string | null
	quantity: number
	selectedDuration?: { label: string; price: number; months: number }
	selectedDenomination?: { label: string; price: number; value: number }
	selectedAccountType?: AccountType
	/** The terms the product's purchase passes first (its setting), so checkout knows where to go. */
	termsPage?: TermsPage | null
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
			return {
				...state,
				items: state.items.map((i, n) => (n === index ? { ...i, quantity: i.quantity + 1 } : i)),
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
	}
}

/** The cart less what an order took: each ordered line's quantity comes off the matching cart line. */
function withoutOrdered(items: CartItem[], ordered: CartItem[]): CartItem[] {
	return items
		.map((item) => {
			const taken = ordered.filter((o) => sameLine(o, item) && (o.selectedAccountType ?? null) === (item.selectedAccountType ?? null)).reduce((n, o) => n + o.quantity, 0)
			return { ...item, quantity: item.quantity - taken }
		})
		.filter((item) => item.quantity > 0)
}

export const cartCount = (items: CartItem[]) => items.reduce((n, i) => n + i.quantity, 0)
export const cartBadge = (count: number) => (count > 99 ? '99+' : String(count))
export const cartTotal = (items: CartItem[]) => orderTotal(items)
export { linePrice }

/** §4: proceeding closes the cart; a Game Pass line needs its terms first (the console one warns about shared accounts). */
export function checkoutDestination(items: CartItem[]): string | null {
	if (items.length === 0) return null
	const pages = items.map((i) => termsPathOf(i.termsPage))
	// A shared account is never bought without its warning, even beside a PC Game Pass line.
	if (items.some((i, n) => i.selectedAccountType === 'shared' && pages[n] === '/game-pass-terms')) return '/game-pass-terms'
	if (pages.includes('/game-pass-pc-terms')) return '/game-pass-pc-terms'
	return pages.includes('/game-pass-terms') ? '/game-pass-terms' : '/checkout'
}

/** Reads a stored cart; anything malformed is rejected (the caller logs and ignores it). */
export function parseStoredCart(raw: string | null): CartItem[] {
	if (!raw) return []
	const value: unknown = JSON.parse(raw)
	const items = Array.isArray(value) ? value : (value as { items?: unknown })?.items
	if (!Array.isArray(items)) throw new Error('stored cart is not a list')
	return items.filter(
		(i): i is CartItem =>
			typeof i === 'object' &&
			i !== null &&
			typeof i.id === 'number' &&
			typeof i.name === 'string' &&
			typeof i.quantity === 'number' &&
			i.quantity > 0,
	)
}
