import { database, db } from '../db/client.server'
import { ORDERS_CHANNEL } from '../domain/orders/notify-order.server'
import { readChangedOrder } from '../domain/orders/order-updates.server'
import { viewOrder } from '../domain/orders/view-order.server'
import { subscribe } from '../domain/realtime/hub.server'
import { logger } from '../utils/logger.server'
import { singleton } from '../utils/singleton.server'
import { encodeEvent, type LiveSink } from './event-stream.server'

// Open order pages by order: one notification reads the order once, serialises each view (the full
// one for its owner, the limited one for everyone else) once, encodes it once, and writes the same
// bytes to every page of that order. No page costs a query, a JSON.stringify or a filter of its own.

interface Watchers {
	full: Set<LiveSink>
	limited: Set<LiveSink>
}

const watching = singleton('order-live-watchers', () => new Map<string, Watchers>())
const listening = singleton('order-live-listening', () => new WeakMap<object, Promise<unknown>>())

const FAILED = encodeEvent('error', JSON.stringify({ error: 'Failed to fetch order details' }))

function writeAll(sinks: Set<LiveSink>, chunk: Uint8Array) {
	for (const sink of sinks) sink.write(chunk)
}

async function orderChanged(orderNumber: string) {
	const watchers = watching.get(orderNumber)
	if (!watchers) return
	let order
	try {
		order = await readChangedOrder(db(), orderNumber)
	} catch (error) {
		logger.warn({ err: error, orderNumber }, 'reading a changed order for its live pages failed')
		writeAll(watchers.full, FAILED)
		writeAll(watchers.limited, FAILED)
		return
	}
	if (!order) return
	if (watchers.full.size) writeAll(watchers.full, encodeEvent('order', JSON.stringify(viewOrder(order, { full: true }))))
	if (watchers.limited.size) writeAll(watchers.limited, encodeEvent('order', JSON.stringify(viewOrder(order, { full: false }))))
}

function listen(): Promise<unknown> {
	const current = database()
	let ready = listening.get(current)
	if (!ready) {
		ready = subscribe(ORDERS_CHANNEL, (orderNumber) => void orderChanged(orderNumber))
		ready.catch(() => listening.delete(current))
		listening.set(current, ready)
	}
	return ready
}

/** Sends `sink` every change of the order, in full or limited as its page showed it; resolves with the function that stops it. */
export async function watchOrder(orderNumber: string, full: boolean, sink: LiveSink): Promise<() => void> {
	let watchers = watching.get(orderNumber)
	if (!watchers) watching.set(orderNumber, (watchers = { full: new Set(), limited: new Set() }))
	const set = full ? watchers.full : watchers.limited
	set.add(sink)
	await listen()
	return () => {
		set.delete(sink)
		const now = watching.get(orderNumber)
		if (now && !now.full.size && !now.limited.size) watching.delete(orderNumber)
	}
}
