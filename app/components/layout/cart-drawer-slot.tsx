import { lazy, Suspense, useEffect, useState } from 'react'
import { useCart } from '../cart/cart-context'

// The drawer's lines, prices and buttons are a script of their own, fetched when the buyer first opens
// the cart: most pages are read without ever opening it, and every page used to pay for it at load.
const CartDrawerPanel = lazy(() => import('./cart-drawer').then((m) => ({ default: m.CartDrawer })))

export function CartDrawer() {
	const { isOpen } = useCart()
	const [opened, setOpened] = useState(false)
	useEffect(() => {
		if (isOpen) setOpened(true)
	}, [isOpen])
	// Once opened it stays mounted, so closing it slides it away as before.
	if (!isOpen && !opened) return null
	return (
		<Suspense fallback={null}>
			<CartDrawerPanel />
		</Suspense>
	)
}
