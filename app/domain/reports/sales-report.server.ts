import { sql, type SQL } from 'drizzle-orm'
import type { Db } from '../../db/client.server'
import { boundedRead } from '../../db/bounded-reads.server'
import { bucketOf, bucketStarts, type ReportBucket, type ReportRange } from './report-range'
import { countsAsSaleSql } from '../orders/order-facts'
import type { Actor } from '../staff/audit.server'
import { requireGrant } from '../staff/permissions'
import { calendarDayText } from '../../utils/pakistan-time'
import { percentileOfBuckets } from './delivery-times'

// The sales report (ADR-031): every figure is defined here, once, as SQL aggregates over the orders
// paid in the range (orders.paid_at) and the refunds made in it (refunds.created_at), test payments
// left out. Most are read from rollups by Pakistan day that the database keeps as orders and refunds
// are written (ADR-057: sales, lines, orders placed, delivery times, refunds); store credit from its
// entries, and the top customers as topCustomers below says.
//
//   revenue    = Σ orders.total_amount of orders paid in the range
//   refunds    = Σ refunds.amount of refunds made in the range (whenever the order was paid)
//   net        = revenue − refunds
//   cost       = Σ (orders.cost + orders.fee) of orders paid in the range, as recorded at payment
//                (an unknown cost counts 0: `ordersWithoutCost` says how many)
//   profit     = revenue − cost − refunds + cost back, where cost back = Σ (undelivered + returned)
//                × order_lines.unit_cost over the refund lines of refunds made in the range (a unit
//                never delivered or returned unopened cost nothing after all; a voided one did)
//   orders     = count of orders paid in the range; averageOrder = round(revenue / orders)
//   discounts  = Σ order_lines.discount of orders paid in the range
//   credit issued = Σ credit_entries.amount of refunds to store credit and codes returned, made in the range
//   credit spent  = Σ credit spent at checkout in the range, less spent credit given back in it (ADR-051)
//                   Revenue counts an order once, at its whole total, whether money or credit paid it; a
//                   refund to credit is a refund. Credit is neither revenue nor a refund of its own.
//   funnel     = orders placed in the range (created_at), of them paid (paid_at set), delivered
//                (delivered_at set) and expired unpaid (payment_status 'expired')
//   delivery times = median and 90th percentile of delivered_at − paid_at of orders paid in the range and
//                delivered, from stock or by hand: read from per-day bucket counts (delivery-times.ts),
//                never more than 5 % off (a second under 20 s)
//   top customers = the ten buyers (lower(btrim(email))) whose orders paid in the range came to most

export const PAYMENT_METHOD_LABELS: Record<string, string> = { paypro: 'PayPro', manual: 'Bank transfer', dm: 'DM' }
export const PLATFORM_LABELS: Record<string, string> = { xbox: 'Xbox', playstation: 'PlayStation', pc: 'PC' }

export interface ReportTotals {
	orders: number
	revenue: number
	refunds: number
	discounts: number
	net: number
	cost: number
	profit: number
	averageOrder: number
	/** Paid orders whose cost was unknown at payment (counted 0 in cost). */
	ordersWithoutCost: number
	/** Store credit given (refunds to credit, codes returned) and spent at checkout (less credit given back), in the range (ADR-051). */
	creditIssued: number
	creditSpent: number
}

export interface SeriesPoint {
	/** The bucket's first Pakistan day. */
	date: string
	orders: number
	revenue: number
	refunds: number
	profit: number
}

export interface ProductRow {
	productId: number | null
	variantId: number | null
	name: string
	option: string | null
	platform: string | null
	units: number
	revenue: number
	discount: number
	cost: number
}

export interface GroupRow {
	key: string
	label: string
	orders: number
	revenue: number
}

export interface PlatformRow {
	key: string
	label: string
	units: number
	revenue: number
}

export interface FunnelRow {
	method: string
	label: string
	placed: number
	paid: number
	delivered: number
	expired: number
	/** paid / placed, 0 to 1; null when none placed. */
	paidShare: number | null
}

export interface DeliveryTime {
	how: 'stock' | 'hand'
	orders: number
	/** Seconds from paid to delivered. */
	medianSeconds: number | null
	p90Seconds: number | null
}

export interface CustomerRow {
	email: string
	orders: number
	revenue: number
	refunds: number
}

export interface SalesReport {
	range: { from: string; to: string; days: number; bucket: ReportBucket }
	previous: { from: string; to: string }
	totals: ReportTotals
	previousTotals: ReportTotals
	series: SeriesPoint[]
	byProduct: ProductRow[]
	byPlatform: PlatformRow[]
	byPaymentMethod: GroupRow[]
	funnel: { placed: number; paid: number; delivered: number; expired: number; byMethod: FunnelRow[] }
	deliveryTimes: DeliveryTime[]
	topCustomers: CustomerRow[]
}

/** How many products and customers the report lists. */
export const REPORT_LIST_LIMIT = 50
export const TOP_CUSTOMERS = 10

const n = (v: unknown) => (v == null ? 0 : Number(v))
const rows = async <T>(db: Db, query: SQL) => (await db.execute(query)).rows as T[]

const ts = (d: Date) => sql`${d.toISOString()}::timestamptz`

/** The day as 'YYYY-MM-DD', whichever way the driver hands a date back (PostgreSQL: text; PGlite: a Date). */
const dayText = calendarDayText

export async function salesReport(db: Db, actor: Actor, range: ReportRange): Promise<SalesReport> {
	requireGrant(actor, 'reports')
	// Its eight queries on one connection of the bounded reads: reports never starve checkouts.
	return boundedRead(db, (reader) => readSalesReport(reader, range))
}

async function readSalesReport(db: Db, range: ReportRange): Promise<SalesReport> {
	const { start, end, bucket } = range
	const prevStart = range.previous.start
	// Both periods in one pass, grouped by Pakistan day (the SQL stays cheap: a date cast, a hash
	// aggregate over the covering index orders_paid_at_idx); weeks and months are folded here.
	const paidIn = (from: Date) => sql`o.paid_at >= ${ts(from)} and o.paid_at < ${ts(end)} and o.paid_at is not null and not o.test_payment and ${countsAsSaleSql('o')}`
	const [orderRows, refundRows, lineRows, previousDiscount, funnelRows, timeRows, customerRows, creditRows] = await Promise.all([
		// Paid orders by day and payment method.
		rows<{ day: unknown; method: string; orders: string; revenue: string; cost: string; unknown: string }>(
			db,
			sql`select d.day, d.payment_method as method, d.orders, d.revenue, d.cost, d.without_cost as unknown
				from sales_days_live d where d.day >= ${range.previous.from}::date and d.day <= ${range.to}::date and d.orders <> 0`,
		),
		// Refunds made in either period (of orders that were not test payments), with the cost that came back:
		// the refunds' days and the deltas not folded yet (drizzle/0055).
		rows<{ day: unknown; amount: string; back: string }>(
			db,
			sql`select d.day, sum(d.amount) as amount, sum(d.back) as back
				from (select day, amount, back from refund_days where day >= ${range.previous.from}::date and day <= ${range.to}::date
					union all select day, amount, back from refund_day_deltas where day >= ${range.previous.from}::date and day <= ${range.to}::date) d
				group by 1`,
		),
		// Lines of orders paid in the range, by product and option.
		rows<{ product_id: number | null; variant_id: number | null; name: string; option: string | null; platform: string | null; units: string; revenue: string; discount: string; cost: string }>(
			db,
			sql`select l.product_id, l.variant_id, max(l.name) as name, max(l.option_label) as option, max(p.platform) as platform,
				sum(l.units) as units, sum(l.revenue) as revenue, sum(l.discount) as discount, sum(l.cost) as cost
				from sales_day_lines_live l left join products p on p.id = l.product_id
				where l.day >= ${range.from}::date and l.day <= ${range.to}::date and l.units > 0 group by 1, 2`,
		),
		// The previous period's discounts, from the discounted lines only (order_lines_discounted_idx).
		rows<{ discount: string | null }>(
			db,
			sql`select sum(l.discount) as discount from sales_day_lines_live l where l.day >= ${range.previous.from}::date and l.day <= ${range.previous.to}::date`,
		),
		// Orders placed in the range, by payment method.
		rows<{ method: string; placed: string; paid: string; delivered: string; expired: string }>(
			db,
			sql`select d.payment_method as method, sum(d.placed) as placed, sum(d.paid) as paid, sum(d.delivered) as delivered, sum(d.expired) as expired
				from orders_placed_days_live d where d.day >= ${range.from}::date and d.day <= ${range.to}::date group by 1 having sum(d.placed) > 0`,
		),
		// Paid → delivered, for orders paid in the range and delivered: the days' histograms (drizzle/0055).
		rows<{ stock: boolean; bucket: number; orders: string; seconds: string }>(
			db,
			// The days and the deltas not folded yet, added up by bucket at once (through delivery_time_days_live, each day's
			// buckets were grouped first: 190 ms for two years' 69,000 rows instead of 40).
			sql`select d.from_stock as stock, d.bucket, sum(d.orders) as orders, sum(d.seconds) as seconds
				from (select from_stock, bucket, orders, seconds from delivery_time_days where day >= ${range.from}::date and day <= ${range.to}::date
					union all select from_stock, bucket, orders, seconds from delivery_time_day_deltas where day >= ${range.from}::date and day <= ${range.to}::date) d
				group by 1, 2 having sum(d.orders) > 0`,
		),
		topCustomers(db, range.days, paidIn(start)),
		// Store credit given and spent in either period, by whether it falls in the current one.
		rows<{ current: boolean; issued: string | null; spent: string | null }>(
			db,
			sql`select e.created_at >= ${ts(start)} as current,
				sum(e.amount) filter (where e.kind in ('refund', 'returned_unit')) as issued,
				-sum(e.amount) filter (where e.kind in ('spent', 'spend_reversed')) as spent
				from credit_entries e where e.created_at >= ${ts(prevStart)} and e.created_at < ${ts(end)} group by 1`,
		),
	])

	const orderDays = orderRows.map((r) => ({ ...r, day: dayText(r.day), current: dayText(r.day) >= range.from }))
	const refundDays = refundRows.map((r) => ({ ...r, day: dayText(r.day), current: dayText(r.day) >= range.from }))

	const totalsOf = (current: boolean): ReportTotals => {
		const mine = orderDays.filter((r) => r.current === current)
		const refundsMine = refundDays.filter((r) => r.current === current)
		const orders = mine.reduce((s, r) => s + n(r.orders), 0)
		const revenue = mine.reduce((s, r) => s + n(r.revenue), 0)
		const cost = mine.reduce((s, r) => s + n(r.cost), 0)
		const refunds = refundsMine.reduce((s, r) => s + n(r.amount), 0)
		const back = refundsMine.reduce((s, r) => s + n(r.back), 0)
		const discounts = current ? lineRows.reduce((s, r) => s + n(r.discount), 0) : n(previousDiscount[0]?.discount)
		return {
			orders,
			revenue,
			refunds,
			discounts,
			net: revenue - refunds,
			cost,
			profit: revenue - cost - refunds + back,
			averageOrder: orders ? Math.round(revenue / orders) : 0,
			ordersWithoutCost: mine.reduce((s, r) => s + n(r.unknown), 0),
			creditIssued: n(creditRows.find((r) => r.current === current)?.issued),
			creditSpent: n(creditRows.find((r) => r.current === current)?.spent),
		}
	}

	const series = new Map(bucketStarts(range).map((date) => [date, { date, orders: 0, revenue: 0, refunds: 0, profit: 0 }]))
	for (const r of orderDays) {
		const point = r.current ? series.get(bucketOf(r.day, bucket)) : undefined
		if (!point) continue
		point.orders += n(r.orders)
		point.revenue += n(r.revenue)
		point.profit += n(r.revenue) - n(r.cost)
	}
	for (const r of refundDays) {
		const point = r.current ? series.get(bucketOf(r.day, bucket)) : undefined
		if (!point) continue
		point.refunds += n(r.amount)
		point.profit += n(r.back) - n(r.amount)
	}

	const byMethod = new Map<string, GroupRow>()
	for (const r of orderDays.filter((r) => r.current)) {
		const row = byMethod.get(r.method) ?? { key: r.method, label: PAYMENT_METHOD_LABELS[r.method] ?? r.method, orders: 0, revenue: 0 }
		row.orders += n(r.orders)
		row.revenue += n(r.revenue)
		byMethod.set(r.method, row)
	}

	const products: ProductRow[] = lineRows
		.map((r) => ({ productId: r.product_id, variantId: r.variant_id, name: r.name, option: r.option, platform: r.platform, units: n(r.units), revenue: n(r.revenue), discount: n(r.discount), cost: n(r.cost) }))
		.sort((a, b) => b.revenue - a.revenue || b.units - a.units || a.name.localeCompare(b.name))
	const byPlatform = new Map<string, PlatformRow>()
	for (const p of products) {
		const key = p.platform ?? 'other'
		const row = byPlatform.get(key) ?? { key, label: PLATFORM_LABELS[key] ?? 'Other', units: 0, revenue: 0 }
		row.units += p.units
		row.revenue += p.revenue
		byPlatform.set(key, row)
	}

	const funnelByMethod: FunnelRow[] = funnelRows
		.map((r) => ({ method: r.method, label: PAYMENT_METHOD_LABELS[r.method] ?? r.method, placed: n(r.placed), paid: n(r.paid), delivered: n(r.delivered), expired: n(r.expired), paidShare: n(r.placed) ? n(r.paid) / n(r.placed) : null }))
		.sort((a, b) => b.placed - a.placed || a.method.localeCompare(b.method))
	const sum = (k: 'placed' | 'paid' | 'delivered' | 'expired') => funnelByMethod.reduce((s, r) => s + r[k], 0)

	const deliveryTimes: DeliveryTime[] = (['stock', 'hand'] as const).map((how) => {
		const buckets = timeRows.filter((t) => t.stock === (how === 'stock')).map((t) => ({ bucket: n(t.bucket), orders: n(t.orders), seconds: n(t.seconds) }))
		const median = percentileOfBuckets(buckets, 0.5)
		const p90 = percentileOfBuckets(buckets, 0.9)
		return { how, orders: buckets.reduce((s, b) => s + b.orders, 0), medianSeconds: median == null ? null : Math.round(median), p90Seconds: p90 == null ? null : Math.round(p90) }
	})

	return {
		range: { from: range.from, to: range.to, days: range.days, bucket },
		previous: { from: range.previous.from, to: range.previous.to },
		totals: totalsOf(true),
		previousTotals: totalsOf(false),
		series: [...series.values()],
		byProduct: products.slice(0, REPORT_LIST_LIMIT),
		byPlatform: [...byPlatform.values()].sort((a, b) => b.revenue - a.revenue),
		byPaymentMethod: [...byMethod.values()].sort((a, b) => b.revenue - a.revenue),
		funnel: { placed: sum('placed'), paid: sum('paid'), delivered: sum('delivered'), expired: sum('expired'), byMethod: funnelByMethod },
		deliveryTimes,
		topCustomers: customerRows,
	}
}

/** A range of at most this many days adds its own paid orders up by buyer (60 ms for 30 days at a million orders). */
const TOP_CUSTOMERS_LIVE_DAYS = 92
/** How many buyers a longer range walks, best-ever first, before adding up its own orders instead. */
const TOP_CUSTOMERS_WALKS = [50, 800]

/**
 * The range's ten best buyers (their key, lower(btrim(email))), by what their orders paid in the range
 * came to. A buyer's sales in a range are never more than their sales ever (customer_figures: spent +
 * refunded), so the buyers are walked best-ever first (customer_figures_sales_idx), each one's orders
 * of the range read through their key's index, until the tenth best of the range is more than the
 * best-ever of the next buyer: no buyer after can enter. At a million orders a year's or two years'
 * range stops within the first 50 buyers (50 ms) and six months within 800; three months would need
 * 4,400, so a range of up to TOP_CUSTOMERS_LIVE_DAYS adds up its own paid orders from the covering
 * index of paid orders, as does a longer one that walked TOP_CUSTOMERS_WALKS without an answer.
 */
async function topCustomers(db: Db, days: number, paidInRange: SQL): Promise<CustomerRow[]> {
	type Found = { email: string; ever: string; orders: string; revenue: string; refunds: string }
	const rank = (found: Found[]) =>
		found
			.filter((r) => n(r.orders) > 0)
			.map((r) => ({ email: r.email, orders: n(r.orders), revenue: n(r.revenue), refunds: n(r.refunds) }))
			.sort((a, b) => b.revenue - a.revenue || (a.email < b.email ? -1 : a.email > b.email ? 1 : 0))
			.slice(0, TOP_CUSTOMERS)
	for (const walk of days <= TOP_CUSTOMERS_LIVE_DAYS ? [] : TOP_CUSTOMERS_WALKS) {
		const found = await rows<Found>(
			db,
			sql`select c.email, c.spent + c.refunded as ever, x.orders, x.revenue, x.refunds
				from (select f.email, f.spent, f.refunded from customer_figures f where f.paid_orders > 0 order by f.spent + f.refunded desc, f.email limit ${walk}) c
				cross join lateral (select count(*) as orders, sum(o.total_amount) as revenue, sum(o.refunded_amount) as refunds from orders o
					where o.customer_email is not null and lower(btrim(o.customer_email)) = c.email and ${paidInRange}) x`,
		)
		const top = rank(found)
		const nextEver = found.length < walk ? -1 : Math.min(...found.map((r) => n(r.ever)))
		if (nextEver < 0 || (top.length === TOP_CUSTOMERS && top.at(-1)!.revenue > nextEver)) return top
	}
	const counted = await rows<Found>(
		db,
		sql`select lower(btrim(o.customer_email)) as email, 0 as ever, count(*) as orders, sum(o.total_amount) as revenue, sum(o.refunded_amount) as refunds
			from orders o where ${paidInRange} and o.customer_email is not null and btrim(o.customer_email) <> ''
			group by 1 order by 4 desc, lower(btrim(o.customer_email)) collate "C" limit ${TOP_CUSTOMERS}`,
	)
	return rank(counted)
}
