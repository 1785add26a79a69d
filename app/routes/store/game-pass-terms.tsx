import { useState } from 'react'
import { Link, useLocation, useNavigate } from 'react-router'
import { PolicySections } from '~/components/content/policy-sections'
import { gamePassTerms } from '~/content/policies'
import type { CheckoutState } from '~/domain/catalogue/buy-now-target'
import { pageMeta } from '~/utils/seo'
import type { Route } from './+types/game-pass-terms'

export const meta: Route.MetaFunction = ({ matches, location }) =>
	pageMeta(matches, {
		title: location.pathname.includes('-pc-') ? 'PC Game Pass Terms' : 'Game Pass Ultimate Terms',
		description: 'Please read and accept the Game Pass terms before checkout.',
		extra: [{ name: 'robots', content: 'noindex' }],
	})

export default function GamePassTerms() {
	const location = useLocation()
	const navigate = useNavigate()
	const [agreed, setAgreed] = useState(false)
	const pc = location.pathname === '/game-pass-pc-terms'
	const state = (location.state ?? {}) as CheckoutState
	const cartItems = Array.isArray(state.cartItems) && state.cartItems.length > 0 ? state.cartItems : null

	if (!state.product && !cartItems) {
		return (
			<div className="container page narrow center">
				<p className="error-box">{pc ? 'No Game Pass PC product selected or cart empty.' : 'No Game Pass product selected or cart empty.'}</p>
				<Link to="/products" className="button primary">
					Browse Products
				</Link>
			</div>
		)
	}

	const sharedLine = (cartItems as { id?: number; selectedAccountType?: string }[] | null)?.find((i) => i.selectedAccountType === 'shared')
	const shared = !pc && (state.selectedAccountType === 'shared' || sharedLine != null)
	// Back to the shared account's own product page, with the private account chosen.
	const sharedProductId = state.product?.id ?? sharedLine?.id

	function proceed() {
		if (!agreed) return
		const next: CheckoutState = cartItems
			? { cartItems }
			: {
					product: state.product,
					selectedDuration: state.selectedDuration,
					...(!pc && state.selectedAccountType ? { selectedAccountType: state.selectedAccountType } : {}),
				}
		navigate('/checkout', { state: next })
	}

	return (
		<div className="container page narrow">
			<h1>{pc ? 'PC Game Pass Terms' : 'Game Pass Ultimate Terms'}</h1>
			{shared ? (
				<div className="warning-box" role="note">
					<p>
						<strong>Shared account:</strong> shared accounts may have online or multiplayer problems, and there are no refunds for
						online-mode limits. At most 2 customers share one account (two slots), each on their own profile; a step-by-step
						guide is sent after purchase.
					</p>
					{sharedProductId ? (
						<Link to={`/product/${sharedProductId}`} state={{ preselectAccountType: 'private' }}>
							Switch to Private Account
						</Link>
					) : null}
				</div>
			) : null}
			<div className="terms-text">
				<PolicySections sections={pc ? gamePassTerms.pc : gamePassTerms.console} headingLevel={2} />
			</div>
			<label className="checkbox">
				<input type="checkbox" checked={agreed} onChange={(e) => setAgreed(e.target.checked)} />I have read and agree to these terms
			</label>
			<button type="button" className="button primary" disabled={!agreed} onClick={proceed}>
				Proceed to Checkout
			</button>
		</div>
	)
}
