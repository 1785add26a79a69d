import { and, asc, eq, isNull, ne, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.server'
import { stockUnits } from '../../db/schema'
import { logger } from '../../utils/logger.server'
import { recordAudit } from '../staff/audit.server'
import { currentKeyId, fingerprintOf, openUnit } from './stock-crypto.server'
import { normaliseCode } from './stock-normalise.server'
import { STOCK_LIMITS } from './stock-rules'

// Codes imported before look-alike letters, dashes and invisible characters were compared as one
// (fingerprint version 1) are fingerprinted again at start, before the shop serves: the fingerprint
// is a keyed hash of the code, so only the running shop, with the delivery key, can do it. A code
// that turns out to be a copy of another unit in stock is marked (duplicate_of) and, if unsold,
// voided with an audit entry: it would otherwise be sold a second time. Units sealed with a key
// that is not loaded keep their old fingerprint (and are counted as unreadable).

const BATCH = 500
const SYSTEM = { label: 'system: stock fingerprints' }

export interface RefingerprintResult {
	updated: number
	duplicates: number
	voided: number
	unreadable: number
}

export async function refingerprintStock(db: Db): Promise<RefingerprintResult> {
	const result: RefingerprintResult = { updated: 0, duplicates: 0, voided: 0, unreadable: 0 }
	const keyId = currentKeyId()
	for (;;) {
		const done = await db.transaction(async (tx) => {
			// Imports and other instances starting take turns with this (the importer's lock).
			await tx.execute(sql`select pg_advisory_xact_lock(7303, 0)`)
			const units = await tx
				.select()
				.from(stockUnits)
				.where(and(eq(stockUnits.kind, 'code'), eq(stockUnits.fingerprintVersion, 1), eq(stockUnits.keyId, keyId)))
				.orderBy(asc(stockUnits.id))
				.limit(BATCH)
			for (const unit of units) {
				let fingerprint: string
				try {
					fingerprint = fingerprintOf(normaliseCode(openUnit(unit)))
				} catch {
					// Cannot happen with the key id checked above, unless the secret is damaged: leave it as it is.
					result.unreadable++
					await tx.update(stockUnits).set({ fingerprintVersion: 2 }).where(eq(stockUnits.id, unit.id))
					continue
				}
				let duplicateOf = unit.duplicateOf
				if (duplicateOf === null && fingerprint !== unit.fingerprint) {
					const [holder] = await tx
						.select({ id: stockUnits.id, productId: stockUnits.productId })
						.from(stockUnits)
						.where(and(eq(stockUnits.fingerprint, fingerprint), eq(stockUnits.kind, 'code'), isNull(stockUnits.duplicateOf), ne(stockUnits.id, unit.id)))
						.limit(1)
					if (holder) {
						duplicateOf = holder.id
						result.duplicates++
					}
				}
				await tx.update(stockUnits).set({ fingerprint, fingerprintVersion: 2, duplicateOf }).where(eq(stockUnits.id, unit.id))
				result.updated++
				if (duplicateOf !== null && unit.status === 'available') {
					const [holder] = await tx.select({ productId: stockUnits.productId }).from(stockUnits).where(eq(stockUnits.id, duplicateOf))
					const reason = `Also in stock of product ${holder?.productId ?? '?'} (unit ${duplicateOf}): a copy is never sold.`.slice(0, STOCK_LIMITS.voidReason)
					await tx.update(stockUnits).set({ status: 'voided', voidReason: reason, voidedAt: new Date() }).where(eq(stockUnits.id, unit.id))
					await recordAudit(tx, SYSTEM, {
						action: 'stock.void-duplicate',
						target: `product ${unit.productId}`,
						before: { unitId: unit.id, status: unit.status, freeSlots: unit.slots - unit.slotsUsed },
						after: { unitId: unit.id, status: 'voided', duplicateOf },
						note: reason,
					})
					result.voided++
				}
			}
			return units.length < BATCH
		})
		if (done) break
	}
	const [left] = await db
		.select({ count: sql<number>`count(*)::integer` })
		.from(stockUnits)
		.where(and(eq(stockUnits.kind, 'code'), eq(stockUnits.fingerprintVersion, 1)))
	result.unreadable += Number(left?.count ?? 0)
	if (result.updated || result.unreadable) logger.info({ ...result }, 'stock: codes fingerprinted the new way (look-alikes, dashes and invisible characters compared as one)')
	return result
}
