import { sql } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client.server'

// When a session or key ends, every live stream opened under it ends too, on every instance: the
// end is announced through PostgreSQL NOTIFY (in the same transaction as the change where there is
// one), and each instance closes its own streams held by that holder (app/http/live-streams.server.ts).

export const LIVE_ENDED_CHANNEL = 'live_ended'

/** Who a live stream was opened as: a buyer's session, a staff session, or an API key. */
export type LiveHolder = `buyer-session:${string}` | `staff-session:${string}` | `api-key:${number}`

export const buyerSessionHolder = (idHash: string): LiveHolder => `buyer-session:${idHash}`
export const staffSessionHolder = (idHash: string): LiveHolder => `staff-session:${idHash}`
export const apiKeyHolder = (id: number): LiveHolder => `api-key:${id}`

/** Announces that these holders ended: their open streams close within moments on every instance. */
export async function announceLiveEnded(db: Db | Tx, holders: readonly LiveHolder[]): Promise<void> {
	// NOTIFY payloads stop at 8000 bytes: one per holder (a hash is 80 characters with its prefix).
	for (const holder of holders) await db.execute(sql`select pg_notify(${LIVE_ENDED_CHANNEL}, ${holder})`)
}
