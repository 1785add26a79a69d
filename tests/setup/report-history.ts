// Orders, lines and refunds written as rows, for the sales reports' tests (issue 24): a history whose
// figures can be computed by hand. The reports read rows; how orders come to be paid is tested elsewhere.
// The one place besides schema-constraints where tests write the order tables themselves (CONTRIBUTING,
// "Orders get their states through the domain"): months of history with chosen costs and fees, at
// chosen times, that the domain's commands could only make far slower and with today's prices.
import { sql } from 'drizzle-orm'
import type { Db } from '../../app/db/client.server'

/** An instant from Pakistan wall-clock time: '2026-11-01T00:01:00'. */
export const pkt = (wall: string) => new Date(`${wall}+05:00`)

export interface OrderSeed {
	number: string
	method: 'paypro' | 'manual' | 'dm'
	status: string
	total: number
	created: string
	paid?: string
	delivered?: string
	fromStock?: boolean
	email?: string
	cost?: number | null
	fee?: number
	test?: boolean
	refunded?: number
	lines?: { product: number; quantity: number; unitPrice: number; discount?: number; unitCost?: number | null }[]
}

export async function seedOrder(db: Db, o: OrderSeed): Promise<{ id: number; lineIds: number[] }> {
	const paidAt = o.paid ? pkt(o.paid).toISOString() : null
	const deliveredAt = o.delivered ? pkt(o.delivered).toISOString() : null
	const cost = o.paid ? (o.cost === undefined ? 0 : o.cost) : null
	const fee = o.paid ? (o.fee ?? 0) : null
	const profit = o.paid && cost != null ? o.total - cost - fee! : null
	const { rows } = await db.execute<{ id: string }>(sql`insert into orders (order_number, customer_email, total_amount, payment_status, delivery_status, payment_method, paid_at, delivered_at, stock_delivered_at, created_at, cost, fee, profit, test_payment, refunded_amount)
		values (${o.number}, ${o.email ?? 'someone@example.pk'}, ${o.total}, ${o.status}, ${deliveredAt ? 'completed' : 'pending'}, ${o.method}, ${paidAt}::timestamptz, ${deliveredAt}::timestamptz,
			${o.fromStock ? deliveredAt : null}::timestamptz, ${pkt(o.created).toISOString()}::timestamptz, ${cost}, ${fee}, ${profit}, ${o.test ?? false}, ${o.refunded ?? 0}) returning id`)
	const id = Number(rows[0]!.id)
	const lineIds: number[] = []
	for (const [position, l] of (o.lines ?? []).entries()) {
		const discount = l.discount ?? 0
		const unitCost = o.paid ? (l.unitCost === undefined ? 0 : l.unitCost) : null
		const { rows: line } = await db.execute<{ id: string }>(sql`insert into order_lines (order_id, position, product_id, name, image, quantity, unit_price, discount, line_total, unit_cost, cost)
			values (${id}, ${position}, ${l.product}, ${`Product ${l.product}`}, '/x.webp', ${l.quantity}, ${l.unitPrice}, ${discount}, ${l.quantity * l.unitPrice - discount}, ${unitCost}, ${unitCost == null ? null : unitCost * l.quantity}) returning id`)
		lineIds.push(Number(line[0]!.id))
	}
	return { id, lineIds }
}

export async function seedRefund(db: Db, orderId: number, amount: number, at: string, lines: { lineId: number; quantity: number; returned?: number; undelivered?: number; voided?: number }[] = []) {
	const { rows } = await db.execute<{ id: string }>(sql`insert into refunds (order_id, amount, method, reason, actor, created_at) values (${orderId}, ${amount}, 'bank', 'Asked for', 'owner@example.pk', ${pkt(at).toISOString()}::timestamptz) returning id`)
	for (const l of lines) {
		await db.execute(sql`insert into refund_lines (refund_id, order_line_id, quantity, undelivered, returned, voided) values (${Number(rows[0]!.id)}, ${l.lineId}, ${l.quantity}, ${l.undelivered ?? 0}, ${l.returned ?? 0}, ${l.voided ?? 0})`)
	}
}

