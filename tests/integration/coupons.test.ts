// Discount codes (issue 23): the owner makes codes over the console API; checkout prices a code on the
// server, spreads its discount over the lines in whole rupees, refuses a code that does not apply with
// one sentence, and counts each use once: even 100 checkouts at once cannot use a 10-use code 11 times.
import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../app/db/client.server'
import { coupons } from '../../app/db/schema'
import { COUPON_MESSAGES, COUPON_REFUSALS, couponBuyer, normaliseCode, priceCoupon, spread, type Coupon, type DiscountLine } from '../../app/domain/coupons/coupon'
import { orderPaidEmail } from '../../app/domain/email/order-paid-email.server'
import { createApiKey } from '../../app/domain/staff/api-keys.server'
import { parsePakistanDateTime } from '../../app/utils/pakistan-time'
import { addCoupon as storeCoupon, refusalOf } from '../setup/coupons'
import { cancelUnpaid, expireOrder, payByProvider } from '../setup/orders'
import { buyer, checkoutBody, giftCard10, placeOrder } from '../setup/payments'
import { databaseKinds, useTestDatabase } from '../setup/test-db'
import { signInOverHttp, useTestShop } from '../setup/test-shop'
import { inEnglish } from '../../app/i18n/english'

const NOW = new Date('2026-11-27T10:00:00Z')
const base: Coupon = {
	id: 1,
	code: 'EID',
	kind: 'percent',
	value: 10,
	productIds: [],
	variantIds: [],
	platforms: [],
	minSubtotal: 0,
	startsAt: null,
	endsAt: null,
	maxUses: null,
	maxUsesPerBuyer: null,
	firstOrderOnly: false,
	active: true,
}
const line = (productId: number, unitPrice: number, quantity = 1, platform: DiscountLine['platform'] = 'xbox', variantId: number | null = null): DiscountLine => ({ productId, variantId, platform, unitPrice, quantity })
const fresh = { uses: 0, usesByBuyer: 0, hasEarlierOrder: false }

describe('a code priced on an order’s lines', () => {
	it('takes a percent off the whole order, spread over the lines in whole rupees that sum exactly', () => {
		const priced = priceCoupon({ ...base, value: 15 }, [line(1, 999), line(2, 1001, 3), line(3, 333)], fresh, NOW)
		// 15% of 4335 = 650.25 → 650
		expect(priced).toEqual({ ok: true, discount: 650, lineDiscounts: expect.any(Array) })
		if (!priced.ok) return
		expect(priced.lineDiscounts.reduce((a, b) => a + b, 0)).toBe(650)
		expect(priced.lineDiscounts.every((d) => Number.isInteger(d) && d >= 0)).toBe(true)
	})

	it('takes fixed rupees off only the chosen products, options or platforms, never more than they cost', () => {
		const lines = [line(1, 1000), line(7, 2500, 1, 'playstation'), line(9, 400, 1, 'pc', 55)]
		expect(priceCoupon({ ...base, kind: 'fixed', value: 300, productIds: [1] }, lines, fresh, NOW)).toEqual({ ok: true, discount: 300, lineDiscounts: [300, 0, 0] })
		expect(priceCoupon({ ...base, kind: 'fixed', value: 5000, platforms: ['playstation'] }, lines, fresh, NOW)).toEqual({ ok: true, discount: 2500, lineDiscounts: [0, 2500, 0] })
		expect(priceCoupon({ ...base, kind: 'percent', value: 50, variantIds: [55] }, lines, fresh, NOW)).toEqual({ ok: true, discount: 200, lineDiscounts: [0, 0, 200] })
	})

	it('spreads by largest remainder: 100 over three equal lines is 34 + 33 + 33', () => {
		expect(spread(100, [1000, 1000, 1000])).toEqual([34, 33, 33])
		expect(spread(7, [0, 5, 5])).toEqual([0, 4, 3])
		expect(spread(1, [1, 1])).toEqual([1, 0])
	})

	it('says in one sentence why a code does not apply', () => {
		const lines = [line(1, 1000)]
		const message = (c: Partial<Coupon>, usage = fresh) => {
			const priced = priceCoupon({ ...base, ...c }, lines, usage, NOW)
			return priced.ok ? null : inEnglish(priced.message)
		}
		expect(message({ active: false })).toBe(inEnglish(COUPON_REFUSALS.unknown))
		expect(message({ startsAt: new Date('2026-12-01T04:30:00Z') })).toBe('This discount code starts on 1 Dec 2026, 9:30 AM PKT.')
		expect(message({ endsAt: NOW })).toBe(inEnglish(COUPON_REFUSALS.ended))
		expect(message({ maxUses: 10 }, { ...fresh, uses: 10 })).toBe(inEnglish(COUPON_REFUSALS.usedUp))
		expect(message({ productIds: [2] })).toBe(inEnglish(COUPON_REFUSALS.notForItems))
		expect(message({ minSubtotal: 2000 })).toBe('Minimum order Rs. 2,000 not reached for this discount code.')
		expect(message({ maxUsesPerBuyer: 1 }, { ...fresh, usesByBuyer: 1 })).toBe(inEnglish(COUPON_REFUSALS.alreadyUsed))
		expect(message({ firstOrderOnly: true }, { ...fresh, hasEarlierOrder: true })).toBe(inEnglish(COUPON_REFUSALS.firstOrderOnly))
	})

	it('reads codes in any case, buyers in one spelling, and start and end as Pakistan time', () => {
		expect(normaliseCode('  Eid-25 ')).toBe('eid-25')
		expect(normaliseCode('no spaces')).toBeNull()
		expect(couponBuyer(' Ali@Example.PK ', '+92 300-1234567')).toEqual({ email: 'ali@example.pk', phone: '03001234567' })
		expect(parsePakistanDateTime('2026-12-01T09:30')?.toISOString()).toBe('2026-12-01T04:30:00.000Z')
		expect(parsePakistanDateTime('2026-02-30T09:30')).toBeNull()
	})
})

describe.each(databaseKinds)('discount codes at checkout on %s', (kind) => {
	const database = useTestDatabase(kind)
	const addCoupon = (values: Partial<typeof coupons.$inferInsert> & { code: string }) => storeCoupon(database.db, { value: 25, ...values })
	const redemptions = async (db: Db) => (await db.execute<{ order_id: number; email: string; phone: string; discount: number }>(sql`select order_id::int as order_id, email, phone, discount from coupon_redemptions order by id`)).rows

	it('places the order with the discount on its lines, a total that is their sum, and one use written', async () => {
		await addCoupon({ code: 'Eid25', kind: 'fixed', value: 1001 })
		const order = await placeOrder(
			database.db,
			checkoutBody([giftCard10, { id: 2, quantity: 2, selectedDuration: { months: 1 } }], { couponCode: 'eid25' }),
		)
		// 3200 + 2 × 1000 = 5200; 1001 off in proportion: 616 + 385.
		expect(order.totalAmount).toBe(5200 - 1001)
		expect(order.productDetails.map((l) => l.discount ?? 0)).toEqual([616, 385])
		const lines = (await database.db.execute<{ discount: number; line_total: number }>(sql`select discount, line_total from order_lines where order_id = ${order.id} order by position`)).rows
		expect(lines.reduce((s, l) => s + Number(l.line_total), 0)).toBe(order.totalAmount)
		expect(await redemptions(database.db)).toEqual([{ order_id: order.id, email: 'ali@example.pk', phone: '03001234567', discount: 1001 }])
		// The paid email says what was paid and what the code took off.
		const paid = orderPaidEmail(order, 'GameVault PK')
		expect(paid.text).toContain('Paid Rs. 4,199, with Rs. 1,001 off from your discount code.')
		expect(paid.html).toContain('Discount')
	})

	it('refuses the checkout with the sentence (never a different total) when a code does not apply', async () => {
		await addCoupon({ code: 'BIG', minSubtotal: 5000 })
		expect(await refusalOf(placeOrder(database.db, checkoutBody([giftCard10], { couponCode: 'BIG' })))).toBe('Minimum order Rs. 5,000 not reached for this discount code.')
		expect(await refusalOf(placeOrder(database.db, checkoutBody([giftCard10], { couponCode: 'NOPE' })))).toBe(inEnglish(COUPON_REFUSALS.unknown))
		await addCoupon({ code: 'PAUSED', active: false })
		expect(await refusalOf(placeOrder(database.db, checkoutBody([giftCard10], { couponCode: 'paused' })))).toBe(inEnglish(COUPON_REFUSALS.unknown))
		expect(Number((await database.db.execute<{ n: number }>(sql`select count(*)::int as n from orders`)).rows[0]!.n)).toBe(0)
	})

	it('counts a buyer by email and phone in any spelling, and a use held by an expired or cancelled order comes back', async () => {
		await addCoupon({ code: 'ONCE', maxUsesPerBuyer: 1, maxUses: 1 })
		const first = await placeOrder(database.db, checkoutBody([giftCard10], { couponCode: 'ONCE' }))
		// The same buyer with another spelling of the email, then of the phone.
		expect(await refusalOf(placeOrder(database.db, checkoutBody([giftCard10], { couponCode: 'ONCE', customerEmail: 'ALI@example.PK', customerMobile: '0311 0000000' })))).toBe(inEnglish(COUPON_REFUSALS.usedUp))
		await database.db.execute(sql`update coupons set max_uses = null`)
		expect(await refusalOf(placeOrder(database.db, checkoutBody([giftCard10], { couponCode: 'ONCE', customerEmail: 'ALI@example.PK', customerMobile: '0311 0000000' })))).toBe(inEnglish(COUPON_REFUSALS.alreadyUsed))
		expect(await refusalOf(placeOrder(database.db, checkoutBody([giftCard10], { couponCode: 'ONCE', customerEmail: 'other@example.pk', customerMobile: '+92 300 1234567' })))).toBe(inEnglish(COUPON_REFUSALS.alreadyUsed))
		await expireOrder(database.db, first)
		const again = await placeOrder(database.db, checkoutBody([giftCard10], { couponCode: 'ONCE', customerEmail: 'ali@example.pk' }))
		expect(again.totalAmount).toBe(2400)
		await cancelUnpaid(database.db, again)
		expect((await placeOrder(database.db, checkoutBody([giftCard10], { couponCode: 'ONCE' }))).totalAmount).toBe(2400)
	})

	it('keeps a first-order code for buyers without a paid order (by email or phone)', async () => {
		await addCoupon({ code: 'WELCOME', firstOrderOnly: true })
		const paid = await placeOrder(database.db, checkoutBody([giftCard10]))
		await payByProvider(database.db, paid)
		expect(await refusalOf(placeOrder(database.db, checkoutBody([giftCard10], { couponCode: 'WELCOME', customerEmail: 'new@example.pk' })))).toBe(inEnglish(COUPON_REFUSALS.firstOrderOnly))
		const newcomer = await placeOrder(database.db, checkoutBody([giftCard10], { couponCode: 'WELCOME', customerEmail: 'new@example.pk', customerMobile: '0321 5550000' }))
		expect(newcomer.totalAmount).toBe(2400)
	})

	it('places the same checkout twice as one order and one use (a double click)', async () => {
		await addCoupon({ code: 'SOLO', maxUses: 1 })
		const body = checkoutBody([giftCard10], { couponCode: 'SOLO' })
		const [a, b] = await Promise.all([placeOrder(database.db, body), placeOrder(database.db, body)])
		expect(a.orderNumber).toBe(b.orderNumber)
		expect(await redemptions(database.db)).toHaveLength(1)
	})

	it('lets at most 10 of 100 concurrent checkouts use a 10-use code; the others are refused with the sentence', async () => {
		await addCoupon({ code: 'TEN', maxUses: 10 })
		const results = await Promise.allSettled(
			Array.from({ length: 100 }, (_, i) =>
				placeOrder(database.db, checkoutBody([giftCard10], { couponCode: 'TEN', customerEmail: `racer${i}@example.pk`, customerMobile: `0300 ${String(1000000 + i)}` })),
			),
		)
		const placed = results.filter((r) => r.status === 'fulfilled')
		const refused = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected')
		expect(placed).toHaveLength(10)
		expect(refused.map((r) => (r.reason as Error).message)).toEqual(Array(90).fill(inEnglish(COUPON_REFUSALS.usedUp)))
		expect(await redemptions(database.db)).toHaveLength(10)
		const discounted = await database.db.execute<{ n: number }>(sql`select count(*)::int as n from order_lines where discount > 0`)
		expect(Number(discounted.rows[0]!.n)).toBe(10)
	})
})

describe.each(databaseKinds)('discount codes over HTTP on %s', (kind) => {
	let db: Db
	let key: string
	const OWNER = { email: 'owner@example.pk', password: 'coupon-owner-password' }
	const testShop = useTestShop(kind, 'coupons', { TRUST_PROXY: 'true', JOBS_WORKER: 'false', CHECKOUT_RATE_LIMIT: '1000', ADMIN_EMAIL: OWNER.email, ADMIN_PASSWORD: OWNER.password })

	beforeAll(async () => {
		db = testShop.shop.database.db
		key = (await createApiKey(db, 'Marketing', null, { scopes: ['coupons'] })).key
	})
	const api = (method: string, path: string, json?: unknown, apiKey = key) =>
		fetch(`${testShop.url}${path}`, {
			method,
			headers: { Origin: testShop.url, 'X-ADMIN-KEY': apiKey, ...(json === undefined ? {} : { 'Content-Type': 'application/json' }) },
			body: json === undefined ? undefined : JSON.stringify(json),
		})
	const post = (path: string, json: unknown) => fetch(`${testShop.url}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(json) })

	it('creates a code (Pakistan time), shows its uses, and checkout answers with the discount and the total', async () => {
		const created = await api('POST', '/api/admin/coupons', { code: 'Launch10', type: 'percent', value: 10, platforms: ['xbox'], startsAt: '2026-01-01T00:00', maxUses: 5 })
		expect(created.status).toBe(201)
		const coupon = (await created.json()) as { id: number; code: string; startsAt: string; uses: number }
		expect(coupon).toMatchObject({ code: 'Launch10', startsAt: '2025-12-31T19:00:00.000Z', uses: 0 })

		const quote = await post('/api/checkout/coupon', { productDetails: [giftCard10], couponCode: 'LAUNCH10' })
		expect(await quote.json()).toEqual({ code: 'Launch10', discount: 320, subtotal: 3200, totalAmount: 2880 })

		const placed = await post('/.netlify/functions/paypro-order', checkoutBody([giftCard10], { couponCode: 'launch10', paymentMethod: 'manual' }))
		expect(placed.status).toBe(201)
		const answer = (await placed.json()) as { orderNumber: string }
		expect(answer).toMatchObject({ status: '00', totalAmount: 2880, discount: 320 })
		// The buyer's order page, receipt and transfer email show the discount.
		const cookie = placed.headers.get('set-cookie')!.split(';')[0]!
		const orderPage = await (await fetch(`${testShop.url}/order-status?internalOrderId=${answer.orderNumber}`, { headers: { Cookie: cookie } })).text()
		expect(orderPage).toContain('−Rs. 320')
		const receipt = await (await fetch(`${testShop.url}/receipt/${answer.orderNumber}`, { headers: { Cookie: cookie } })).text()
		expect(receipt).toContain('−Rs. 320')
		const email = await db.execute<{ text: string }>(sql`select text from email_outbox where order_number = ${answer.orderNumber}`)
		expect(email.rows[0]!.text).toContain('Rs. 320 off')

		const read = (await (await api('GET', `/api/admin/coupons/${coupon.id}`)).json()) as { uses: number }
		expect(read.uses).toBe(1)

		// Paused: checkout refuses it with the sentence, and the answer names the field.
		const paused = await api('PATCH', `/api/admin/coupons/${coupon.id}`, { active: false })
		expect(paused.status).toBe(200)
		const refused = await post('/api/checkout', checkoutBody([giftCard10], { couponCode: 'Launch10' }))
		expect(refused.status).toBe(400)
		expect(await refused.json()).toMatchObject({ error: inEnglish(COUPON_REFUSALS.unknown), fieldErrors: { couponCode: inEnglish(COUPON_REFUSALS.unknown) } })
		const audit = await db.execute<{ action: string }>(sql`select action from audit_log where target = ${`coupon ${coupon.id}`} order by id`)
		expect(audit.rows.map((r) => r.action)).toEqual(['coupon.create', 'coupon.update'])
	})

	it('refuses hostile input with a sentence, a second code of another case, and keys without the scope', async () => {
		for (const [body, sentence] of [
			[{ code: 'P', type: 'percent', value: 101 }, COUPON_MESSAGES.percent],
			[{ code: 'N', type: 'fixed', value: -5 }, COUPON_MESSAGES.fixed],
			[{ code: 'H', type: 'fixed', value: 5, productIds: [99999999999] }, COUPON_MESSAGES.ids],
			[{ code: 'bad code', type: 'fixed', value: 5 }, COUPON_MESSAGES.code],
			[{ code: 'D', type: 'fixed', value: 5, startsAt: '2026-12-02T00:00', endsAt: '2026-12-01T00:00' }, COUPON_MESSAGES.dates],
			[{ code: 'X', type: 'fixed', value: 5, endsAt: 'tomorrow' }, COUPON_MESSAGES.date],
		] as const) {
			const res = await api('POST', '/api/admin/coupons', body)
			expect(res.status, JSON.stringify(body)).toBe(400)
			expect(((await res.json()) as { error: string }).error).toBe(sentence)
		}
		const nul = await api('POST', '/api/admin/coupons', { code: 'A\u0000', type: 'fixed', value: 5 })
		expect(nul.status).toBe(400)
		expect((await api('POST', '/api/admin/coupons', { code: 'Twice', type: 'fixed', value: 5 })).status).toBe(201)
		const again = await api('POST', '/api/admin/coupons', { code: 'TWICE', type: 'fixed', value: 5 })
		expect(again.status).toBe(409)
		expect(((await again.json()) as { error: string }).error).toBe(COUPON_MESSAGES.duplicate)
		expect((await api('GET', '/api/admin/coupons/99999999999')).status).toBe(400)
		const missing = await api('GET', '/api/admin/coupons/999999')
		expect(missing.status).toBe(404)
		expect(((await missing.json()) as { error: string }).error).toBe(COUPON_MESSAGES.notFound)
		const otherKey = (await createApiKey(db, 'Catalogue tool', null, { scopes: ['catalogue'] })).key
		expect((await api('GET', '/api/admin/coupons', undefined, otherKey)).status).toBe(403)
		expect(buyer.customerEmail).toBe('Ali@Example.pk')
	})
	it('the owner makes a code with the console’s own form; the console’s order page and the CSV show the discount and the code', async () => {
		const cookie = await signInOverHttp(testShop.url, OWNER.email, OWNER.password, '198.51.100.77')
		const consoleForm = (body: Record<string, string>) =>
			fetch(`${testShop.url}/admin/coupons`, { method: 'POST', redirect: 'manual', headers: { Cookie: cookie, Origin: testShop.url, 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(body) })
		const refused = await consoleForm({ intent: 'create', code: 'FORM500', type: 'percent', value: '500' })
		expect(refused.status).toBe(400)
		expect(await refused.text()).toContain(COUPON_MESSAGES.percent)
		const made = await consoleForm({ intent: 'create', code: 'FORM500', type: 'fixed', value: '500', platform_xbox: 'on', endsAt: '2099-12-31T23:59' })
		expect(made.status).toBe(200)
		expect(await made.text()).toContain('Code FORM500 is ready: Rs. 500 off.')

		const placed = (await (await post('/api/checkout', checkoutBody([giftCard10], { couponCode: 'form500', paymentMethod: 'manual', customerEmail: 'csv@example.pk' }))).json()) as { orderNumber: string; totalAmount: number }
		expect(placed.totalAmount).toBe(2700)
		const orderPage = await (await fetch(`${testShop.url}/admin/orders/${placed.orderNumber}`, { headers: { Cookie: cookie } })).text()
		expect(orderPage).toContain('with code FORM500')
		const csv = await (await fetch(`${testShop.url}/admin/orders.csv`, { headers: { Cookie: cookie } })).text()
		const [header, row] = csv.replace(/^\uFEFF/, '').split('\r\n')
		const cells = (line: string) => line.slice(1, -1).split('","')
		expect(cells(row!)).toContain(placed.orderNumber)
		expect(cells(row!)[cells(header!).indexOf('Discount (Rs.)')]).toBe('500')
	})
})
