// Discount codes under pressure, on PGlite and PostgreSQL: a first-order code is one buyer's first order
// only, counted with their open orders and under the code's lock (one after another, and all at once); the
// preview answers a stranger as it answers a buyer, and is limited per address; a code that takes the whole
// total settles the order at once (no PayPro), delivered from stock as any paid order; and a code's uses
// never exceed its limit when an order that let its use go is paid after all (a cancel then a late payment
// and a reinstate, or a late payment of an expired order): staff are told to refund instead.
import { and, eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../app/db/client.server'
import { coupons, emailOutbox, stockUnits } from '../../app/db/schema'
import { createProductInput } from '../../app/domain/catalogue/product-input'
import { createProduct } from '../../app/domain/catalogue/manage-products.server'
import { COUPON_LAPSED, COUPON_REFUSALS } from '../../app/domain/coupons/coupon'
import { getCoupon } from '../../app/domain/coupons/coupons.server'
import { decryptDelivery } from '../../app/domain/fulfillment/delivery-crypto.server'
import { cancelOrder } from '../../app/domain/orders/cancel-order.server'
import { consoleToDo } from '../../app/domain/orders/console-to-do.server'
import { confirmPayproPayment } from '../../app/domain/payments/confirm-paypro-payment.server'
import { reinstateOrder } from '../../app/domain/payments/reinstate-order.server'
import { startPayproPayment } from '../../app/domain/payments/start-paypro-payment.server'
import type { Actor } from '../../app/domain/staff/audit.server'
import { importStock } from '../../app/domain/stock/manage-stock.server'
import { addCoupon as storeCoupon, refusalOf } from '../setup/coupons'
import { useFakePayPro } from '../setup/fake-paypro'
import { expireOrder, payByProvider, payByTransfer } from '../setup/orders'
import { buyer, checkoutBody, giftCard10, orderRow, placeOrder } from '../setup/payments'
import { databaseKinds, useTestDatabase } from '../setup/test-db'
import { useTestShop } from '../setup/test-shop'
import { inEnglish } from '../../app/i18n/english'

const owner: Actor = { staffId: null, label: 'owner@example.pk' }

const addCoupon = (db: Db, values: Partial<typeof coupons.$inferInsert> & { code: string }) => storeCoupon(db, { value: 50, ...values })

/** Orders the code's discount was kept on (paid, or paid in part): what a code's limit is about. */
const paidUses = async (db: Db, couponId: number) =>
	Number(
		(
			await db.execute<{ n: number }>(
				sql`select count(*)::int as n from coupon_redemptions r join orders o on o.id = r.order_id where r.coupon_id = ${couponId} and o.payment_status in ('paid', 'partly_refunded')`,
			)
		).rows[0]!.n,
	)

/** A gift card sold from stock, with `units` codes in it. */
async function stockedCard(db: Db, prefix: string, units: number) {
	const product = await createProduct(
		db,
		owner,
		createProductInput.parse({
			name: `${prefix} Card`,
			platform: 'playstation',
			kind: 'gift_card',
			description: 'Delivered by email.',
			variants: [{ label: '$10 USD', value: 10, price: 3200 }],
		}),
	)
	const variantId = product.variants[0]!.id
	await importStock(db, owner, product.id, { variantId, kind: 'code', units: Array.from({ length: units }, (_, i) => ({ code: `${prefix}-${String(i + 1).padStart(4, '0')}-XQ7K` })) })
	return { line: { id: product.id, quantity: 1, variantId }, productId: product.id, variantId }
}

describe.each(databaseKinds)('discount code limits at the order’s time on %s', (kind) => {
	const database = useTestDatabase(kind)
	const { fake, paypro } = useFakePayPro()

	it('gives a first-order code to the first of five transfer orders by one buyer only; the others are refused with the sentence', async () => {
		const { db } = database
		await addCoupon(db, { code: 'WELCOME', firstOrderOnly: true })
		const first = await placeOrder(db, checkoutBody([giftCard10], { couponCode: 'WELCOME', paymentMethod: 'manual' }))
		expect(first.totalAmount).toBe(1600)
		for (let i = 0; i < 4; i++) {
			// The first is not paid yet: it still makes the later ones not a first order (by email, or by phone alone).
			const other = i % 2 === 0 ? {} : { customerEmail: `other${i}@example.pk` }
			expect(await refusalOf(placeOrder(db, checkoutBody([giftCard10], { couponCode: 'welcome', paymentMethod: 'manual', ...other })))).toBe(inEnglish(COUPON_REFUSALS.firstOrderOnly))
		}
		expect(Number((await db.execute<{ n: number }>(sql`select count(*)::int as n from orders`)).rows[0]!.n)).toBe(1)
		// Once the first is cancelled, it no longer counts: the buyer may use the code on a new first order.
		await cancelOrder(db, owner, first.orderNumber, { reason: 'Placed by mistake' })
		expect((await placeOrder(db, checkoutBody([giftCard10], { couponCode: 'WELCOME', paymentMethod: 'manual' }))).totalAmount).toBe(1600)
	})

	it('lets one of six checkouts at once by the same buyer take a first-order code, even over two such codes', async () => {
		const { db } = database
		await addCoupon(db, { code: 'FIRST', firstOrderOnly: true })
		await addCoupon(db, { code: 'HELLO', firstOrderOnly: true, kind: 'fixed', value: 500 })
		const results = await Promise.allSettled(Array.from({ length: 6 }, (_, i) => placeOrder(db, checkoutBody([giftCard10], { couponCode: i % 2 ? 'HELLO' : 'FIRST', paymentMethod: 'manual' }))))
		expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
		expect(results.filter((r): r is PromiseRejectedResult => r.status === 'rejected').map((r) => (r.reason as Error).message)).toEqual(Array(5).fill(inEnglish(COUPON_REFUSALS.firstOrderOnly)))
	})

	it('settles a 100% code’s order and a fixed code’s larger than the total as paid at Rs. 0, delivered from stock, without PayPro', async () => {
		const { db } = database
		const card = await stockedCard(db, 'FREE', 2)
		await addCoupon(db, { code: 'ALLFREE', kind: 'percent', value: 100, maxUses: 1 })
		await addCoupon(db, { code: 'GIFT5000', kind: 'fixed', value: 5000, maxUses: 1 })
		const online = await placeOrder(db, checkoutBody([card.line], { couponCode: 'ALLFREE', paymentMethod: 'paypro' }))
		const transfer = await placeOrder(db, checkoutBody([card.line], { couponCode: 'GIFT5000', paymentMethod: 'manual', customerEmail: 'sana@example.pk', customerMobile: '0321 5550000' }))
		for (const placed of [online, transfer]) {
			const row = (await orderRow(db, placed.orderNumber))!
			expect(row).toMatchObject({ totalAmount: 0, paymentStatus: 'paid', deliveryStatus: 'completed', paidAt: expect.any(Date), payproClaimedAt: null, paymentUrl: null })
			expect(decryptDelivery(row.deliveryContent)).toMatch(/FREE-000\d-XQ7K/)
			const emails = (await db.select().from(emailOutbox).where(eq(emailOutbox.orderNumber, placed.orderNumber))).map((e) => e.dedupeKey)
			// The paid email, never "where to send your transfer".
			expect(emails.some((k) => k.startsWith('order-paid'))).toBe(true)
			expect(emails.some((k) => k.startsWith('order-placed'))).toBe(false)
		}
		expect((await db.select().from(stockUnits).where(and(eq(stockUnits.productId, card.productId), eq(stockUnits.status, 'available')))).length).toBe(0)
		expect(fake.requests).toHaveLength(0)
		// The same checkout again (a retry) answers the settled order: one order, one use.
		expect((await getCoupon(db, (await db.select().from(coupons).where(eq(coupons.code, 'ALLFREE')))[0]!.id)).uses).toBe(1)
	})

	it('refuses to reinstate an order paid after its cancel when its code’s only use was taken meanwhile, and says to refund; the uses stay within the limit', async () => {
		const { db } = database
		const code = await addCoupon(db, { code: 'ONLYONE', maxUses: 1 })
		const cancelled = await placeOrder(db, checkoutBody([giftCard10], { couponCode: 'ONLYONE' }))
		await startPayproPayment(db, paypro, cancelled)
		await cancelOrder(db, owner, cancelled.orderNumber, { reason: 'Buyer asked on WhatsApp' })
		// The cancel gave the use back; another buyer takes it and pays.
		const other = await placeOrder(db, checkoutBody([giftCard10], { couponCode: 'ONLYONE', customerEmail: 'zara@example.pk', customerMobile: '0333 7654321' }))
		await payByProvider(db, other)
		// The first buyer still pays on the page left open.
		fake.pay(cancelled.orderNumber)
		expect(await confirmPayproPayment(db, paypro, cancelled.orderNumber)).toBe('paid')
		expect(await orderRow(db, cancelled.orderNumber)).toMatchObject({ paymentStatus: 'paid_after_cancel' })
		expect((await getCoupon(db, code.id)).uses).toBeLessThanOrEqual(1)

		await expect(reinstateOrder(db, owner, cancelled.orderNumber)).rejects.toMatchObject({ status: 409, message: COUPON_LAPSED.reinstate(cancelled.orderNumber, 'ONLYONE', 'usedUp') })
		expect(COUPON_LAPSED.reinstate(cancelled.orderNumber, 'ONLYONE', 'usedUp')).toContain('Refund the payment instead.')
		expect(await orderRow(db, cancelled.orderNumber)).toMatchObject({ paymentStatus: 'paid_after_cancel', deliveryStatus: 'pending' })
		expect(await paidUses(db, code.id)).toBe(1)
		expect((await getCoupon(db, code.id)).uses).toBe(1)
	})

	it('keeps a late payment of an expired order whose code was used up meanwhile for a refund: no second use, staff told', async () => {
		const { db } = database
		const code = await addCoupon(db, { code: 'LASTONE', maxUses: 1 })
		const expired = await placeOrder(db, checkoutBody([giftCard10], { couponCode: 'LASTONE' }))
		await startPayproPayment(db, paypro, expired)
		await expireOrder(db, expired)
		const other = await placeOrder(db, checkoutBody([giftCard10], { couponCode: 'LASTONE', customerEmail: 'zara@example.pk', customerMobile: '0333 7654321' }))
		await payByProvider(db, other)

		fake.pay(expired.orderNumber)
		expect(await confirmPayproPayment(db, paypro, expired.orderNumber)).toBe('paid')
		const row = (await orderRow(db, expired.orderNumber))!
		expect(row).toMatchObject({ paymentStatus: 'paid_after_cancel', deliveryStatus: 'pending', cancelReason: expect.stringContaining('discount code') })
		expect(await paidUses(db, code.id)).toBe(1)
		expect((await getCoupon(db, code.id)).uses).toBe(1)
		// Staff see it on their to-do (paid after cancel), with the reason, and reinstating it tells them to refund.
		expect((await consoleToDo(db)).paidAfterCancel).toBe(1)
		await expect(reinstateOrder(db, owner, expired.orderNumber)).rejects.toThrow(COUPON_LAPSED.reinstate(expired.orderNumber, 'LASTONE', 'usedUp'))

		// A late payment whose code can still be taken is paid as before.
		const roomy = await addCoupon(db, { code: 'ROOMY', maxUses: 5 })
		const late = await placeOrder(db, checkoutBody([giftCard10], { couponCode: 'ROOMY' }))
		await startPayproPayment(db, paypro, late)
		await expireOrder(db, late)
		fake.pay(late.orderNumber)
		expect(await confirmPayproPayment(db, paypro, late.orderNumber)).toBe('paid')
		expect(await orderRow(db, late.orderNumber)).toMatchObject({ paymentStatus: 'paid' })
		expect(await paidUses(db, roomy.id)).toBe(1)
	})
})

describe.each(databaseKinds)('discount codes over HTTP, hardened, on %s', (kind) => {
	const testShop = useTestShop(kind, 'hardening-coupons', {}, { start: false })
	const { fake, shopSettings } = useFakePayPro({ resetAfterEach: false })
	beforeAll(async () => {
		await testShop.start(shopSettings({ TRUST_PROXY: 'true', JOBS_WORKER: 'false', CHECKOUT_RATE_LIMIT: '1000' }))
	})
	const post = (path: string, json: unknown, address: string) =>
		fetch(`${testShop.url}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': address }, body: JSON.stringify(json) })

	it('answers a code’s preview alike for a buyer who has ordered and for a stranger, and limits previews per address with a 429 and a sentence', async () => {
		const { db } = testShop
		await addCoupon(db, { code: 'NEWBIE', firstOrderOnly: true, maxUsesPerBuyer: 1 })
		const known = await placeOrder(db, checkoutBody([giftCard10], { couponCode: 'NEWBIE', paymentMethod: 'manual' }))
		await payByTransfer(db, known)

		const ask = async (who: { customerEmail: string; customerMobile: string }, address: string) => {
			const res = await post('/api/checkout/coupon', { productDetails: [giftCard10], couponCode: 'newbie', ...who }, address)
			return { status: res.status, body: await res.json() }
		}
		const forKnown = await ask({ customerEmail: buyer.customerEmail, customerMobile: buyer.customerMobile }, '198.51.100.10')
		const forStranger = await ask({ customerEmail: 'stranger@example.pk', customerMobile: '0345 1112223' }, '198.51.100.11')
		expect(forKnown).toEqual(forStranger)
		expect(forKnown).toEqual({ status: 200, body: { code: 'NEWBIE', discount: 1600, subtotal: 3200, totalAmount: 1600 } })
		// The known buyer hears the rule when the order is placed, on the checkout.
		const placed = await post('/api/checkout', checkoutBody([giftCard10], { couponCode: 'NEWBIE', paymentMethod: 'manual' }), '198.51.100.10')
		expect(placed.status).toBe(400)
		expect(await placed.json()).toMatchObject({ error: inEnglish(COUPON_REFUSALS.firstOrderOnly), fieldErrors: { couponCode: inEnglish(COUPON_REFUSALS.firstOrderOnly) } })

		// Guessing from one address: ten checks, then a 429 with a sentence (in Urdu for an Urdu page); another address is not held up.
		const statuses: number[] = []
		let last: Response | null = null
		for (let i = 0; i < 12; i++) {
			last = await post('/api/checkout/coupon', { productDetails: [giftCard10], couponCode: `GUESS${i}`, customerEmail: `guess${i}@example.pk` }, '203.0.113.9')
			statuses.push(last.status)
		}
		expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true)
		expect(statuses.slice(10)).toEqual([429, 429])
		expect(((await last!.json()) as { error: string }).error).toBe(inEnglish(COUPON_REFUSALS.tooManyChecks))
		const urdu = await post('/api/checkout/coupon', { productDetails: [giftCard10], couponCode: 'NEWBIE', lang: 'ur' }, '203.0.113.9')
		expect(urdu.status).toBe(429)
		expect(((await urdu.json()) as { error: string }).error).toMatch(/[\u0600-\u06FF]/)
		expect((await post('/api/checkout/coupon', { productDetails: [giftCard10], couponCode: 'NEWBIE' }, '203.0.113.10')).status).toBe(200)
	})

	it('settles a 100% code at checkout with PayPro chosen: 201, Rs. 0, paid and delivered, on to the order page, no PayPro call', async () => {
		const { db } = testShop
		const card = await stockedCard(db, 'HTTP', 1)
		await addCoupon(db, { code: 'FULLHTTP', kind: 'percent', value: 100, maxUses: 1 })
		const res = await post('/api/checkout', checkoutBody([card.line], { couponCode: 'FULLHTTP', paymentMethod: 'paypro', customerEmail: 'free@example.pk', customerMobile: '0301 2223334' }), '198.51.100.20')
		expect(res.status).toBe(201)
		const answer = (await res.json()) as { status: string; orderNumber: string; totalAmount: number; settled: boolean; paymentUrl: string }
		expect(answer).toMatchObject({ status: '00', totalAmount: 0, settled: true, paymentUrl: expect.stringContaining(answer.orderNumber) })
		expect(fake.requests).toHaveLength(0)
		const row = (await orderRow(db, answer.orderNumber))!
		expect(row).toMatchObject({ paymentStatus: 'paid', deliveryStatus: 'completed', totalAmount: 0 })
		expect(decryptDelivery(row.deliveryContent)).toContain('HTTP-0001-XQ7K')
		expect(fake.requests).toHaveLength(0)
	})
})
