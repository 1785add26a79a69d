// Store credit over HTTP against the real server (ADR-051): /api/checkout spends a buyer's credit only
// for the browser signed in as the order's email (typing the address proves nothing), and answers
// creditUsed; /api/order/return takes back an unopened code only for whoever may see the order in full.
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { stockAssignments } from '../../app/db/schema'
import { updateProduct } from '../../app/domain/catalogue/manage-products.server'
import { creditBalance } from '../../app/domain/credit/credit.server'
import { refundInput } from '../../app/domain/refunds/refund-input'
import { refundOrder } from '../../app/domain/refunds/refund-order.server'
import { importStock } from '../../app/domain/stock/manage-stock.server'
import type { RunningShop } from '../../server/start'
import { codes, giftCardWithTwoOptions } from '../setup/catalogue'
import { owner, payByTransfer } from '../setup/orders'
import { checkoutBody, giftCard10, orderRow, placeOrder } from '../setup/payments'
import { useTestShop } from '../setup/test-shop'
import { databaseKinds } from '../setup/test-db'
import { buyerSessionCookie } from '../setup/buyers'

const json = { 'Content-Type': 'application/json' }

describe.each(databaseKinds)('store credit over HTTP on %s', (kind) => {
	let shop: RunningShop
	const testShop = useTestShop(kind, 'store_credit', { CHECKOUT_RATE_LIMIT: '1000', JOBS_WORKER: 'false' }, { emptiedAfterEach: true })

	beforeAll(async () => {
		shop = testShop.shop
	})

	/** A buyer_session cookie for `email`, through the shop's own sign-in (the address has an order). */
	const sessionFor = (email: string) => buyerSessionCookie(shop.database.db, email)

	const checkout = (extra: Record<string, unknown>, cookie?: string) =>
		fetch(`${shop.url}/api/checkout`, { method: 'POST', headers: { ...json, ...(cookie ? { Cookie: cookie } : {}) }, body: JSON.stringify(checkoutBody([giftCard10], { paymentMethod: 'manual', ...extra })) })

	it('spends the credit only for the browser signed in as the order’s email; a stranger typing it spends none', async () => {
		const db = shop.database.db
		const paid = await payByTransfer(db, await placeOrder(db, checkoutBody([giftCard10], { paymentMethod: 'manual' })))
		await refundOrder(db, owner, paid.orderNumber, refundInput.parse({ amount: 3200, method: 'credit', reason: 'Out of stock' }))
		await placeOrder(db, checkoutBody([giftCard10], { customerEmail: 'bilal@example.pk' }))

		const stranger = await checkout({ useCredit: true })
		expect(stranger.status).toBe(201)
		expect(await stranger.json()).toMatchObject({ creditUsed: 0, amountDue: 3200 })
		const otherBuyer = await checkout({ useCredit: true }, await sessionFor('bilal@example.pk'))
		expect(await otherBuyer.json()).toMatchObject({ creditUsed: 0 })
		expect(await creditBalance(db, 'ali@example.pk')).toBe(3200)

		const ali = await sessionFor('ali@example.pk')
		// Signed in, not asking: nothing spent.
		expect(await (await checkout({}, ali)).json()).toMatchObject({ creditUsed: 0 })
		const spent = await checkout({ useCredit: true }, ali)
		expect(spent.status).toBe(201)
		const body = (await spent.json()) as { orderNumber: string }
		expect(body).toMatchObject({ creditUsed: 3200, amountDue: 0, settled: true })
		expect(await orderRow(db, body.orderNumber)).toMatchObject({ paymentStatus: 'paid', creditUsed: 3200 })
		expect(await creditBalance(db, 'ali@example.pk')).toBe(0)
		// A bad flag is a 400 with a sentence.
		const bad = await checkout({ useCredit: 'yes please' }, ali)
		expect(bad.status).toBe(400)
		expect(await bad.json()).toMatchObject({ error: 'useCredit must be true or false.' })
	})

	it('returns an unopened code for whoever holds the order’s cookie; anyone else gets the unknown order’s 404', async () => {
		const db = shop.database.db
		const { productId, ten } = await giftCardWithTwoOptions(db, 'PSN Card')
		await updateProduct(db, owner, productId, { returnDays: 7 })
		await importStock(db, owner, productId, { variantId: ten, kind: 'code', units: codes('HTTP', 1) })
		const placed = await fetch(`${shop.url}/api/checkout`, { method: 'POST', headers: json, body: JSON.stringify(checkoutBody([{ id: productId, quantity: 1, variantId: ten }], { paymentMethod: 'manual' })) })
		const { orderNumber } = (await placed.json()) as { orderNumber: string }
		const cookie = (placed.headers.get('set-cookie') ?? '').split(';')[0]!
		await payByTransfer(db, (await orderRow(db, orderNumber))!)
		const [unit] = await db.select().from(stockAssignments).where(eq(stockAssignments.orderNumber, orderNumber))
		const send = (headers: Record<string, string>) => fetch(`${shop.url}/api/order/return`, { method: 'POST', headers: { ...json, ...headers }, body: JSON.stringify({ orderNumber, unitId: unit!.id }) })

		const stranger = await send({})
		expect(stranger.status).toBe(404)
		expect(await creditBalance(db, 'ali@example.pk')).toBe(0)
		const done = await send({ Cookie: cookie })
		expect(done.status).toBe(200)
		expect(await done.json()).toMatchObject({ ok: true, creditAdded: 3200, paymentStatus: 'refunded' })
		expect(await creditBalance(db, 'ali@example.pk')).toBe(3200)
		const again = await send({ Cookie: cookie })
		expect(again.status).toBe(409)
		expect(((await again.json()) as { error: string }).error).toMatch(/no longer on your order/)
	})
})
