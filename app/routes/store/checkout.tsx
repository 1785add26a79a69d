import { Link, useLocation } from 'react-router'
import type { CheckoutState } from '~/domain/catalogue/buy-now-target'
import { pageMeta } from '~/utils/seo'
import type { Route } from './+types/checkout'

export const meta: Route.MetaFunction = ({ matches }) =>
	pageMeta(matches, { title: 'Checkout', description: 'Review your order and pay securely.', extra: [{ name: 'robots', content: 'noindex' }] })

export default function Checkout() {
	const state = (useLocation().state ?? {}) as CheckoutState
	const hasItems = Boolean(state.product) || (Array.isArray(state.cartItems) && state.cartItems.length > 0)
	if (!hasItems) {
		return (
			<div className="container page narrow center">
				<h1>No items to checkout</h1>
				<Link to="/products" className="button primary">
					Browse Products
				</Link>
			</div>
		)
	}
	return (
		<div className="container page narrow center">
			<h1>Checkout</h1>
			<p>Online checkout is opening soon. Message us on WhatsApp to order in the meantime.</p>
		</div>
	)
}
