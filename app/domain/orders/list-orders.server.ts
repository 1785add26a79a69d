import { and, asc, count, desc, eq, ilike, or, sql, type SQL } from 'drizzle-orm'
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

function searchCondition(q: string): SQL | undefined {
	if (!q) return undefined
	// Each kind of search uses its index: lower(email), phone; the rest is order number or name.
	if (q.includes('@')) return sql`lower(${orders.customerEmail}) = ${q.toLowerCase()}`
	const phone = normalisePakistaniMobile(q)
	if (phone) return eq(orders.customerPhone, phone)
	return or(eq(orders.orderNumber, q), ilike(orders.orderNumber, `${escapeLike(q)}%`), ilike(orders.customerName, `%${escapeLike(q)}%`))
}

function filterConditions(filters: OrderListFilters): SQL[] {
	return [
		searchCondition(filters.q),
		filters.status ? eq(orders.status, filters.status) : undefined,
		filters.fulfillment ? eq(orders.fulfillmentStatus, filters.fulfillment) : undefined,
	].filter((c): c is SQL => c !== undefined)
}

// Keyset on (created_at, id): the cursor order's own timestamp, read once, so no precision is lost.
const cursorTime = (id: number) => sql`(select c.created_at from orders c where c.id = ${id})`
const olderThan = (id: number) => sql`(${orders.createdAt} <= ${cursorTime(id)} and (${orders.createdAt} < ${cursorTime(id)} or ${orders.id} < ${id}))`
const newerThan = (id: number) => sql`(${orders.createdAt} >= ${cursorTime(id)} and (${orders.createdAt} > ${cursorTime(id)} or ${orders.id} > ${id}))`

/**
 * §7 call 9 for the staff console: the orders matching the search and filters, newest first, one
 * page at a time (keyset pagination, fast at any depth), with the filtered total.
 */
export async function listOrders(
	db: Db,
	query: OrderListQuery,
	{ pageSize = ORDERS_PAGE_SIZE, deliveryContent = true, withTotal = true }: { pageSize?: number; deliveryContent?: boolean; withTotal?: boolean } = {},
): Promise<OrderListPage> {
	const filters = filterConditions(query)
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
