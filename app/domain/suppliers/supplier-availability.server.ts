import { and, eq, inArray } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client.server'
import { suppliers, variantSupply } from '../../db/schema'
import { env } from '../../utils/env.server'
import { logger } from '../../utils/logger.server'
import { singleton } from '../../utils/singleton.server'
import { supplierClient, type SupplierRow } from './supplier-registry.server'
import type { SupplierClient } from './supplier-client'

// Whether an option out of stock can still be sold because a supplier has it (ADR-053): asked with a
// short timeout, each answer kept for a few seconds (never minutes: a supplier sells out fast), shared
// by the checkout and the product page. No answer counts as none: the option is then as stock says.

export const AVAILABILITY_CACHE_MS = 10_000
const cache = singleton('supplier-availability', () => new Map<string, { at: number; available: Promise<number> }>())

/** Units the suppliers of each option can sell now (0: none, or none answered in time). */
export async function suppliedUnits(db: Db | Tx, variantIds: number[], { clientFor }: { clientFor?: (row: SupplierRow) => SupplierClient } = {}): Promise<Map<number, number>> {
	const result = new Map<number, number>()
	if (variantIds.length === 0) return result
	const rows = await db
		.select({ variantId: variantSupply.variantId, supplierProductId: variantSupply.supplierProductId, supplier: suppliers })
		.from(variantSupply)
		.innerJoin(suppliers, eq(suppliers.id, variantSupply.supplierId))
		.where(and(inArray(variantSupply.variantId, variantIds), eq(suppliers.active, true)))
	// The simulator sells nothing on a live shop (unless SUPPLIER_SIMULATOR says so): it makes nothing available there.
	const e = env()
	const usable = rows.filter((r) => !r.supplier.simulator || !e.DEPLOYED || e.SUPPLIER_SIMULATOR === true)
	const open = clientFor ?? ((row: SupplierRow) => supplierClient(row, { timeoutMs: e.SUPPLIER_CHECK_TIMEOUT_MS }))
	const at = Date.now()
	const counts = await Promise.all(
		usable.map((r) => {
			const key = `${r.supplier.id}:${r.supplier.updatedAt.getTime()}:${r.supplierProductId}`
			const hit = cache.get(key)
			if (hit && at - hit.at < AVAILABILITY_CACHE_MS) return hit.available
			const available = open(r.supplier)
				.quote(r.supplierProductId)
				.then((q) => q?.available ?? 0)
				.catch((error: unknown) => {
					logger.warn({ supplier: r.supplier.id, product: r.supplierProductId, err: error instanceof Error ? error.message : String(error) }, 'supplier availability unknown: counted as none')
					return 0
				})
			cache.set(key, { at, available })
			if (cache.size > 5000) for (const [k, v] of cache) if (at - v.at >= AVAILABILITY_CACHE_MS) cache.delete(k)
			return available
		}),
	)
	usable.forEach((r, i) => result.set(r.variantId, (result.get(r.variantId) ?? 0) + counts[i]!))
	return result
}

/** For tests: forget every answer kept. */
export const forgetSupplierAvailability = () => cache.clear()
