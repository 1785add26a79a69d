import { db } from '~/db/client.server'
import { orderViewForRequest, parseOrderQuery } from '~/domain/orders/order-for-request.server'
import { orderViewer } from '~/http/order-access.server'
import type { Route } from './+types/order'
import { onlyMethods } from '~/http/http.server'

// §7 call 7: one lookup attempt; the order page makes up to five, the last with `partial=1`.
export async function loader({ request }: Route.LoaderArgs) {
	const url = new URL(request.url)
	const { lookup, params } = parseOrderQuery(url)
	if (!lookup) return Response.json({ error: 'Order ID not found in URL parameters' }, { status: 400 })
	const order = await orderViewForRequest(db(), lookup, await orderViewer(request), { partial: params.get('partial') === '1' })
	if (!order) return Response.json({ error: 'Order not found' }, { status: 404, headers: { 'Cache-Control': 'no-store' } })
	return Response.json({ order }, { headers: { 'Cache-Control': 'no-store' } })
}

export const action = onlyMethods('GET')
