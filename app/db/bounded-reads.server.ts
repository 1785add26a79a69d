import { longReadersOf, type Db } from './client.server'
import { databaseUnreachable } from './unreachable'

// The one seam of long reads (ADR-057, ADR-059): reports (page, CSV, API, the daily summary), each
// batch of the orders CSV, the customers' list and a buyer's figures, and the console's order
// searches. tests/lint/long-reads.test.ts keeps their pools reachable from here only.

/** SQLSTATE 40001 on a standby: a read cancelled because replay had to remove rows it was reading. */
const RECOVERY_CONFLICT = /conflict with recovery/

function replicaCannotAnswer(error: unknown): boolean {
	if (databaseUnreachable(error)) return true
	for (let at: unknown = error, depth = 0; at instanceof Error && depth < 5; depth++, at = at.cause) {
		if (RECOVERY_CONFLICT.test(at.message)) return true
	}
	return false
}

/**
 * Runs a long read on the long reads' own pool of LONG_READ_CONNECTIONS connections (ADR-057), so
 * it can never starve checkouts and payments of the main pool's: on the read replica when
 * DATABASE_REPLICA_URL is set, on the primary when the replica cannot be reached (logged, and said
 * by /healthz and /metrics) or cancelled the read. On PGlite, one connection in this process, it
 * runs as it is. A read that must see what was just written (a page after its own form) does not
 * belong here: a replica may be a moment behind.
 */
export async function boundedRead<T>(db: Db, read: (db: Db) => Promise<T>): Promise<T> {
	const readers = longReadersOf(db)
	if (!readers) return read(db)
	const { replica } = readers
	if (replica?.usable()) {
		try {
			const answer = await read(replica.db)
			replica.answered()
			return answer
		} catch (error) {
			if (!replicaCannotAnswer(error)) throw error
			replica.failed(error)
		}
	}
	return read(readers.primary)
}
