import { database, db } from '../db/client.server'
import { ORDERS_CHANNEL } from '../domain/orders/notify-order.server'
import { readChangedOrder } from '../domain/orders/order-updates.server'
import { publicOrderView } from '../domain/orders/view-order.server'
import { revealOrder } from '../domain/orders/reveal-delivery.server'
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
	/** The order's changes are read and written one after another: a page never gets an older state after a newer one. */
	delivering: Promise<void>
}

/**
 * Pages written to before the fan-out lets the event loop run (and the sockets written so far
 * flush): the first pages get the change at once rather than after the last, and the server
 * answers other requests meanwhile.
 */
const FAN_OUT_BATCH = 500

const watching = singleton('order-live-watchers', () => new Map<string, Watchers>())
const listening = singleton('order-live-listening', () => new WeakMap<object, Promise<unknown>>())

const FAILED = encodeEvent('error', JSON.stringify({ error: 'Failed to fetch order details' }))

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve))

/** Writes `chunk` to every sink, FAN_OUT_BATCH at a time (a sink added meanwhile gets it too, a removed one does not). */
async function writeAll(sinks: Set<LiveSink>, chunk: Uint8Array) {
	let written = 0
	for (const sink of sinks) {
		sink.write(chunk)
		if (++written % FAN_OUT_BATCH === 0) await nextTurn()
	}
}

async function deliver(orderNumber: string, watchers: Watchers) {
	let order
	try {
		order = await readChangedOrder(db(), orderNumber)
	} catch (error) {
		logger.warn({ err: error, orderNumber }, 'reading a changed order for its live pages failed')
		await writeAll(watchers.full, FAILED)
		await writeAll(watchers.limited, FAILED)
		return
	}
	if (!order) return
	// Both views are made before either is written, each once for all its pages. The owner's pages are
	// sent the codes only once they are recorded as seen (a refund reads it); if that fails, they are told to look again.
	let full: Uint8Array | null = null
	if (watchers.full.size) {
		try {
			full = encodeEvent('order', JSON.stringify(await revealOrder(db(), order)))
		} catch (error) {
			logger.warn({ err: error, orderNumber }, 'revealing delivered codes to live pages failed')
			full = FAILED
		}
	}
	const limited = watchers.limited.size ? encodeEvent('order', JSON.stringify(publicOrderView(order))) : null
	if (full) await writeAll(watchers.full, full)
	if (limited) await writeAll(watchers.limited, limited)
}

function orderChanged(orderNumber: string) {
	const watchers = watching.get(orderNumber)
	if (!watchers) return
	watchers.delivering = watchers.delivering.then(() => deliver(orderNumber, watchers)).catch((error: unknown) => {
		logger.warn({ err: error, orderNumber }, 'writing a changed order to its live pages failed')
	})
}

function listen(): Promise<unknown> {
	const current = database()
	let ready = listening.get(current)
	if (!ready) {
		// Once the listening connection is back after it was lost, every watched order is read again: one paid or delivered meanwhile reaches its pages.
		ready = subscribe(ORDERS_CHANNEL, orderChanged, () => {
			for (const orderNumber of watching.keys()) orderChanged(orderNumber)
		})
		ready.catch(() => listening.delete(current))
		listening.set(current, ready)
	}
	return ready
}

/** Sends `sink` every change of the order, in full or limited as its page showed it; resolves with the function that stops it. */
export async function watchOrder(orderNumber: string, full: boolean, sink: LiveSink): Promise<() => void> {
	let watchers = watching.get(orderNumber)
	if (!watchers) watching.set(orderNumber, (watchers = { full: new Set(), limited: new Set(), delivering: Promise.resolve() }))
	const set = full ? watchers.full : watchers.limited
	set.add(sink)
	await listen()
	return () => {
		set.delete(sink)
		const now = watching.get(orderNumber)
		if (now && !now.full.size && !now.limited.size) watching.delete(orderNumber)
	}
}
