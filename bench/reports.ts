// The sales reports (ADR-031) at 100,000 orders and 250,000 lines on PostgreSQL: a database of its
// own (BENCH_REPORTS_DATABASE, default shop_bench_reports, dropped first) on the bench's PostgreSQL
// server, migrated and seeded with the catalogue, filled with two years of orders (paid, expired,
// waiting, test payments; PayPro, transfer and DM; discounts, costs, partial refunds with a unit
// returned), then salesReport — what /admin/reports and /api/admin/reports/sales run — timed per range.
// The shop's own database is not touched.
//
// Environment: BENCH_REPORTS_ORDERS (100000; lines are 2.5 per order), BENCH_REPORTS_RUNS (20 timed
// runs per range, after 3 warm-ups), BENCH_DATABASE_URL (the server; default postgres://postgres@127.0.0.1:5432/postgres).
import { sql } from 'drizzle-orm'
import pg from 'pg'
import { openPostgres } from '../app/db/client.server.ts'
import { seedDatabase } from '../app/db/seed/seed.server.ts'
import { readReportRange } from '../app/domain/reports/report-range.ts'
import { salesReport } from '../app/domain/reports/sales-report.server.ts'
import { DEFAULT_POSTGRES_URL } from './server.ts'
import { metric, type BenchContext, type Row, type SectionResult } from './types.ts'

const ORDERS = Math.max(1, Math.floor(Number(process.env.BENCH_REPORTS_ORDERS) || 100_000))
const RUNS = Math.max(1, Math.floor(Number(process.env.BENCH_REPORTS_RUNS) || 20))
const WARMUPS = 3
const DATABASE = 'shop_bench_reports'

// The issue: every report range answers within 300 ms at p95 with 100,000 orders.
const TARGET = { op: '<=', value: 300 } as const

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!

/**
 * Two years of orders ending now. $1 orders. Lines: 1 to 4 per order (2.5 on average), from the
 * seeded catalogue's options; one line in eight discounted by 10 %. 76 % paid (1 % of them test
 * payments), 10 % expired, the rest waiting, failed or cancelled. Paid: cost 80 % of the price, a
 * 2 % fee on PayPro; 90 % delivered within two hours (60 % of them from stock); 3 % refunded in
 * part a day later (one unit returned to stock).
 */
export const REPORTS_FILL_SQL = [
	`create temporary table bench_variants as select row_number() over (order by v.id) as n, v.id as variant_id, v.product_id, p.name, v.label, greatest(v.price, 100) as price
		from product_variants v join products p on p.id = v.product_id`,
	`insert into orders (order_number, customer_name, customer_email, customer_phone, total_amount, payment_status, delivery_status, payment_method, paid_at, delivered_at, stock_delivered_at, test_payment, created_at, updated_at)
	select 'GV-B' || i, 'Buyer ' || (i % 9000), 'buyer' || (i % 9000) || '@example.pk', '03' || lpad((i % 1000000000)::text, 9, '0'), 0,
		case when r < 0.76 then 'paid' when r < 0.86 then 'expired' when r < 0.92 then 'awaiting_payment' when r < 0.97 then 'failed' else 'cancelled' end,
		case when r < 0.76 and d < 0.9 then 'completed' else 'pending' end,
		case when m < 0.7 then 'paypro' when m < 0.9 then 'manual' else 'dm' end,
		case when r < 0.76 then created + interval '30 minutes' * j end,
		case when r < 0.76 and d < 0.9 then created + interval '30 minutes' * j + interval '2 hours' * d end,
		case when r < 0.76 and d < 0.54 then created + interval '30 minutes' * j + interval '2 hours' * d end,
		r < 0.0076, created, created
	from (select i, random() as r, random() as m, random() as d, random() as j, now() - interval '730 days' * (1 - i::float8 / $1::int) - interval '1 hour' * random() as created
		from generate_series(1, $1::int) as s(i)) g`,
	`insert into order_lines (order_id, position, product_id, variant_id, name, image, option_label, quantity, unit_price, discount, line_total, unit_cost, cost)
	select o.id, k - 1, v.product_id, v.variant_id, v.name, '/bench.webp', v.label, q, v.price, dis, q * v.price - dis,
		case when o.paid_at is not null then (v.price * 0.8)::int end, case when o.paid_at is not null then q * (v.price * 0.8)::int end
	from orders o cross join lateral generate_series(1, 1 + (o.id % 4)::int) as k
		cross join lateral (select (1 + (o.id * 7 + k * 13) % (select count(*) from bench_variants))::bigint as pick, case when (o.id + k) % 10 = 0 then 2 else 1 end as q) p
		join bench_variants v on v.n = p.pick
		cross join lateral (select case when (o.id + k) % 8 = 0 then (q * v.price / 10)::int else 0 end as dis) dd`,
	`update orders o set total_amount = l.total, cost = case when o.paid_at is not null then l.cost end,
		fee = case when o.paid_at is not null then case when o.payment_method = 'paypro' then (l.total * 0.02)::int else 0 end end,
		profit = case when o.paid_at is not null then l.total - l.cost - case when o.payment_method = 'paypro' then (l.total * 0.02)::int else 0 end end
	from (select order_id, sum(line_total) as total, sum(coalesce(cost, 0)) as cost from order_lines group by 1) l where l.order_id = o.id`,
	`create temporary table bench_refunded as select o.id, o.total_amount / 2 as amount, o.paid_at + interval '1 day' as at, (select id from order_lines where order_id = o.id and position = 0) as line_id
		from orders o where o.paid_at is not null and not o.test_payment and o.id % 33 = 0 and o.total_amount >= 2`,
	`with r as (insert into refunds (order_id, amount, method, reason, actor, created_at) select id, amount, 'bank', 'Bench', 'bench', at from bench_refunded returning id, order_id)
	insert into refund_lines (refund_id, order_line_id, quantity, returned) select r.id, b.line_id, 1, 1 from r join bench_refunded b on b.id = r.order_id`,
	`update orders o set refunded_amount = b.amount, payment_status = 'partly_refunded' from bench_refunded b where b.id = o.id`,
	// As autovacuum leaves a table at rest: statistics, and the visibility map index-only scans read.
	'vacuum analyze orders',
	'vacuum analyze order_lines',
	'vacuum analyze refunds',
	'vacuum analyze refund_lines',
]

export async function reportsSection(ctx: BenchContext): Promise<SectionResult> {
	const configured = process.env.BENCH_DATABASE_URL?.trim()
	if (configured && !/^postgres(ql)?:\/\//.test(configured)) {
		return { name: 'reports', rows: [], notes: ['skipped: this section needs PostgreSQL (BENCH_DATABASE_URL=postgres://…)'] }
	}
	const adminUrl = configured || DEFAULT_POSTGRES_URL
	const admin = new pg.Client({ connectionString: adminUrl })
	await admin.connect()
	try {
		await admin.query(`drop database if exists ${DATABASE} with (force)`)
		await admin.query(`create database ${DATABASE}`)
	} finally {
		await admin.end()
	}
	const url = new URL(adminUrl)
	url.pathname = `/${DATABASE}`
	const database = await openPostgres(url.toString(), { prepare: seedDatabase })
	try {
		const { db } = database
		const client = (db as unknown as { $client: pg.Pool }).$client
		const started = performance.now()
		ctx.log(`reports: filling ${ORDERS} orders into ${DATABASE}`)
		const conn = await client.connect()
		try {
			await conn.query('select setseed(0.2024)')
			for (const statement of REPORTS_FILL_SQL) await conn.query(statement, statement.includes('$1') ? [ORDERS] : [])
		} finally {
			conn.release()
		}
		const fillSeconds = (performance.now() - started) / 1000
		const counts = (await db.execute<{ orders: string; lines: string; refunds: string; paid: string }>(
			sql`select (select count(*) from orders) as orders, (select count(*) from order_lines) as lines, (select count(*) from refunds) as refunds, (select count(*) from orders where paid_at is not null) as paid`,
		)).rows[0]!
		ctx.log(`reports: ${counts.orders} orders, ${counts.lines} lines, ${counts.refunds} refunds in ${fillSeconds.toFixed(0)} s`)

		const now = new Date()
		const back = (days: number) => new Date(now.getTime() - days * 86_400_000).toISOString().slice(0, 10)
		const today = new Date(now.getTime() + 5 * 3_600_000).toISOString().slice(0, 10)
		const ranges: [string, Record<string, string>][] = [
			['today', { range: 'today' }],
			['7 days', { range: '7d' }],
			['30 days', { range: '30d' }],
			['this month', { range: 'month' }],
			['custom: 1 year (by week)', { from: back(364), to: today }],
			['custom: 2 years (by month)', { from: back(729), to: today }],
			['custom: 5 years (by month)', { from: back(5 * 365), to: today }],
		]
		const rows: Row[] = []
		for (const [label, input] of ranges) {
			const read = readReportRange(input, now)
			if (!read.ok) throw new Error(`${label}: ${read.message}`)
			for (let i = 0; i < WARMUPS; i++) await salesReport(db, { label: 'bench' }, read.range)
			const times: number[] = []
			let paid = 0
			for (let i = 0; i < RUNS; i++) {
				const t = performance.now()
				const report = await salesReport(db, { label: 'bench' }, read.range)
				times.push(performance.now() - t)
				paid = report.totals.orders
			}
			times.sort((a, b) => a - b)
			rows.push({
				subject: `${label} (${read.range.days} days, ${paid.toLocaleString('en-US')} paid)`,
				metrics: [metric('p50', percentile(times, 50), 'ms', 1), metric('p95', percentile(times, 95), 'ms', 1, TARGET), metric('max', times.at(-1)!, 'ms', 1)],
			})
		}
		return {
			name: 'reports',
			subjectLabel: 'Range',
			rows,
			notes: [
				`${Number(counts.orders).toLocaleString('en-US')} orders (${Number(counts.paid).toLocaleString('en-US')} paid), ${Number(counts.lines).toLocaleString('en-US')} lines, ${Number(counts.refunds).toLocaleString('en-US')} refunds over two years, filled in ${fillSeconds.toFixed(0)} s; ${RUNS} runs per range after ${WARMUPS} warm-ups, each the whole report (totals and the previous period, series, products, methods, funnel, delivery times, top customers)`,
			],
			details: { counts },
		}
	} finally {
		await database.close()
	}
}
