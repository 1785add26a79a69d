import { useEffect, useRef, useState } from 'react'
import type { OrderView } from '~/domain/orders/order-view'
import { fetchOrder } from './fetch-order'

/**
 * §7 call 8: follows the order over server-sent events and hands every new version to onOrder.
 * True while subscribed. EventSource reconnects by itself; after a reconnect the order is fetched
 * once, since changes made while disconnected were not sent.
 */
export function useLiveOrder(orderNumber: string | null, full: boolean, onOrder: (order: OrderView) => void) {
	const [live, setLive] = useState(false)
	const onOrderRef = useRef(onOrder)
	useEffect(() => {
		onOrderRef.current = onOrder
	})

	// The stream shapes the order with the cookies it was opened with: open a new one once unlocked.
	useEffect(() => {
		if (!orderNumber) return
		const source = new EventSource(`/api/order/stream?orderNumber=${encodeURIComponent(orderNumber)}`)
		const controller = new AbortController()
		let subscriptions = 0
		source.addEventListener('ready', () => {
			setLive(true)
			subscriptions += 1
			if (subscriptions === 1) return
			fetchOrder({ internalOrderId: orderNumber }, { signal: controller.signal }).then(
				(found) => found.order && onOrderRef.current(found.order),
				() => {},
			)
		})
		source.addEventListener('order', (event) => {
			try {
				onOrderRef.current(JSON.parse((event as MessageEvent<string>).data) as OrderView)
			} catch {
				// a malformed message: the next one or the reconnect refetch brings the order
			}
		})
		source.addEventListener('error', () => setLive(false))
		return () => {
			controller.abort()
			source.close()
			setLive(false)
		}
	}, [orderNumber, full])

	return live
}
