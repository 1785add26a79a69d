import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react'
import type { CartAction, CartItem, CartState } from '~/domain/cart/cart'
import { PRICES_STALE_MS } from '~/domain/cart/cart-prices'

interface CartContextValue extends CartState {
	dispatch: (action: CartAction) => void
	/** Asks the server for the lines' prices when they are older than a few minutes (or `force`). */
	refreshPrices: (force?: boolean) => void
}

const CartContext = createContext<CartContextValue | null>(null)

type CartStore = typeof import('./cart-store')
let loading: Promise<CartStore> | undefined
/** The cart's rules, fetched once (ADR-007). Callbacks chained on the one promise run in the order they were added. */
export const loadCartStore = () => (loading ??= import('./cart-store'))

const emptyCart: CartState = { items: [], isOpen: false }

export function CartProvider({ storageKey, children }: { storageKey: string; children: ReactNode }) {
	const [state, setState] = useState(emptyCart)
	const restored = useRef(false)
	const items = useRef<CartItem[]>([])
	// When the lines' prices were last known to be the server's: a page's prices are as of its load.
	const pricedAt = useRef(0)
	const asking = useRef(false)

	// Opening and closing need nothing else; every other change waits for the cart's rules, in order.
	const dispatch = useCallback((action: CartAction) => {
		if (action.type === 'open' || action.type === 'close' || action.type === 'toggle') {
			setState((s) => ({ ...s, isOpen: action.type === 'toggle' ? !s.isOpen : action.type === 'open' }))
			return
		}
		void loadCartStore().then((store) => setState((s) => store.cartReducer(s, action)))
	}, [])

	const reprice = useCallback(
		async (lines: CartItem[]) => {
			if (asking.current || lines.length === 0) return
			asking.current = true
			const answer = await (await loadCartStore()).fetchCartPrices(lines)
			asking.current = false
			if (!answer) return
			pricedAt.current = Date.now()
			dispatch({ type: 'reprice', ...answer })
		},
		[dispatch],
	)

	useEffect(() => {
		let raw: string | null = null
		try {
			raw = window.localStorage.getItem(storageKey)
		} catch (error) {
			console.warn('Could not read the saved cart; starting with an empty one.', error)
		}
		// Nothing saved: the server's empty cart stands, the page is not rendered again and the cart's rules stay unloaded.
		if (!raw || raw === '[]') {
			restored.current = true
			pricedAt.current = Date.now()
			return
		}
		void loadCartStore().then((store) => {
			let saved: CartItem[] = []
			try {
				saved = store.parseStoredCart(raw)
			} catch (error) {
				console.warn('Could not read the saved cart; starting with an empty one.', error)
			}
			restored.current = true
			if (saved.length === 0) {
				pricedAt.current = Date.now()
				return
			}
			// Lines added before the saved cart was read stay, after it.
			setState((s) => ({ ...s, items: [...saved, ...s.items] }))
			// A saved cart's prices are as old as the cart: ask the server once what they are now.
			void reprice(saved)
		})
	}, [storageKey, reprice])

	useEffect(() => {
		items.current = state.items
		if (!restored.current) return
		try {
			window.localStorage.setItem(storageKey, JSON.stringify(state.items))
		} catch (error) {
			console.warn('Could not save the cart.', error)
		}
	}, [state.items, storageKey])

	const refreshPrices = useCallback(
		(force = false) => {
			if (force || Date.now() - pricedAt.current > PRICES_STALE_MS) void reprice(items.current)
		},
		[reprice],
	)

	useEffect(() => {
		if (state.isOpen) refreshPrices()
	}, [state.isOpen, refreshPrices])

	const value = useMemo(() => ({ ...state, dispatch, refreshPrices }), [state, dispatch, refreshPrices])
	return <CartContext.Provider value={value}>{children}</CartContext.Provider>
}

export function useCart() {
	const value = useContext(CartContext)
	if (!value) throw new Error('useCart must be used inside CartProvider')
	return value
}
