import { useEffect } from 'react'
import { data, Link, redirect, useNavigate } from 'react-router'
import { db } from '~/db/client.server'
import type { CheckoutState } from '~/domain/catalogue/buy-now-target'
import { findOrder } from '~/domain/orders/find-order.server'
import { tokenMatches } from '~/domain/orders/order-access.server'
import { renewalOffer } from '~/domain/orders/renewal-offer.server'
import { cookiesAreSecure } from '~/http/http.server'
import { accessCookie, canSeeEverything } from '~/http/order-access.server'
import { formatRs } from '~/utils/money'
import { pageMeta } from '~/utils/seo'
import type { Route } from './+types/renew'

// Renew a subscription line: checkout opens with the same product and option at today's price.
// Only for whoever may see the order in full (its token, or the signed-in buyer who placed it).

const NOT_FOUND = 'We could not find that subscription. Open the Renew link from your order page or from our email.'

export async function loader({ request, params }: Route.LoaderArgs) {
	const notFound = () => data({ ok: false as const, found: false as const, message: NOT_FOUND }, { status: 404, headers: { 'Cache-Control': 'private, no-store' } })
	const lineIndex = /^\d{1,3}$/.test(params.line) ? Number(params.line) : -1
	if (params.orderNumber.length > 100 || lineIndex < 0) return notFound()
	const order = await findOrder(db(), { internalOrderId: params.orderNumber })
	if (!order) return notFound()
	const url = new URL(request.url)
	const token = url.searchParams.get('token')
	if (token && tokenMatches(order, token)) {
		// The email's token becomes the order's cookie, so it does not stay in the address bar or history.
		throw redirect(url.pathname, {
			headers: { 'Set-Cookie': accessCookie(order.orderNumber, token, { secure: cookiesAreSecure(request) }), 'Cache-Control': 'no-store' },
		})
	}
	const allowed = await canSeeEverything(order, request)
	// A stranger learns nothing: the same answer as for an order that does not exist.
	if (!allowed) return notFound()
	const offer = await renewalOffer(db(), order, lineIndex)
	if (!offer) return notFound()
	const headers = { 'Cache-Control': 'private, no-store' }
	if (!offer.ok) return data({ ok: false as const, found: true as const, message: offer.message, productId: offer.productId, productName: offer.productName }, { status: 410, headers })
	const state: CheckoutState = {
		product: offer.product,
		...(offer.selectedDuration ? { selectedDuration: offer.selectedDuration } : {}),
		...(offer.selectedDenomination ? { selectedDenomination: offer.selectedDenomination } : {}),
		...(offer.selectedAccountType ? { selectedAccountType: offer.selectedAccountType } : {}),
	}
	return data({ ok: true as const, orderNumber: order.orderNumber, productName: offer.product.name, optionLabel: offer.optionLabel, price: offer.price, state }, { headers })
}

export const meta: Route.MetaFunction = ({ matches }) =>
	pageMeta(matches, { title: 'Renew', description: 'Renew your subscription at today’s price.', extra: [{ name: 'robots', content: 'noindex' }] })

export default function Renew({ loaderData }: Route.ComponentProps) {
	const navigate = useNavigate()
	const offer = loaderData
	// Checkout takes what it sells from the navigation, as the product page's Buy Now does.
	useEffect(() => {
		if (offer.ok) void navigate('/checkout', { state: offer.state, replace: true })
	}, [offer, navigate])

	if (!offer.ok) {
		return (
			<div className="container page narrow renew-page">
				<h1>{offer.found ? 'No longer sold' : 'Subscription not found'}</h1>
				<p className="error-box" role="alert">
					{offer.message}
				</p>
				<div className="order-actions">
					{offer.found ? (
						<Link to={`/product/${offer.productId}`} className="button primary">
							{`See ${offer.productName}`}
						</Link>
					) : null}
					<Link to="/products" className="button ghost">
						Browse products
					</Link>
				</div>
			</div>
		)
	}
	return (
		<div className="container page narrow renew-page">
			<h1>{`Renew ${offer.productName}`}</h1>
			<div className="order-card" role="status">
				<p>
					{offer.optionLabel ? `${offer.optionLabel}, today’s price ` : 'Today’s price '}
					<strong>{formatRs(offer.price)}</strong>.
				</p>
				<p className="muted small">Opening checkout…</p>
				<Link to="/checkout" state={offer.state} replace className="button primary">
					Continue to checkout
				</Link>
			</div>
		</div>
	)
}
