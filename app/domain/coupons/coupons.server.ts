import { desc, eq, inArray, sql } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client.server'
import { couponRedemptions, coupons, products, type OrderLine } from '../../db/schema'
import { AppError } from '../../utils/app-error'
import type { Category } from '../catalogue/types'
import { recordAudit, type Actor } from '../staff/audit.server'
import type { CheckoutLine } from '../orders/checkout-input'
import { priceOrder } from '../orders/price-order.server'
import { closedUnpaidSql, holdsCouponUseSql } from '../orders/order-facts'
import { hitRateLimit } from '../rate-limit.server'
import {
	COUPON_MESSAGES,
	COUPON_PREVIEW_LIMIT,
	COUPON_REFUSALS,
	couponBuyer,
	limitReached,
	type CouponLapse,
	normaliseCode,
	priceCoupon,
	type Coupon,
	type CouponInput,
	type CouponPatch,
	type CouponQuote,
	type CouponUsage,
	type CouponView,
	type DiscountLine,
} from './coupon'
import { requireOwner } from '../staff/permissions'

// Discount codes in the database: the owner's list (console and API, audited), a checkout's preview of a
// code (no lock, nothing written, the same for any buyer), and the use itself, counted exactly once inside
// the transaction that places the order: the code's row is locked, its live uses and the buyer's earlier
// orders counted, the order and its use written. An order paid after it let its use go takes it again the
// same way (retakeCouponUse), or is refused.

type CouponRow = typeof coupons.$inferSelect

const isUniqueViolation = (error: unknown) => {
	const e = error as { code?: string; cause?: { code?: string } }
	return (e.cause?.code ?? e.code) === '23505'
}

const asCoupon = (row: CouponRow): Coupon => ({
	id: row.id,
	code: row.code,
	kind: row.kind,
	value: row.value,
	productIds: row.productIds,
	variantIds: row.variantIds,
	platforms: row.platforms,
	minSubtotal: row.minSubtotal,
	startsAt: row.startsAt,
	endsAt: row.endsAt,
	maxUses: row.maxUses,
	maxUsesPerBuyer: row.maxUsesPerBuyer,
	firstOrderOnly: row.firstOrderOnly,
	active: row.active,
})

// Which orders hold a use of their code, and which make a later order not the buyer's first, are
// order-facts' holdsCouponUse and closedUnpaid (any order but an expired or cancelled one counts).

/** Uses that count: the redemptions whose order holds its use. Raw, qualified SQL (a correlated subquery). */
const LIVE_USES = sql`(select count(*)::int from coupon_redemptions r join orders o on o.id = r.order_id where r.coupon_id = "coupons"."id" and ${holdsCouponUseSql('o')})`

const view = (row: CouponRow, uses: number): CouponView => ({
	id: row.id,
	code: row.code,
	type: row.kind,
	value: row.value,
	productIds: row.productIds,
	variantIds: row.variantIds,
	platforms: row.platforms,
	minSubtotal: row.minSubtotal,
	startsAt: row.startsAt?.toISOString() ?? null,
	endsAt: row.endsAt?.toISOString() ?? null,
	maxUses: row.maxUses,
	maxUsesPerBuyer: row.maxUsesPerBuyer,
	firstOrderOnly: row.firstOrderOnly,
	active: row.active,
	uses,
	createdAt: row.createdAt.toISOString(),
})

/** Every code, newest first, each with its uses. */
export async function listCoupons(db: Db): Promise<CouponView[]> {
	const rows = await db.select({ coupon: coupons, uses: LIVE_USES.mapWith(Number) }).from(coupons).orderBy(desc(coupons.createdAt), desc(coupons.id))
	return rows.map((r) => view(r.coupon, r.uses))
}

/** One code with its uses; refused with a sentence when there is none. */
export async function getCoupon(db: Db | Tx, id: number): Promise<CouponView> {
	const [row] = await db.select({ coupon: coupons, uses: LIVE_USES.mapWith(Number) }).from(coupons).where(eq(coupons.id, id))
	if (!row) throw new AppError('NOT_FOUND', COUPON_MESSAGES.notFound)
	return view(row.coupon, row.uses)
}

const columnsOf = (input: CouponPatch) => ({
	...(input.code !== undefined ? { code: input.code } : {}),
	...(input.type !== undefined ? { kind: input.type } : {}),
	...(input.value !== undefined ? { value: input.value } : {}),
	...(input.productIds !== undefined ? { productIds: input.productIds } : {}),
	...(input.variantIds !== undefined ? { variantIds: input.variantIds } : {}),
	...(input.platforms !== undefined ? { platforms: input.platforms } : {}),
	...(input.minSubtotal !== undefined ? { minSubtotal: input.minSubtotal ?? 0 } : {}),
	...(input.startsAt !== undefined ? { startsAt: input.startsAt } : {}),
	...(input.endsAt !== undefined ? { endsAt: input.endsAt } : {}),
	...(input.maxUses !== undefined ? { maxUses: input.maxUses } : {}),
	...(input.maxUsesPerBuyer !== undefined ? { maxUsesPerBuyer: input.maxUsesPerBuyer } : {}),
	...(input.firstOrderOnly !== undefined ? { firstOrderOnly: input.firstOrderOnly } : {}),
	...(input.active !== undefined ? { active: input.active } : {}),
})

const auditable = (v: CouponView) => {
	const { uses: _uses, createdAt: _createdAt, ...rest } = v
	return rest
}

/** A new code: audited. */
export async function createCoupon(db: Db, actor: Actor, input: CouponInput): Promise<CouponView> {
	requireOwner(actor)
	try {
		return await db.transaction(async (tx) => {
			const [row] = await tx
				.insert(coupons)
				.values({ code: input.code, kind: input.type, value: input.value, minSubtotal: 0, ...columnsOf(input), createdBy: actor.staffId ?? null })
				.returning()
			const created = view(row!, 0)
			await recordAudit(tx, actor, { action: 'coupon.create', target: `coupon ${row!.id}`, after: auditable(created) })
			return created
		})
	} catch (error) {
		if (isUniqueViolation(error)) throw new AppError('CONFLICT', COUPON_MESSAGES.duplicate, { code: COUPON_MESSAGES.duplicate })
		throw error
	}
}

/** A change to a code (`active: false` pauses it, `true` resumes it): audited; the result must still be a valid code. */
export async function updateCoupon(db: Db, actor: Actor, id: number, patch: CouponPatch): Promise<CouponView> {
	requireOwner(actor)
	try {
		return await db.transaction(async (tx) => {
			const [before] = await tx.select().from(coupons).where(eq(coupons.id, id)).for('update')
			if (!before) throw new AppError('NOT_FOUND', COUPON_MESSAGES.notFound)
			const next = { ...before, ...columnsOf(patch) }
			if (next.kind === 'percent' && next.value > 100) throw new AppError('BAD_REQUEST', COUPON_MESSAGES.percent, { value: COUPON_MESSAGES.percent })
			if (next.startsAt && next.endsAt && next.endsAt <= next.startsAt) throw new AppError('BAD_REQUEST', COUPON_MESSAGES.dates, { endsAt: COUPON_MESSAGES.dates })
			await tx
				.update(coupons)
				.set({ ...columnsOf(patch), updatedAt: new Date() })
				.where(eq(coupons.id, id))
			const after = await getCoupon(tx, id)
			await recordAudit(tx, actor, { action: 'coupon.update', target: `coupon ${id}`, before: auditable(view(before, after.uses)), after: auditable(after) })
			return after
		})
	} catch (error) {
		if (isUniqueViolation(error)) throw new AppError('CONFLICT', COUPON_MESSAGES.duplicate, { code: COUPON_MESSAGES.duplicate })
		throw error
	}
}

/** The order's lines as a code reads them (each product's platform read once). */
async function discountLines(db: Db | Tx, lines: OrderLine[]): Promise<DiscountLine[]> {
	const ids = [...new Set(lines.map((l) => l.id))]
	const rows = ids.length ? await db.select({ id: products.id, platform: products.platform }).from(products).where(inArray(products.id, ids)) : []
	const platformOf = new Map<number, Category>(rows.map((r) => [r.id, r.platform]))
	return lines.map((l) => ({ productId: l.id, variantId: l.variantId ?? null, platform: platformOf.get(l.id) ?? null, unitPrice: l.price, quantity: l.quantity }))
}

/**
 * What the database knows of this code and buyer: live uses, this buyer's, and whether the buyer has
 * another order (paid or still open). `exceptOrderId`: the order taking its use again is not counted.
 * Without a buyer (a preview) only the code's own uses are read.
 */
async function usageOf(db: Db | Tx, couponId: number, buyer: { email: string; phone: string } | null, exceptOrderId = 0): Promise<CouponUsage> {
	if (!buyer) {
		const result = await db.execute<{ uses: number }>(sql`
			select count(*)::int as uses from coupon_redemptions r join orders o on o.id = r.order_id
			where r.coupon_id = ${couponId} and ${holdsCouponUseSql('o')}`)
		return { uses: Number(result.rows[0]!.uses), usesByBuyer: 0, hasEarlierOrder: false }
	}
	const result = await db.execute<{ uses: number; by_buyer: number; earlier: boolean }>(sql`
		select
			(select count(*)::int from coupon_redemptions r join orders o on o.id = r.order_id
				where r.coupon_id = ${couponId} and ${holdsCouponUseSql('o')} and o.id <> ${exceptOrderId}) as uses,
			(select count(*)::int from coupon_redemptions r join orders o on o.id = r.order_id
				where r.coupon_id = ${couponId} and ${holdsCouponUseSql('o')} and o.id <> ${exceptOrderId}
				and (r.email = ${buyer.email} or r.phone = ${buyer.phone})) as by_buyer,
			exists (select 1 from orders o where not ${closedUnpaidSql('o')} and o.id <> ${exceptOrderId}
				and (lower(btrim(o.customer_email)) = ${buyer.email} or o.customer_phone = ${buyer.phone})) as earlier`)
	const row = result.rows[0]!
	return { uses: Number(row.uses), usesByBuyer: Number(row.by_buyer), hasEarlierOrder: Boolean(row.earlier) }
}

export interface AppliedCoupon {
	couponId: number
	code: string
	discount: number
	/** The lines with each one's share of the discount. */
	lines: OrderLine[]
}

async function findByCode(db: Db | Tx, raw: string, { lock }: { lock: boolean }): Promise<CouponRow> {
	const code = normaliseCode(raw)
	if (code === null) throw new AppError('BAD_REQUEST', COUPON_REFUSALS.malformed, { couponCode: COUPON_REFUSALS.malformed })
	const query = db.select().from(coupons).where(sql`lower(${coupons.code}) = ${code}`)
	const [row] = lock ? await query.for('update') : await query
	if (!row) throw new AppError('BAD_REQUEST', COUPON_REFUSALS.unknown, { couponCode: COUPON_REFUSALS.unknown })
	return row
}

async function apply(db: Db | Tx, row: CouponRow, lines: OrderLine[], buyer: { email: string; phone: string } | null, now: Date): Promise<AppliedCoupon> {
	const usage = await usageOf(db, row.id, buyer)
	const priced = priceCoupon(asCoupon(row), await discountLines(db, lines), usage, now)
	if (!priced.ok) throw new AppError('BAD_REQUEST', priced.message, { couponCode: priced.message })
	return {
		couponId: row.id,
		code: row.code,
		discount: priced.discount,
		lines: lines.map((l, i) => (priced.lineDiscounts[i]! > 0 ? { ...l, discount: priced.lineDiscounts[i]! } : l)),
	}
}

/**
 * A checkout's preview of a code on priced lines (the page's "Apply"): nothing locked or written. It never
 * reads who is buying: the same answer for any email or phone, so it tells nobody whether someone has
 * bought here. The buyer's limits (first order, uses per buyer) are checked when the order is placed.
 */
async function previewCoupon(db: Db, raw: string, lines: OrderLine[]): Promise<AppliedCoupon> {
	const row = await findByCode(db, raw, { lock: false })
	return apply(db, row, lines, null, new Date())
}

/**
 * The code applied inside the transaction that places the order: its row locked (FOR UPDATE) so
 * concurrent checkouts count its uses one after another; refused with the one sentence that says why.
 */
export async function applyCouponForOrder(tx: Tx, raw: string, lines: OrderLine[], contact: { email: string; phone: string }): Promise<AppliedCoupon & { buyer: { email: string; phone: string } }> {
	const row = await findByCode(tx, raw, { lock: true })
	const buyer = couponBuyer(contact.email, contact.phone)
	if (row.firstOrderOnly || row.maxUsesPerBuyer != null) await lockBuyer(tx, buyer)
	return { ...(await apply(tx, row, lines, buyer, new Date())), buyer }
}

/**
 * A code with a limit per buyer: this buyer's checkouts with such codes (this one or another) are counted
 * one after another too, by a lock on their email and on their phone held to the end of the transaction
 * (taken in one order, so two checkouts never wait on each other in a circle).
 */
async function lockBuyer(tx: Tx, buyer: { email: string; phone: string }) {
	await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(k, 0)) from unnest(array[${`coupon-buyer:e:${buyer.email}`}, ${`coupon-buyer:p:${buyer.phone}`}]::text[]) as k order by k`)
}

/** The use of a code by an order, in the transaction that placed it. */
export async function recordRedemption(tx: Tx, orderId: number, applied: AppliedCoupon & { buyer: { email: string; phone: string } }) {
	await tx.insert(couponRedemptions).values({ couponId: applied.couponId, orderId, code: applied.code, email: applied.buyer.email, phone: applied.buyer.phone, discount: applied.discount })
}

/** The codes these orders used, by order id (one query). */
export async function codesOfOrders(db: Db | Tx, orderIds: number[]): Promise<Map<number, string>> {
	if (orderIds.length === 0) return new Map()
	const rows = await db.select({ orderId: couponRedemptions.orderId, code: couponRedemptions.code }).from(couponRedemptions).where(inArray(couponRedemptions.orderId, orderIds))
	return new Map(rows.map((r) => [r.orderId, r.code]))
}

/**
 * A checkout's code priced on its lines as the server sells them now (the page's "Apply", with or without
 * scripts), for anyone alike; limited per client address (COUPON_PREVIEW_LIMIT, 429 with a sentence).
 */
export async function quoteCoupon(db: Db, clientIp: string, input: { productDetails: CheckoutLine[]; couponCode: string }): Promise<CouponQuote> {
	await hitRateLimit(db, `coupon-preview:${clientIp}`, { ...COUPON_PREVIEW_LIMIT, message: COUPON_REFUSALS.tooManyChecks })
	const { lines, total } = await priceOrder(db, input.productDetails)
	const applied = await previewCoupon(db, input.couponCode, lines)
	return { code: applied.code, discount: applied.discount, subtotal: total, totalAmount: total - applied.discount }
}

/**
 * An order that had let its code's use go (expired, cancelled; not holdsCouponUse) takes it again,
 * in the caller's transaction, before it moves to a state that holds one: the code's row locked, its
 * limits read without this order. Null when it may (or has no code); else the code and the limit reached.
 */
export async function retakeCouponUse(tx: Tx, orderId: number): Promise<{ code: string; why: CouponLapse } | null> {
	const [use] = await tx.select().from(couponRedemptions).where(eq(couponRedemptions.orderId, orderId)).limit(1)
	if (!use) return null
	const [row] = await tx.select().from(coupons).where(eq(coupons.id, use.couponId)).for('update')
	if (!row) return null
	const why = limitReached(row, await usageOf(tx, row.id, { email: use.email, phone: use.phone }, orderId))
	return why ? { code: use.code, why } : null
}
