import { db } from '~/db/client.server'
import { orderViewer } from '~/http/order-access.server'
import { readChangedOrder } from '~/domain/orders/order-updates.server'
import { ORDERS_CHANNEL } from '~/domain/orders/notify-order.server'
import { viewOrder } from '~/domain/orders/view-order.server'
import { subscribe } from '~/domain/realtime/hub.server'
import { eventStream } from '~/http/event-stream.server'
import type { Route } from './+types/order-stream'
import { onlyMethods } from '~/http/http.server'

// §7 call 8: live updates of one order over SSE, fed by Postgres NOTIFY from any instance.
export async function loader({ request, context }: Route.LoaderArgs) {
	const orderNumber = new URL(request.url).searchParams.get('orderNumber')?.trim()
	if (!orderNumber || orderNumber.length > 100) return Response.json({ error: 'orderNumber is required' }, { status: 400 })
	// Read once: whoever opened the page (token cookie or signed-in buyer) sees what it showed them.
	const seesEverything = await orderViewer(request)
	return eventStream(request, context.clientIp, async (send) => {
		const unsubscribe = await subscribe(ORDERS_CHANNEL, (payload) => {
			if (payload !== orderNumber) return
			readChangedOrder(db(), orderNumber).then(
				(order) => order && send('order', JSON.stringify(viewOrder(order, { full: seesEverything(order) }))),
				() => send('error', JSON.stringify({ error: 'Failed to fetch order details' })),
			)
		})
		send('ready', JSON.stringify({ orderNumber }))
		return unsubscribe
	})
}

export const action = onlyMethods('GET')
