// The staff search (the dashboard's search box) with 100,000 orders, in the embedded database the
// shop runs on by default (PGlite, in this process, the trigram indexes of drizzle/0002 and 0012):
// fills the orders table with the dashboard section's generator (a PayPro id on online orders),
// then times listOrders, the query the dashboard runs, for every kind of search a buyer's words
// lead to. The dashboard section times the whole page on PostgreSQL.
//
// Environment: BENCH_SEARCH_ORDERS (100000), BENCH_SEARCH_RUNS (20 timed searches per row, after 3 warm-ups).
import os from 'node:os'
import { sql } from 'drizzle-orm'
import { openPglite } from '../app/db/client.server.ts'
import { listOrders } from '../app/domain/orders/list-orders.server.ts'
import { parseOrderListQuery } from '../app/domain/orders/order-list-query.ts'
import { EMAIL_DOMAINS, FILL_SQL, FIRST_NAMES, LAST_NAMES, lineTemplates } from './dashboard.ts'
import { metric, type BenchContext, type Row, type SectionResult } from './types.ts'

const ORDERS = Math.max(1, Math.floor(Number(process.env.BENCH_SEARCH_ORDERS) || 100_000))
const RUNS = Math.max(1, Math.floor(Number(process.env.BENCH_SEARCH_RUNS) || 20))
const WARMUPS = 3

// The issue: a search answers within 50 ms at 100,000 orders.
const TARGETS = { p95: { op: '<=', value: 50 } } as const

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]

export async function searchSection(ctx: BenchContext): Promise<SectionResult> {
	const database = await openPglite(null)
	try {
		const { db } = database
		const client = (db as unknown as { $client: { query: (text: string, params: unknown[]) => Promise<unknown> } }).$client
		const started = performance.now()
		ctx.log(`search: inserting ${ORDERS} orders into an in-memory PGlite`)
		await db.execute(sql`select setseed(0.2024)`)
		await client.query(FILL_SQL, [ORDERS, FIRST_NAMES, LAST_NAMES, EMAIL_DOMAINS, JSON.stringify(lineTemplates())])
		// One online order in ten paid on a second PayPro page ("Try again"): its first PayPro id is kept as an earlier one.
		await db.execute(sql`update orders set earlier_paypro_ids = array['17' || lpad((id * 7919 % 100000000000000)::text, 14, '0')] where paypro_transaction_id is not null and id % 10 = 3`)
		await db.execute(sql`analyze orders`)
		const fillSeconds = (performance.now() - started) / 1000
		const picked = await db.execute<{ order_number: string; paypro_transaction_id: string; customer_email: string; customer_phone: string; customer_name: string }>(
			sql`select order_number, paypro_transaction_id, customer_email, customer_phone, customer_name from orders
				where paypro_transaction_id is not null order by id offset ${Math.floor(ORDERS / 2)} limit 1`,
		)
		const pick = picked.rows[0]
		if (!pick) throw new Error('no order to search for')
		const earlier = await db.execute<{ id: string }>(sql`select earlier_paypro_ids[1] as id from orders where cardinality(earlier_paypro_ids) > 0 order by id offset ${Math.floor(ORDERS / 40)} limit 1`)
		const earlierId = earlier.rows[0]?.id
		if (!earlierId) throw new Error('no earlier PayPro id to search for')
		const phone = pick.customer_phone
		const searches: [string, string][] = [
			['order number', pick.order_number],
			['order number, lower case', pick.order_number.toLowerCase()],
			['order number digits (part)', pick.order_number.split('-')[1]!],
			['PayPro order id (Order ID)', pick.paypro_transaction_id],
			['PayPro order id (part)', pick.paypro_transaction_id.slice(2, 9)],
			['PayPro order id of an earlier attempt', earlierId],
			['email (whole)', pick.customer_email],
			['email (part)', pick.customer_email.split('@')[0]!],
			['phone +92 300 …', `+92 ${phone.slice(1, 4)} ${phone.slice(4)}`],
			['phone 0300-…', `${phone.slice(0, 4)}-${phone.slice(4)}`],
			['phone (last 7 digits)', phone.slice(-7)],
			['name (part, common)', 'khan'],
			['name (whole)', pick.customer_name],
			['no match', 'nobody-at-all'],
		]
		const rows: Row[] = []
		for (const [subject, q] of searches) {
			const query = parseOrderListQuery(new URLSearchParams({ q }))
			let page = await listOrders(db, query)
			for (let i = 1; i < WARMUPS; i++) page = await listOrders(db, query)
			const times: number[] = []
			const cpu: number[] = []
			for (let i = 0; i < RUNS; i++) {
				const t = performance.now()
				const c = process.cpuUsage()
				page = await listOrders(db, query)
				const used = process.cpuUsage(c)
				times.push(performance.now() - t)
				cpu.push((used.user + used.system) / 1000)
			}
			times.sort((a, b) => a - b)
			cpu.sort((a, b) => a - b)
			ctx.log(`search: ${subject} (${q}): p50 ${percentile(times, 50).toFixed(1)} ms, p95 ${percentile(times, 95).toFixed(1)} ms, ${page.total} found`)
			rows.push({
				subject: `${subject}: ${q}`,
				metrics: [
					metric('p50', percentile(times, 50), 'ms', 1),
					metric('p95', percentile(times, 95), 'ms', 1, TARGETS.p95),
					metric('Max', times[times.length - 1]!, 'ms', 1),
					metric('CPU p95', percentile(cpu, 95), 'ms', 1),
					metric('Found', page.total, '', 0),
				],
			})
		}
		return {
			name: 'search',
			subjectLabel: 'Search',
			rows,
			notes: [
				`database: PGlite in this process (the shop's default), ${ORDERS} orders inserted and analyzed in ${fillSeconds.toFixed(1)} s`,
				`each row: ${WARMUPS} warm-ups then ${RUNS} calls of listOrders (the dashboard's query: the page of 50 and the count); Found = the count the page shows`,
				// PGlite runs in this process: its CPU time is the search's own work, whatever else keeps the machine busy.
				`CPU p95: this process's CPU time per search (PGlite runs in it), which other work on the machine does not inflate; load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} CPUs`,
			],
		}
	} finally {
		await database.close()
	}
}
