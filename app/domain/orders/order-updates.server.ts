import type { Db } from '../../db/client.server'
import type { Order } from './order'
import { findOrder } from './find-order.server'

// One notification reaches every open page of an order at once (handlers run in one loop):
// the first handler starts the read and the others share it, so a thousand open pages cost one query.
const reading = new Map<string, Promise<Order | null>>()

export function readChangedOrder(db: Db, orderNumber: string): Promise<Order | null> {
	let pending = reading.get(orderNumber)
	if (!pending) {
		pending = findOrder(db, { internalOrderId: orderNumber })
		reading.set(orderNumber, pending)
		queueMicrotask(() => reading.delete(orderNumber))
	}
	return pending
}
