import { and, count, desc, eq, isNull } from 'drizzle-orm'
import type { Db } from '../../db/client.server'
import { orders, productVariants, stockAssignments, supplierPurchases, suppliers, type SupplierPurchaseStatus } from '../../db/schema'
import { inEnglish } from '../../i18n/english'
import type { MessageKey } from '../../i18n/catalogue'
import { owesDelivery } from '../orders/order-facts'
import { AppError } from '../../utils/app-error'
import { readCostSettings } from '../costs/cost-settings.server'
import { linesOfOrders } from '../orders/order-lines.server'
import { recordAudit, type Actor } from '../staff/audit.server'
import { maxUnitPriceCents, mayBuyFrom, noRateReason } from './buy-from-suppliers.server'
import type { SupplierCurrency } from './supplier-client'
import { supplierCurrency } from './supplier-registry.server'
import { queueSupplierPurchase } from './queue-supplier-purchase.server'

// The purchases staff see and retry (ADR-053): every purchase from a supplier, its state and, for one
// that failed or waits, the sentence saying why. A retry is for a purchase waiting for staff only.

export { SUPPLIER_PURCHASE_STATUSES } from './supplier-input'

export interface SupplierPurchaseView {
	id: number
	orderNumber: string
	status: SupplierPurchaseStatus
	supplier: { id: number; name: string } | null
	supplierProductId: string
	quantity: number
	keysReceived: number
	/** The currency of unitPriceCents and maxUnitPriceCents: its supplier's (US dollars when the supplier was removed). */
	currency: SupplierCurrency
	unitPriceCents: number | null
	maxUnitPriceCents: number | null
	supplierOrderId: string | null
	/** Why it failed or waits for staff, in English; null otherwise. */
	reason: string | null
	attempts: number
	createdAt: string
	updatedAt: string
}

const reasonOf = (row: { reason: string | null; reasonParams: Record<string, string | number> | null }) => (row.reason ? inEnglish({ key: row.reason as MessageKey, params: row.reasonParams ?? {} }) : null)

/** Purchases newest first (at most 100), of one state or all, and how many wait for staff. */
export async function listSupplierPurchases(db: Db, { status }: { status?: SupplierPurchaseStatus } = {}): Promise<{ waiting: number; purchases: SupplierPurchaseView[] }> {
	const [rows, [waiting]] = await Promise.all([
		db
			.select({ purchase: supplierPurchases, supplierName: suppliers.name, supplierKind: suppliers.kind })
			.from(supplierPurchases)
			.leftJoin(suppliers, eq(suppliers.id, supplierPurchases.supplierId))
			.where(status ? eq(supplierPurchases.status, status) : undefined)
			.orderBy(desc(supplierPurchases.id))
			.limit(100),
		db.select({ n: count() }).from(supplierPurchases).where(eq(supplierPurchases.status, 'waiting')),
	])
	return {
		waiting: Number(waiting?.n ?? 0),
		purchases: rows.map(({ purchase: p, supplierName, supplierKind }) => ({
			id: p.id,
			orderNumber: p.orderNumber,
			status: p.status,
			supplier: p.supplierId != null && supplierName != null ? { id: p.supplierId, name: supplierName } : null,
			supplierProductId: p.supplierProductId,
			quantity: p.quantity,
			keysReceived: p.keysReceived,
			currency: supplierKind ? supplierCurrency({ kind: supplierKind }) : 'USD',
			unitPriceCents: p.unitPriceCents,
			maxUnitPriceCents: p.maxUnitPriceCents,
			supplierOrderId: p.supplierOrderId,
			reason: reasonOf(p),
			attempts: p.attempts,
			createdAt: p.createdAt.toISOString(),
			updatedAt: p.updatedAt.toISOString(),
		})),
	}
}

/**
 * Staff ask again for a purchase waiting for them (the supplier answers again, funds were added, the
 * rate was set): the same idempotency key, looked up first, so a supplier that took it once is never
 * asked to sell it twice; its keys still owed are fetched again. Audited; the job runs it at once.
 */
export async function retrySupplierPurchase(db: Db, actor: Actor, id: number): Promise<{ id: number; status: SupplierPurchaseStatus }> {
	return db.transaction(async (tx) => {
		const [found] = await tx.select().from(supplierPurchases).where(eq(supplierPurchases.id, id)).limit(1)
		if (!found) throw new AppError('NOT_FOUND', `There is no supplier purchase ${id}.`)
		// The order first, then the purchase: the order in which the purchase job locks them.
		const [order] = await tx.select().from(orders).where(eq(orders.id, found.orderId)).for('update')
		const [row] = await tx.select().from(supplierPurchases).where(eq(supplierPurchases.id, id)).for('update')
		if (!row || !order) throw new AppError('NOT_FOUND', `There is no supplier purchase ${id}.`)
		if (row.status !== 'waiting') throw new AppError('CONFLICT', `Purchase ${id} is ${row.status}: only a purchase waiting for staff can be retried.`)
		const [held] = await tx
			.select({ n: count() })
			.from(stockAssignments)
			.where(and(eq(stockAssignments.orderId, row.orderId), eq(stockAssignments.lineIndex, row.lineIndex), isNull(stockAssignments.replacedAt), isNull(stockAssignments.refundedAt)))
		const line = ((await linesOfOrders(tx, [row.orderId])).get(row.orderId) ?? []).find((l) => l.position === row.lineIndex)
		if (!line || !owesDelivery(order) || line.quantity - line.refundedQuantity - Number(held?.n ?? 0) <= 0) {
			throw new AppError('CONFLICT', `Order ${row.orderNumber} no longer waits for these codes: nothing to buy.`)
		}
		const [supplier] = row.supplierId == null ? [] : await tx.select().from(suppliers).where(eq(suppliers.id, row.supplierId))
		if (!supplier || !supplier.active) throw new AppError('CONFLICT', 'This purchase’s supplier was removed or switched off: switch it on, or serve the order by hand.')
		if (!mayBuyFrom(supplier)) throw new AppError('CONFLICT', inEnglish({ key: 'suppliers.reason.simulator', params: { supplier: supplier.name } }))
		const [variant] = row.variantId == null ? [] : await tx.select({ minMarginPercent: productVariants.minMarginPercent }).from(productVariants).where(eq(productVariants.id, row.variantId))
		const max = maxUnitPriceCents(line, variant?.minMarginPercent ?? null, await readCostSettings(tx), supplierCurrency(supplier))
		if (max == null) throw new AppError('CONFLICT', inEnglish(noRateReason(supplier)))
		// Taken by the supplier: its keys are fetched again, with a new wait. Else bought again under the same key, looked up first (attempts ≥ 1).
		const status: SupplierPurchaseStatus = row.supplierOrderId ? 'ordered' : 'pending'
		await tx
			.update(supplierPurchases)
			.set({ status, reason: null, reasonParams: null, attempts: 1, leaseUntil: null, maxUnitPriceCents: row.supplierOrderId ? row.maxUnitPriceCents : max, ...(row.supplierOrderId ? { orderedAt: new Date() } : {}), updatedAt: new Date() })
			.where(eq(supplierPurchases.id, id))
		await queueSupplierPurchase(tx, row.orderId, `retry:${id}:${Date.now()}`)
		await recordAudit(tx, actor, { action: 'suppliers.retry', orderNumber: row.orderNumber, target: `supplier purchase ${id}`, before: { status: row.status, reason: reasonOf(row) }, after: { status } })
		return { id, status }
	})
}
