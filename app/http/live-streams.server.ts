import { database } from '../db/client.server'
import { LIVE_ENDED_CHANNEL, type LiveHolder } from '../domain/realtime/live-ended.server'
import { subscribe } from '../domain/realtime/hub.server'
import { singleton } from '../utils/singleton.server'

// The open live streams of this process by who opened them (a buyer's session, a staff session, an
// API key): when any instance announces that holder ended (domain/realtime/live-ended.server.ts),
// this one closes its streams of that holder at once.

const held = singleton('live-streams-held', () => new Map<LiveHolder, Set<() => void>>())
const listening = singleton('live-streams-listening', () => new WeakMap<object, Promise<unknown>>())

function endHolder(holder: string) {
	const closers = held.get(holder as LiveHolder)
	if (!closers) return
	held.delete(holder as LiveHolder)
	for (const close of closers) close()
}

/** Listens for ended holders on the open database, once per database. */
function listen(): Promise<unknown> {
	const db = database()
	let ready = listening.get(db)
	if (!ready) {
		// A holder that ended while the listening connection was away is not announced again: every held
		// stream of this process ends, and each page opens its stream again, checked anew.
		ready = subscribe(LIVE_ENDED_CHANNEL, endHolder, () => {
			for (const holder of [...held.keys()]) endHolder(holder)
		})
		ready.catch(() => listening.delete(db))
		listening.set(db, ready)
	}
	return ready
}

/**
 * Registers a stream under its holders: `close` runs when any of them ends, on any instance. Resolves
 * once this instance listens, with the function that takes the stream off again.
 */
export async function holdStream(holders: readonly LiveHolder[], close: () => void): Promise<() => void> {
	if (!holders.length) return () => {}
	for (const holder of holders) {
		let closers = held.get(holder)
		if (!closers) held.set(holder, (closers = new Set()))
		closers.add(close)
	}
	await listen()
	return () => {
		for (const holder of holders) {
			const closers = held.get(holder)
			if (!closers) continue
			closers.delete(close)
			if (!closers.size) held.delete(holder)
		}
	}
}
