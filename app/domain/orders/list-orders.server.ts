import { and, arrayContains, asc, count, desc, eq, ilike, inArray, like, or, sql, type SQL } from 'drizzle-orm'
import type { Db } from '../../db/client.server'
import { boundedRead } from '../../db/bounded-reads.server'
import { orders } from '../../db/schema'
import { withLines } from './order-lines.server'
import { shopOrderNumberOf } from '../payments/paypro-order-number'
import { staffOrderView, type StaffOrder } from './staff-order-view.server'
import { MIN_SEARCH_CHARACTERS, NOT_DELIVERED, OWES_DELIVERY, searchTooShort, type OrderListFilters, type OrderListQuery } from './order-list-query'
import { UNDELIVERED_STATES } from './order-state'
import { countsAsSaleSql, waitsForStaffDeliverySql } from './order-facts'
import { pakistanDayStart } from '../../utils/pakistan-time'

export const ORDERS_PAGE_SIZE = 50

export interface OrderListPage {
	orders: StaffOrder[]
	/** Orders matching the filters, over every page; with moreThan, a search's matches were not counted past this. */
	total: number
	moreThan: boolean
	/** Cursors for the 'Older' and 'Newer' links; null at either end. */
	olderCursor: number | null
	newerCursor: number | null
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`)
const contains = (text: string) => `%${escapeLike(text)}%`
const startsWith = (text: string) => `${escapeLike(text)}%`
const reversed = (text: string) => [...text].reverse().join('')

/**
 * Digits as typed for an id or a phone (spaces, dashes, dots, brackets and a leading + allowed):
 * the digits, or null when the search is not a number.
 */
function digitsOf(q: string): string | null {
	if (!/^\+?[\d\s\-().]+$/.test(q)) return null
	const digits = q.replace(/\D/g, '')
	return digits.length >= MIN_SEARCH_CHARACTERS ? digits : null
}

/**
 * A phone as the shop stores it (03…) from any common form: 0300…, +92 300…, 92300…, 0092 300…;
 * the digits as typed too, unless a + says they start with the country code.
 */
export function phoneForms(q: string): string[] {
	const digits = digitsOf(q)
	if (!digits) return []
	const international = q.trim().startsWith('+') || digits.startsWith('0092')
	const local = international ? digits.replace(/^(00)?92/, '0') : digits.replace(/^92(?=3)/, '0')
	return [...new Set([local, ...(international ? [] : [digits])])]
}

/** An order number's time part (`CODE-<time>-<n>`): the long number a buyer reads out. */
const orderTime = sql`split_part(${orders.orderNumber}, '-', 2)`

/**
 * The search box. An id quoted whole (the order number in any case, the PayPro order number with
 * its retry suffix, the PayPro order id the buyer's page shows or showed before a new attempt) finds that order alone. Otherwise,
 * from three letters or digits: a number is the start or end of a phone in any common form or of a
 * PayPro id, or the start of an order number's time; other text is part of a name (no digits:
 * checkout refuses them) or of an email, or the start of an order number. Each reads an index of
 * its own (drizzle/0002 and 0012), so a search stays quick at any number of orders.
 */
async function searchCondition(db: Db, q: string): Promise<SQL | undefined> {
	if (!q) return undefined
	const upper = q.toUpperCase()
	const numbers = [...new Set([q, upper, shopOrderNumberOf(upper)])]
	const whole = await db
		.select({ id: orders.id })
		.from(orders)
		// An earlier attempt's PayPro id, whole (orders_earlier_paypro_ids_idx, GIN): the one a buyer's old page showed.
		.where(or(inArray(orders.orderNumber, numbers), eq(orders.payproTransactionId, q), arrayContains(orders.earlierPayproIds, [q])))
	// No LIMIT (ids quoted whole match a few orders at most): with one, PostgreSQL guessed thousands of
	// matches and scanned the table for them, 1.5 s at a million orders, instead of three index probes (5 ms).
	if (whole.length) return inArray(orders.id, whole.slice(0, 10).map((r) => r.id))
	if (searchTooShort(q)) return sql`false`

	const digits = digitsOf(q)
	if (digits) {
		return or(
			...phoneForms(q).flatMap((phone) => [like(orders.customerPhone, startsWith(phone)), sql`reverse(${orders.customerPhone}) like ${startsWith(reversed(phone))}`]),
			like(orders.payproTransactionId, startsWith(digits)),
			sql`reverse(${orders.payproTransactionId}) like ${startsWith(reversed(digits))}`,
			sql`${orderTime} like ${startsWith(digits)}`,
		)
	}
	// A whole email address is that buyer's key (trimmed, any case), read from its btree
	// (orders_customer_email_idx): as part of an email, its common pieces ("gmail", ".com") made the
	// trigram index read the posting lists of most orders, 120 ms at a million (ADR-057).
	if (WHOLE_EMAIL.test(q.trim())) return sql`${orders.customerEmail} is not null and lower(btrim(${orders.customerEmail})) = ${q.trim().toLowerCase()}`
	const anyOf: SQL[] = []
	// An email has no space inside: a name's two words are looked for in names only.
	if (!/\s/.test(q.trim())) anyOf.push(ilike(orders.customerEmail, contains(q)))
	if (!q.includes('@')) anyOf.push(/\d/.test(q) ? like(orders.orderNumber, startsWith(upper)) : ilike(orders.customerName, contains(q)))
	return anyOf.length ? or(...anyOf) : sql`false`
}

/** A search that is a whole email address: something, one @, a domain with a dot, no space. */
const WHOLE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/

/** The start of a Pakistan day (a filter parseOrderListQuery read), or of the day after it, for SQL. */
const dayStart = (day: string, after = 0) => pakistanDayStart(day, after).toISOString()

/** The sales reports' links (ADR-031): paid or placed on Pakistan days, a payment method, a product. */
function reportConditions(filters: OrderListFilters): (SQL | undefined)[] {
	const paid = filters.paidFrom || filters.paidTo
	return [
		paid ? sql`${orders.paidAt} is not null and ${countsAsSaleSql()}` : undefined,
		filters.paidFrom ? sql`${orders.paidAt} >= ${dayStart(filters.paidFrom)}::timestamptz` : undefined,
		filters.paidTo ? sql`${orders.paidAt} < ${dayStart(filters.paidTo, 1)}::timestamptz` : undefined,
		filters.placedFrom || filters.placedTo ? sql`not ${orders.testPayment}` : undefined,
		filters.placedFrom ? sql`${orders.createdAt} >= ${dayStart(filters.placedFrom)}::timestamptz` : undefined,
		filters.placedTo ? sql`${orders.createdAt} < ${dayStart(filters.placedTo, 1)}::timestamptz` : undefined,
		filters.refundedFrom || filters.refundedTo
			? sql`not ${orders.testPayment} and exists (select 1 from refunds r where r.order_id = "orders"."id"${filters.refundedFrom ? sql` and r.created_at >= ${dayStart(filters.refundedFrom)}::timestamptz` : sql``}${filters.refundedTo ? sql` and r.created_at < ${dayStart(filters.refundedTo, 1)}::timestamptz` : sql``})`
			: undefined,
		filters.platform ? sql`exists (select 1 from order_lines ol join products p on p.id = ol.product_id where ol.order_id = "orders"."id" and p.platform = ${filters.platform})` : undefined,
		filters.method ? eq(orders.paymentMethod, filters.method) : undefined,
		// Raw, qualified: in a one-table select drizzle would leave orders.id unqualified inside the subquery.
		filters.product != null ? sql`exists (select 1 from order_lines ol where ol.order_id = "orders"."id" and ol.product_id = ${filters.product})` : undefined,
	]
}

async function filterConditions(db: Db, filters: OrderListFilters): Promise<SQL[]> {
	return [
		await searchCondition(db, filters.q),
		filters.status ? eq(orders.paymentStatus, filters.status) : undefined,
		filters.fulfillment === NOT_DELIVERED
			? inArray(orders.deliveryStatus, [...UNDELIVERED_STATES])
			: filters.fulfillment === OWES_DELIVERY
				? waitsForStaffDeliverySql()
				: filters.fulfillment
					? eq(orders.deliveryStatus, filters.fulfillment) : undefined,
		...reportConditions(filters),
	].filter((c): c is SQL => c !== undefined)
}

// Keyset on (created_at, id): the cursor order's own timestamp, read once, so no precision is lost.
const cursorTime = (id: number) => sql`(select c.created_at from orders c where c.id = ${id})`
const olderThan = (id: number) => sql`(${orders.createdAt} <= ${cursorTime(id)} and (${orders.createdAt} < ${cursorTime(id)} or ${orders.id} < ${id}))`
const newerThan = (id: number) => sql`(${orders.createdAt} >= ${cursorTime(id)} and (${orders.createdAt} > ${cursorTime(id)} or ${orders.id} > ${id}))`

/** Up to this many matches a search counts them and pages through them itself; past it, it reads the orders newest first. */
export const FEW_MATCHES = 200

interface Match {
	id: number
	/** created_at in microseconds: the database's own precision, for the same order as the keyset's. */
	at: bigint
}

const newerFirst = (a: Match, b: Match) => (a.at === b.at ? b.id - a.id : a.at > b.at ? -1 : 1)

/**
 * The orders a search matches, newest first, when there are few (null when more), read through
 * the search's own indexes. The table itself is never scanned: with a limit, the planner would
 * rather read it until enough rows match (its guess for a fragment is rough), and with few matches
 * that reads every order. Walking every order newest first until a page is full reads most of the
 * table when the matches are months old.
 */
async function fewMatches(db: Db, filters: SQL[]): Promise<Match[] | null> {
	const found = await db.transaction(async (tx) => {
		await tx.execute(sql`set local enable_seqscan = off`)
		return tx
			.select({ id: orders.id, at: sql<string>`(extract(epoch from ${orders.createdAt}) * 1000000)::bigint::text` })
			.from(orders)
			.where(and(...filters))
			.limit(FEW_MATCHES + 1)
	})
	if (found.length > FEW_MATCHES) return null
	return found.map((r) => ({ id: r.id, at: BigInt(r.at) })).sort(newerFirst)
}

/** One page of the matches (as the keyset below pages: 'before' and 'after' an order), with whether there is more either side. */
async function pageOfMatches(db: Db, matches: Match[], query: OrderListQuery, pageSize: number) {
	const cursorId = query.before ?? query.after
	let cursor = cursorId == null ? undefined : matches.find((m) => m.id === cursorId)
	if (cursorId != null && !cursor) {
		const [row] = await db
			.select({ at: sql<string>`(extract(epoch from ${orders.createdAt}) * 1000000)::bigint::text` })
			.from(orders)
			.where(eq(orders.id, cursorId))
		if (row) cursor = { id: cursorId, at: BigInt(row.at) }
	}
	// Index of the first match older than the cursor: the ones before it are newer.
	const split = cursor ? matches.findIndex((m) => newerFirst(m, cursor) > 0) : 0
	const olderFrom = split === -1 ? matches.length : split
	let start = 0
	if (cursor && query.before != null) start = olderFrom
	else if (cursor && query.after != null) start = Math.max(0, olderFrom - (matches.some((m) => m.id === cursor.id) ? 1 : 0) - pageSize)
	const shown = matches.slice(start, start + pageSize)
	const rows = shown.length ? await db.select().from(orders).where(inArray(orders.id, shown.map((m) => m.id))) : []
	const byId = new Map(rows.map((r) => [r.id, r]))
	return {
		rows: shown.map((m) => byId.get(m.id)).filter((r) => r !== undefined),
		hasNewer: start > 0,
		hasOlder: start + shown.length < matches.length,
	}
}

/**
 * §7 call 9 for the staff console: the orders matching the search and filters, newest first, one
 * page at a time (keyset pagination, fast at any depth), with the filtered total.
 */
export async function listOrders(db: Db, query: OrderListQuery, options: ListOptions = {}): Promise<OrderListPage> {
	// A search is a long read (the replica's when there is one, ADR-059); the plain list, which staff
	// read again right after changing an order, stays on the primary.
	return query.q ? boundedRead(db, (reader) => readOrderList(reader, query, options)) : readOrderList(db, query, options)
}

interface ListOptions {
	pageSize?: number
	deliveryContent?: boolean
	withTotal?: boolean
}

async function readOrderList(db: Db, query: OrderListQuery, { pageSize = ORDERS_PAGE_SIZE, deliveryContent = true, withTotal = true }: ListOptions): Promise<OrderListPage> {
	const filters = await filterConditions(db, query)
	const matches = query.q ? await fewMatches(db, filters) : null
	if (matches) {
		const page = await pageOfMatches(db, matches, query, pageSize)
		return {
			orders: (await withLines(db, page.rows)).map((o) => staffOrderView(o, { deliveryContent })),
			total: withTotal ? matches.length : -1,
			moreThan: false,
			olderCursor: page.hasOlder ? page.rows[page.rows.length - 1]!.id : null,
			newerCursor: page.hasNewer ? page.rows[0]!.id : null,
		}
	}
	// One row past the page says whether there is more that way, without a query of its own.
	const newestFirst = (before: number | null) =>
		db
			.select()
			.from(orders)
			.where(and(...filters, ...(before != null ? [olderThan(before)] : [])))
			.orderBy(desc(orders.createdAt), desc(orders.id))
			.limit(pageSize + 1)
	let rows
	let newer: boolean | null
	let older: boolean | null
	if (query.after != null && query.before == null) {
		rows = await db
			.select()
			.from(orders)
			.where(and(...filters, newerThan(query.after)))
			.orderBy(asc(orders.createdAt), asc(orders.id))
			.limit(pageSize + 1)
		newer = rows.length > pageSize
		rows = rows.slice(0, pageSize).reverse()
		older = null
		// Back at the newest end: show a full first page.
		if (rows.length < pageSize) {
			rows = await newestFirst(null)
			newer = false
			older = rows.length > pageSize
			rows = rows.slice(0, pageSize)
		}
	} else {
		rows = await newestFirst(query.before)
		// The first page is the newest: nothing newer to ask for.
		newer = query.before == null ? false : null
		older = rows.length > pageSize
		rows = rows.slice(0, pageSize)
	}
	// Ordered as the keyset walks: without it PostgreSQL read the whole table for a newer order that is not there.
	const exists = async (condition: SQL, newer: boolean) =>
		(
			await db
				.select({ id: orders.id })
				.from(orders)
				.where(and(...filters, condition))
				.orderBy(...(newer ? [asc(orders.createdAt), asc(orders.id)] : [desc(orders.createdAt), desc(orders.id)]))
				.limit(1)
		).length > 0
	const first = rows[0]
	const last = rows[rows.length - 1]
	const [hasNewer, hasOlder, total, withItems] = await Promise.all([
		newer ?? (first ? exists(newerThan(first.id), true) : Promise.resolve(false)),
		older ?? (last ? exists(olderThan(last.id), false) : Promise.resolve(false)),
		// A search with more than FEW_MATCHES matches is not counted: counting them all is what takes time.
		withTotal && !query.q
			? filters.length
				? db.select({ n: count() }).from(orders).where(and(...filters)).then((r) => Number(r[0]?.n ?? 0))
				: countAllOrders(db)
			: Promise.resolve(withTotal ? FEW_MATCHES : -1),
		// The page's lines, in one query.
		withLines(db, rows),
	])
	return {
		orders: withItems.map((o) => staffOrderView(o, { deliveryContent })),
		total,
		moreThan: withTotal && Boolean(query.q),
		olderCursor: hasOlder && last ? last.id : null,
		newerCursor: hasNewer && first ? first.id : null,
	}
}

/**
 * Every order, unfiltered (the dashboard's total): the orders placed by day that the reports keep
 * (orders_placed_days_live counts every order but test payments, drizzle/0051 and 0053) and the test
 * payments (orders_test_payment_idx, drizzle/0055). Counting a million orders took 250 ms.
 */
async function countAllOrders(db: Db): Promise<number> {
	const { rows } = await db.execute<{ n: string }>(
		sql`select (select coalesce(sum(d.placed), 0) from orders_placed_days_live d) + (select count(*) from orders o where o.test_payment) as n`,
	)
	return Number(rows[0]?.n ?? 0)
}
