import { database } from '../../db/client.server'
import { logger } from '../../utils/logger.server'
import { singleton } from '../../utils/singleton.server'

type Handler = (payload: string) => void

type Channels = Map<string, { handlers: Set<Handler>; restored: Set<() => void>; ready: Promise<unknown> }>

// One LISTEN per channel per open database, fanned out to every open stream of this process. Keyed
// by the database, so a database opened after another was closed (tests, a restart in-process)
// never inherits listeners of the closed one.
const hubs = singleton('realtime-hub', () => new WeakMap<object, Channels>())

/**
 * Calls `handler` with each notification on `channel`. `restored`, if given, is called when the
 * listening connection is back after it was lost: what was notified meanwhile is not replayed, so it
 * reads again what it shows.
 */
export async function subscribe(channel: string, handler: Handler, restored?: () => void): Promise<() => void> {
	const db = database()
	let channels = hubs.get(db)
	if (!channels) {
		const created: Channels = new Map()
		channels = created
		hubs.set(db, channels)
		db.onListenRestored(() => {
			// Each listener once, though it may catch up for more than one channel (the page cache listens on three).
			for (const listener of new Set([...created.values()].flatMap((entry) => [...entry.restored]))) {
				try {
					listener()
				} catch (error) {
					logger.warn({ err: error }, 'realtime: catching up after the listening connection came back failed')
				}
			}
		})
	}
	let entry = channels.get(channel)
	if (!entry) {
		const handlers = new Set<Handler>()
		const ready = db
			.listen(channel, (payload) => {
				for (const h of handlers) {
					try {
						h(payload)
					} catch (error) {
						logger.warn({ err: error, channel }, 'realtime handler failed')
					}
				}
			})
			.catch((error: unknown) => {
				channels.delete(channel)
				throw error
			})
		entry = { handlers, restored: new Set(), ready }
		channels.set(channel, entry)
	}
	entry.handlers.add(handler)
	if (restored) entry.restored.add(restored)
	await entry.ready
	return () => {
		entry.handlers.delete(handler)
		if (restored) entry.restored.delete(restored)
	}
}
