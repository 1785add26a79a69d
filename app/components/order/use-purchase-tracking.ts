import { useEffect } from 'react'
import type { OrderView } from '~/domain/orders/order-view'
import { trackPixel } from '~/utils/pixel'

export const purchaseMarkerKey = (orderNumber: string) => `purchase-tracked:${orderNumber}`

/** §4 purchase tracking: one pixel Purchase event per paid order and browser, remembered in local storage. */
export function usePurchaseTracking(order: Pick<OrderView, 'orderNumber' | 'status' | 'totalAmount'> | null) {
	const orderNumber = order?.orderNumber
	const completed = order?.status.toLowerCase() === 'completed'
	const value = order?.totalAmount
	useEffect(() => {
		if (!orderNumber || !completed) return
		const key = purchaseMarkerKey(orderNumber)
		try {
			if (window.localStorage.getItem(key)) return
		} catch {
			// storage blocked: send anyway, the event id lets the pixel drop a repeat
		}
		trackPixel('Purchase', { value, currency: 'PKR' }, orderNumber)
		try {
			window.localStorage.setItem(key, new Date().toISOString())
		} catch {
			// storage blocked or full
		}
	}, [orderNumber, completed, value])
}
