import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import type { CartAction, CartItem, CartState } from '~/domain/cart/cart'
import { cartCount, savedCartCount } from '~/domain/cart/cart-count'
import { PRICES_STALE_MS } from '~/domain/cart/cart-prices'
import { useLang } from '~/i18n/use-t'

interface CartContextValue extends CartState {
	/** How many items the cart holds: with the saved cart's count while its lines are not read (not in `items` yet). */
	count: number
	dispatch: (action: CartAction) => void
	/** Asks the server for the lines' prices when they are older than a few minutes (or `force`). */
	refreshPrices: (force?: boolean) => void
	/** Reads the saved cart's lines into `items` (no prices asked): for a page that needs them, called once the page has hydrated. */
	readLines: () => Promise<void>
}

const CartContext = createContext<CartContextValue | null>(null)

type CartStore = typeof import('./cart-store')
let loading: Promise<CartStore> | undefined
/** The cart's rules, fetched once (ADR-007). Callbacks chained on the one promise run in the order they were added. */
export const loadCartStore = () => (loading ??= import('./cart-store'))

const emptyCart: CartState = { items: [], isOpen: false }

/**
 * A saved cart is counted at once for the header's badge (cart-count.ts reads the stored lines without
 * the cart's rules); its lines are read with the rules, and re-priced by the server, when the buyer opens
 * the cart, changes it or checks it out: a page only read never downloads them (ADR-007).
 */
export function CartProvider({ storageKey, children }: { storageKey: string; children: ReactNode }) {
	const [state, setState] = useState(emptyCart)
	// The saved cart not read yet: its text, and its count for the badge meanwhile.
	const unread = useRef<string | null>(null)
	const [unreadCount, setUnreadCount] = useState(0)
	const restored = useRef(false)
	const restoring = useRef<Promise<CartStore> | null>(null)
	const items = useRef<CartItem[]>([])
	// When the lines' prices were last known to be the server's: a page's prices are as of its load.
	const pricedAt = useRef(0)
	const asking = useRef(false)
	// The page's language, for why a line can no longer be bought.
	const pageLang = useLang()
	const lang = useRef(pageLang)
	lang.current = pageLang

	/** Reads the saved cart once, with the cart's rules; every change waits for it, in the order made. */
	const restore = useCallback(() => {
		if (restoring.current) return restoring.current
		restoring.current = loadCartStore().then((store) => {
			const raw = unread.current
			unread.current = null
			let saved: CartItem[] = []
			try {
				saved = store.parseStoredCart(raw)
			} catch (error) {
				console.warn('Could not read the saved cart; starting with an empty one.', error)
			}
			restored.current = true
			// Lines added before the saved cart was read stay, after it.
			items.current = [...saved, ...items.current]
			if (saved.length > 0) setState((s) => ({ ...s, items: [...saved, ...s.items] }))
			setUnreadCount(0)
			return store
		})
		return restoring.current
	}, [])

	// Opening and closing need nothing else; every other change waits for the saved cart and the cart's rules.
	const dispatch = useCallback(
		(action: CartAction) => {
			if (action.type === 'open' || action.type === 'close' || action.type === 'toggle') {
				setState((s) => ({ ...s, isOpen: action.type === 'toggle' ? !s.isOpen : action.type === 'open' }))
				return
			}
			void restore().then((store) => setState((s) => store.cartReducer(s, action)))
		},
		[restore],
	)

	const reprice = useCallback(async () => {
		// An empty cart has nothing to price, and needs none of the cart's rules.
		if (asking.current || (restored.current && items.current.length === 0)) return
		asking.current = true
		const store = await restore()
		const lines = items.current
		const answer = lines.length > 0 ? await store.fetchCartPrices(lines, lang.current) : null
		asking.current = false
		if (!answer) return
		pricedAt.current = Date.now()
		dispatch({ type: 'reprice', ...answer })
	}, [restore, dispatch])

	useEffect(() => {
		let raw: string | null = null
		try {
			raw = window.localStorage.getItem(storageKey)
		} catch (error) {
			console.warn('Could not read the saved cart; starting with an empty one.', error)
		}
		// Nothing saved: the server's empty cart stands and the page is not rendered again.
		if (!raw || raw === '[]') {
			restored.current = true
			pricedAt.current = Date.now()
			return
		}
		// A saved cart's prices are as old as the cart (pricedAt stays 0): opening it asks the server what they are now.
		unread.current = raw
		setUnreadCount(savedCartCount(raw))
	}, [storageKey])

	useEffect(() => {
		if (!restored.current) return
		items.current = state.items
		try {
			window.localStorage.setItem(storageKey, JSON.stringify(state.items))
		} catch (error) {
			console.warn('Could not save the cart.', error)
		}
	}, [state.items, storageKey])

	const refreshPrices = useCallback(
		(force = false) => {
			if (force || Date.now() - pricedAt.current > PRICES_STALE_MS) void reprice()
		},
		[reprice],
	)

	useEffect(() => {
		if (state.isOpen) refreshPrices()
	}, [state.isOpen, refreshPrices])

	const readLines = useCallback(() => restore().then(() => undefined), [restore])

	const count = cartCount(state.items) + unreadCount
	const value = useMemo(() => ({ ...state, count, dispatch, refreshPrices, readLines }), [state, count, dispatch, refreshPrices, readLines])
	return <CartContext.Provider value={value}>{children}</CartContext.Provider>
}

export function useCart() {
	const value = useContext(CartContext)
	if (!value) throw new Error('useCart must be used inside CartProvider')
	return value
}
