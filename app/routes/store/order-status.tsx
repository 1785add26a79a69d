import { redirect } from 'react-router'
import { lookupKey, type OrderLookup } from '~/components/order/fetch-order'
import { OrderDetails } from '~/components/order/order-details'
import { OrderLoading, OrderNotFound } from '~/components/order/order-states'
import { useLiveOrder } from '~/components/order/use-live-order'
import { useOrderLookup } from '~/components/order/use-order-lookup'
import { usePurchaseTracking } from '~/components/order/use-purchase-tracking'
import { db } from '~/db/client.server'
import { findOrder } from '~/domain/orders/find-order.server'
import { tokenMatches } from '~/domain/orders/order-access.server'
import { accessCookie, orderViewer } from '~/http/order-access.server'
import { orderViewForRequest, parseOrderQuery } from '~/domain/orders/order-for-request.server'
import type { OrderView } from '~/domain/orders/order-view'
import { useRootData } from '~/components/layout/root-data'
import { cookiesAreSecure } from '~/http/http.server'
import { pageMeta } from '~/utils/seo'
import type { Route } from './+types/order-status'

export async function loader({ request }: Route.LoaderArgs) {
	const url = new URL(request.url)
	const { lookup, token, params } = parseOrderQuery(url)
	if (!lookup) return { lookup: null, order: null }
	if (token) {
		const found = await findOrder(db(), lookup)
		if (found && tokenMatches(found, token)) {
			// The link's token becomes the order's cookie, so it does not stay in the address bar or history.
			params.delete('token')
			throw redirect(`${url.pathname}?${params}`, {
				headers: { 'Set-Cookie': accessCookie(found.orderNumber, token, { secure: cookiesAreSecure(request) }), 'Cache-Control': 'no-store' },
			})
		}
	}
	// §7 call 7, first attempt; the page makes the others from the browser.
	const order: OrderView | null = await orderViewForRequest(db(), lookup, await orderViewer(request))
	return { lookup, order }
}

// The page differs per buyer (cookie) and changes by the minute.
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' })

export const meta: Route.MetaFunction = ({ matches }) =>
	pageMeta(matches, {
		title: 'Order Status',
		description: 'Track your order: payment, progress and delivery.',
		extra: [{ name: 'robots', content: 'noindex' }],
	})

export default function OrderStatus({ loaderData }: Route.ComponentProps) {
	const { lookup, order } = loaderData
	if (!lookup) return <OrderNotFound message="Order ID not found in URL parameters" />
	return <OrderTracking key={lookupKey(lookup)} lookup={lookup} initialOrder={order} />
}

function OrderTracking({ lookup, initialOrder }: { lookup: OrderLookup; initialOrder: OrderView | null }) {
	const root = useRootData()
	const { order, setOrder, error } = useOrderLookup(lookup, initialOrder)
	const live = useLiveOrder(order?.orderNumber ?? null, order?.full ?? false, setOrder)
	usePurchaseTracking(order)

	if (error) return <OrderNotFound message={error} />
	if (!order) return <OrderLoading />
	return <OrderDetails order={order} live={live} whatsapp={root?.config.whatsapp ?? ''} supportEmail={root?.config.supportEmail ?? ''} />
}
