import { longReaderOf, type Db } from './client.server'

/**
 * Runs a long read (a report, a batch of an export, the customers' figures) on the long reads' own
 * pool of LONG_READ_CONNECTIONS connections (ADR-057), so it can never starve checkouts and payments
 * of the main pool's. On PGlite, one connection in this process, it runs as it is.
 */
export async function boundedRead<T>(db: Db, read: (db: Db) => Promise<T>): Promise<T> {
	return read(longReaderOf(db) ?? db)
}
