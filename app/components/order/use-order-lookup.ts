import { useEffect, useState } from 'react'
import type { OrderView } from '~/domain/orders/order-view'
import { FETCH_FAILED, ORDER_LOOKUP_ATTEMPTS, fetchOrder, lookupDelay, notFoundMessage, type OrderLookup } from './fetch-order'

function wait(ms: number, signal: AbortSignal) {
	return new Promise<void>((resolve) => {
		const timer = setTimeout(resolve, ms)
		signal.addEventListener('abort', () => {
			clearTimeout(timer)
			resolve()
		})
	})
}

/**
 * The order the page shows. When the loader found nothing but the order may still be being written
 * (`retry`), keeps trying like §7 call 7 (the last attempt a partial match) before giving up with the
 * spec's message; when the server already said it does not exist, gives up at once.
 */
export function useOrderLookup(lookup: OrderLookup, initialOrder: OrderView | null, retry: boolean) {
	const [order, setOrder] = useState(initialOrder)
	const [error, setError] = useState<string | null>(initialOrder || retry ? null : notFoundMessage(lookup))

	useEffect(() => {
		if (initialOrder) setOrder(initialOrder)
	}, [initialOrder])

	const found = Boolean(initialOrder)
	useEffect(() => {
		if (found || !retry) return
		const controller = new AbortController()
		const { signal } = controller
		void (async () => {
			let lastFailed = false
			for (let attempt = 2; attempt <= ORDER_LOOKUP_ATTEMPTS; attempt++) {
				await wait(lookupDelay(lookup), signal)
				if (signal.aborted) return
				try {
					const next = await fetchOrder(lookup, { partial: attempt === ORDER_LOOKUP_ATTEMPTS, signal })
					if (next.order) return setOrder(next.order)
					lastFailed = false
					// The server made the last attempt itself: nothing is being written that could be this order.
					if (!next.retry) break
				} catch {
					if (signal.aborted) return
					lastFailed = true
				}
			}
			setError(lastFailed ? FETCH_FAILED : notFoundMessage(lookup))
		})()
		return () => controller.abort()
	}, [found, retry, lookup])

	return { order, setOrder, error }
}
