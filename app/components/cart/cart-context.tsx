import { createContext, useCallback, useContext, useEffect, useMemo, useReducer, useRef, type ReactNode } from 'react'
import { cartReducer, emptyCart, parseStoredCart, type CartAction, type CartItem, type CartState } from '~/domain/cart/cart'
import { PRICES_STALE_MS } from '~/domain/cart/cart-prices'
import { fetchCartPrices } from './cart-prices'

interface CartContextValue extends CartState {
	dispatch: (action: CartAction) => void
	/** Asks the server for the lines' prices when they are older than a few minutes (or `force`). */
	refreshPrices: (force?: boolean) => void
}

const CartContext = createContext<CartContextValue | null>(null)

export function CartProvider({ storageKey, children }: { storageKey: string; children: ReactNode }) {
	const [state, dispatch] = useReducer(cartReducer, emptyCart)
	const restored = useRef(false)
	const items = useRef<CartItem[]>([])
	// When the lines' prices were last known to be the server's: a page's prices are as of its load.
	const pricedAt = useRef(0)
	const asking = useRef(false)

	const reprice = useCallback(async (lines: CartItem[]) => {
		if (asking.current) return
		asking.current = true
		const answer = await fetchCartPrices(lines)
		asking.current = false
		if (!answer) return
		pricedAt.current = Date.now()
		dispatch({ type: 'reprice', ...answer })
	}, [])

	useEffect(() => {
		let saved: CartItem[] = []
		try {
			saved = parseStoredCart(window.localStorage.getItem(storageKey))
		} catch (error) {
			console.warn('Could not read the saved cart; starting with an empty one.', error)
		}
		restored.current = true
		// Nothing saved: the server's empty cart stands, and the page is not rendered again.
		if (saved.length === 0) {
			pricedAt.current = Date.now()
			return
		}
		dispatch({ type: 'restore', items: saved })
		// A saved cart's prices are as old as the cart: ask the server once what they are now.
		void reprice(saved)
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

	const value = useMemo(() => ({ ...state, dispatch, refreshPrices }), [state, refreshPrices])
	return <CartContext.Provider value={value}>{children}</CartContext.Provider>
}

export function useCart() {
	const value = useContext(CartContext)
	if (!value) throw new Error('useCart must be used inside CartProvider')
	return value
}
