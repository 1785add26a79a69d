import { database } from '../../db/client.server'
import { logger } from '../../utils/logger.server'
import { singleton } from '../../utils/singleton.server'

type Handler = (payload: string) => void

type Channels = Map<string, { handlers: Set<Handler>; ready: Promise<unknown> }>

// One LISTEN per channel per open database, fanned out to every open stream of this process. Keyed
// by the database, so a database opened after another was closed (tests, a restart in-process)
// never inherits listeners of the closed one.
const hubs = singleton('realtime-hub', () => new WeakMap<object, Channels>())

export async function subscribe(channel: string, handler: Handler): Promise<() => void> {
	const db = database()
	let channels = hubs.get(db)
	if (!channels) {
		channels = new Map()
		hubs.set(db, channels)
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
		entry = { handlers, ready }
		channels.set(channel, entry)
	}
	entry.handlers.add(handler)
	await entry.ready
	return () => entry.handlers.delete(handler)
}
