import { sql } from 'drizzle-orm'
import type { Db, Tx } from '../db/client.server'

/** Anything the storefront shows or checks that staff changed in the console: products, settings, pages, library, reviews, the blocklist. */
export const STORE_CHANGED_CHANNEL = 'store_changed'

export type StoreChange = 'catalogue' | 'settings' | 'pages' | 'library' | 'reviews' | 'blocklist' | 'connections'

/**
 * Tells every server instance, on commit, that what the storefront shows has changed: each clears
 * its page cache and its cached settings. Call it inside the transaction that makes the change.
 */
export async function notifyStoreChanged(tx: Db | Tx, what: StoreChange) {
	await tx.execute(sql`select pg_notify(${STORE_CHANGED_CHANNEL}, ${what})`)
}
