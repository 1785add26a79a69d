import { database, type Db } from '../db/client.server'
import { logger } from '../utils/logger.server'
import { singleton } from '../utils/singleton.server'
import { subscribe } from './realtime/hub.server'
import { STORE_CHANGED_CHANNEL, type StoreChange } from './store-changes.server'

// What is read on every request and changed rarely (the store's details, the blocklist) is kept in
// memory: one read per change, not per request. A change on any instance clears every instance's
// copy (STORE_CHANGED_CHANNEL, sent in the changing transaction); the age limit only covers changes
// sent while an instance's LISTEN connection was away (PostgreSQL does not replay them).
const MAX_AGE_MS = 60_000

export interface CachedRead<T> {
	/** The value: from memory, read again after any change of its kind. */
	read(db: Db): Promise<T>
	/** Forgets this instance's copy; the next read asks the database. */
	forget(): void
}

/** A value named `name`, read by `load`, kept until a change of kind `change` (or a minute) passes. */
export function cachedUntilChanged<T>(name: string, change: StoreChange, load: (db: Db) => Promise<T>): CachedRead<T> {
	const cache = singleton(`cached read: ${name}`, () => ({
		entries: new WeakMap<Db, { value: Promise<T>; at: number }>(),
		watched: new WeakSet<object>(),
	}))
	const forget = () => {
		cache.entries = new WeakMap()
	}
	/** Clears the copy whenever any instance makes a change of this kind (once per open database). */
	function watchForChanges() {
		let open
		try {
			open = database()
		} catch {
			return // no shared database (a test's own): the age limit applies
		}
		if (cache.watched.has(open)) return
		cache.watched.add(open)
		subscribe(
			STORE_CHANGED_CHANNEL,
			(what) => {
				if (what === change) forget()
			},
			// A change notified while the listening connection was away: read it again.
			forget,
		).catch((error: unknown) => logger.warn({ err: error }, `${name}: cannot listen for changes; each instance rereads it every minute`))
	}
	return {
		forget,
		read(db) {
			watchForChanges()
			const entries = cache.entries
			const cached = entries.get(db)
			if (cached && Date.now() - cached.at < MAX_AGE_MS) return cached.value
			const value = load(db)
			entries.set(db, { value, at: Date.now() })
			// A failed read is not kept: the next request tries again.
			value.catch(() => {
				if (entries.get(db)?.value === value) entries.delete(db)
			})
			return value
		},
	}
}
