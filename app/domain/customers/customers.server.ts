import { and, desc, eq, sql, type SQL } from 'drizzle-orm'
import type { Db } from '../../db/client.server'
import { boundedRead } from '../../db/bounded-reads.server'
import { customerNotes, orders } from '../../db/schema'
import { AppError } from '../../utils/app-error'
import { listBlocks } from '../buyers/blocklist.server'
import { normaliseBlockValue } from '../buyers/blocklist'
import { lineOptionLabel } from '../orders/line-option'
import { ordersWhoseSubscriptionsRun } from '../orders/subscription-orders.server'
import { subscriptionLineEnds, subscriptionsRunningSince } from '../orders/renewal'
import { subscriptionEndsAt } from '../orders/subscription'
import { countsAsSaleSql, runningSubscription } from '../orders/order-facts'
import { recordAudit, type Actor } from '../staff/audit.server'
import {
	CUSTOMER_MESSAGES,
	CUSTOMER_ORDERS_LIMIT,
	CUSTOMERS_PAGE_SIZE,
	customerKey,
	customerSearch,
	type CustomerDetail,
	type CustomerList,
	type CustomerListQuery,
	type CustomerNoteView,
	type CustomerView,
} from './customers'

// The console's customers: the list reads each buyer's figures from customer_figures, kept by a
// trigger on orders (drizzle/0051, ADR-057: grouping a million orders on every view took 1.5 s); one
// buyer's page groups their own orders (an index-only scan of the covering index on the buyer's key,
// lower(btrim(email)), drizzle/0027); a search narrows the keys first through the orders' search
// indexes. Then the names, phones and running subscriptions of the page's buyers only. Money is what was paid net of refunds, never a
// test payment's; a payment after a cancel counts once staff reinstate it.

/** The buyer's key in SQL: the same rule as `customerKey`, and the expression `orders_customer_email_idx` indexes. */
const KEY = sql.raw('lower(btrim(o.customer_email))')
/** Money that came in and stayed in (or went back as a refund): not a test payment. */
const PAID = countsAsSaleSql('o')

const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`

/** The orders a search finds, as a condition on `o`: email or name containing the words, or the phone. */
function searchCondition(q: string): SQL | null {
	if (!q) return null
	const { text, phone, digits } = customerSearch(q)
	if (!text) return null
	// ILIKE on the columns themselves: their trigram indexes (drizzle/0002, 0012) serve it; lower(col) like read every order.
	const parts: SQL[] = [sql`o.customer_email ilike ${likePattern(text)}`, sql`o.customer_name ilike ${likePattern(text)}`]
	if (phone) parts.push(sql`o.customer_phone = ${phone}`)
	if (digits) parts.push(sql`o.customer_phone like ${likePattern(digits)}`)
	return sql.join(parts, sql` or `)
}

interface Row extends Record<string, unknown> {
	id: number | string
	email: string
	orders: number | string
	paid_orders: number | string
	spent: number | string | bigint
	refunded: number | string | bigint
	first_at: Date | string
	last_at: Date | string
	total?: number | string
}

interface Contact extends Record<string, unknown> {
	email: string
	name: string | null
	phones: string[] | null
}

const iso = (value: Date | string) => new Date(value).toISOString()

/** Orders with a buyer's key (the covering index's condition: the figures come from it alone). */
const HAS_KEY = sql.raw(`o.customer_email is not null and lower(btrim(o.customer_email)) <> ''`)

/**
 * The figures of the buyers `where` picks (a condition on the key), in `order`, one page: one
 * index-only scan of `orders_customer_email_idx`, grouped in key order; the window counts them all.
 */
async function customerFigures(db: Db, where: SQL, order: SQL, limit: number, offset: number): Promise<Row[]> {
	const result = await db.execute<Row>(sql`
		select min(o.id) as id, ${KEY} as email,
			count(*)::int as orders,
			(count(*) filter (where ${PAID}))::int as paid_orders,
			coalesce(sum(o.total_amount - o.refunded_amount) filter (where ${PAID}), 0)::int8 as spent,
			coalesce(sum(o.refunded_amount) filter (where ${PAID}), 0)::int8 as refunded,
			min(o.created_at) as first_at, max(o.created_at) as last_at,
			count(*) over ()::int as total
		from orders o
		where ${HAS_KEY} and ${where}
		group by ${KEY}
		order by ${order}
		limit ${limit} offset ${offset}`)
	return result.rows
}

/** The name on each of these buyers' latest orders and every phone they used: only the page's buyers, through the key's index. */
async function contactsOf(db: Db, keys: string[]): Promise<Map<string, Contact>> {
	if (keys.length === 0) return new Map()
	const result = await db.execute<Contact>(sql`
		select ${KEY} as email,
			(array_agg(o.customer_name order by o.created_at desc, o.id desc) filter (where o.customer_name is not null and btrim(o.customer_name) <> ''))[1] as name,
			array_agg(distinct o.customer_phone) filter (where o.customer_phone is not null and o.customer_phone <> '') as phones
		from orders o
		where o.customer_email is not null and ${KEY} in (${sql.join(
			keys.map((k) => sql`${k}`),
			sql`, `,
		)})
		group by ${KEY}`)
	return new Map(result.rows.map((row) => [row.email, row]))
}

/** The buyers' figures with their names, phones and running subscriptions. */
async function customerViews(db: Db, rows: Row[]): Promise<CustomerView[]> {
	const keys = rows.map((r) => r.email)
	const [contacts, subscriptions] = await Promise.all([contactsOf(db, keys), runningSubscriptions(db, keys)])
	return rows.map((row) => toView(row, contacts.get(row.email), subscriptions.get(row.email) ?? []))
}

const toView = (row: Row, contact: Contact | undefined, subscriptions: CustomerView['subscriptions']): CustomerView => ({
	id: Number(row.id),
	email: row.email,
	name: contact?.name?.trim() || null,
	phones: [...(contact?.phones ?? [])].sort(),
	orders: Number(row.orders),
	paidOrders: Number(row.paid_orders),
	totalSpent: Number(row.spent),
	refunds: Number(row.refunded),
	firstOrderAt: iso(row.first_at),
	lastOrderAt: iso(row.last_at),
	subscriptions,
})

/**
 * The subscriptions still running for these buyers, by key: each subscription line of a paid,
 * delivered order runs its months from delivery (as the order page and the reminders count it); a DM
 * order with a duration runs its days from when it was placed.
 */
async function runningSubscriptions(db: Db, keys: string[], now = Date.now()): Promise<Map<string, CustomerView['subscriptions']>> {
	const byKey = new Map<string, CustomerView['subscriptions']>(keys.map((k) => [k, []]))
	if (keys.length === 0) return byKey
	const found = await ordersWhoseSubscriptionsRun(
		db,
		sql`lower(btrim(${orders.customerEmail})) in (${sql.join(
			keys.map((k) => sql`${k}`),
			sql`, `,
		)})`,
		eq(orders.testPayment, false),
		sql`${orders.createdAt} > ${subscriptionsRunningSince(now)}`,
		sql`(${orders.deliveredAt} is not null or ${orders.durationDays} > 0)`,
	)
	for (const order of found) {
		const list = byKey.get(customerKey(order.customerEmail!))
		if (!list) continue
		const dmEnd = subscriptionEndsAt(order.createdAt, order.durationDays)
		if (dmEnd) {
			if (runningSubscription(order, dmEnd, now)) list.push({ orderNumber: order.orderNumber, product: order.productDetails.map((l) => l.name).join(', '), endsAt: dmEnd.toISOString() })
			continue
		}
		for (const { lineIndex, endsAt } of subscriptionLineEnds(order.productDetails, order.deliveredAt)) {
			if (!runningSubscription(order, endsAt, now)) continue
			const line = order.productDetails[lineIndex]!
			const option = lineOptionLabel(line)
			list.push({ orderNumber: order.orderNumber, product: option ? `${line.name} (${option})` : line.name, endsAt: endsAt.toISOString() })
		}
	}
	for (const list of byKey.values()) list.sort((a, b) => a.endsAt.localeCompare(b.endsAt))
	return byKey
}

/** One page of buyers: searched, sorted by what they spent or by their latest order. */
export async function listCustomers(db: Db, query: CustomerListQuery): Promise<CustomerList> {
	return boundedRead(db, (reader) => readCustomerList(reader, query))
}

async function readCustomerList(db: Db, query: CustomerListQuery): Promise<CustomerList> {
	const search = searchCondition(query.q)
	// The search finds the buyers' keys through the orders' search indexes; their figures count every order of theirs.
	const keyed = search ? sql`f.email in (select lower(btrim(o.customer_email)) from orders o where o.customer_email is not null and (${search}))` : sql`true`
	const order = query.sort === 'last' ? sql`f.last_at desc, f.email asc` : sql`f.spent desc, f.last_at desc, f.email asc`
	// The buyers' figures as the orders' trigger keeps them (drizzle/0051): an index gives the page in order.
	const [found, counted] = await Promise.all([
		db.execute<Row>(sql`
			select f.first_order_id as id, f.email, f.orders, f.paid_orders, f.spent, f.refunded, f.first_at, f.last_at
			from customer_figures f where f.orders > 0 and ${keyed}
			order by ${order} limit ${CUSTOMERS_PAGE_SIZE} offset ${(query.page - 1) * CUSTOMERS_PAGE_SIZE}`),
		db.execute<{ n: number }>(sql`select count(*)::int as n from customer_figures f where f.orders > 0 and ${keyed}`),
	])
	return { customers: await customerViews(db, found.rows), total: Number(counted.rows[0]!.n), page: query.page, pageSize: CUSTOMERS_PAGE_SIZE }
}

/** The buyer whose first order is `id`, or a "not found" AppError. */
async function customerKeyOf(db: Db, id: number): Promise<string> {
	const [row] = await db.select({ email: orders.customerEmail }).from(orders).where(eq(orders.id, id))
	const email = row?.email ? customerKey(row.email) : ''
	if (!email) throw new AppError('NOT_FOUND', CUSTOMER_MESSAGES.notFound)
	return email
}

/** One buyer: their figures, orders, staff notes and the blocks on their email or phones. */
export async function readCustomer(db: Db, id: number): Promise<CustomerDetail> {
	// Their figures and orders are a long read (the replica's when there is one, ADR-059); the notes
	// and blocks staff write on this page are read from the primary, so a saved note is there on reload.
	return boundedRead(db, (reader) => readCustomerIn(reader, db, id))
}

async function readCustomerIn(reader: Db, primary: Db, id: number): Promise<CustomerDetail> {
	const key = await customerKeyOf(reader, id)
	const [row] = await customerFigures(reader, sql`${KEY} = ${key}`, sql`1`, 1, 0)
	if (!row) throw new AppError('NOT_FOUND', CUSTOMER_MESSAGES.notFound)
	const [[customer], found, notes, blocks] = await Promise.all([
		customerViews(reader, [row]),
		reader
			.select()
			.from(orders)
			.where(sql`lower(btrim(${orders.customerEmail})) = ${key}`)
			.orderBy(desc(orders.createdAt), desc(orders.id))
			.limit(CUSTOMER_ORDERS_LIMIT + 1),
		notesOf(primary, key),
		listBlocks(primary),
	])
	const mine = new Set([`email:${key}`, ...customer!.phones.map((p) => `phone:${normaliseBlockValue('phone', p) ?? p}`)])
	return {
		customer: customer!,
		orders: found.slice(0, CUSTOMER_ORDERS_LIMIT).map((o) => ({
			orderNumber: o.orderNumber,
			createdAt: o.createdAt.toISOString(),
			total: o.totalAmount,
			refunded: o.refundedAmount,
			paymentStatus: o.paymentStatus,
			deliveryStatus: o.deliveryStatus,
			paymentMethod: o.paymentMethod,
			testPayment: o.testPayment,
			phone: o.customerPhone,
		})),
		moreOrders: found.length > CUSTOMER_ORDERS_LIMIT,
		notes,
		blocks: blocks
			.filter((b) => mine.has(`${b.kind}:${b.value}`))
			.map((b) => ({ id: b.id, kind: b.kind, value: b.value, note: b.note, createdAt: b.createdAt, createdBy: b.createdBy })),
	}
}

async function notesOf(db: Db, key: string): Promise<CustomerNoteView[]> {
	const rows = await db
		.select()
		.from(customerNotes)
		.where(eq(customerNotes.email, key))
		.orderBy(desc(customerNotes.createdAt), desc(customerNotes.id))
	return rows.map((n) => ({ id: n.id, body: n.body, staff: n.staffLabel, createdAt: n.createdAt.toISOString() }))
}

/** Adds a staff note to the buyer whose first order is `id`: audited in the same transaction. */
export async function addCustomerNote(db: Db, actor: Actor, id: number, body: string): Promise<CustomerNoteView> {
	const key = await customerKeyOf(db, id)
	const note = await db.transaction(async (tx) => {
		const [row] = await tx.insert(customerNotes).values({ email: key, body, staffId: actor.staffId ?? null, staffLabel: actor.label }).returning()
		await recordAudit(tx, actor, { action: 'customer.note.add', target: `customer ${id}`, after: { note: row!.id, body } })
		return row!
	})
	return { id: note.id, body: note.body, staff: note.staffLabel, createdAt: note.createdAt.toISOString() }
}

/** Deletes a staff note of the buyer whose first order is `id`: audited (the note's text kept in the entry). */
export async function deleteCustomerNote(db: Db, actor: Actor, id: number, noteId: number): Promise<void> {
	const key = await customerKeyOf(db, id)
	const removed = await db.transaction(async (tx) => {
		const [row] = await tx
			.delete(customerNotes)
			.where(and(eq(customerNotes.id, noteId), eq(customerNotes.email, key)))
			.returning()
		if (!row) return false
		await recordAudit(tx, actor, { action: 'customer.note.delete', target: `customer ${id}`, before: { note: row.id, body: row.body, by: row.staffLabel } })
		return true
	})
	if (!removed) throw new AppError('NOT_FOUND', CUSTOMER_MESSAGES.noteNotFound)
}
