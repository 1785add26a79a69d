import { db } from '~/db/client.server'
import { databaseUnreachable } from '~/db/unreachable'
import { findOrder } from '~/domain/orders/find-order.server'
import { buyerSessionHolder } from '~/domain/realtime/live-ended.server'
import { currentBuyer } from '~/http/buyer-session.server'
import { staffStreamHolder } from '~/http/staff-auth.server'
import { eventStream, reconnectLater } from '~/http/event-stream.server'
import { errorResponse, onlyMethods } from '~/http/http.server'
import { orderViewerFor } from '~/http/order-access.server'
import { watchOrder } from '~/http/order-live.server'
import type { Route } from './+types/order-stream'

// §7 call 8: live updates of one order over SSE, fed by Postgres NOTIFY from any instance. Whether
// the page sees the order in full is settled once, when it opens (as the page itself was); a stream
// opened by a signed-in buyer or member of staff ends when that session does (sign out, sign out
// everywhere, a password change).
export async function loader({ request, context }: Route.LoaderArgs) {
	const orderNumber = new URL(request.url).searchParams.get('orderNumber')?.trim()
	if (!orderNumber || orderNumber.length > 100) return Response.json({ error: 'orderNumber is required' }, { status: 400 })
	let loaded
	try {
		loaded = await Promise.all([currentBuyer(request), staffStreamHolder(request), findOrder(db(), { internalOrderId: orderNumber })])
	} catch (error) {
		// The database restarting: a stream that only says when to come back, which the page's
		// EventSource does by itself (a 503 would make it give up for good).
		if (databaseUnreachable(error)) return reconnectLater()
		return errorResponse(error, 'order.live.refresh')
	}
	const [buyer, staff, order] = loaded
	const full = order ? orderViewerFor(request, buyer)(order) : false
	return eventStream(
		request,
		context.liveResponse,
		context.clientIp,
		async (send, sink) => {
			const stop = await watchOrder(orderNumber, full, sink)
			send('ready', JSON.stringify({ orderNumber }))
			return stop
		},
		{ holders: [...(buyer ? [buyerSessionHolder(buyer.idHash)] : []), ...(staff ? [staff] : [])] },
	)
}

export const action = onlyMethods('GET')
