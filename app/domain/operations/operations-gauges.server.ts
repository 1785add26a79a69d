import { sql } from 'drizzle-orm'
import type { Db } from '../../db/client.server'
import { owesDeliverySql } from '../orders/order-facts'
import { isDeliveryState, isPaymentState } from '../orders/order-state'
import { lowStockVariants } from '../stock/stock-alerts.server'

// What GET /metrics reads from the database (ADR-056): the queues waiting and failing, the orders by
// state, the payments of the last minutes and the options at their stock threshold. Two statements,
// each counting over indexed columns or the catalogue, read at most once per scrape window (the caller
// caches them), so however often Prometheus asks, the database does this little.

/** Minutes the payment rate is averaged over: a minute alone is too few orders to read. */
export const PAYMENT_RATE_MINUTES = 5

/** Options at their threshold reported at most: the dashboard has the full list. */
export const LOW_STOCK_REPORTED = 100

/** The outboxes a job sends from, by their metric label. */
const OUTBOXES = ['email', 'alert', 'push', 'whatsapp'] as const
export type Outbox = (typeof OUTBOXES)[number]

export interface OperationsGauges {
	/** Jobs due and not yet run, and those that failed for good, by kind. */
	jobs: { kind: string; waiting: number; failed: number }[]
	outboxes: { outbox: Outbox; waiting: number; failed: number }[]
	/** Orders in each pair of states that has any (states from the order's machine only). */
	orders: { paymentState: string; deliveryState: string; count: number }[]
	/** Paid and not delivered yet: the named fact (owesDelivery). */
	owingDelivery: number
	/** Orders paid per minute over the last PAYMENT_RATE_MINUTES (test payments left out), by payment method. */
	paymentsPerMinute: { method: string; rate: number }[]
	/** Visible options served from stock with this many free units or fewer than their threshold. */
	lowStock: { variantId: number; product: string; option: string; available: number; threshold: number }[]
}

interface CountRow {
	source: string
	name: string
	state: string
	n: number | string
}

export async function readOperationsGauges(db: Db): Promise<OperationsGauges> {
	const counts = await db.execute(sql`
		select 'job' as source, kind as name, 'waiting' as state, count(*) as n from jobs where status = 'pending' and run_at <= now() group by kind
		union all select 'job', kind, 'failed', count(*) from jobs where status = 'failed' group by kind
		union all select 'outbox', 'email', status, count(*) from email_outbox where status in ('pending', 'failed') group by status
		union all select 'outbox', 'alert', status, count(*) from alert_outbox where status in ('pending', 'failed') group by status
		union all select 'outbox', 'push', status, count(*) from push_outbox where status in ('pending', 'failed') group by status
		union all select 'outbox', 'whatsapp', status, count(*) from whatsapp_outbox where status in ('pending', 'failed') group by status
		union all select 'orders', payment_status, delivery_status, count(*) from orders group by payment_status, delivery_status
		union all select 'owing', '', '', count(*) from orders where ${owesDeliverySql()}
		union all select 'paid', payment_method, '', count(*) from orders
			where paid_at >= now() - make_interval(mins => ${PAYMENT_RATE_MINUTES}) and paid_at is not null and not test_payment group by payment_method`)
	const rows = counts.rows as unknown as CountRow[]
	const jobs = new Map<string, { kind: string; waiting: number; failed: number }>()
	const outboxes = new Map(OUTBOXES.map((outbox) => [outbox, { outbox, waiting: 0, failed: 0 }]))
	const gauges: OperationsGauges = { jobs: [], outboxes: [], orders: [], owingDelivery: 0, paymentsPerMinute: [], lowStock: [] }
	for (const row of rows) {
		const n = Number(row.n)
		if (row.source === 'job') {
			const job = jobs.get(row.name) ?? { kind: row.name, waiting: 0, failed: 0 }
			job[row.state === 'failed' ? 'failed' : 'waiting'] = n
			jobs.set(row.name, job)
		} else if (row.source === 'outbox') {
			const outbox = outboxes.get(row.name as Outbox)
			if (outbox) outbox[row.state === 'failed' ? 'failed' : 'waiting'] = n
		} else if (row.source === 'orders') {
			// Only the machine's states become labels: a value no command writes is never one.
			if (isPaymentState(row.name) && isDeliveryState(row.state)) gauges.orders.push({ paymentState: row.name, deliveryState: row.state, count: n })
		} else if (row.source === 'owing') {
			gauges.owingDelivery = n
		} else if (row.source === 'paid') {
			gauges.paymentsPerMinute.push({ method: row.name, rate: n / PAYMENT_RATE_MINUTES })
		}
	}
	gauges.jobs = [...jobs.values()]
	gauges.outboxes = [...outboxes.values()]
	gauges.lowStock = (await lowStockVariants(db)).slice(0, LOW_STOCK_REPORTED).map((v) => ({
		variantId: v.variantId,
		product: v.productName,
		option: v.label,
		available: v.available,
		threshold: v.threshold,
	}))
	return gauges
}
