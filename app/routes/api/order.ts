import { db } from '~/db/client.server'
import { lookUpOrderForPage, parseOrderQuery } from '~/domain/orders/order-for-request.server'
import { orderViewer } from '~/http/order-access.server'
import type { Route } from './+types/order'
import { apiFailure, notFound, onlyMethods } from '~/http/http.server'

// §7 call 7: one lookup attempt (`partial=1` the last one). A 404 says whether looking again can help (`retry`).
export async function loader({ request }: Route.LoaderArgs) {
	const url = new URL(request.url)
	const { lookup, params } = parseOrderQuery(url)
	if (!lookup) return Response.json({ error: 'Order ID not found in URL parameters' }, { status: 400 })
	const { order, retry } = await lookUpOrderForPage(db(), lookup, await orderViewer(request), { partial: params.get('partial') === '1' })
	if (!order) return apiFailure(notFound('Order not found'), { extra: { retry }, headers: { 'Cache-Control': 'no-store' } })
	return Response.json({ order }, { headers: { 'Cache-Control': 'no-store' } })
}

export const action = onlyMethods('GET')
