import { and, asc, eq } from 'drizzle-orm'
import type { Db } from '../../db/client.server'
import { stockAssignments, stockUnits } from '../../db/schema'
import { AppError } from '../../utils/app-error'
import { typedCode } from '../../utils/digits'
import { hitRateLimit } from '../rate-limit.server'
import { recordAudit, type Actor } from '../staff/audit.server'
import { actorMay } from '../staff/permissions'
import { fingerprintOf } from './stock-crypto.server'
import { normaliseCode } from './stock-normalise.server'

// Staff find the order a code went to (a buyer says "my code does not work", a supplier names a code)
// without anything being decrypted: the typed code is normalised as imports are and looked up by its
// keyed hash, the fingerprint every code unit already carries (stock-crypto.server.ts). Only those who
// may see codes in full (the owner, staff with the reveal grant) may search so; each search is
// audited (who searched and how many orders it found, never the code).

export const CODE_SEARCH_MESSAGES = {
	refused: 'Only the shop owner, or staff the owner lets reveal stock, may search orders by a delivered code.',
	typed: 'Type the whole code as it was delivered, like ABCD-1234-EFGH (at most 200 characters).',
	limited: 'You searched by code 60 times in the last hour: try again later.',
} as const

/** Searches by code one staff member may make an hour: a keyed hash is not a way to test guesses by the thousand. */
const CODE_SEARCHES_PER_HOUR = 60

export interface CodeOrder {
	orderNumber: string
	deliveredAt: Date
	/** Staff replaced this unit on the order (it did not work), or a refund took it back. */
	replacedAt: Date | null
	refundedAt: Date | null
}

/** The orders a whole code was delivered to from stock, oldest delivery first (a code is in stock once, so usually one). */
export async function findOrdersByCode(db: Db, actor: Actor, typed: string): Promise<CodeOrder[]> {
	if (!actorMay(actor, 'reveal-stock')) throw new AppError('FORBIDDEN', CODE_SEARCH_MESSAGES.refused)
	const code = typedCode(typed)
	if (code === '' || code.length > 200) throw new AppError('BAD_REQUEST', CODE_SEARCH_MESSAGES.typed, { code: CODE_SEARCH_MESSAGES.typed })
	const normalised = normaliseCode(code)
	if (normalised === '') throw new AppError('BAD_REQUEST', CODE_SEARCH_MESSAGES.typed, { code: CODE_SEARCH_MESSAGES.typed })
	if (actor.staffId != null) await hitRateLimit(db, `code-search:${actor.staffId}`, { limit: CODE_SEARCHES_PER_HOUR, windowSeconds: 3600, message: CODE_SEARCH_MESSAGES.limited })
	const found = await db
		.select({ orderNumber: stockAssignments.orderNumber, deliveredAt: stockAssignments.assignedAt, replacedAt: stockAssignments.replacedAt, refundedAt: stockAssignments.refundedAt })
		.from(stockUnits)
		.innerJoin(stockAssignments, eq(stockAssignments.unitId, stockUnits.id))
		.where(and(eq(stockUnits.kind, 'code'), eq(stockUnits.fingerprint, fingerprintOf(normalised))))
		.orderBy(asc(stockAssignments.assignedAt), asc(stockAssignments.id))
	await recordAudit(db, actor, { action: 'orders.search-code', target: 'delivered codes', after: { found: found.length, orders: found.map((f) => f.orderNumber) } })
	return found
}
