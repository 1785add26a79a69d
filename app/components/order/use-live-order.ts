import { useEffect, useRef, useState } from 'react'

/**
 * §7 call 8: follows the order over server-sent events and calls onChange for every new version (the
 * page then asks its loader for the order, drawn again by the server). True while subscribed.
 * EventSource reconnects by itself, also when the shop's database is away (the stream then only says
 * when to come back: `reconnectLater`); after a reconnect the order is asked for once, since changes
 * made while disconnected were not sent.
 */
export function useLiveOrder(orderNumber: string | null, full: boolean, onChange: () => void) {
	const [live, setLive] = useState(false)
	const onChangeRef = useRef(onChange)
	useEffect(() => {
		onChangeRef.current = onChange
	})

	// The stream shapes the order with the cookies it was opened with: open a new one once unlocked.
	useEffect(() => {
		if (!orderNumber) return
		const source = new EventSource(`/api/order/stream?orderNumber=${encodeURIComponent(orderNumber)}`)
		let subscriptions = 0
		source.addEventListener('ready', () => {
			setLive(true)
			subscriptions += 1
			if (subscriptions > 1) onChangeRef.current()
		})
		source.addEventListener('order', () => onChangeRef.current())
		source.addEventListener('error', () => setLive(false))
		return () => {
			source.close()
			setLive(false)
		}
	}, [orderNumber, full])

	return live
}
