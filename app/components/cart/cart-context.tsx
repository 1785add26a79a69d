import { createContext, useContext, useEffect, useMemo, useReducer, useRef, type ReactNode } from 'react'
import { cartReducer, emptyCart, parseStoredCart, type CartAction, type CartState } from '~/domain/cart/cart'

interface CartContextValue extends CartState {
	dispatch: (action: CartAction) => void
}

const CartContext = createContext<CartContextValue | null>(null)

export function CartProvider({ storageKey, children }: { storageKey: string; children: ReactNode }) {
	const [state, dispatch] = useReducer(cartReducer, emptyCart)
	const restored = useRef(false)

	useEffect(() => {
		try {
			const items = parseStoredCart(window.localStorage.getItem(storageKey))
			// Nothing saved: the server's empty cart stands, and the page is not rendered again.
			if (items.length > 0) dispatch({ type: 'restore', items })
		} catch (error) {
			console.warn('Could not read the saved cart; starting with an empty one.', error)
		}
		restored.current = true
	}, [storageKey])

	useEffect(() => {
		if (!restored.current) return
		try {
			window.localStorage.setItem(storageKey, JSON.stringify(state.items))
		} catch (error) {
			console.warn('Could not save the cart.', error)
		}
	}, [state.items, storageKey])

	const value = useMemo(() => ({ ...state, dispatch }), [state])
	return <CartContext.Provider value={value}>{children}</CartContext.Provider>
}

export function useCart() {
	const value = useContext(CartContext)
	if (!value) throw new Error('useCart must be used inside CartProvider')
	return value
}
