// Whether a failure is the database being away (restarting, failing over, unreachable) rather than
// a fault in the shop: such a request is worth trying again in a moment, and says so (503).

/** Errors of the connection itself: refused, reset, timed out, or ended by the server shutting down or starting up. */
const CONNECTION_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', '57P01', '57P02', '57P03'])
/** What node-postgres says, without a code, when a connection dies or cannot be made in time (or, from its pool, cannot be had in time). */
const CONNECTION_MESSAGES = /^(Connection terminated|timeout expired|timeout exceeded when trying to connect|Client has encountered a connection error|Connection terminated due to connection timeout)/

export function databaseUnreachable(error: unknown): boolean {
	// Drizzle wraps the driver's error in its own, as `cause`.
	let at: unknown = error
	for (let depth = 0; at && typeof at === 'object' && depth < 5; depth++) {
		const code = (at as { code?: unknown }).code
		// SQLSTATE class 08: connection exceptions.
		if (typeof code === 'string' && (CONNECTION_CODES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) return true
		if (at instanceof Error && CONNECTION_MESSAGES.test(at.message)) return true
		at = (at as { cause?: unknown }).cause
	}
	return false
}

/** A page or call that failed only because the database was away answers this, with Retry-After. */
export const DATABASE_AWAY_STATUS = 503
export const DATABASE_AWAY_RETRY_AFTER_SECONDS = 5
