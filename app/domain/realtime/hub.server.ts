import { database } from '../../db/client.server'
import { logger } from '../../utils/logger.server'
import { singleton } from '../../utils/singleton.server'

type Handler = (payload: string) => void

// One LISTEN per channel per process, fanned out to every open stream of that process.
const channels = singleton('realtime-hub', () => new Map<string, { handlers: Set<Handler>; ready: Promise<unknown> }>())

export async function subscribe(channel: string, handler: Handler): Promise<() => void> {
	let entry = channels.get(channel)
	if (!entry) {
		const handlers = new Set<Handler>()
		const ready = database()
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
