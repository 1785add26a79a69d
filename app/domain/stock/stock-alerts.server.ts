import { and, eq, inArray, ne, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.server'
import { products, productVariants, stockUnits } from '../../db/schema'
import { logger } from '../../utils/logger.server'
import { stockLowAlert } from '../alerts/event-alerts.server'
import { queueAlert } from '../alerts/queue-alert.server'
import { deliverQueuedOrders, hasQueuedOrders, type StockDelivery } from './deliver-stock.server'

// Staff hear of stock running low or out (issue: stock delivery): the dashboard lists it live, and
// the staff who chose the stock alerts (the owner by default: out of stock) hear of each crossing by
// their own channels; never the store's support address, which is the buyers'. An alert is keyed by
// the variant's newest unit, so it is sent once until staff import more, whichever instance and
// however many payments cross the line at once.

export interface LowStockVariant {
	productId: number
	productName: string
	variantId: number
	label: string
	available: number
	threshold: number
}

const free = sql<number>`coalesce((select sum(${stockUnits.slots} - ${stockUnits.slotsUsed}) from ${stockUnits} where ${stockUnits.variantId} = ${productVariants.id} and ${stockUnits.status} = 'available'), 0)::integer`
const newest = sql<number>`coalesce((select max(${stockUnits.id}) from ${stockUnits} where ${stockUnits.variantId} = ${productVariants.id}), 0)::bigint`

function variantLabel(v: { label: string; accountType: string | null }): string {
	return v.accountType && !v.label.toLowerCase().includes(v.accountType) ? `${v.label} (${v.accountType})` : v.label
}

/** Visible options served from stock (of products delivered from stock, custom quotes left out) with this many free slots or fewer than their threshold: the dashboard's list. */
export async function lowStockVariants(db: Db, variantIds?: number[]): Promise<(LowStockVariant & { newestUnitId: number })[]> {
	const rows = await db
		.select({
			productId: products.id,
			productName: products.name,
			variantId: productVariants.id,
			label: productVariants.label,
			accountType: productVariants.accountType,
			threshold: productVariants.lowStockThreshold,
			available: free,
			newestUnitId: newest,
		})
		.from(productVariants)
		.innerJoin(products, eq(products.id, productVariants.productId))
		.where(
			and(
				ne(products.stockMode, 'manual'),
				eq(products.visible, true),
				eq(productVariants.hidden, false),
				// A "custom" option (months or value 0, quoted on WhatsApp) is delivered by hand, never from stock: it is never "out".
				sql`coalesce(${productVariants.months}, -1) <> 0 and coalesce(${productVariants.value}, -1) <> 0`,
				variantIds ? inArray(productVariants.id, variantIds.length ? variantIds : [-1]) : undefined,
				sql`${free} <= ${productVariants.lowStockThreshold}`,
			),
		)
		.orderBy(free, products.name, productVariants.position)
	return rows.map((r) => ({
		productId: r.productId,
		productName: r.productName,
		variantId: r.variantId,
		label: variantLabel(r),
		available: Number(r.available),
		threshold: r.threshold,
		newestUnitId: Number(r.newestUnitId),
	}))
}

/** Alerts the staff who chose it (the owner by default, ADR-047) of variants that are now low or out, once per crossing; returns how many alerts were written. */
export async function alertLowStock(db: Db, variantIds: number[]): Promise<number> {
	if (variantIds.length === 0) return 0
	const low = await lowStockVariants(db, variantIds)
	let sent = 0
	for (const v of low) sent += await queueAlert(db, stockLowAlert(v))
	return sent
}

/**
 * Paid orders waiting for stock get what there is now, oldest payment first, and the options they
 * took from are checked for the alert: the job an import queues, and the minute sweep.
 */
export async function serveStockQueue(db: Db): Promise<void> {
	if (await hasQueuedOrders(db)) await alertLowStock(db, (await deliverQueuedOrders(db)).variantIds)
}

/**
 * After a payment's transaction: an order left owed (another payment held the units it skipped)
 * tries once more, waiting this time, and the variants touched are checked for the alert.
 */
export async function afterStockDelivery(db: Db, delivery: StockDelivery, orderNumber: string): Promise<void> {
	if (!delivery.fromStock) return
	try {
		const variantIds = new Set(delivery.variantIds)
		if (delivery.owed > 0) for (const v of (await deliverQueuedOrders(db, { orderNumber })).variantIds) variantIds.add(v)
		await alertLowStock(db, [...variantIds])
	} catch (error) {
		// The payment and its delivery are committed; the queue sweep retries what is left.
		logger.error({ err: error instanceof Error ? error.message : String(error), orderNumber }, 'after-delivery step failed')
	}
}
