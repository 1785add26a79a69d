// Preparing the PayPro page survives a crash (ADR-010): the request that asks PayPro holds a short
// lease on the order and renews it while PayPro answers, so a claim left by a dead process lapses
// within seconds, while requests at the same moment still create exactly one PayPro order.
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { RunningShop } from '../../server/start'
import { useFakePayPro } from '../setup/fake-paypro'
import { backdateOrders } from '../setup/orders'
import { checkoutBody, orderRow, placeOrder } from '../setup/payments'
import { sharedDeliveryKey, spawnShop } from '../setup/shop-process'
import { useTestShop } from '../setup/test-shop'
import { databaseKinds } from '../setup/test-db'

interface CheckoutJson {
	status: string
	error?: string
	paymentUrl?: string
	orderNumber?: string
}

const json = { 'Content-Type': 'application/json' }

describe.each(databaseKinds)('preparing the PayPro page on %s', (kind) => {
	const { fake, shopSettings } = useFakePayPro({ resetAfterEach: false })
	let shop: RunningShop
	const payproSettings = () =>
		shopSettings({
		// Longer than a lease: a slow PayPro must not let a second request in.
		PAYPRO_TIMEOUT_MS: '20000',
		CHECKOUT_RATE_LIMIT: '1000',
		JOBS_WORKER: 'false',
		DELIVERY_ENCRYPTION_KEY: sharedDeliveryKey,
		})
	// Started in the block's hook once the fake PayPro runs: its address is in the settings.
	const testShop = useTestShop(kind, 'claim', {}, { start: false })
	beforeAll(async () => {
		shop = await testShop.start(payproSettings())
		// The dev server compiles the routes on the first request: do that before anything is timed.
		expect((await fetch(`${shop.url}/api/order?internalOrderId=warm-up`)).status).toBe(404)
	})
	afterAll(async () => {
		await testShop.close()
	})

	const checkout = async (url: string, body: unknown) => {
		const res = await fetch(`${url}/api/checkout`, { method: 'POST', headers: json, body: JSON.stringify(body) })
		return { res, body: (await res.json()) as CheckoutJson }
	}

	it('gives a retry the payment page within seconds when the server preparing it died', { timeout: 60_000 }, async () => {
		const { db } = shop.database
		const request = checkoutBody()
		const order = await placeOrder(db, request)
		// A server claimed the order to ask PayPro, then died: the claim is there, nobody renews it.
		await backdateOrders(db, order.orderNumber, { payproClaimedAt: sql`now()` })

		const calls = fake.calls('co').length
		const started = Date.now()
		const retry = await checkout(shop.url, request)
		const waited = Date.now() - started
		expect(retry.res.status).toBe(200)
		expect(retry.body).toMatchObject({ status: '00', orderNumber: order.orderNumber, paymentUrl: expect.stringContaining(`${fake.url}/pay/`) })
		expect(waited).toBeLessThan(8_000)
		expect(fake.calls('co')).toHaveLength(calls + 1)
		expect(await orderRow(db, order.orderNumber)).toMatchObject({ paymentUrl: retry.body.paymentUrl, payproClaimedAt: null })
	})

	it('creates one PayPro order for two requests at once, even when PayPro takes longer than a lease', { timeout: 60_000 }, async () => {
		fake.fail('co', { kind: 'delay', ms: 7_000 })
		const request = checkoutBody()
		const calls = fake.calls('co').length
		const [first, second] = await Promise.all([checkout(shop.url, request), checkout(shop.url, request)])
		expect(first.res.status).toBe(200)
		expect(second.res.status).toBe(200)
		expect(second.body.paymentUrl).toBe(first.body.paymentUrl)
		expect(fake.calls('co')).toHaveLength(calls + 1)
	})

	if (kind === 'postgres') {
		it('gives the buyer the payment page from another server within seconds after the first was killed mid-request', { timeout: 120_000 }, async () => {
			const crashing = await spawnShop({ DATABASE_URL: testShop.databaseUrl, DATA_DIR: path.join(testShop.dataDir, 'crashing'), ...payproSettings() })
			try {
				fake.fail('co', { kind: 'delay', ms: 30_000 })
				const request = checkoutBody()
				const calls = fake.calls('co').length
				const lost = checkout(crashing.url, request).catch((error: unknown) => error)
				// PayPro has the request; the server renews its claim meanwhile, then is killed.
				await expect.poll(() => fake.calls('co').length, { timeout: 30_000 }).toBe(calls + 1)
				await new Promise((r) => setTimeout(r, 2_000))
				await crashing.crash()
				expect(await lost).toBeInstanceOf(Error)

				const started = Date.now()
				const retry = await checkout(shop.url, request)
				expect(retry.res.status).toBe(200)
				expect(retry.body.paymentUrl).toEqual(expect.stringContaining(`${fake.url}/pay/`))
				expect(Date.now() - started).toBeLessThan(8_000)
				expect(await orderRow(shop.database.db, retry.body.orderNumber!)).toMatchObject({ paymentUrl: retry.body.paymentUrl, payproClaimedAt: null })
			} finally {
				await crashing.crash()
			}
		})
	}
})
