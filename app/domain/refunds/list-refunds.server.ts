import { asc, eq, inArray } from 'drizzle-orm'
import type { Db } from '../../db/client.server'
import { orderLines, refundLines, refunds } from '../../db/schema'
import { formatRs } from '../../utils/money'
import { pakistanDate } from '../../utils/pakistan-time'

export interface RefundRecord {
	id: number
	orderId: number
	amount: number
	method: string
	reference: string | null
	reason: string
	actor: string
	createdAt: string
	lines: { lineId: number; name: string; quantity: number; undelivered: number; returned: number; voided: number }[]
}

/** The refunds of these orders, oldest first, with their lines, in two queries however many orders: the console's order page and the CSV. */
export async function refundsOfOrders(db: Db, orderIds: number[]): Promise<Map<number, RefundRecord[]>> {
	const byOrder = new Map<number, RefundRecord[]>()
	if (orderIds.length === 0) return byOrder
	const list = await db.select().from(refunds).where(inArray(refunds.orderId, orderIds)).orderBy(asc(refunds.createdAt), asc(refunds.id))
	if (list.length === 0) return byOrder
	const lines = await db
		.select({ refundId: refundLines.refundId, lineId: refundLines.orderLineId, name: orderLines.name, quantity: refundLines.quantity, undelivered: refundLines.undelivered, returned: refundLines.returned, voided: refundLines.voided })
		.from(refundLines)
		.innerJoin(orderLines, eq(orderLines.id, refundLines.orderLineId))
		.where(inArray(refundLines.refundId, list.map((r) => r.id)))
		.orderBy(asc(refundLines.id))
	for (const r of list) {
		const record: RefundRecord = {
			id: r.id,
			orderId: r.orderId,
			amount: r.amount,
			method: r.method,
			reference: r.reference,
			reason: r.reason,
			actor: r.actor,
			createdAt: r.createdAt.toISOString(),
			lines: lines.filter((l) => l.refundId === r.id).map(({ refundId: _, ...l }) => l),
		}
		byOrder.set(r.orderId, [...(byOrder.get(r.orderId) ?? []), record])
	}
	return byOrder
}

export async function refundsOf(db: Db, orderId: number): Promise<RefundRecord[]> {
	return (await refundsOfOrders(db, [orderId])).get(orderId) ?? []
}

/** One refund in a line of text (the CSV): "Rs. 500 bank ref. X 2026-11-27: reason (1 × Name)". */
export const refundSummary = (r: RefundRecord) =>
	`${formatRs(r.amount)} ${r.method}${r.reference ? ` ref. ${r.reference}` : ''} ${pakistanDate(new Date(r.createdAt))}: ${r.reason}${r.lines.length ? ` (${r.lines.map((l) => `${l.quantity} × ${l.name}`).join(', ')})` : ''}`
