// History at scale (ADR-057): the shop's own PostgreSQL database filled with a million orders over two
// years (about 300,000 buyers; 70 % PayPro, 20 % transfers, 10 % DM orders; discounts, refunds, codes
// delivered from stock), then every page staff and buyers open on that history timed over HTTP, one
// request at a time, and a checkout alone and while two staff read the one-year report over and over.
//
// Environment: BENCH_MILLION_ORDERS (1000000), BENCH_MILLION_BUYERS (300000), BENCH_MILLION_RUNS (20
// timed requests per row, after 2 warm-ups). PostgreSQL only (BENCH_DATABASE_URL=postgres://…).
import crypto from 'node:crypto'
import zlib from 'node:zlib'
import pg from 'pg'
import { EMAIL_DOMAINS, FIRST_NAMES, LAST_NAMES } from './dashboard.ts'
import { checkoutKey, postCheckout, rawRequest, signIn, type RawResponse } from './http.ts'
import { metric, type BenchContext, type Row, type SectionResult } from './types.ts'

const ORDERS = Math.max(1000, Math.floor(Number(process.env.BENCH_MILLION_ORDERS) || 1_000_000))
const BUYERS = Math.max(100, Math.floor(Number(process.env.BENCH_MILLION_BUYERS) || 300_000))
const RUNS = Math.max(1, Math.floor(Number(process.env.BENCH_MILLION_RUNS) || 20))
const WARMUPS = 2
/** One order in this many belongs to the buyer with many orders (500 at a million). */
const BIG_BUYER_EVERY = Math.max(1, Math.floor(ORDERS / 500))
const BIG_BUYER = 'many.orders@example.pk'

// The issue: every page answers within 300 ms at p95 with a million orders.
const TARGET = { op: '<=', value: 300 } as const

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!

/**
 * The million orders, in statements run one after the other ($1 orders, $2 buyers, $3 first names,
 * $4 last names, $5 email domains, $6 the big buyer's share, $7 the big buyer's email). Unpaid orders
 * older than two days are expired, as the shop's sweep leaves them (so its job worker finds nothing to
 * do during the timings).
 */
export const MILLION_FILL_SQL = [
	// A bulk load: the rollups' triggers (drizzle/0051) stay off, and the rollups are counted once at the end.
	'set session_replication_role = replica',
	`create temporary table bench_variants as select row_number() over (order by v.id) as n, v.id as variant_id, v.product_id, p.name, v.label, greatest(v.price, 100) as price
		from product_variants v join products p on p.id = v.product_id where v.price > 0`,
	// Each order's lines are a function of its id (ids given here, past FIRST_ID, the highest the shop had), so its total, cost, fee
	// and profit are written with it: an UPDATE of a million rows afterwards took longer than the insert.
	`create temporary table bench_lines as
	select id, k - 1 as position, v.product_id, v.variant_id, v.name, v.label, q, v.price, dis
	from generate_series(FIRST_ID::bigint + 1, FIRST_ID::bigint + $1::int) as s(id) cross join lateral generate_series(1, 1 + (id % 3)::int) as k
		cross join lateral (select (1 + (id * 7 + k * 13) % (select count(*) from bench_variants))::bigint as pick, case when (id + k) % 10 = 0 then 2 else 1 end as q) p
		join bench_variants v on v.n = p.pick
		cross join lateral (select case when (id + k) % 8 = 0 then (q * v.price / 10)::int else 0 end as dis) dd`,
	'create index on bench_lines (id)',
	`insert into orders (id, order_number, customer_name, customer_email, customer_phone, total_amount, payment_status, delivery_status, payment_method,
		paypro_transaction_id, access_token, paid_at, delivered_at, stock_delivered_at, cost, fee, profit, created_at, updated_at)
	select id, 'XGC-' || floor(extract(epoch from created) * 1000)::bigint || '-' || (i % 1000),
		case when big then 'Many Orders' else ($3::text[])[1 + b % cardinality($3::text[])] || ' ' || ($4::text[])[1 + (b / 40) % cardinality($4::text[])] end,
		case when big then $7::text else lower(($3::text[])[1 + b % cardinality($3::text[])]) || '.' || lower(($4::text[])[1 + (b / 40) % cardinality($4::text[])]) || b || '@' || ($5::text[])[1 + b % cardinality($5::text[])] end,
		'03' || lpad((b::bigint * 7919 % 1000000000)::text, 9, '0'), total,
		case when paid then 'paid' when created > now() - interval '2 days' and r < 0.90 then 'awaiting_payment' when r < 0.90 then 'expired' when r < 0.96 then 'failed' else 'cancelled' end,
		case when paid and (d < 0.995 or created > now() - interval '2 days') then 'completed' else 'pending' end,
		method,
		case when method = 'paypro' then (100000000000000 + i)::text end,
		md5(i::text || 'token'),
		case when paid then created + interval '20 minutes' * j end,
		case when paid and (d < 0.995 or created > now() - interval '2 days') then created + interval '20 minutes' * j + interval '2 hours' * d end,
		case when paid and d < 0.6 then created + interval '20 minutes' * j + interval '2 hours' * d end,
		case when paid then cost end, case when paid then fee end, case when paid then total - cost - fee end,
		created, created
	from (select g.*, r < 0.78 as paid, case when m < 0.7 then 'paypro' when m < 0.9 then 'manual' else 'dm' end as method, t.total, t.cost,
			case when m < 0.7 then (t.total * 0.02)::int else 0 end as fee
		from (select i, FIRST_ID::bigint + i as id, i % $6::int = 7 as big, floor(power(random(), 1.5) * $2::int)::int as b, random() as r, random() as m, random() as d, random() as j,
				now() - interval '730 days' * (1 - i::float8 / $1::int) - interval '20 minutes' * random() as created
			from generate_series(1, $1::int) as s(i)) g
		cross join lateral (select sum(l.q * l.price - l.dis)::int as total, sum(l.q * (l.price * 0.8)::int)::int as cost from bench_lines l where l.id = g.id) t) x
	order by i`,
	"select setval(pg_get_serial_sequence('orders', 'id'), (select max(id) from orders))",
	`insert into order_lines (order_id, position, product_id, variant_id, name, image, option_label, quantity, unit_price, discount, line_total, unit_cost, cost)
	select l.id, l.position, l.product_id, l.variant_id, l.name, '/bench.webp', l.label, l.q, l.price, l.dis, l.q * l.price - l.dis,
		case when o.paid_at is not null then (l.price * 0.8)::int end, case when o.paid_at is not null then l.q * (l.price * 0.8)::int end
	from bench_lines l join orders o on o.id = l.id`,
	`create temporary table bench_refunded as select o.id, o.total_amount / 2 as amount, o.paid_at + interval '1 day' as at, (select id from order_lines where order_id = o.id and position = 0) as line_id
		from orders o where o.paid_at is not null and o.order_number like 'XGC-%' and o.id % 33 = 0 and o.total_amount >= 2 and o.paid_at < now() - interval '1 day'`,
	`with r as (insert into refunds (order_id, amount, method, reason, actor, created_at) select id, amount, 'bank', 'Bench', 'bench', at from bench_refunded returning id, order_id)
	insert into refund_lines (refund_id, order_line_id, quantity, returned) select r.id, b.line_id, 1, 1 from r join bench_refunded b on b.id = r.order_id`,
	`update orders o set refunded_amount = b.amount, payment_status = 'partly_refunded' from bench_refunded b where b.id = o.id`,
	// The codes that delivered the orders served from stock: one used unit per such order, by option.
	`insert into stock_units (product_id, variant_id, kind, secret, key_id, fingerprint, status, slots, slots_used, created_at)
	select v.product_id, v.variant_id, 'code', 'bench', 'bench', md5('bench-unit-' || o.id), 'used', 1, 1, o.paid_at - interval '1 day'
	from orders o join lateral (select variant_id from order_lines where order_id = o.id and position = 0) l on true
		join bench_variants v on v.variant_id = l.variant_id
	where o.stock_delivered_at is not null and o.order_number like 'XGC-%'`,
	'set session_replication_role = origin',
	'select recount_sales_days()',
	'select recount_all_customer_figures()',
	// As autovacuum leaves tables at rest: statistics, and the visibility map index-only scans read.
	'vacuum analyze orders',
	'vacuum analyze order_lines',
	'vacuum analyze refunds',
	'vacuum analyze refund_lines',
	'vacuum analyze stock_units',
	'vacuum analyze sales_days',
	'vacuum analyze sales_day_lines',
	'vacuum analyze orders_placed_days',
	'vacuum analyze delivery_time_days',
	'vacuum analyze customer_figures',
]

async function fill(ctx: BenchContext, url: string) {
	const client = new pg.Client({ connectionString: url })
	await client.connect()
	try {
		const started = performance.now()
		await client.query('select setseed(0.2026)')
		// The orders' ids start past any order the shop has already.
		const firstId = Number((await client.query<{ id: string }>('select coalesce(max(id), 0) as id from orders')).rows[0]!.id)
		for (const written of MILLION_FILL_SQL) {
			const t = performance.now()
			// FIRST_ID is a number read above, written in as one: PostgreSQL refuses a parameter a statement skips.
			const statement = written.replaceAll('FIRST_ID', String(firstId))
			const used = Math.max(0, ...[...statement.matchAll(/\$(\d)/g)].map((m) => Number(m[1])))
			await client.query(statement, [ORDERS, BUYERS, FIRST_NAMES, LAST_NAMES, EMAIL_DOMAINS, BIG_BUYER_EVERY, BIG_BUYER].slice(0, used))
			ctx.log(`million: ${statement.trim().split(/\s+/).slice(0, 3).join(' ')} … ${((performance.now() - t) / 1000).toFixed(0)} s`)
		}
		const seconds = (performance.now() - started) / 1000
		const counts = (
			await client.query<{ orders: string; lines: string; refunds: string; paid: string; buyers: string; units: string }>(
				`select (select count(*) from orders) as orders, (select count(*) from order_lines) as lines, (select count(*) from refunds) as refunds,
					(select count(*) from orders where paid_at is not null) as paid, (select count(distinct lower(btrim(customer_email))) from orders) as buyers,
					(select count(*) from stock_units) as units`,
			)
		).rows[0]!
		const pick = (
			await client.query<{ id: string; order_number: string; paypro_transaction_id: string; customer_email: string; customer_name: string; customer_phone: string; access_token: string }>(
				`select id, order_number, paypro_transaction_id, customer_email, customer_name, customer_phone, access_token from orders
				where paypro_transaction_id is not null and order_number like 'XGC-%' order by id offset $1 limit 1`,
				[Math.floor(ORDERS / 2)],
			)
		).rows[0]!
		const big = (await client.query<{ id: string; n: string }>(`select min(id) as id, count(*) as n from orders where lower(btrim(customer_email)) = $1`, [BIG_BUYER])).rows[0]!
		// The big buyer signed in on My orders: a session as sign-in makes one (its id hashed).
		const sessionId = crypto.randomBytes(24).toString('base64url')
		await client.query(`insert into buyer_sessions (id_hash, email, expires_at) values ($1, $2, now() + interval '1 day')`, [crypto.createHash('sha256').update(sessionId).digest('hex'), BIG_BUYER])
		return { seconds, counts, pick, big, sessionId }
	} finally {
		await client.end()
	}
}

interface Timed {
	ms: number
	firstByteMs: number
	res: RawResponse
}

async function timedGet(url: string, cookie: string, accept = 'text/html'): Promise<Timed> {
	const started = performance.now()
	let firstByteMs = 0
	const res = await rawRequest('GET', url, {
		headers: { Cookie: cookie, Accept: accept, 'Accept-Encoding': 'gzip' },
		timeoutMs: 300_000,
		onFirstByte: () => {
			firstByteMs = performance.now() - started
		},
	})
	const ms = performance.now() - started
	if (res.status !== 200) throw new Error(`GET ${url} answered ${res.status}: ${(res.headers['content-encoding'] === 'gzip' ? zlib.gunzipSync(res.body) : res.body).toString('utf8').slice(0, 200)}`)
	return { ms, firstByteMs: firstByteMs || ms, res }
}

function row(subject: string, times: number[], extra: ReturnType<typeof metric>[] = []): Row {
	times.sort((a, b) => a - b)
	return {
		subject,
		metrics: [metric('p50', percentile(times, 50), 'ms', 0), metric('p95', percentile(times, 95), 'ms', 0, TARGET), metric('Max', times.at(-1)!, 'ms', 0), ...extra],
	}
}

async function timeGets(ctx: BenchContext, cookie: string, subject: string, path: string, accept?: string): Promise<Row> {
	const url = `${ctx.baseUrl}${path}`
	for (let i = 0; i < WARMUPS; i++) await timedGet(url, cookie, accept)
	const times: number[] = []
	for (let i = 0; i < RUNS; i++) times.push((await timedGet(url, cookie, accept)).ms)
	const r = row(`${subject}: ${path}`, times)
	ctx.log(`million: ${subject}: p50 ${r.metrics[0]!.value!.toFixed(0)} ms, p95 ${r.metrics[1]!.value!.toFixed(0)} ms`)
	return r
}

export async function millionSection(ctx: BenchContext): Promise<SectionResult> {
	const notes: string[] = [`database: ${ctx.database.label}`]
	if (ctx.database.kind !== 'postgres' || !ctx.database.url) {
		notes.push('skipped: this section needs PostgreSQL (it fills the orders table with SQL); set BENCH_DATABASE_URL=postgres://…')
		return { name: 'million', subjectLabel: 'Request', rows: [], notes }
	}
	ctx.log(`million: filling ${ORDERS.toLocaleString('en-US')} orders of ${BUYERS.toLocaleString('en-US')} buyers`)
	const filled = await fill(ctx, ctx.database.url)
	const { counts, pick, big } = filled
	notes.push(
		`${Number(counts.orders).toLocaleString('en-US')} orders (${Number(counts.paid).toLocaleString('en-US')} paid) of ${Number(counts.buyers).toLocaleString('en-US')} buyers, ` +
			`${Number(counts.lines).toLocaleString('en-US')} lines, ${Number(counts.refunds).toLocaleString('en-US')} refunds, ${Number(counts.units).toLocaleString('en-US')} codes delivered from stock, over two years; filled in ${filled.seconds.toFixed(0)} s`,
		`each row: ${WARMUPS} warm-ups then ${RUNS} sequential GETs of the whole page (gzip), signed in as staff (My orders: as the buyer with ${big.n} orders); target p95 ≤ 300 ms`,
	)
	const staff = await signIn(ctx.baseUrl)
	const now = new Date()
	const day = (daysBack: number) => new Date(now.getTime() + 5 * 3_600_000 - daysBack * 86_400_000).toISOString().slice(0, 10)
	const q = (value: string) => `/admin-dashboard?q=${encodeURIComponent(value)}`
	const rows: Row[] = []
	const pages: [string, string][] = [
		['console dashboard', '/admin-dashboard'],
		['search: order number', q(pick.order_number)],
		['search: PayPro id', q(pick.paypro_transaction_id)],
		['search: email', q(pick.customer_email)],
		['search: part of an email', q(pick.customer_email.split('@')[0]!)],
		['search: name', q(pick.customer_name)],
		['search: phone', q(`+92 ${pick.customer_phone.slice(1, 4)} ${pick.customer_phone.slice(4)}`)],
		['filter: not delivered yet', '/admin-dashboard?fulfillment=undelivered'],
		['reports: 30 days', '/admin/reports?range=30d'],
		['reports: 1 year', `/admin/reports?from=${day(364)}&to=${day(0)}`],
		['reports: 2 years', `/admin/reports?from=${day(729)}&to=${day(0)}`],
		['reports: 1 year by day', `/admin/reports?from=${day(364)}&to=${day(0)}&by=day`],
		['customers by spend', '/admin/customers'],
		['customers by last order', '/admin/customers?sort=last'],
		['customers: search', `/admin/customers?q=${encodeURIComponent(pick.customer_email.split('@')[0]!)}`],
		[`a buyer's page (${big.n} orders)`, `/admin/customers/${big.id}`],
		['order page (staff)', `/admin/orders/${encodeURIComponent(pick.order_number)}`],
	]
	for (const [subject, path] of pages) rows.push(await timeGets(ctx, staff, subject, path))
	rows.push(await timeGets(ctx, staff, 'reports API: 1 year', `/api/admin/reports/sales?from=${day(364)}&to=${day(0)}`, 'application/json'))
	rows.push(await timeGets(ctx, staff, 'reports API: 2 years by month', `/api/admin/reports/sales?from=${day(729)}&to=${day(0)}&by=month`, 'application/json'))
	rows.push(await timeGets(ctx, `buyer_session=${filled.sessionId}`, `My orders (${big.n} orders)`, '/my-orders'))

	// The orders CSV of one month: when its first byte comes, and when its last.
	const csvPath = `/admin/orders.csv?placedFrom=${day(60)}&placedTo=${day(31)}`
	const first: number[] = []
	const total: number[] = []
	let csvBytes = 0
	for (let i = 0; i < 1 + Math.min(RUNS, 5); i++) {
		const t = await timedGet(`${ctx.baseUrl}${csvPath}`, staff, 'text/csv')
		csvBytes = zlib.gunzipSync(t.res.body).length
		if (i > 0) {
			first.push(t.firstByteMs)
			total.push(t.ms)
		}
	}
	rows.push(row(`orders CSV, one month: first byte: ${csvPath}`, first))
	total.sort((a, b) => a - b)
	rows.push({ subject: `orders CSV, one month: whole file (${(csvBytes / 1e6).toFixed(1)} MB)`, metrics: [metric('p50', percentile(total, 50), 'ms', 0), metric('Max', total.at(-1)!, 'ms', 0)] })

	// A checkout alone, then while two staff read the one-year report in loops.
	let n = 0
	const checkouts = async () => {
		const times: number[] = []
		for (let i = 0; i < WARMUPS + RUNS; i++) {
			const { ms } = await postCheckout(ctx.baseUrl, checkoutKey('million', n++))
			if (i >= WARMUPS) times.push(ms)
		}
		return times
	}
	rows.push(row('checkout alone: POST /api/checkout', await checkouts()))
	let reading = true
	let reads = 0
	const yearReport = `${ctx.baseUrl}/admin/reports?from=${day(364)}&to=${day(0)}`
	const loop = async () => {
		while (reading) {
			await timedGet(yearReport, staff)
			reads++
		}
	}
	const loops = [loop(), loop()]
	// Both loops have their first report under way.
	await new Promise((resolve) => setTimeout(resolve, 200))
	let busy: number[]
	try {
		busy = await checkouts()
	} finally {
		reading = false
		await Promise.all(loops)
	}
	rows.push(row(`checkout while two staff read the 1-year report (${reads} reports read meanwhile)`, busy))
	return { name: 'million', subjectLabel: 'Request', rows, notes, details: { counts, fillSeconds: filled.seconds, runs: RUNS, warmups: WARMUPS } }
}
