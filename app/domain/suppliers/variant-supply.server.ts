import { noSuchSupplier } from './supplier-input'
import { asc, eq, inArray } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client.server'
import { suppliers, variantSupply } from '../../db/schema'
import { AppError } from '../../utils/app-error'

// Which suppliers serve an option, in order of preference (ADR-053): the one writer of variant_supply.

export interface VariantSupply {
	supplierId: number
	supplierProductId: string
}

/** Replaces an option's suppliers with this list, in its order; each supplier must exist. */
export async function setVariantSupply(tx: Tx, variantId: number, list: VariantSupply[]): Promise<void> {
	const ids = [...new Set(list.map((s) => s.supplierId))]
	if (ids.length) {
		const known = new Set((await tx.select({ id: suppliers.id }).from(suppliers).where(inArray(suppliers.id, ids))).map((r) => r.id))
		const missing = ids.find((id) => !known.has(id))
		if (missing != null) throw new AppError('BAD_REQUEST', noSuchSupplier(missing), { variants: `Unknown supplier ${missing}` })
	}
	await tx.delete(variantSupply).where(eq(variantSupply.variantId, variantId))
	if (list.length) await tx.insert(variantSupply).values(list.map((s, position) => ({ variantId, supplierId: s.supplierId, supplierProductId: s.supplierProductId, position })))
}

/** The suppliers of these options, in order, by option. */
export async function supplyOfVariants(db: Db | Tx, variantIds: number[]): Promise<Map<number, VariantSupply[]>> {
	const byVariant = new Map<number, VariantSupply[]>()
	if (variantIds.length === 0) return byVariant
	const rows = await db
		.select({ variantId: variantSupply.variantId, supplierId: variantSupply.supplierId, supplierProductId: variantSupply.supplierProductId })
		.from(variantSupply)
		.where(inArray(variantSupply.variantId, variantIds))
		.orderBy(asc(variantSupply.variantId), asc(variantSupply.position), asc(variantSupply.supplierId))
	for (const r of rows) byVariant.set(r.variantId, [...(byVariant.get(r.variantId) ?? []), { supplierId: r.supplierId, supplierProductId: r.supplierProductId }])
	return byVariant
}
