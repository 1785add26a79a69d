import { useLocalePath, useT } from '~/i18n/use-t'
import { metaTranslate } from '~/i18n/meta-translate'
import { langOf, localePath } from '~/i18n/lang'
import { sayIn } from '~/i18n/messages.server'
import { data, Link, redirect } from 'react-router'
import { db } from '~/db/client.server'
import { findOrder } from '~/domain/orders/find-order.server'
import { tokenMatches } from '~/domain/orders/order-token.server'
import { renewalOffer } from '~/domain/orders/renewal-offer.server'
import { cookiesAreSecure } from '~/http/http.server'
import { accessCookie, canSeeEverything } from '~/http/order-access.server'
import { RENEWAL_NOT_FOUND } from '~/domain/orders/checkout-query'
import { pageMeta } from '~/utils/seo'
import type { Route } from './+types/renew'

// Renew a subscription line: checkout opens with the same product and option at today's price.
// Only for whoever may see the order in full (its token, or the signed-in buyer who placed it).

export async function loader({ request, params }: Route.LoaderArgs) {
	const lang = langOf(new URL(request.url).pathname)
	const notFound = () => data({ ok: false as const, found: false as const, message: sayIn(lang, RENEWAL_NOT_FOUND) }, { status: 404, headers: { 'Cache-Control': 'private, no-store' } })
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
	if (!offer.ok) return data({ ok: false as const, found: true as const, message: sayIn(lang, offer.message), productId: offer.productId, productName: offer.productName }, { status: 410, headers: { 'Cache-Control': 'private, no-store' } })
	// Checkout reads the renewal from its address (with or without scripts): pre-filled, and linked to this order.
	throw redirect(`${localePath(lang, '/checkout')}?${new URLSearchParams({ renew: order.orderNumber, line: String(lineIndex) })}`, { headers: { 'Cache-Control': 'no-store' } })
}

export const meta: Route.MetaFunction = ({ matches }) => {
	const t = metaTranslate(matches)
	return pageMeta(matches, { title: t('order.renew.meta.title'), description: t('order.renew.meta.description'), extra: [{ name: 'robots', content: 'noindex' }] })
}

export default function Renew({ loaderData: offer }: Route.ComponentProps) {
	const t = useT()
	const lp = useLocalePath()
	return (
		<div className="container page narrow renew-page">
			<h1>{offer.found ? t('order.renew.noLongerSold') : t('order.renew.notFoundTitle')}</h1>
			<p className="error-box" role="alert">
				{offer.message}
			</p>
			<div className="order-actions">
				{offer.found ? (
					<Link to={lp(`/product/${offer.productId}`)} className="button primary">
						{t('order.renew.see', { name: offer.productName })}
					</Link>
				) : null}
				<Link to={lp('/products')} className="button ghost">
					{t('order.renew.browse')}
				</Link>
			</div>
		</div>
	)
}
