// The staff console's order list with 100,000 orders (PostgreSQL only): fills the orders table
// with generate_series, signs in as the bench's owner (bench/server.ts BENCH_STAFF), then times
// GET /admin-dashboard one request at a time (the whole HTML page, gzip, as a staff browser loads
// it) for the first page, a deep page (the 'Older' link followed DEEP_HOPS times), the payment and
// fulfillment filters and each kind of search, and one filtered CSV export.
//
// Environment: BENCH_DASHBOARD_ORDERS (100000), BENCH_DASHBOARD_RUNS (20 timed requests per row,
// after 3 warm-ups).
import zlib from 'node:zlib'
import { catalogue } from '../app/db/seed/catalogue.ts'
import { rawRequest, signIn, type RawResponse } from './http.ts'
import { metric, type BenchContext, type Row, type SectionResult } from './types.ts'

const ORDERS = Math.max(1, Math.floor(Number(process.env.BENCH_DASHBOARD_ORDERS) || 100_000))
const RUNS = Math.max(1, Math.floor(Number(process.env.BENCH_DASHBOARD_RUNS) || 20))
const WARMUPS = 3
/** 'Older' links followed from the first page for the deep page (50 orders a page: orders 2,501 to 2,550). */
const DEEP_HOPS = 50
const CSV_RUNS = 3
/** The payment and fulfillment statuses the filter rows pick (app/domain/orders/status.ts). */
const STATUS_FILTER = 'failed'
const FULFILLMENT_FILTER = 'ready_for_delivery'
const CSV_FILTER = 'status=completed'
const NAME_FRAGMENT = 'khan'

// The issue: the order list and its searches stay quick with 100,000 orders.
const TARGETS = {
	p95: { op: '<=', value: 300 },
} as const

export const FIRST_NAMES = [
	'Muhammad', 'Ahmed', 'Ali', 'Hassan', 'Hussain', 'Usman', 'Bilal', 'Hamza', 'Umar', 'Zain',
	'Fahad', 'Saad', 'Imran', 'Asad', 'Faisal', 'Kamran', 'Waqas', 'Shahid', 'Adnan', 'Danish',
	'Junaid', 'Talha', 'Abdullah', 'Haris', 'Arslan', 'Ayesha', 'Fatima', 'Zainab', 'Maryam', 'Sana',
	'Hira', 'Amna', 'Mahnoor', 'Iqra', 'Sadia', 'Nimra', 'Rabia', 'Khadija', 'Sara', 'Aliza',
]
export const LAST_NAMES = [
	'Khan', 'Ahmed', 'Ali', 'Malik', 'Hussain', 'Butt', 'Chaudhry', 'Qureshi', 'Sheikh', 'Raza',
	'Siddiqui', 'Iqbal', 'Mirza', 'Javed', 'Shah', 'Abbasi', 'Baig', 'Awan', 'Rana', 'Akhtar',
	'Aslam', 'Bhatti', 'Yousaf', 'Nawaz', 'Khalid', 'Niazi', 'Afridi', 'Yousafzai', 'Jamil', 'Anwar',
]
export const EMAIL_DOMAINS = ['gmail.com', 'gmail.com', 'gmail.com', 'yahoo.com', 'hotmail.com', 'outlook.com']

/** One order line per catalogue product, at its first priced option (as create-order stores them). */
export function lineTemplates() {
	return catalogue.map((p) => {
		const duration = p.durations?.find((d) => d.price > 0) ?? null
		const denomination = p.denominations?.find((d) => d.price > 0) ?? null
		const price = duration?.price ?? denomination?.price ?? p.price
		return {
			id: p.id,
			name: p.name,
			image: p.image,
			price,
			originalPrice: p.originalPrice,
			quantity: 1,
			selectedDuration: duration,
			selectedDenomination: denomination,
			selectedAccountType: p.privatePrice != null ? 'private' : null,
			code: null,
		}
	})
}

// One statement. Payment statuses: mostly completed, with failed, expired and 'pending' (a receipt
// under review) over the whole year; payment_pending only in the last 48 hours and without a
// PayPro id, as older ones are expired by the shop's sweep (which would otherwise start expiring and
// reconciling them during the timings). Fulfillment: paid orders spread over the six steps (most of
// them done), unpaid ones 'pending'. created_at runs with the id over the last year, with jitter.
export const FILL_SQL = `
with g as materialized (
	select i, random() as r_status, random() as r_fulfil, random() as r_first, random() as r_last,
		random() as r_domain, random() as r_line, random() as r_qty, random() as r_method,
		random() as r_phone, random() as r_jitter, random() as r_paid, random() as r_email
	from generate_series(1, $1::int) as s(i)
), o as materialized (
	select g.*,
		case
			when r_status < 0.003 then 'payment_pending'
			when r_status < 0.05 then 'pending'
			when r_status < 0.80 then 'completed'
			when r_status < 0.90 then 'failed'
			else 'expired'
		end as status,
		($2::text[])[1 + floor(r_first * cardinality($2::text[]))::int] as first_name,
		($3::text[])[1 + floor(r_last * cardinality($3::text[]))::int] as last_name,
		($4::text[])[1 + floor(r_domain * cardinality($4::text[]))::int] as domain,
		$5::jsonb -> floor(r_line * jsonb_array_length($5::jsonb))::int as line,
		case when r_qty < 0.9 then 1 when r_qty < 0.98 then 2 else 3 end as qty
	from g
), t as materialized (
	select o.*,
		case
			when status = 'payment_pending' then now() - r_jitter * interval '48 hours'
			else now() - interval '365 days' * (1 - i::float8 / $1::int) - r_jitter * interval '10 minutes'
		end as ts,
		case
			when status <> 'completed' then 'pending'
			when r_fulfil < 0.04 then 'pending'
			when r_fulfil < 0.08 then 'preparing'
			when r_fulfil < 0.11 then 'activating'
			when r_fulfil < 0.15 then 'ready_for_delivery'
			when r_fulfil < 0.45 then 'delivered'
			else 'completed'
		end as fulfillment,
		case when status = 'pending' or r_method < 0.12 then 'manual' else 'paypro' end as method
	from o
),
u as materialized (
	select t.*, 'XGC-' || floor(extract(epoch from ts) * 1000)::bigint || '-' || i as num from t
), ins as (
	insert into orders (order_number, customer_name, customer_email, customer_phone, total_amount, status, fulfillment_status,
		payment_method, paypro_transaction_id, access_token, paid_at, created_at, updated_at)
	select
		num,
		first_name || ' ' || last_name,
		lower(first_name) || '.' || lower(last_name) || floor(r_email * 5000)::int || '@' || domain,
		'03' || lpad(floor(r_phone * 1000000000)::bigint::text, 9, '0'),
		(line ->> 'price')::int * qty,
		status,
		fulfillment,
		method,
		case when method = 'paypro' and status <> 'payment_pending' then (1000000000 + i)::text end,
		md5(random()::text || i) || md5(random()::text),
		case when status = 'completed' then ts + r_paid * interval '30 minutes' end,
		ts,
		case when status = 'completed' then ts + r_paid * interval '30 minutes' + interval '2 hours' else ts + interval '5 minutes' end
	from u
	order by i
	returning id, order_number
)
-- Each order's one line, as the shop writes it (order_lines).
insert into order_lines (order_id, position, product_id, name, image, original_price, option_kind, option_label, option_months,
	option_value, option_price, account_type, quantity, unit_price, line_total)
select ins.id, 0, (line ->> 'id')::int, line ->> 'name', line ->> 'image', (line ->> 'originalPrice')::int,
	case when jsonb_typeof(line -> 'selectedDuration') = 'object' then 'duration' when jsonb_typeof(line -> 'selectedDenomination') = 'object' then 'denomination' end,
	coalesce(line -> 'selectedDuration' ->> 'label', line -> 'selectedDenomination' ->> 'label'),
	(line -> 'selectedDuration' ->> 'months')::int,
	case when jsonb_typeof(line -> 'selectedDuration') = 'object' then null else (line -> 'selectedDenomination' ->> 'value')::int end,
	coalesce(line -> 'selectedDuration' ->> 'price', line -> 'selectedDenomination' ->> 'price')::int,
	line ->> 'selectedAccountType', qty, (line ->> 'price')::int, (line ->> 'price')::int * qty
from ins join u on u.num = ins.order_number`

async function withClient<T>(url: string, run: (client: import('pg').Client) => Promise<T>): Promise<T> {
	const pg = (await import('pg')).default
	const client = new pg.Client({ connectionString: url })
	await client.connect()
	try {
		return await run(client)
	} finally {
		await client.end()
	}
}

/** Fills the orders table up to ORDERS rows; returns how many it added and how long it took. */
async function fillOrders(ctx: BenchContext, url: string) {
	return withClient(url, async (client) => {
		const before = Number((await client.query<{ n: string }>('select count(*) as n from orders')).rows[0].n)
		const missing = Math.max(0, ORDERS - before)
		const started = performance.now()
		if (missing > 0) {
			ctx.log(`dashboard: inserting ${missing} orders (${before} there already)`)
			await client.query('select setseed(0.2024)')
			await client.query(FILL_SQL, [missing, FIRST_NAMES, LAST_NAMES, EMAIL_DOMAINS, JSON.stringify(lineTemplates())])
		}
		await client.query('analyze orders')
		const seconds = (performance.now() - started) / 1000
		const { rows } = await client.query<{ status: string; n: string }>('select status, count(*) as n from orders group by 1 order by 2 desc')
		const { rows: ff } = await client.query<{ fulfillment_status: string; n: string }>(
			'select fulfillment_status, count(*) as n from orders group by 1 order by 2 desc',
		)
		// Search terms from the data itself: an order in the middle of the year.
		const { rows: picks } = await client.query<{ order_number: string; customer_email: string; customer_phone: string }>(
			`select order_number, customer_email, customer_phone from orders order by id offset $1 limit 1`,
			[Math.floor((before + missing) / 2)],
		)
		return {
			added: missing,
			seconds,
			total: before + missing,
			statuses: rows.map((r) => `${r.status} ${r.n}`).join(', '),
			fulfillment: ff.map((r) => `${r.fulfillment_status} ${r.n}`).join(', '),
			pick: picks[0],
		}
	})
}

interface Timed {
	ms: number
	res: RawResponse
	text: string
}

async function timedGet(url: string, cookie: string): Promise<Timed> {
	const started = performance.now()
	const res = await rawRequest('GET', url, { headers: { Cookie: cookie, Accept: 'text/html', 'Accept-Encoding': 'gzip' }, timeoutMs: 120_000 })
	const ms = performance.now() - started
	const body = res.headers['content-encoding'] === 'gzip' ? zlib.gunzipSync(res.body) : res.body
	return { ms, res, text: body.toString('utf8') }
}

/** What the dashboard page shows: the order rows, the total and the 'Older' cursor. */
function readPage(t: Timed, path: string) {
	if (t.res.status !== 200) throw new Error(`GET ${path} answered ${t.res.status}${t.res.headers.location ? ` (to ${t.res.headers.location})` : ''}`)
	if (t.text.includes('Failed to fetch orders')) throw new Error(`GET ${path}: the page says "Failed to fetch orders"`)
	const rows = t.text.split('class="staff-order-number"').length - 1
	const total = /aria-live="polite">([\d,]+) orders?/.exec(t.text)
	const empty = t.text.includes('No orders found.')
	if (!total && !empty) throw new Error(`GET ${path}: no order count on the page`)
	const older = /href="\/admin-dashboard\?[^"]*?before=(\d+)"/.exec(t.text)
	return { rows, total: total ? Number(total[1].replace(/,/g, '')) : 0, older: older ? Number(older[1]) : null }
}

/** Nearest-rank percentile of sorted values. */
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]

async function timePage(ctx: BenchContext, cookie: string, subject: string, path: string): Promise<Row> {
	const url = `${ctx.baseUrl}${path}`
	let shown = { rows: 0, total: 0, older: null as number | null }
	for (let i = 0; i < WARMUPS; i++) shown = readPage(await timedGet(url, cookie), path)
	const times: number[] = []
	for (let i = 0; i < RUNS; i++) {
		const t = await timedGet(url, cookie)
		shown = readPage(t, path)
		times.push(t.ms)
	}
	times.sort((a, b) => a - b)
	ctx.log(`dashboard: ${subject}: p50 ${percentile(times, 50).toFixed(0)} ms, p95 ${percentile(times, 95).toFixed(0)} ms, ${shown.rows} rows of ${shown.total}`)
	return {
		subject: `${subject}: ${path}`,
		metrics: [
			metric('p50', percentile(times, 50), 'ms', 0),
			metric('p95', percentile(times, 95), 'ms', 0, TARGETS.p95),
			metric('Max', times[times.length - 1], 'ms', 0),
			metric('Rows', shown.rows, '', 0),
			metric('Total', shown.total, '', 0),
		],
	}
}

export async function dashboardSection(ctx: BenchContext): Promise<SectionResult> {
	const notes: string[] = [`database: ${ctx.database.label}`]
	if (ctx.database.kind !== 'postgres' || !ctx.database.url) {
		notes.push('skipped: this section needs PostgreSQL (it fills the orders table with SQL); set BENCH_DATABASE_URL=postgres://…')
		return { name: 'dashboard', subjectLabel: 'Request', rows: [], notes }
	}

	const fill = await fillOrders(ctx, ctx.database.url)
	ctx.log(`dashboard: ${fill.total} orders (added ${fill.added} in ${fill.seconds.toFixed(1)} s, with ANALYZE)`)
	notes.push(
		`orders: ${fill.total} (${fill.added} inserted with generate_series and analyzed in ${fill.seconds.toFixed(1)} s)`,
		`payment statuses: ${fill.statuses}`,
		`fulfillment statuses: ${fill.fulfillment}`,
		`each row: ${WARMUPS} warm-ups then ${RUNS} sequential GETs of the whole HTML page (gzip), signed in as staff; ` +
			'Rows = order rows on the page, Total = the count the page shows',
	)
	if (!fill.pick) throw new Error('no order to search for')

	const cookie = await signIn(ctx.baseUrl)
	const rows: Row[] = []
	rows.push(await timePage(ctx, cookie, 'first page', '/admin-dashboard'))

	// The deep page: as staff reach it, following 'Older' from the first page.
	let path = '/admin-dashboard'
	const hops: number[] = []
	for (let i = 0; i < DEEP_HOPS; i++) {
		const t = await timedGet(`${ctx.baseUrl}${path}`, cookie)
		const page = readPage(t, path)
		if (i > 0) hops.push(t.ms)
		if (page.older == null) throw new Error(`no 'Older' link on page ${i + 1} (${path})`)
		path = `/admin-dashboard?before=${page.older}`
	}
	hops.sort((a, b) => a - b)
	notes.push(
		`deep page: reached by following 'Older' ${DEEP_HOPS} times (page ${DEEP_HOPS + 1}, orders ${DEEP_HOPS * 50 + 1} to ${DEEP_HOPS * 50 + 50}); ` +
			`those ${hops.length} page loads: p50 ${percentile(hops, 50).toFixed(0)} ms, p95 ${percentile(hops, 95).toFixed(0)} ms, max ${hops[hops.length - 1].toFixed(0)} ms`,
	)
	rows.push(await timePage(ctx, cookie, `page ${DEEP_HOPS + 1}`, path))

	const q = (value: string) => `/admin-dashboard?q=${encodeURIComponent(value)}`
	const { order_number: orderNumber, customer_email: email, customer_phone: phone } = fill.pick
	// 'XGC-' and the first 5 digits of the time in ms: a window of about 28 hours.
	const prefix = orderNumber.slice(0, 9)
	const phoneAsTyped = `+92 ${phone.slice(1, 4)} ${phone.slice(4)}`
	rows.push(await timePage(ctx, cookie, 'payment status', `/admin-dashboard?status=${STATUS_FILTER}`))
	rows.push(await timePage(ctx, cookie, 'fulfillment status', `/admin-dashboard?fulfillment=${FULFILLMENT_FILTER}`))
	rows.push(await timePage(ctx, cookie, 'order number', q(orderNumber)))
	rows.push(await timePage(ctx, cookie, 'order number prefix', q(prefix)))
	rows.push(await timePage(ctx, cookie, 'email', q(email)))
	rows.push(await timePage(ctx, cookie, 'phone', q(phoneAsTyped)))
	rows.push(await timePage(ctx, cookie, 'name fragment', q(NAME_FRAGMENT)))

	// The CSV export of one filter: streamed 1,000 orders at a time.
	const csvPath = `/admin/orders.csv?${CSV_FILTER}`
	const csvTimes: number[] = []
	let csvRows = 0
	let csvBytes = 0
	for (let i = 0; i < 1 + CSV_RUNS; i++) {
		const t = await timedGet(`${ctx.baseUrl}${csvPath}`, cookie)
		if (t.res.status !== 200 || !String(t.res.headers['content-type']).startsWith('text/csv')) {
			throw new Error(`GET ${csvPath} answered ${t.res.status} ${t.res.headers['content-type']}`)
		}
		csvRows = t.text.split('\r\n').filter(Boolean).length - 1
		csvBytes = Buffer.byteLength(t.text)
		if (i > 0) csvTimes.push(t.ms)
	}
	csvTimes.sort((a, b) => a - b)
	const csvMs = percentile(csvTimes, 50)
	ctx.log(`dashboard: CSV ${csvRows} rows in ${csvMs.toFixed(0)} ms (${((csvRows / csvMs) * 1000).toFixed(0)} rows/s)`)
	notes.push(
		`CSV: ${csvPath} (1 warm-up, median of ${CSV_RUNS}): ${csvRows} rows, ${(csvBytes / 1e6).toFixed(1)} MB in ${(csvMs / 1000).toFixed(2)} s, ` +
			`${((csvRows / csvMs) * 1000).toFixed(0)} rows/s (no target)`,
	)
	rows.push({
		subject: `CSV export: ${csvPath}`,
		metrics: [
			metric('p50', csvMs, 'ms', 0),
			metric('Max', csvTimes[csvTimes.length - 1], 'ms', 0),
			metric('Rows', csvRows, '', 0),
			metric('Rows/s', (csvRows / csvMs) * 1000, '', 0),
		],
	})

	return {
		name: 'dashboard',
		subjectLabel: 'Request',
		rows,
		notes,
		details: { orders: fill.total, fill, runs: RUNS, warmups: WARMUPS, deepHopsMs: hops, csvMs: csvTimes, csvRows, csvBytes },
	}
}
