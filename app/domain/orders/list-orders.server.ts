import { and, asc, count, desc, eq, ilike, inArray, like, sql, type SQL } from 'drizzle-orm'
import type { Db } from '../../db/client.server'
import { orders } from '../../db/schema'
import { normalisePakistaniMobile } from './checkout-input'
import { staffOrderView, type StaffOrder } from './staff-order-view.server'
import type { OrderListFilters, OrderListQuery } from './order-list-query'

export const ORDERS_PAGE_SIZE = 50

export interface OrderListPage {
	orders: StaffOrder[]
	/** Orders matching the filters, over every page. */
	total: number
	/** Cursors for the 'Older' and 'Newer' links; null at either end. */
	olderCursor: number | null
	newerCursor: number | null
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`)

/**
 * The search box: each kind of search reads its own index. An address (lower(email)), a phone
 * number (phone); with a digit, an order number: the one order when it is exact (the unique index),
 * else the numbers starting with it (order numbers are upper case: `CODE-<time>-<n>`); otherwise a
 * name.
 */
async function searchCondition(db: Db, q: string): Promise<SQL | undefined> {
	if (!q) return undefined
	if (q.includes('@')) return sql`lower(${orders.customerEmail}) = ${q.toLowerCase()}`
	const phone = normalisePakistaniMobile(q)
	if (phone) return eq(orders.customerPhone, phone)
	if (/\d/.test(q)) {
		const [exact] = await db
			.select({ orderNumber: orders.orderNumber })
			.from(orders)
			.where(inArray(orders.orderNumber, [...new Set([q, q.toUpperCase()])]))
			.limit(1)
		return exact ? eq(orders.orderNumber, exact.orderNumber) : like(orders.orderNumber, `${escapeLike(q.toUpperCase())}%`)
	}
	// Names have no digits (checkout refuses them). Alone, the name reads its trigram index.
	return ilike(orders.customerName, `%${escapeLike(q)}%`)
}

async function filterConditions(db: Db, filters: OrderListFilters): Promise<SQL[]> {
	return [
		await searchCondition(db, filters.q),
		filters.status ? eq(orders.status, filters.status) : undefined,
		filters.fulfillment ? eq(orders.fulfillmentStatus, filters.fulfillment) : undefined,
	].filter((c): c is SQL => c !== undefined)
}

// Keyset on (created_at, id): the cursor order's own timestamp, read once, so no precision is lost.
const cursorTime = (id: number) => sql`(select c.created_at from orders c where c.id = ${id})`
const olderThan = (id: number) => sql`(${orders.createdAt} <= ${cursorTime(id)} and (${orders.createdAt} < ${cursorTime(id)} or ${orders.id} < ${id}))`
const newerThan = (id: number) => sql`(${orders.createdAt} >= ${cursorTime(id)} and (${orders.createdAt} > ${cursorTime(id)} or ${orders.id} > ${id}))`

/** Up to this many matches a search pages through them itself; more, and it reads the orders newest first. */
const FEW_MATCHES = 1000

interface Match {
	id: number
	/** created_at in microseconds: the database's own precision, for the same order as the keyset's. */
	at: bigint
}

const newerFirst = (a: Match, b: Match) => (a.at === b.at ? b.id - a.id : a.at > b.at ? -1 : 1)

/**
 * The orders a search matches, newest first, when there are few: read through the search's own
 * index. Walking every order newest first until a page is full (what the database plans for, as it
 * cannot know that the orders starting with a number are all from one day) reads most of the table
 * when the matches are months old.
 */
async function fewMatches(db: Db, filters: SQL[]): Promise<Match[] | null> {
	const found = await db
		.select({ id: orders.id, at: sql<string>`(extract(epoch from ${orders.createdAt}) * 1000000)::bigint::text` })
		.from(orders)
		.where(and(...filters))
		.limit(FEW_MATCHES + 1)
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
export async function listOrders(
	db: Db,
	query: OrderListQuery,
	{ pageSize = ORDERS_PAGE_SIZE, deliveryContent = true, withTotal = true }: { pageSize?: number; deliveryContent?: boolean; withTotal?: boolean } = {},
): Promise<OrderListPage> {
	const filters = await filterConditions(db, query)
	const matches = query.q ? await fewMatches(db, filters) : null
	if (matches) {
		const page = await pageOfMatches(db, matches, query, pageSize)
		return {
			orders: page.rows.map((o) => staffOrderView(o, { deliveryContent })),
			total: withTotal ? matches.length : -1,
			olderCursor: page.hasOlder ? page.rows[page.rows.length - 1]!.id : null,
			newerCursor: page.hasNewer ? page.rows[0]!.id : null,
		}
	}
	const newestFirst = (before: number | null) =>
		db
			.select()
			.from(orders)
			.where(and(...filters, ...(before != null ? [olderThan(before)] : [])))
			.orderBy(desc(orders.createdAt), desc(orders.id))
			.limit(pageSize)
	let rows
	if (query.after != null && query.before == null) {
		rows = await db
			.select()
			.from(orders)
			.where(and(...filters, newerThan(query.after)))
			.orderBy(asc(orders.createdAt), asc(orders.id))
			.limit(pageSize)
		rows.reverse()
		// Back at the newest end: show a full first page.
		if (rows.length < pageSize) rows = await newestFirst(null)
	} else {
		rows = await newestFirst(query.before)
	}
	const exists = async (condition: SQL) => (await db.select({ id: orders.id }).from(orders).where(and(...filters, condition)).limit(1)).length > 0
	const first = rows[0]
	const last = rows[rows.length - 1]
	const [hasNewer, hasOlder, total] = await Promise.all([
		first ? exists(newerThan(first.id)) : Promise.resolve(false),
		last ? exists(olderThan(last.id)) : Promise.resolve(false),
		withTotal ? db.select({ n: count() }).from(orders).where(and(...filters)).then((r) => Number(r[0]?.n ?? 0)) : Promise.resolve(-1),
	])
	return {
		orders: rows.map((o) => staffOrderView(o, { deliveryContent })),
		total,
		olderCursor: hasOlder && last ? last.id : null,
		newerCursor: hasNewer && first ? first.id : null,
	}
}
