import { and, asc, eq, inArray, isNotNull, isNull, lt, or, sql } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client.server'
import { orders, productVariants, stockAssignments, stockUnits, supplierPurchases, suppliers, variantSupply, type SupplierPurchaseStatus } from '../../db/schema'
import type { MessageKey } from '../../i18n/catalogue'
import { env } from '../../utils/env.server'
import { now } from '../../utils/clock'
import { logger } from '../../utils/logger.server'
import { singleton } from '../../utils/singleton.server'
import { rupeesPerUnit } from '../costs/cost-rules'
import { readCostSettings, type CostSettings } from '../costs/cost-settings.server'
import { reviseOrderCost } from '../costs/record-order-cost.server'
import { linesOfOrders, type OrderLineRow } from '../orders/order-lines.server'
import { owesDelivery } from '../orders/order-facts'
import { readStoreDetails } from '../settings/store-details.server'
import { awaitsTestApproval, deliverFromStock } from '../stock/deliver-stock.server'
import { afterStockDelivery } from '../stock/stock-alerts.server'
import { fingerprintOf, sealUnit } from '../stock/stock-crypto.server'
import { normaliseCode } from '../stock/stock-normalise.server'
import { isSupplierError, type SupplierClient, type SupplierCurrency, type SupplierFailure } from './supplier-client'
import { rateName, supplierMoneyText } from './supplier-console'
import { supplierClient, supplierCurrency, type SupplierRow } from './supplier-registry.server'
import { alertPurchaseWaits } from './supplier-purchase-alert.server'

// Buying at payment what stock cannot serve (ADR-053). The paying transaction queued a job; the job
// (any worker, any number of times) runs `buyFromSuppliers` for the order:
//  1. Plan, holding the order row: the units each supplied line is still owed, less those already in
//     a purchase, become purchase rows (at most 9 units each: Kinguin's limit per offer) for the
//     first supplier of the option that has not failed this line, with the most a unit may cost.
//     The row, with its idempotency key, is committed before the supplier hears of it.
//  2. Each open row is leased (database time) by one worker, which calls the supplier: a row whose
//     call may have happened is first looked up by its key (findOrder), so a crash between the call
//     and its answer never buys twice. An order taken becomes `ordered`; its keys are stored as stock
//     units of the option kept for this order and delivered to it through the stock path, in one
//     transaction holding the order row.
//  3. A supplier that cannot (product gone, too few, too dear, no funds, refused) fails the row: the
//     next supplier gets a new row; with none left the row waits for staff, with the reason. A
//     supplier that does not answer is asked again later (the job's backoff), then given up on.

/** Kinguin takes at most 9 units of one offer in an order. */
const MAX_UNITS_PER_PURCHASE = 9
/** Calls that got no answer before the supplier is given up on for this row. */
const MAX_SILENT_ATTEMPTS = 4
/** Minutes a supplier may take to send every key of an order it took. */
export const KEYS_WAIT_MINUTES = 15
const MAX_ROUNDS = 8

type Reason = { key: MessageKey; params?: Record<string, string | number> }
type PurchaseRow = typeof supplierPurchases.$inferSelect

export interface SupplierRun {
	/** Something is still to be asked again (no answer, keys still coming): the job runs again later. */
	retryLater: boolean
	/** Units delivered by this run. */
	delivered: number
}

export interface BuyOptions {
	/** The client for a supplier row (tests may wrap it); by default the registry's. */
	clientFor?: (row: SupplierRow) => SupplierClient
	/** The job's last attempt: what is still unanswered waits for staff now. */
	finalAttempt?: boolean
}

/**
 * The most one unit may cost (cents of the supplier's currency) and still leave the option's minimum
 * margin, after PayPro's fee, at the owner's rate for that currency. Null: the shop has no such rate.
 */
export function maxUnitPriceCents(line: Pick<OrderLineRow, 'lineTotal' | 'quantity'>, minMarginPercent: number | null, costs: Pick<CostSettings, 'rupeesPerDollar' | 'rupeesPerEuro' | 'payproFeePercent'>, currency: SupplierCurrency): number | null {
	const rate = rupeesPerUnit(costs, currency)
	if (!rate) return null
	const soldFor = line.lineTotal / Math.max(1, line.quantity)
	// In hundredths of a percent, whole: 1 − 2.5 % − 90 % in floating point is a hair under 7.5 %, and would cost a cent.
	const kept = 10_000 - Math.round(costs.payproFeePercent * 100) - Math.round((minMarginPercent ?? 0) * 100)
	const left = (soldFor * kept) / 10_000
	return Math.max(0, Math.floor((left * 100) / rate + 1e-9))
}

const CURRENCY_WORDS: Record<SupplierCurrency, string> = { USD: 'US dollars', EUR: 'euros' }

/** Why a purchase from this supplier cannot be priced: the owner has no rate for its currency (the sentence names the field to fill). */
export const noRateReason = (supplier: Pick<SupplierRow, 'kind'> & { name: string }): Reason => {
	const currency = supplierCurrency(supplier)
	return { key: 'suppliers.reason.noRate', params: { supplier: supplier.name, currency: CURRENCY_WORDS[currency], rate: rateName(currency) } }
}

const leaseSeconds = () => Math.ceil((env().SUPPLIER_TIMEOUT_MS * 4) / 1000) + 5

/** Suppliers of these options, in each option's order of preference. */
async function supplyOf(db: Db | Tx, variantIds: number[]) {
	if (variantIds.length === 0) return new Map<number, { supplier: typeof suppliers.$inferSelect; supplierProductId: string }[]>()
	const rows = await db
		.select({ variantId: variantSupply.variantId, supplierProductId: variantSupply.supplierProductId, supplier: suppliers })
		.from(variantSupply)
		.innerJoin(suppliers, eq(suppliers.id, variantSupply.supplierId))
		.where(inArray(variantSupply.variantId, variantIds))
		.orderBy(asc(variantSupply.variantId), asc(variantSupply.position), asc(variantSupply.supplierId))
	const byVariant = new Map<number, { supplier: typeof suppliers.$inferSelect; supplierProductId: string }[]>()
	for (const r of rows) byVariant.set(r.variantId, [...(byVariant.get(r.variantId) ?? []), { supplier: r.supplier, supplierProductId: r.supplierProductId }])
	return byVariant
}

/** Whether this supplier may sell real codes here: the simulator sells none on a live shop unless SUPPLIER_SIMULATOR says so. */
export const mayBuyFrom = (supplier: Pick<typeof suppliers.$inferSelect, 'simulator'>) => !supplier.simulator || !env().DEPLOYED || env().SUPPLIER_SIMULATOR === true

/**
 * Step 1: the purchase rows the order still needs, holding its row. Returns false when the order
 * needs nothing (not paid, a test payment not approved, delivered, nothing supplied owed).
 */
async function plan(db: Db, orderId: number): Promise<boolean> {
	return db.transaction(async (tx) => {
		const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update')
		if (!order || !owesDelivery(order) || awaitsTestApproval(order)) return false
		const lines = ((await linesOfOrders(tx, [order.id])).get(order.id) ?? []).filter((l) => l.variantId != null)
		const supply = await supplyOf(tx, [...new Set(lines.map((l) => l.variantId!))])
		if (supply.size === 0) return false
		const held = await tx
			.select({ lineIndex: stockAssignments.lineIndex, n: sql<number>`count(*)::integer` })
			.from(stockAssignments)
			.where(and(eq(stockAssignments.orderId, order.id), isNull(stockAssignments.replacedAt), isNull(stockAssignments.refundedAt)))
			.groupBy(stockAssignments.lineIndex)
		const purchases = await tx.select().from(supplierPurchases).where(eq(supplierPurchases.orderId, order.id)).orderBy(asc(supplierPurchases.id))
		let costs: CostSettings | null = null
		let planned = false
		for (const line of lines) {
			const options = supply.get(line.variantId!)
			if (!options?.length) continue
			const mine = purchases.filter((p) => p.lineIndex === line.position)
			const inFlight = mine.filter((p) => p.status === 'pending' || p.status === 'ordered' || p.status === 'waiting').reduce((sum, p) => sum + p.quantity - p.keysReceived, 0)
			let need = line.quantity - line.refundedQuantity - (held.find((h) => h.lineIndex === line.position)?.n ?? 0) - inFlight
			if (need <= 0) continue
			const failed = new Set(mine.filter((p) => p.status === 'failed').map((p) => p.supplierId))
			const next = options.find((o) => o.supplier.active && !failed.has(o.supplier.id))
			const [variant] = await tx.select({ minMarginPercent: productVariants.minMarginPercent }).from(productVariants).where(eq(productVariants.id, line.variantId!))
			const margin = variant?.minMarginPercent ?? 0
			costs ??= await readCostSettings(tx)
			const chosen = next ?? options[0]!
			const max = maxUnitPriceCents(line, margin, costs, supplierCurrency(chosen.supplier))
			let seq = mine.length
			for (; need > 0; need -= MAX_UNITS_PER_PURCHASE) {
				const quantity = Math.min(need, MAX_UNITS_PER_PURCHASE)
				// No supplier switched on, no rate for its currency to check a margin with, a margin nothing can meet, the simulator on a live shop: staff decide, with the reason.
				const waiting: Reason | null = !next
					? { key: 'suppliers.reason.noSupplier' }
					: max == null
						? noRateReason(next.supplier)
						: max <= 0
							? { key: 'suppliers.reason.loss', params: { margin } }
							: !mayBuyFrom(next.supplier)
								? { key: 'suppliers.reason.simulator', params: { supplier: next.supplier.name } }
								: null
				const [made] = await tx.insert(supplierPurchases).values({
					orderId: order.id,
					orderNumber: order.orderNumber,
					lineId: line.id,
					lineIndex: line.position,
					variantId: line.variantId,
					supplierId: chosen.supplier.id,
					supplierProductId: chosen.supplierProductId,
					quantity,
					idempotencyKey: `${order.orderNumber}-L${line.position}-${++seq}`,
					status: waiting ? 'waiting' : 'pending',
					maxUnitPriceCents: max,
					reason: waiting?.key ?? null,
					reasonParams: waiting?.params ?? null,
				}).returning()
				if (waiting) await alertPurchaseWaits(tx, made!, chosen.supplier.name)
				planned = true
			}
		}
		return planned || purchases.some((p) => p.status === 'pending' || p.status === 'ordered')
	})
}

/** Takes the row for this worker until the lease ends; null when another worker holds it or it is settled. */
async function lease(db: Db, id: number): Promise<PurchaseRow | null> {
	const [row] = await db
		.update(supplierPurchases)
		.set({ leaseUntil: sql`now() + make_interval(secs => ${leaseSeconds()})`, attempts: sql`${supplierPurchases.attempts} + 1`, updatedAt: new Date() })
		.where(and(eq(supplierPurchases.id, id), inArray(supplierPurchases.status, ['pending', 'ordered']), or(isNull(supplierPurchases.leaseUntil), lt(supplierPurchases.leaseUntil, sql`now()`))))
		.returning()
	return row ?? null
}

async function settle(db: Db | Tx, id: number, set: Partial<Pick<PurchaseRow, 'status' | 'supplierOrderId' | 'unitPriceCents' | 'reason' | 'reasonParams' | 'orderedAt' | 'keysReceived'>>) {
	await db
		.update(supplierPurchases)
		.set({ ...set, leaseUntil: null, updatedAt: new Date() })
		.where(eq(supplierPurchases.id, id))
}

/** The row waits for staff with the reason, and staff hear of it once, in the same transaction. */
async function waitForStaff(db: Db, row: PurchaseRow, supplierName: string, reason: Reason) {
	await db.transaction(async (tx) => {
		await settle(tx, row.id, { status: 'waiting', reason: reason.key, reasonParams: reason.params ?? null })
		await alertPurchaseWaits(tx, { ...row, reason: reason.key, reasonParams: reason.params ?? null }, supplierName)
	})
}

/** The supplier could not: the next supplier of the option gets the units (a new row at the next plan), or staff do, with the reason. */
async function fail(db: Db, row: PurchaseRow, supplierName: string, failure: SupplierFailure, detail: string) {
	const product = row.supplierProductId
	const reason: Reason =
		failure === 'gone'
			? { key: 'suppliers.reason.gone', params: { supplier: supplierName, product } }
			: failure === 'short'
				? { key: 'suppliers.reason.short', params: { supplier: supplierName, product } }
				: failure === 'price'
					? { key: 'suppliers.reason.price', params: { supplier: supplierName, product, max: supplierMoneyText(row.maxUnitPriceCents ?? 0, await currencyOfPurchase(db, row)), margin: await marginOf(db, row) } }
					: failure === 'balance'
						? { key: 'suppliers.reason.balance', params: { supplier: supplierName, product } }
						: failure === 'auth'
							? { key: 'suppliers.reason.auth', params: { supplier: supplierName } }
							: failure === 'timeout' || failure === 'unavailable'
								? { key: 'suppliers.reason.unavailable', params: { supplier: supplierName, attempts: row.attempts } }
								: { key: 'suppliers.reason.refused', params: { supplier: supplierName, product, detail: detail.slice(0, 300) } }
	await db.transaction(async (tx) => {
		const supply = (await supplyOf(tx, row.variantId == null ? [] : [row.variantId])).get(row.variantId ?? -1) ?? []
		const tried = await tx.select({ supplierId: supplierPurchases.supplierId }).from(supplierPurchases).where(and(eq(supplierPurchases.orderId, row.orderId), eq(supplierPurchases.lineIndex, row.lineIndex), eq(supplierPurchases.status, 'failed')))
		const triedIds = new Set([...tried.map((t) => t.supplierId), row.supplierId])
		const another = supply.some((s) => s.supplier.active && !triedIds.has(s.supplier.id))
		const status: SupplierPurchaseStatus = another ? 'failed' : 'waiting'
		await settle(tx, row.id, { status, reason: reason.key, reasonParams: reason.params ?? null })
		if (status === 'waiting') await alertPurchaseWaits(tx, { ...row, reason: reason.key, reasonParams: reason.params ?? null }, supplierName)
	})
	logger.warn({ orderNumber: row.orderNumber, purchase: row.id, supplier: supplierName, failure, detail }, 'supplier purchase failed')
}

async function currencyOfPurchase(db: Db | Tx, row: Pick<PurchaseRow, 'supplierId'>): Promise<SupplierCurrency> {
	const [supplier] = row.supplierId == null ? [] : await db.select({ kind: suppliers.kind }).from(suppliers).where(eq(suppliers.id, row.supplierId))
	return supplier ? supplierCurrency(supplier) : 'USD'
}

async function marginOf(db: Db, row: PurchaseRow): Promise<number> {
	if (row.variantId == null) return 0
	const [variant] = await db.select({ minMarginPercent: productVariants.minMarginPercent }).from(productVariants).where(eq(productVariants.id, row.variantId))
	return variant?.minMarginPercent ?? 0
}

/** Step 2 for one leased row: find or place the supplier's order, then fetch and deliver its keys. Returns whether to ask again later. */
async function work(db: Db, row: PurchaseRow, supplier: typeof suppliers.$inferSelect, client: SupplierClient, finalAttempt: boolean): Promise<{ retryLater: boolean; delivered: number }> {
	try {
		let current = row
		if (current.status === 'pending') {
			// A call may have been made by an earlier attempt (a crash, a lost answer): find that order first.
			const found = current.attempts > 1 ? await client.findOrder(current.idempotencyKey) : null
			const placed =
				found ??
				(await client
					.buy({ idempotencyKey: current.idempotencyKey, productId: current.supplierProductId, quantity: current.quantity, maxUnitPriceCents: current.maxUnitPriceCents ?? 0 })
					.catch(async (error: unknown) => {
						// Refused as too dear: the price now, for the sentence.
						if (isSupplierError(error) && error.failure === 'price') {
							const quote = await client.quote(current.supplierProductId).catch(() => null)
							if (quote) logger.info({ purchase: current.id, priceCents: quote.unitPriceCents, maxCents: current.maxUnitPriceCents }, 'supplier price above the margin')
						}
						throw error
					}))
			if (placed.unitPriceCents != null && current.maxUnitPriceCents != null && placed.unitPriceCents > current.maxUnitPriceCents) {
				logger.warn({ purchase: current.id, priceCents: placed.unitPriceCents, maxCents: current.maxUnitPriceCents }, 'supplier sold above the price asked')
			}
			const orderedAt = now()
			await db
				.update(supplierPurchases)
				.set({ status: 'ordered', supplierOrderId: placed.supplierOrderId, unitPriceCents: placed.unitPriceCents, orderedAt, updatedAt: new Date() })
				.where(eq(supplierPurchases.id, current.id))
			current = { ...current, status: 'ordered', supplierOrderId: placed.supplierOrderId, unitPriceCents: placed.unitPriceCents, orderedAt }
		}
		const keys = await client.keysOf(current.supplierOrderId!)
		const { delivered, complete } = await storeAndDeliver(db, current, keys)
		if (complete) return { retryLater: false, delivered }
		// Fewer keys than asked: wait for the rest a while, then staff owe them.
		const waited = now().getTime() - (current.orderedAt ?? now()).getTime()
		if (finalAttempt || waited >= KEYS_WAIT_MINUTES * 60_000) {
			const [fresh] = await db.select().from(supplierPurchases).where(eq(supplierPurchases.id, current.id))
			await waitForStaff(db, current, supplier.name, { key: 'suppliers.reason.keysShort', params: { supplier: supplier.name, received: fresh?.keysReceived ?? 0, asked: current.quantity, minutes: KEYS_WAIT_MINUTES } })
			return { retryLater: false, delivered }
		}
		await settle(db, current.id, {})
		return { retryLater: true, delivered }
	} catch (error) {
		if (!isSupplierError(error)) {
			await settle(db, row.id, {})
			throw error
		}
		if (error.retryable && !finalAttempt && row.attempts < MAX_SILENT_ATTEMPTS) {
			logger.warn({ orderNumber: row.orderNumber, purchase: row.id, supplier: supplier.name, err: error.message }, 'supplier did not answer: asked again later')
			await settle(db, row.id, {})
			return { retryLater: true, delivered: 0 }
		}
		if (row.status === 'ordered' || row.supplierOrderId) {
			// The supplier took the order; only its keys did not come: staff follow it up with the supplier.
			await waitForStaff(db, row, supplier.name, { key: 'suppliers.reason.unavailable', params: { supplier: supplier.name, attempts: row.attempts } })
			return { retryLater: false, delivered: 0 }
		}
		if (error.retryable) {
			// Silent too long: unless it took the order after all, the next supplier (or staff) takes over.
			const found = await client.findOrder(row.idempotencyKey).catch(() => null)
			if (found) {
				await db.update(supplierPurchases).set({ status: 'ordered', supplierOrderId: found.supplierOrderId, unitPriceCents: found.unitPriceCents, orderedAt: now(), leaseUntil: null, updatedAt: new Date() }).where(eq(supplierPurchases.id, row.id))
				return { retryLater: true, delivered: 0 }
			}
		}
		await fail(db, row, supplier.name, error.failure, error.message)
		return { retryLater: false, delivered: 0 }
	}
}

/**
 * The keys received so far, stored once each as stock units of the option kept for this order (sealed
 * like imported stock, their cost the supplier's price), and delivered to it through the stock path,
 * in one transaction holding the order row. Codes the order no longer needs (staff served it
 * meanwhile, a refund) stay in stock for the next buyer.
 */
async function storeAndDeliver(db: Db, row: PurchaseRow, keys: string[]): Promise<{ delivered: number; complete: boolean }> {
	const { storeName } = await readStoreDetails(db)
	// What a unit cost, in rupees at the owner's rate of the day for the supplier's currency: the order's cost counts it (ADR-055).
	const [costs, currency] = await Promise.all([readCostSettings(db), currencyOfPurchase(db, row)])
	const rate = rupeesPerUnit(costs, currency)
	const result = await db.transaction(async (tx) => {
		const [order] = await tx.select().from(orders).where(eq(orders.id, row.orderId)).for('update')
		const [current] = await tx.select().from(supplierPurchases).where(eq(supplierPurchases.id, row.id)).for('update')
		if (!order || !current || current.status !== 'ordered') return { delivered: 0, complete: current?.status === 'delivered', delivery: null }
		const stored = await tx.select({ fingerprint: stockUnits.fingerprint }).from(stockUnits).where(eq(stockUnits.supplierPurchaseId, row.id))
		const have = new Set(stored.map((s) => s.fingerprint))
		let received = stored.length
		for (const key of keys.slice(0, current.quantity)) {
			if (received >= current.quantity) break
			const fingerprint = fingerprintOf(normaliseCode(key))
			if (have.has(fingerprint)) continue
			have.add(fingerprint)
			const [unit] = await tx
				.insert(stockUnits)
				.values({ productId: await productOf(tx, row.variantId!), variantId: row.variantId!, kind: 'code', ...sealUnit(key), fingerprint, ...unitCost(current.unitPriceCents, currency, rate), supplierPurchaseId: row.id, forOrderId: order.id, importedBy: `supplier ${row.supplierId ?? ''}`.trim() })
				.onConflictDoNothing()
				.returning({ id: stockUnits.id })
			if (!unit) logger.error({ purchase: row.id }, 'a supplier sent a code the shop already holds: left out')
			received++
		}
		const complete = received >= current.quantity
		await tx
			.update(supplierPurchases)
			.set({ keysReceived: received, ...(complete ? { status: 'delivered' as const, reason: null, reasonParams: null } : {}), updatedAt: new Date() })
			.where(eq(supplierPurchases.id, row.id))
		if (received === stored.length) return { delivered: 0, complete, delivery: null }
		const paid = owesDelivery(order)
		const delivery = paid ? await deliverFromStock(tx, order, { storeName, deliveredEmail: true }) : null
		// The order's cost and profit now count what its bought codes cost.
		if (delivery?.taken) await reviseOrderCost(tx, order)
		// What this order did not take is the shop's stock now.
		await tx
			.update(stockUnits)
			.set({ forOrderId: null })
			.where(and(eq(stockUnits.forOrderId, order.id), eq(stockUnits.status, 'available'), isNotNull(stockUnits.supplierPurchaseId)))
		return { delivered: delivery?.taken ?? 0, complete, delivery, orderNumber: order.orderNumber }
	})
	if (result.delivery && 'orderNumber' in result) await afterStockDelivery(db, result.delivery, result.orderNumber!)
	return { delivered: result.delivered, complete: result.complete }
}

/** A bought unit's cost columns: rupees at the rate of the day, else (no rate) dollars as they are, else unknown. */
function unitCost(cents: number | null, currency: SupplierCurrency, rate: number | null): { costRupees: number | null; costUsdCents: number | null } {
	if (cents == null) return { costRupees: null, costUsdCents: null }
	if (rate) return { costRupees: Math.round((cents / 100) * rate), costUsdCents: null }
	return currency === 'USD' ? { costRupees: null, costUsdCents: cents } : { costRupees: null, costUsdCents: null }
}

async function productOf(tx: Tx, variantId: number): Promise<number> {
	const [variant] = await tx.select({ productId: productVariants.productId }).from(productVariants).where(eq(productVariants.id, variantId))
	return variant!.productId
}

/** Runs the purchases an order needs, as far as they go now. */
export async function buyFromSuppliers(db: Db, orderId: number, { clientFor = (row) => supplierClient(row), finalAttempt = false }: BuyOptions = {}): Promise<SupplierRun> {
	let retryLater = false
	let delivered = 0
	for (let round = 0; round < MAX_ROUNDS; round++) {
		if (!(await plan(db, orderId))) break
		const open = await db
			.select({ purchase: supplierPurchases, supplier: suppliers })
			.from(supplierPurchases)
			.innerJoin(suppliers, eq(suppliers.id, supplierPurchases.supplierId))
			.where(and(eq(supplierPurchases.orderId, orderId), inArray(supplierPurchases.status, ['pending', 'ordered'])))
			.orderBy(asc(supplierPurchases.id))
		if (open.length === 0) break
		let progressed = false
		for (const { purchase, supplier } of open) {
			const row = await lease(db, purchase.id)
			if (!row) {
				// Another worker holds it (or a dead one, until its lease lapses): asked again later.
				retryLater = true
				continue
			}
			const result = await work(db, row, supplier, clientFor(supplier), finalAttempt)
			delivered += result.delivered
			if (result.retryLater) retryLater = true
			else progressed = true
		}
		// Only a failure moved units to another supplier is worth another round now.
		if (!progressed) break
	}
	return { retryLater, delivered }
}

/** The job: runs the order's purchases; throws to be run again later (the queue's backoff) while something is unanswered. */
export async function runSupplierJob(db: Db, orderId: number, { finalAttempt }: { finalAttempt: boolean }) {
	const result = await buyFromSuppliers(db, orderId, { finalAttempt })
	if (result.retryLater && !finalAttempt) throw new Error(`order ${orderId}: a supplier purchase is still open; asked again later`)
}

/**
 * Purchases left open by a process that died (its job stays 'running' until released): each order
 * with an open purchase gets a job of this minute (at start, then each minute), which waits for a
 * dead worker's lease to lapse; a purchase a live worker holds is left to it the same way.
 */
export async function resumeSupplierPurchases(db: Db, queue: (orderId: number, tag: string) => Promise<void>): Promise<number> {
	const open = await db
		.selectDistinct({ orderId: supplierPurchases.orderId })
		.from(supplierPurchases)
		.where(inArray(supplierPurchases.status, ['pending', 'ordered']))
		.limit(200)
	const minute = Math.floor(Date.now() / 60_000)
	for (const { orderId } of open) await queue(orderId, `resume:${minute}`)
	return open.length
}

const immediate = singleton('supplier-purchases-now', () => ({ on: false }))

/** A serving process with a job worker buys right after a payment commits, not at the worker's next turn (server/start.ts). */
export function buyRightAfterPayments(on: boolean) {
	immediate.on = on
}

/**
 * After a payment's transaction queued a purchase: run it now in this process (the buyer's code within
 * a second); the queued job stays as the fallback, and the purchase rows' leases keep the two from
 * calling the supplier for the same row. Never throws: what fails here is the job's to retry.
 */
export function buyNowAfterPayment(db: Db, orderId: number) {
	if (!immediate.on) return
	void buyFromSuppliers(db, orderId).catch((error: unknown) => logger.warn({ orderId, err: error instanceof Error ? error.message : String(error) }, 'supplier purchase after payment failed: the job retries it'))
}
