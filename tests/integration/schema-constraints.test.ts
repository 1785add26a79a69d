// The schema refuses nonsense on its own (ADR-024): each kind written straight with SQL, past the
// shop's code, is refused by the database; and orders stored with JSON lines before order_lines read
// the same after the migration that moved them.
import fs from 'node:fs'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { sql } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/pglite'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database, Db } from '../../app/db/client.server'
import * as schema from '../../app/db/schema'
import { withLinesOf } from '../../app/domain/orders/order-lines.server'
import { MAX_ORDER_TOTAL, MAX_PRICE, MAX_QUANTITY } from '../../app/utils/money'
import { freshPostgresDatabase } from '../setup/postgres'
import { databaseKinds, resetData, testDatabase } from '../setup/test-db'

/** The error PostgreSQL raised for a statement (drizzle wraps it), or null when it was accepted. */
async function refusal(db: Db, statement: ReturnType<typeof sql>): Promise<{ code?: string; constraint?: string } | null> {
	try {
		await db.transaction(async (tx) => {
			await tx.execute(statement)
		})
		return null
	} catch (error) {
		const e = error as { cause?: { code?: string; constraint?: string }; code?: string; constraint?: string }
		return e.cause ?? e
	}
}

/** ON DELETE RESTRICT: restrict_violation (23001), or foreign_key_violation (23503) from some builds. */
const RESTRICTED = 'restricted'

describe.each(databaseKinds)('the schema refuses nonsense on %s', (kind) => {
	let database: Database
	let order: number
	let line: number
	let product: number
	let variant: number
	let unit: number
	beforeAll(async () => {
		database = await testDatabase(kind)
		await resetData(database)
		const { db } = database
		const p = (await db.execute(sql`insert into products (name, description, image, caption, platform, features, specifications, payment_methods)
			values ('Constraint Card', 'x', '/x.png', 'x', 'xbox', '[]', '[]', '[]') returning id`)).rows[0] as { id: number }
		product = Number(p.id)
		variant = Number(((await db.execute(sql`insert into product_variants (product_id, label, price) values (${product}, '$10', 3200) returning id`)).rows[0] as { id: number }).id)
		order = Number(((await db.execute(sql`insert into orders (order_number, total_amount) values ('CON-1', 3200) returning id`)).rows[0] as { id: number }).id)
		line = Number(
			((await db.execute(sql`insert into order_lines (order_id, position, product_id, variant_id, name, image, quantity, unit_price, line_total)
				values (${order}, 0, ${product}, ${variant}, 'Constraint Card', '/x.png', 1, 3200, 3200) returning id`)).rows[0] as { id: number }).id,
		)
		unit = Number(
			((await db.execute(sql`insert into stock_units (product_id, variant_id, kind, secret, key_id, fingerprint)
				values (${product}, ${variant}, 'code', 's', 'k', 'constraint-fp') returning id`)).rows[0] as { id: number }).id,
		)
		await db.execute(sql`insert into stock_assignments (unit_id, slot, order_id, order_number, line_id, line_index) values (${unit}, 1, ${order}, 'CON-1', ${line}, 0)`)
	})
	afterAll(async () => {
		await resetData(database)
	})

	const lineWith = (fields: { quantity?: number; unitPrice?: number; lineTotal?: number; discount?: number; productId?: number; position?: number }) => {
		const q = fields.quantity ?? 1
		const price = fields.unitPrice ?? 100
		return sql`insert into order_lines (order_id, position, product_id, name, image, quantity, unit_price, discount, line_total)
			values (${order}, ${fields.position ?? 9}, ${fields.productId ?? product}, 'x', 'x', ${q}, ${price}, ${fields.discount ?? 0}, ${fields.lineTotal ?? q * price})`
	}

	const nonsense: { name: string; statement: () => ReturnType<typeof sql>; code: string; constraint?: string }[] = [
		{ name: 'a negative unit price', statement: () => lineWith({ unitPrice: -1, lineTotal: -1 }), code: '23514' },
		{ name: 'a zero quantity', statement: () => lineWith({ quantity: 0, lineTotal: 0 }), code: '23514', constraint: 'order_lines_quantity_check' },
		{ name: 'a line total that is not quantity × price − discount', statement: () => lineWith({ quantity: 2, unitPrice: 100, lineTotal: 150 }), code: '23514', constraint: 'order_lines_line_total_check' },
		{ name: 'a negative discount', statement: () => lineWith({ discount: -5, lineTotal: 105 }), code: '23514', constraint: 'order_lines_discount_check' },
		{ name: 'a line of a product that does not exist', statement: () => lineWith({ productId: 999_999 }), code: '23503', constraint: 'order_lines_product_id_products_id_fk' },
		{ name: 'a second line at the same position', statement: () => lineWith({ position: 0 }), code: '23505', constraint: 'order_lines_order_position_key' },
		{ name: 'a line of an order that does not exist', statement: () => sql`insert into order_lines (order_id, position, product_id, name, image, quantity, unit_price, line_total) values (999999, 0, ${product}, 'x', 'x', 1, 1, 1)`, code: '23503', constraint: 'order_lines_order_id_orders_id_fk' },
		{ name: 'a unit price past the price cap', statement: () => lineWith({ unitPrice: MAX_PRICE + 1 }), code: '23514', constraint: 'order_lines_unit_price_check' },
		{ name: 'a quantity past 99', statement: () => lineWith({ quantity: MAX_QUANTITY + 1 }), code: '23514', constraint: 'order_lines_quantity_check' },
		{ name: 'a line total past the order cap', statement: () => lineWith({ quantity: 11, unitPrice: MAX_PRICE }), code: '23514', constraint: 'order_lines_line_total_check' },
		{ name: 'an order total past the order cap', statement: () => sql`insert into orders (order_number, total_amount) values ('CON-HUGE', ${MAX_ORDER_TOTAL + 1})`, code: '23514', constraint: 'orders_total_amount_check' },
		{ name: 'an order cost past the order cap', statement: () => sql`update orders set cost = ${MAX_ORDER_TOTAL + 1} where id = ${order}`, code: '23514', constraint: 'orders_cost_check' },
		{ name: 'an option price past the price cap', statement: () => sql`insert into product_variants (product_id, label, price) values (${product}, 'x', ${MAX_PRICE + 1})`, code: '23514', constraint: 'product_variants_price_check' },
		{ name: 'an option price raised past the price cap', statement: () => sql`update product_variants set price = ${MAX_PRICE + 1} where id = ${variant}`, code: '23514', constraint: 'product_variants_price_check' },
		{ name: 'an option cost past the price cap', statement: () => sql`update product_variants set cost_rupees = ${MAX_PRICE + 1} where id = ${variant}`, code: '23514', constraint: 'product_variants_cost_check' },
		{ name: 'a product’s was-price past the price cap', statement: () => sql`update products set original_price = ${MAX_PRICE + 1} where id = ${product}`, code: '23514', constraint: 'products_original_price_check' },
		{ name: 'a product status neither draft nor published', statement: () => sql`update products set status = 'live' where id = ${product}`, code: '23514', constraint: 'products_status_check' },
		{ name: 'a code’s minimum order past the order cap', statement: () => sql`insert into coupons (code, kind, value, min_subtotal) values ('HUGE-SQL', 'fixed', 10, ${MAX_ORDER_TOTAL + 1})`, code: '23514', constraint: 'coupons_min_subtotal_check' },
		{ name: 'a stock unit’s cost past the price cap', statement: () => sql`insert into stock_units (product_id, variant_id, kind, secret, key_id, fingerprint, cost_rupees) values (${product}, ${variant}, 'code', 's', 'k', 'dear', ${MAX_PRICE + 1})`, code: '23514', constraint: 'stock_units_cost_check' },
		{ name: 'a refund past the order cap', statement: () => sql`insert into refunds (order_id, amount, method, reason, actor) values (${order}, ${MAX_ORDER_TOTAL + 1}, 'bank', 'x', 'Owner')`, code: '23514', constraint: 'refunds_amount_check' },
		{ name: 'a fixed code past the price cap', statement: () => sql`insert into coupons (code, kind, value) values ('DEAR', 'fixed', ${MAX_PRICE + 1})`, code: '23514', constraint: 'coupons_value_check' },
		{ name: 'a negative order total', statement: () => sql`insert into orders (order_number, total_amount) values ('CON-NEG', -1)`, code: '23514', constraint: 'orders_total_amount_check' },
		{ name: 'a negative option price', statement: () => sql`insert into product_variants (product_id, label, price) values (${product}, 'x', -100)`, code: '23514', constraint: 'product_variants_price_check' },
		{ name: 'an option of a product that does not exist', statement: () => sql`insert into product_variants (product_id, label, price) values (999999, 'x', 100)`, code: '23503' },
		{ name: 'an orphan stock unit', statement: () => sql`insert into stock_units (product_id, variant_id, kind, secret, key_id, fingerprint) values (999999, ${variant}, 'code', 's', 'k', 'orphan')`, code: '23503' },
		{ name: 'a stock unit with more slots used than it has', statement: () => sql`insert into stock_units (product_id, variant_id, kind, secret, key_id, fingerprint, slots, slots_used) values (${product}, ${variant}, 'account', 's', 'k', 'over', 2, 3)`, code: '23514', constraint: 'stock_units_slots_check' },
		{ name: 'a stock unit of an unknown kind', statement: () => sql`insert into stock_units (product_id, variant_id, kind, secret, key_id, fingerprint) values (${product}, ${variant}, 'voucher', 's', 'k', 'kind')`, code: '23514', constraint: 'stock_units_kind_check' },
		{ name: 'a delivered unit of a line that does not exist', statement: () => sql`insert into stock_assignments (unit_id, slot, order_id, order_number, line_id, line_index) values (${unit}, 2, ${order}, 'CON-1', 999999, 0)`, code: '23503' },
		{ name: 'a review rated 6', statement: () => sql`insert into reviews (product_id, name, rating, comment) values (${product}, 'A', 6, 'x')`, code: '23514', constraint: 'reviews_rating_check' },
		{ name: 'a review rated 0', statement: () => sql`insert into reviews (product_id, name, rating, comment) values (${product}, 'A', 0, 'x')`, code: '23514', constraint: 'reviews_rating_check' },
		{ name: 'a review of a product that does not exist', statement: () => sql`insert into reviews (product_id, name, rating, comment) values (999999, 'A', 5, 'x')`, code: '23503' },
		{ name: 'a session of a staff account that does not exist', statement: () => sql`insert into staff_sessions (id_hash, staff_id, expires_at) values ('h', 999999, now())`, code: '23503' },
		{ name: 'a staff role that is not owner or staff', statement: () => sql`insert into staff_users (email, name, role, password_hash) values ('x@example.pk', 'X', 'admin', 'h')`, code: '23514', constraint: 'staff_users_role_check' },
		{ name: 'a staff grant not in the list', statement: () => sql`insert into staff_users (email, name, password_hash, grants) values ('x@example.pk', 'X', 'h', array['refunds', 'root'])`, code: '23514', constraint: 'staff_users_grants_check' },
		{ name: 'a block of an unknown kind', statement: () => sql`insert into blocked_buyers (kind, value) values ('name', 'Ali')`, code: '23514', constraint: 'blocked_buyers_kind_check' },
		{ name: 'a block of an empty value', statement: () => sql`insert into blocked_buyers (kind, value) values ('email', '')`, code: '23514', constraint: 'blocked_buyers_value_check' },
		{ name: 'the same block twice', statement: () => sql`insert into blocked_buyers (kind, value) values ('email', 'twice@example.pk'), ('email', 'twice@example.pk')`, code: '23505', constraint: 'blocked_buyers_kind_value_key' },
		{ name: 'a percent code over 100', statement: () => sql`insert into coupons (code, kind, value) values ('OVER', 'percent', 101)`, code: '23514', constraint: 'coupons_value_check' },
		{ name: 'a code of an unknown kind', statement: () => sql`insert into coupons (code, kind, value) values ('ODD', 'free', 5)`, code: '23514', constraint: 'coupons_kind_check' },
		{ name: 'the same code in another case', statement: () => sql`insert into coupons (code, kind, value) values ('Eid', 'fixed', 5), ('EID', 'fixed', 5)`, code: '23505', constraint: 'coupons_code_key' },
		{ name: 'a code that ends before it starts', statement: () => sql`insert into coupons (code, kind, value, starts_at, ends_at) values ('BACK', 'fixed', 5, now(), now() - interval '1 day')`, code: '23514', constraint: 'coupons_dates_check' },
		{ name: 'a code used by an order that does not exist', statement: () => sql`insert into coupon_redemptions (coupon_id, order_id, code, email, phone, discount) values (999999, 999999, 'X', 'a@example.pk', '03001234567', 5)`, code: '23503' },
		{ name: 'a reveal in a view that does not exist', statement: () => sql`insert into unit_reveals (order_id, view, by_kind) values (${order}, 'email', 'buyer')`, code: '23514', constraint: 'unit_reveals_view_check' },
		{ name: 'a reveal by someone neither buyer nor staff', statement: () => sql`insert into unit_reveals (order_id, view, by_kind) values (${order}, 'api', 'stranger')`, code: '23514', constraint: 'unit_reveals_by_kind_check' },
		{ name: 'a reveal of an order that does not exist', statement: () => sql`insert into unit_reveals (order_id, view, by_kind) values (999999, 'api', 'buyer')`, code: '23503' },
		{ name: 'two first reveals of one unit', statement: () => sql`insert into unit_reveals (order_id, view, by_kind, first) values (${order}, 'api', 'buyer', true), (${order}, 'my-orders', 'buyer', true)`, code: '23505', constraint: 'unit_reveals_first_key' },
		{ name: 'a client hash longer than a SHA-256', statement: () => sql`insert into unit_reveals (order_id, view, by_kind, address_hash) values (${order}, 'api', 'buyer', ${'a'.repeat(65)})`, code: '23514', constraint: 'unit_reveals_hash_check' },
		{ name: 'an order’s placement hash longer than a SHA-256', statement: () => sql`update orders set placed_device_hash = ${'a'.repeat(65)} where id = ${order}`, code: '23514', constraint: 'orders_placed_hash_check' },
		{ name: 'deleting a product an order bought', statement: () => sql`delete from products where id = ${product}`, code: RESTRICTED },
		{ name: 'deleting a stock unit that was delivered', statement: () => sql`delete from stock_units where id = ${unit}`, code: RESTRICTED },
	]

	it.each(nonsense)('refuses $name', async ({ statement, code, constraint }) => {
		const error = await refusal(database.db, statement())
		expect(error, 'the database accepted it').not.toBeNull()
		if (code === RESTRICTED) expect(['23001', '23503']).toContain(error!.code)
		else expect(error!.code).toBe(code)
		if (constraint) expect(error!.constraint).toBe(constraint)
	})

	it('refuses a payment or delivery state the order model does not know, and takes every one it does', async () => {
		const { db } = database
		const paymentTo = (status: string) => refusal(db, sql`update orders set payment_status = ${status} where id = ${order}`)
		const deliveryTo = (status: string) => refusal(db, sql`update orders set delivery_status = ${status} where id = ${order}`)
		// The values the spec reads as paid or unpaid are not states of the model: the spec's words are mapped, never stored.
		for (const status of ['completed', 'payment_pending', 'pending', 'PAID', '', 'success']) expect((await paymentTo(status))?.constraint, status).toBe('orders_payment_status_check')
		for (const status of ['processing', 'done', 'Completed']) expect((await deliveryTo(status))?.constraint, status).toBe('orders_delivery_status_check')
		for (const status of ['awaiting_payment', 'awaiting_confirmation', 'paid', 'failed', 'expired', 'cancelled', 'partly_refunded', 'refunded']) expect(await paymentTo(status), status).toBeNull()
		for (const status of ['pending', 'preparing', 'activating', 'ready_for_delivery', 'delivered', 'completed']) expect(await deliveryTo(status), status).toBeNull()
		await db.execute(sql`update orders set payment_status = 'awaiting_payment', delivery_status = 'pending' where id = ${order}`)
	})

	it('keeps one claim per delivered unit, an answer only on an answered claim, and a product’s claim window within 0 to 365 days (ADR-052)', async () => {
		const { db } = database
		const assignment = Number(((await db.execute(sql`select id from stock_assignments where order_id = ${order}`)).rows[0] as { id: number }).id)
		const claim = (status: string, answer: string | null) => sql`insert into unit_claims (order_id, assignment_id, status, answer, text) values (${order}, ${assignment}, ${status}, ${answer === null ? sql`null` : answer}, 'It does not work')`
		expect((await refusal(db, claim('open', 'replace')))?.constraint).toBe('unit_claims_answer_check')
		expect((await refusal(db, claim('answered', null)))?.constraint).toBe('unit_claims_answer_check')
		expect((await refusal(db, claim('answered', 'credit')))?.constraint).toBe('unit_claims_answer_check')
		expect((await refusal(db, claim('waiting', null)))?.constraint).toMatch(/^unit_claims_(status|answer)_check$/)
		expect(await refusal(db, claim('open', null))).toBeNull()
		expect((await refusal(db, claim('answered', 'refuse')))?.constraint).toBe('unit_claims_unit_key')
		expect((await refusal(db, sql`update products set claim_days = 366 where id = ${product}`))?.constraint).toBe('products_claim_days_check')
		expect((await refusal(db, sql`update products set claim_days = -1 where id = ${product}`))?.constraint).toBe('products_claim_days_check')
		expect(Number(((await db.execute(sql`select claim_days from products where id = ${product}`)).rows[0] as { claim_days: number }).claim_days)).toBe(7)
		await db.execute(sql`delete from unit_claims where order_id = ${order}`)
	})

	it('keeps one purchase from a supplier per idempotency key, in a state it knows, never more keys than units, and a margin within 0 to 500% (ADR-053)', async () => {
		const { db } = database
		const supplier = Number(((await db.execute(sql`insert into suppliers (name, base_url, api_key) values ('Constraint Wholesale', 'https://example.com', 'enc') returning id`)).rows[0] as { id: number }).id)
		const purchase = (key: string, status: string, quantity: number, keys: number) =>
			sql`insert into supplier_purchases (order_id, order_number, line_id, line_index, variant_id, supplier_id, supplier_product_id, quantity, idempotency_key, status, keys_received)
				values (${order}, 'CON-1', ${line}, 0, ${variant}, ${supplier}, 'p-1', ${quantity}, ${key}, ${status}, ${keys})`
		expect(await refusal(db, purchase('CON-1-L0-1', 'pending', 1, 0))).toBeNull()
		expect((await refusal(db, purchase('CON-1-L0-1', 'pending', 1, 0)))?.constraint).toBe('supplier_purchases_idempotency_key')
		expect((await refusal(db, purchase('CON-1-L0-2', 'lost', 1, 0)))?.constraint).toBe('supplier_purchases_status_check')
		expect((await refusal(db, purchase('CON-1-L0-3', 'delivered', 1, 2)))?.constraint).toBe('supplier_purchases_quantity_check')
		expect((await refusal(db, purchase('CON-1-L0-4', 'pending', 0, 0)))?.constraint).toBe('supplier_purchases_quantity_check')
		expect((await refusal(db, sql`update product_variants set min_margin_percent = 501 where id = ${variant}`))?.constraint).toBe('product_variants_min_margin_check')
		expect((await refusal(db, sql`insert into suppliers (name, kind, base_url, api_key) values ('X', 'g2a', 'https://example.com', 'enc')`))?.constraint).toBe('suppliers_kind_check')
		await db.execute(sql`delete from supplier_purchases where order_id = ${order}`)
		await db.execute(sql`delete from suppliers where id = ${supplier}`)
	})

	it('keeps a supplier’s recorded prices to one a day per option, a day written YYYY-MM-DD, no negative price or threshold, and the suppliers grant (ADR-054)', async () => {
		const { db } = database
		const supplier = Number(((await db.execute(sql`insert into suppliers (name, base_url, api_key) values ('Constraint supplier', 'http://127.0.0.1:9', 'sealed') returning id`)).rows[0] as { id: number }).id)
		const cost = (day: string, cents: number) => sql`insert into supplier_costs (variant_id, supplier_id, supplier_product_id, day, unit_price_cents) values (${variant}, ${supplier}, 'p-1', ${day}, ${cents})`
		expect(await refusal(db, cost('2026-12-06', 2050))).toBeNull()
		expect((await refusal(db, cost('2026-12-06', 2100)))?.constraint).toBe('supplier_costs_day_key')
		expect((await refusal(db, cost('6 Dec 2026', 2050)))?.constraint).toBe('supplier_costs_day_check')
		expect((await refusal(db, cost('2026-12-07', -1)))?.constraint).toBe('supplier_costs_price_check')
		expect((await refusal(db, sql`insert into supplier_watch (supplier_id, low_balance_cents) values (${supplier}, -5)`))?.constraint).toBe('supplier_watch_low_balance_check')
		expect(await refusal(db, sql`insert into staff_users (email, name, role, password_hash, grants) values ('supplier-desk@example.pk', 'Desk', 'staff', 'x', '{suppliers}')`)).toBeNull()
		expect((await refusal(db, sql`insert into staff_users (email, name, role, password_hash, grants) values ('root-desk@example.pk', 'Root', 'staff', 'x', '{root}')`))?.constraint).toBe('staff_users_grants_check')
		await db.execute(sql`delete from staff_users where email in ('supplier-desk@example.pk', 'root-desk@example.pk')`)
		await db.execute(sql`delete from suppliers where id = ${supplier}`)
	})

	it('takes a deleted product’s options, stock units and reviews with it, and a staff member’s sessions', async () => {
		const { db } = database
		const lone = Number(((await db.execute(sql`insert into products (name, description, image, caption, platform, features, specifications, payment_methods)
			values ('Lone Card', 'x', '/x.png', 'x', 'xbox', '[]', '[]', '[]') returning id`)).rows[0] as { id: number }).id)
		const v = Number(((await db.execute(sql`insert into product_variants (product_id, label, price) values (${lone}, '$5', 1600) returning id`)).rows[0] as { id: number }).id)
		await db.execute(sql`insert into stock_units (product_id, variant_id, kind, secret, key_id, fingerprint) values (${lone}, ${v}, 'code', 's', 'k', 'lone-fp')`)
		await db.execute(sql`insert into reviews (product_id, name, rating, comment) values (${lone}, 'Sana', 5, 'Fast')`)
		await db.execute(sql`delete from products where id = ${lone}`)
		const left = (await db.execute(sql`select
			(select count(*) from product_variants where product_id = ${lone}) as variants,
			(select count(*) from stock_units where product_id = ${lone}) as units,
			(select count(*) from reviews where product_id = ${lone}) as reviews`)).rows[0] as Record<string, string | number>
		expect(Object.values(left).map(Number)).toEqual([0, 0, 0])

		const staff = Number(((await db.execute(sql`insert into staff_users (email, name, password_hash) values ('gone@example.pk', 'Gone', 'h') returning id`)).rows[0] as { id: number }).id)
		await db.execute(sql`insert into staff_sessions (id_hash, staff_id, expires_at) values ('gone-session', ${staff}, now() + interval '1 hour')`)
		await db.execute(sql`delete from staff_users where id = ${staff}`)
		expect((await db.execute(sql`select count(*) as n from staff_sessions where id_hash = 'gone-session'`)).rows.map((r) => Number((r as { n: number }).n))).toEqual([0])
	})
})

// ---- The migration that moved JSON lines into order_lines ----

const DRIZZLE = path.resolve('drizzle')
// The order is written as the shop stored it before the order model (0020 onwards): status text, JSON lines.
const FIRST_NEW = '0020_order_state.sql'
const migrationFiles = fs
	.readdirSync(DRIZZLE)
	.filter((f) => /^\d{4}_.*\.sql$/.test(f))
	.sort()
const statementsOf = (file: string) =>
	fs
		.readFileSync(path.join(DRIZZLE, file), 'utf8')
		.split('--> statement-breakpoint')
		.map((s) => s.trim())
		.filter(Boolean)

/** An order as the shop stored it before order_lines: two lines, one with a variant, one from before variants. */
const OLD_LINES = [
	{ id: 1, name: 'Xbox Game Pass Ultimate', image: '/images/products/gpu.webp', price: 3400, originalPrice: 4000, quantity: 2, selectedDuration: { label: '2 Months', price: 3400, months: 2 }, selectedDenomination: null, selectedAccountType: 'shared', variantId: null as number | null, code: null },
	{ id: 14, name: 'Xbox Gift Card', image: '/images/products/xgc.webp', price: 3200, originalPrice: null, quantity: 1, selectedDuration: null, selectedDenomination: { label: '$10 USD', price: 3200, value: 10 }, selectedAccountType: null, code: 'XGC-10' },
]

async function migratedOrder(run: (statement: string) => Promise<unknown>, query: (text: string) => Promise<Record<string, unknown>[]>) {
	for (const file of migrationFiles.slice(0, migrationFiles.indexOf(FIRST_NEW))) for (const s of statementsOf(file)) await run(s)
	// A product and its variant as the catalogue had them, so the old line names a real option.
	await run(`insert into products (id, name, description, image, caption, category, features, specifications, payment_methods) overriding system value values (1, 'Xbox Game Pass Ultimate', 'x', '/x', 'x', 'xbox', '[]', '[]', '[]'), (14, 'Xbox Gift Card', 'x', '/x', 'x', 'xbox', '[]', '[]', '[]')`)
	const [variant] = await query(`insert into product_variants (product_id, label, months, account_type, price) values (1, '2 Months', 2, 'shared', 3400) returning id`)
	const lines = [{ ...OLD_LINES[0]!, variantId: Number(variant!.id) }, OLD_LINES[1]!]
	await run(`insert into orders (order_number, total_amount, product_details, status) values ('OLD-1', 10000, '${JSON.stringify(lines)}'::jsonb, 'completed')`)
	await run(`insert into stock_units (product_id, variant_id, kind, secret, key_id, fingerprint) values (1, ${Number(variant!.id)}, 'account', 's', 'k', 'old-fp')`)
	await run(`insert into stock_assignments (unit_id, slot, order_id, order_number, line_index) select u.id, 1, o.id, 'OLD-1', 0 from stock_units u, orders o`)
	for (const file of migrationFiles.slice(migrationFiles.indexOf(FIRST_NEW))) for (const s of statementsOf(file)) await run(s)
	return lines
}

describe('moving JSON order lines into order_lines', () => {
	it('reads an order stored before the move the same after it, on PGlite', async () => {
		const client = await PGlite.create({ extensions: { pg_trgm } })
		try {
			const lines = await migratedOrder(
				(s) => client.exec(s),
				async (text) => (await client.query<Record<string, unknown>>(text)).rows,
			)
			const db = drizzle(client, { schema }) as unknown as Db
			const [row] = await db.select().from(schema.orders)
			const order = await withLinesOf(db, row)
			expect(order!.productDetails).toEqual(lines)
			expect(JSON.stringify(order!.productDetails)).toBe(JSON.stringify(lines))
			// The old 'completed' meant paid; delivery had not been recorded ('pending').
			expect(row).toMatchObject({ paymentStatus: 'paid', deliveryStatus: 'pending' })
			const [assignment] = (await client.query<{ line_id: number; position: number }>('select a.line_id, l.position from stock_assignments a join order_lines l on l.id = a.line_id')).rows
			expect(assignment).toMatchObject({ position: 0 })
			const column = await client.query(`select 1 from information_schema.columns where table_name = 'orders' and column_name = 'product_details'`)
			expect(column.rows).toEqual([])
		} finally {
			await client.close()
		}
	})

	it.runIf(process.env.TEST_DATABASE_URL)('reads an order stored before the move the same after it, on PostgreSQL', async () => {
		const url = await freshPostgresDatabase(process.env.TEST_DATABASE_URL!, 'shop_vitest_move')
		const client = new pg.Client({ connectionString: url })
		await client.connect()
		try {
			await client.query('create extension if not exists pg_trgm')
			const lines = await migratedOrder(
				(s) => client.query(s),
				async (text) => (await client.query(text)).rows as Record<string, unknown>[],
			)
			const { drizzle: drizzlePg } = await import('drizzle-orm/node-postgres')
			const db = drizzlePg(client, { schema }) as unknown as Db
			const [row] = await db.select().from(schema.orders)
			const order = await withLinesOf(db, row)
			expect(JSON.stringify(order!.productDetails)).toBe(JSON.stringify(lines))
		} finally {
			await client.end()
		}
	})
})

describe('bringing the money limits to a shop that saved past them', () => {
	it('caps a price an earlier reprice stored past Rs. 10,000,000, keeps an order past the order cap as it was, and refuses such an order from now', async () => {
		const client = await PGlite.create({ extensions: { pg_trgm } })
		const LIMITS = '0034_amounts_within_their_columns.sql'
		try {
			for (const file of migrationFiles.slice(0, migrationFiles.indexOf(LIMITS))) for (const s of statementsOf(file)) await client.exec(s)
			await client.exec(`insert into products (id, name, description, image, caption, platform, features, specifications, payment_methods) overriding system value values (1, 'Xbox Game Pass Ultimate', 'x', '/x', 'x', 'xbox', '[]', '[]', '[]')`)
			await client.exec(`insert into product_variants (product_id, label, months, price) values (1, '1 Month', 1, 110000000)`)
			await client.exec(`insert into orders (order_number, total_amount) values ('BIG-1', 150000000)`)
			for (const s of statementsOf(LIMITS)) await client.exec(s)

			expect((await client.query<{ price: number }>('select price from product_variants')).rows).toEqual([{ price: MAX_PRICE }])
			expect((await client.query<{ total_amount: number }>(`select total_amount from orders where order_number = 'BIG-1'`)).rows).toEqual([{ total_amount: 150000000 }])
			await expect(client.exec(`insert into orders (order_number, total_amount) values ('BIG-2', ${MAX_ORDER_TOTAL + 1})`)).rejects.toThrow(/orders_total_amount_check/)
		} finally {
			await client.close()
		}
	})
})

describe('staff permissions becoming one list of grants', () => {
	it('carries each account’s four boxes into its grants, and the columns are gone', async () => {
		const client = await PGlite.create({ extensions: { pg_trgm } })
		const GRANTS = '0036_staff_grants.sql'
		try {
			for (const file of migrationFiles.slice(0, migrationFiles.indexOf(GRANTS))) for (const s of statementsOf(file)) await client.exec(s)
			await client.exec(`insert into staff_users (email, name, role, password_hash, can_manage_catalogue, can_reveal_stock, can_refund, can_view_reports) values
				('owner@example.pk', 'Owner', 'owner', 'h', false, false, false, false),
				('clerk@example.pk', 'Clerk', 'staff', 'h', false, false, false, false),
				('books@example.pk', 'Books', 'staff', 'h', true, false, true, true),
				('stock@example.pk', 'Stock', 'staff', 'h', false, true, false, false)`)
			for (const s of statementsOf(GRANTS)) await client.exec(s)

			expect((await client.query<{ email: string; grants: string[] }>('select email, grants from staff_users order by id')).rows).toEqual([
				{ email: 'owner@example.pk', grants: [] },
				{ email: 'clerk@example.pk', grants: [] },
				{ email: 'books@example.pk', grants: ['catalogue', 'refunds', 'reports'] },
				{ email: 'stock@example.pk', grants: ['reveal-stock'] },
			])
			const columns = await client.query(`select column_name from information_schema.columns where table_name = 'staff_users' and column_name like 'can_%'`)
			expect(columns.rows).toEqual([])
		} finally {
			await client.close()
		}
	})
})

describe('alerts on from the start, and replies to contact messages', () => {
	it('counts a member who had chosen something as saved, a link-only row as not, gives "low or out" both stock events, and threads old messages', async () => {
		const client = await PGlite.create({ extensions: { pg_trgm } })
		const ALERTS = '0041_alerts_on_and_inbox_replies.sql'
		try {
			for (const file of migrationFiles.slice(0, migrationFiles.indexOf(ALERTS))) for (const s of statementsOf(file)) await client.exec(s)
			await client.exec(`insert into staff_users (id, email, name, role, password_hash) values (1, 'owner@example.pk', 'Owner', 'owner', 'h'), (2, 'sana@example.pk', 'Sana', 'staff', 'h'), (3, 'omar@example.pk', 'Omar', 'staff', 'h'), (4, 'hina@example.pk', 'Hina', 'staff', 'h')`)
			await client.exec(`insert into staff_alert_settings (staff_id, events, by_email, by_telegram, telegram_code_hash, telegram_code_expires_at) values
				(1, '{}', false, false, 'abc', now() + interval '10 minutes'),
				(2, '{stock-low,refund}', true, false, null, null),
				(3, '{}', false, false, null, null),
				(4, '{transfer-receipt}', false, true, null, null)`)
			await client.exec(`insert into contact_messages (name, email, message) values ('Ali', 'ali@example.pk', 'Where is my code?'), ('Sara', 'sara@example.pk', 'Do you sell PSN cards?')`)
			for (const s of statementsOf(ALERTS)) await client.exec(s)

			const rows = (await client.query<{ staff_id: number; saved: boolean; events: string[] }>('select staff_id, saved_at is not null as saved, events from staff_alert_settings order by staff_id')).rows
			expect(rows).toEqual([
				{ staff_id: 1, saved: false, events: [] },
				{ staff_id: 2, saved: true, events: ['stock-low', 'refund', 'stock-out'] },
				{ staff_id: 3, saved: false, events: [] },
				{ staff_id: 4, saved: true, events: ['transfer-receipt'] },
			])
			const messages = (await client.query<{ thread_token: string; lang: string }>('select thread_token, lang from contact_messages order by id')).rows
			expect(messages.map((m) => m.lang)).toEqual(['en', 'en'])
			expect(messages[0]!.thread_token).toMatch(/^[0-9a-f]{32}$/)
			expect(messages[0]!.thread_token).not.toBe(messages[1]!.thread_token)
			await expect(client.exec(`insert into contact_replies (message_id, replied_by, body) values (1, 'owner@example.pk', '')`)).rejects.toThrow(/contact_replies_body_check/)
			await expect(client.exec(`insert into contact_replies (message_id, replied_by, body) values (1, 'owner@example.pk', repeat('x', 5001))`)).rejects.toThrow(/contact_replies_body_check/)
			await client.exec(`insert into contact_replies (message_id, staff_id, replied_by, body) values (1, 1, 'owner@example.pk', 'On its way.')`)
		} finally {
			await client.close()
		}
	})
})
