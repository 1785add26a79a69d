import { and, eq, inArray, isNull } from 'drizzle-orm'
import type { Tx } from '../../db/client.server'
import { orderLines, productVariants, stockAssignments, stockUnits } from '../../db/schema'
import { setLineCost, setOrderCost } from '../orders/order-store/order-rows.server'
import type { OrderRow } from '../orders/order'
import { costFromColumns, exactRupees, payproFee } from './cost-rules'
import { readCostSettings } from './cost-settings.server'
import { MAX_ORDER_TOTAL, MAX_PRICE } from '../../utils/money'
import { amountDue } from '../orders/amount-due'

/** What an order cost the shop, as recorded when it was paid (owner only). */
export interface OrderCost {
	cost: number | null
	fee: number
	profit: number | null
}

/**
 * Records a paid order's cost, PayPro's fee and its profit, in the transaction that marks it paid
 * (after stock delivered what it could). Each unit stock delivered costs its own cost when its import
 * said one (a shared account's cost split over its slots), else the option's cost at today's rate.
 * A line with any unit of unknown cost has no cost, and neither has the order nor its profit; so is a cost past
 * the caps (a unit past the price cap, a line or order past the order cap: a dollar cost at a high rate), which no column holds.
 * The fee is PayPro's percentage of the total, for orders PayPro confirmed (also one reinstated after PayPro's
 * money came for it once cancelled); others pay none.
 */
export async function recordOrderCost(tx: Tx, order: Pick<OrderRow, 'id' | 'totalAmount' | 'creditUsed' | 'paymentMethod'>, via: 'confirmByProvider' | 'confirmByStaff' | 'confirmTransfer' | 'reinstate' | 'settle'): Promise<OrderCost> {
	const settings = await readCostSettings(tx)
	const fee = (via === 'confirmByProvider' || via === 'reinstate') && order.paymentMethod === 'paypro' ? payproFee(amountDue(order), settings.payproFeePercent) : 0
	return writeOrderCost(tx, order, fee, settings.rupeesPerDollar)
}

/**
 * Revises a paid order's cost and profit when codes bought from a supplier after its payment reach it
 * (ADR-055): each such unit carries what was paid for it, in rupees at the rate of the day it was
 * bought, and replaces the option's cost the payment counted. PayPro's fee stays as it was recorded.
 * The caller holds the order row, in the transaction that delivered the units.
 */
export async function reviseOrderCost(tx: Tx, order: Pick<OrderRow, 'id' | 'totalAmount' | 'fee'>): Promise<OrderCost> {
	const settings = await readCostSettings(tx)
	return writeOrderCost(tx, order, order.fee ?? 0, settings.rupeesPerDollar)
}

async function writeOrderCost(tx: Tx, order: Pick<OrderRow, 'id' | 'totalAmount'>, fee: number, rate: number | null): Promise<OrderCost> {
	const lines = await tx.select({ id: orderLines.id, variantId: orderLines.variantId, quantity: orderLines.quantity }).from(orderLines).where(eq(orderLines.orderId, order.id))
	const variantIds = [...new Set(lines.flatMap((l) => (l.variantId != null ? [l.variantId] : [])))]
	const variantCost = new Map<number, number | null>()
	if (variantIds.length) {
		const rows = await tx
			.select({ id: productVariants.id, costRupees: productVariants.costRupees, costUsdCents: productVariants.costUsdCents })
			.from(productVariants)
			.where(inArray(productVariants.id, variantIds))
		for (const r of rows) variantCost.set(r.id, exactRupees(costFromColumns(r), rate))
	}
	const units = await tx
		.select({ lineId: stockAssignments.lineId, costRupees: stockUnits.costRupees, costUsdCents: stockUnits.costUsdCents, slots: stockUnits.slots })
		.from(stockAssignments)
		.innerJoin(stockUnits, eq(stockUnits.id, stockAssignments.unitId))
		.where(and(eq(stockAssignments.orderId, order.id), isNull(stockAssignments.replacedAt)))

	let total: number | null = 0
	for (const line of lines) {
		let lineCost: number | null = 0
		let counted = 0
		for (const unit of units.filter((u) => u.lineId === line.id).slice(0, line.quantity)) {
			const own = exactRupees(costFromColumns(unit), rate)
			if (own == null) continue
			lineCost += own / unit.slots
			counted++
		}
		const rest = line.quantity - counted
		if (rest > 0) {
			const each = line.variantId != null ? (variantCost.get(line.variantId) ?? null) : null
			lineCost = each == null ? null : lineCost + each * rest
		}
		if (lineCost != null && (lineCost > MAX_ORDER_TOTAL || lineCost / line.quantity > MAX_PRICE)) lineCost = null
		const cost = lineCost == null ? null : Math.round(lineCost)
		await setLineCost(tx, line.id, { cost, unitCost: lineCost == null ? null : Math.round(lineCost / line.quantity) })
		total = total == null || cost == null ? null : total + cost
	}
	if (total != null && total > MAX_ORDER_TOTAL) total = null
	const recorded: OrderCost = { cost: total, fee, profit: total == null ? null : order.totalAmount - total - fee }
	await setOrderCost(tx, order.id, recorded)
	return recorded
}
