// The payment calls over HTTP against the real server (startShop): checkout (§7 call 5 on both
// paths), paying on the built-in PayPro simulator, the callback (/paypro/uis), the order lookup
// (§7 call 7, product decision 3), and a live PayPro account (the fake) failing at checkout.
import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../app/db/client.server'
import { enqueueJob } from '../../app/domain/jobs/queue.server'
import { startPayproPayment } from '../../app/domain/payments/start-paypro-payment.server'
import { createPayProClient } from '../../app/integrations/paypro/client.server'
import { SIMULATOR } from '../../app/integrations/paypro/paypro.server'
import type { RunningShop } from '../../server/start'
import { startFakeBrevo, type FakeBrevo } from '../fakes/brevo-server'
import { callbackAccount, useFakePayPro } from '../setup/fake-paypro'
import { checkoutBody, giftCard10, orderRow, payproClientFor, placeOrder, nextTid, png } from '../setup/payments'
import { useTestShop } from '../setup/test-shop'
import { databaseKinds } from '../setup/test-db'

interface CheckoutJson {
	status: string
	message?: string
	error?: string
	paymentUrl?: string
	orderNumber?: string
	totalAmount?: number
	fieldErrors?: Record<string, string>
}

const json = { 'Content-Type': 'application/json' }
const countOrders = async (db: Db) => Number(((await db.execute(sql`select count(*) as n from orders`)).rows[0] as { n: string }).n)

/** name=value of the order's access cookie, as the browser sends it back. */
function cookieFrom(res: Response) {
	const header = res.headers.get('set-cookie') ?? ''
	return header.split(';')[0]!
}

describe.each(databaseKinds)('payments over HTTP on %s', (kind) => {
	// One database for the block; each describe starts the shop on it with its own settings.
	const testShop = useTestShop(kind, 'http', {}, { start: false })
	let brevo: FakeBrevo
	beforeAll(async () => {
		brevo = await startFakeBrevo()
	})
	afterAll(async () => {
		await brevo.close()
	})

	/** The built shop on a free port, with these settings. */
	const start = (settings: Record<string, string> = {}) =>
		testShop.start({ CHECKOUT_RATE_LIMIT: '1000', EMAIL_PROVIDER: 'brevo', BREVO_API_KEY: brevo.apiKey, BREVO_BASE_URL: brevo.url, ...settings })

	describe('with the built-in PayPro simulator', () => {
		let shop: RunningShop
		beforeAll(async () => {
			shop = await start()
		})
		afterAll(async () => {
			await testShop.close()
		})

		const checkout = async (body: unknown, route = '/api/checkout') => {
			const res = await fetch(`${shop.url}${route}`, { method: 'POST', headers: json, body: typeof body === 'string' ? body : JSON.stringify(body) })
			return { res, body: (await res.json()) as CheckoutJson }
		}

		it('checks out at the catalogue price, answers with the payment page, and gives the buyer the order cookie', async () => {
			// The browser claims the gift card costs Rs. 1.
			const { res, body } = await checkout(checkoutBody([{ ...giftCard10, price: 'Rs. 1', selectedDenomination: { value: 10, price: 1 } }], { orderAmount: '1' }))
			expect(res.status).toBe(200)
			expect(body).toMatchObject({ status: '00', totalAmount: 3200, orderNumber: expect.stringMatching(/^XGC-\d+-\d+$/) })
			expect(body.paymentUrl).toMatch(new RegExp(`^${shop.url}${SIMULATOR.basePath}/pay/\\d+$`))
			const cookie = res.headers.get('set-cookie')!
			expect(cookie).toMatch(new RegExp(`^oa_${body.orderNumber}=[\\w-]{20,};`))
			expect(cookie).toContain('HttpOnly')
			expect(cookie).toContain('SameSite=Lax')
			expect(cookie).toContain('Path=/')
			const row = await orderRow(shop.database.db, body.orderNumber!)
			expect(row).toMatchObject({ paymentStatus: 'awaiting_payment', totalAmount: 3200, paymentUrl: body.paymentUrl })
			expect(cookieFrom(res)).toBe(`oa_${row!.orderNumber}=${row!.accessToken}`)
		})

		it("takes the spec's own payment order request (no checkout key): one order, status '00' and the payment URL", async () => {
			const before = await countOrders(shop.database.db)
			// §3 Payment order request, as the spec's page sends it: its own order number and amount, which the server ignores.
			const specRequest = {
				orderNumber: 'XGC-1732000000000-42',
				orderAmount: '1',
				orderDueDate: '2026-11-30',
				orderType: 'Service',
				issueDate: '2026-11-23',
				orderExpireAfterSeconds: 3600,
				customerName: 'Ali Raza',
				customerMobile: '03001234567',
				customerEmail: 'ali@example.pk',
				customerAddress: 'Lahore',
				productDetails: [giftCard10],
			}
			const { res, body } = await checkout(specRequest, '/.netlify/functions/paypro-order')
			expect(res.status).toBe(200)
			expect(body).toMatchObject({ status: '00', message: 'Order created', totalAmount: 3200 })
			expect(body.paymentUrl).toMatch(new RegExp(`^${shop.url}${SIMULATOR.basePath}/pay/\\d+$`))
			expect(await countOrders(shop.database.db)).toBe(before + 1)
			// Without a key, each request is an order of its own; an Idempotency-Key makes a retry the same order.
			const keyed = () =>
				fetch(`${shop.url}/.netlify/functions/paypro-order`, { method: 'POST', headers: { ...json, 'Idempotency-Key': `spec-${crypto.randomUUID()}`.slice(0, 40) }, body: JSON.stringify(specRequest) })
			const retryKey = `retry-${crypto.randomUUID()}`
			const once = (key: string) => fetch(`${shop.url}/.netlify/functions/paypro-order`, { method: 'POST', headers: { ...json, 'Idempotency-Key': key }, body: JSON.stringify(specRequest) }).then((r) => r.json() as Promise<CheckoutJson>)
			const [a, b] = await Promise.all([once(retryKey), once(retryKey)])
			expect(a.orderNumber).toBe(b.orderNumber)
			expect((await keyed()).status).toBe(200)
			expect(await countOrders(shop.database.db)).toBe(before + 3)
			const badKey = await fetch(`${shop.url}/.netlify/functions/paypro-order`, { method: 'POST', headers: { ...json, 'Idempotency-Key': 'short' }, body: JSON.stringify(specRequest) })
			expect(badKey.status).toBe(400)
			expect(await badKey.json()).toMatchObject({ status: '02', error: expect.stringContaining('Idempotency-Key') })
		})

		it('answers the same on the spec path /.netlify/functions/paypro-order, and a repeat is the same order', async () => {
			const request = checkoutBody([{ id: 1, quantity: 1, selectedDuration: { months: 2 } }])
			const first = await checkout(request, '/.netlify/functions/paypro-order')
			expect(first.res.status).toBe(200)
			expect(first.body).toMatchObject({ status: '00', totalAmount: 5000, paymentUrl: expect.stringContaining(`${SIMULATOR.basePath}/pay/`) })
			const again = await checkout(request, '/api/checkout')
			expect(again.body).toEqual(first.body)
			expect(cookieFrom(again.res)).toBe(cookieFrom(first.res))
			const rows = await shop.database.db.execute(sql`select count(*) as n from orders where checkout_key = ${request.checkoutKey}`)
			expect(Number((rows.rows[0] as { n: string }).n)).toBe(1)
		})

		it("charges a Game Pass account the price of its duration and account type, whatever the browser claims (ADR-001)", async () => {
			const claims = { price: 'Rs. 1', originalPrice: 1, selectedDuration: { label: '2 Months', months: 2, price: 1 } }
			const shared = await checkout(checkoutBody([{ id: 1, quantity: 2, ...claims, selectedAccountType: 'shared' }], { totalAmount: 2, orderAmount: '2' }))
			expect(shared.res.status).toBe(200)
			expect(shared.body).toMatchObject({ status: '00', totalAmount: 2 * 3400 })
			const sharedRow = await orderRow(shop.database.db, shared.body.orderNumber!)
			expect(sharedRow!.productDetails).toEqual([
				expect.objectContaining({ id: 1, price: 3400, quantity: 2, selectedAccountType: 'shared', selectedDuration: { label: '2 Months', months: 2, price: 3400 } }),
			])
			const priv = await checkout(checkoutBody([{ id: 1, quantity: 1, ...claims, selectedAccountType: 'private' }]))
			expect(priv.body).toMatchObject({ status: '00', totalAmount: 5000 })
			// An account type on a product not sold as an account is refused, not priced.
			const giftCardShared = await checkout(checkoutBody([{ id: 14, quantity: 1, selectedDenomination: { value: 10 }, selectedAccountType: 'shared' }]))
			expect(giftCardShared.res.status).toBe(400)
			expect(giftCardShared.body).toMatchObject({ status: '02', error: 'Xbox Gift Card has no price for that choice.' })
		})

		const refused: { name: string; body: unknown; status: number; error: string }[] = [
			{ name: 'a body that is not JSON', body: '{"customerName": "Ali', status: 400, error: 'The request body is not valid JSON.' },
			{ name: 'an empty JSON body', body: null, status: 400, error: 'Please fill in all required fields' },
			{ name: 'no fields', body: {}, status: 400, error: 'Please fill in all required fields' },
			{ name: 'a blank phone', body: checkoutBody(undefined, { customerMobile: '  ' }), status: 400, error: 'Please fill in all required fields' },
			{ name: 'a name with numbers', body: checkoutBody(undefined, { customerName: 'Ali 123' }), status: 400, error: 'Name Cannot Contain Numbers & Special Letters' },
			{ name: 'a name with symbols', body: checkoutBody(undefined, { customerName: 'Ali_Khan!' }), status: 400, error: 'Name Cannot Contain Numbers & Special Letters' },
			{ name: 'a custom gift card value', body: checkoutBody([{ id: 14, quantity: 1, selectedDenomination: { value: 0 } }]), status: 400, error: 'A custom gift card value is quoted on WhatsApp: choose a listed value to pay online.' },
			{ name: 'an unknown product', body: checkoutBody([{ id: 4242, quantity: 1 }]), status: 400, error: 'Product 4242 is not in our catalogue.' },
		]
		it.each(refused)('refuses $name with $status "$error" and stores no order', async ({ body, status, error }) => {
			const before = await countOrders(shop.database.db)
			const answer = await checkout(body === null ? 'null' : body)
			expect(answer.res.status).toBe(status)
			expect(answer.body).toMatchObject({ status: '02', error })
			expect(answer.res.headers.get('set-cookie')).toBeNull()
			expect(await countOrders(shop.database.db)).toBe(before)
		})

		it('names each refused field once, so the page can mark it beside the field', async () => {
			const wrong = await checkout(checkoutBody(undefined, { customerEmail: 'ali@x', customerMobile: '12' }))
			expect(wrong.res.status).toBe(400)
			expect(wrong.body.fieldErrors).toEqual({ customerEmail: 'Please enter a valid email address.', customerMobile: 'Please enter a Pakistani mobile number, like 0300 1234567.' })
			// A blank name is missing, not also "letters only".
			const blank = await checkout(checkoutBody(undefined, { customerName: ' ' }))
			expect(blank.body.fieldErrors).toEqual({ customerName: 'Please fill in all required fields' })
			const ordinary = await checkout(checkoutBody(undefined, { customerName: 'Syed M. Ali', paymentMethod: 'manual' }))
			expect(ordinary.body).toMatchObject({ status: '00' })
		})

		it('gives each of 200 orders created at once its own PayPro id, and a repeated order number its first one', async () => {
			const simulator = createPayProClient({
				baseUrl: `${shop.url}${SIMULATOR.basePath}`,
				clientId: SIMULATOR.clientId,
				clientSecret: SIMULATOR.clientSecret,
				merchantId: SIMULATOR.merchantId,
				timeoutMs: 20_000,
			})
			const order = (i: number) => ({ orderNumber: `SIM-${kind}-${i}`, amount: 3200, customerName: 'Ali Khan', customerMobile: '03001234567', customerEmail: 'ali@example.pk' })
			const created = await Promise.all(Array.from({ length: 200 }, (_, i) => simulator.createOrder(order(i))))
			expect(new Set(created.map((c) => c.payproId)).size).toBe(200)
			expect(await simulator.createOrder(order(7))).toEqual(created[7])
		})

		it('completes the order when the buyer pays on the simulator, emails once, and shows details only to the cookie holder', async () => {
			const { res, body } = await checkout(checkoutBody())
			const cookie = cookieFrom(res)
			const orderNumber = body.orderNumber!

			// The hosted page is served, then the buyer presses Pay.
			const page = await fetch(body.paymentUrl!)
			expect(page.status).toBe(200)
			expect(await page.text()).toContain('TEST PAYMENT')
			const paid = await fetch(body.paymentUrl!, { method: 'POST', body: new URLSearchParams({ outcome: 'pay' }), redirect: 'manual' })
			expect(paid.status).toBe(303)
			const row = (await orderRow(shop.database.db, orderNumber))!
			expect(paid.headers.get('location')).toBe(`${shop.url}/order-status?ordId=${row.payproTransactionId}`)
			expect(row.paymentStatus).toBe('paid')

			// The worker sends the email through Brevo.
			await expect.poll(() => brevo.sent().filter((r) => (r.body.params as { ORDER_ID?: string } | undefined)?.ORDER_ID === orderNumber).length, { timeout: 10_000 }).toBe(1)
			const email = brevo.sent().find((r) => (r.body.params as { ORDER_ID?: string } | undefined)?.ORDER_ID === orderNumber)!
			expect(email.body).toMatchObject({ templateId: 2, to: [{ email: 'ali@example.pk' }], params: { NAME: 'Ali Khan', PRODUCT_NAME: 'Xbox Gift Card' } })
			expect((email.body.params as { TRACKING_URL: string }).TRACKING_URL).toBe(
				`${shop.url}/order-status?internalOrderId=${orderNumber}&token=${encodeURIComponent(row.accessToken!)}`,
			)

			// Anyone with the number: status and a masked name only.
			const stranger = await fetch(`${shop.url}/api/order?internalOrderId=${orderNumber}`)
			expect(stranger.status).toBe(200)
			const strangerText = await stranger.text()
			const { order: publicView } = JSON.parse(strangerText) as { order: Record<string, unknown> }
			expect(publicView).toMatchObject({ full: false, orderNumber, status: 'completed', totalAmount: 3200, customerName: 'Ali K.' })
			for (const key of ['customerEmail', 'customerPhone', 'items', 'deliveryContent']) expect(publicView).not.toHaveProperty(key)
			expect(strangerText).not.toContain('ali@example.pk')
			expect(strangerText).not.toContain('03001234567')
			expect(strangerText).not.toContain('Ali Khan')
			// A guessed cookie is a stranger too; so is the provider id alone.
			const guessed = await fetch(`${shop.url}/api/order?internalOrderId=${orderNumber}`, { headers: { cookie: `oa_${orderNumber}=guess` } })
			expect(((await guessed.json()) as { order: { full: boolean } }).order.full).toBe(false)
			const byProviderId = await fetch(`${shop.url}/api/order?ordId=${row.payproTransactionId}`)
			expect(((await byProviderId.json()) as { order: Record<string, unknown> }).order).toMatchObject({ full: false, orderNumber })

			// The buyer's browser, with the cookie from checkout: everything.
			const owner = await fetch(`${shop.url}/api/order?internalOrderId=${orderNumber}`, { headers: { cookie } })
			const { order: fullView } = (await owner.json()) as { order: Record<string, unknown> }
			expect(fullView).toMatchObject({
				full: true,
				customerName: 'Ali Khan',
				customerEmail: 'ali@example.pk',
				customerPhone: '03001234567',
				items: [{ id: 14, name: 'Xbox Gift Card', price: 3200, quantity: 1 }],
				deliveryContent: null,
			})

			// PayPro's older GET form of the callback: replays change nothing and send nothing more.
			const uis = (username: string, password: string) =>
				fetch(`${shop.url}/paypro/uis?${new URLSearchParams({ username, password, csvinvoiceids: orderNumber })}`).then((r) => r.json())
			expect(await uis(SIMULATOR.callbackUsername, SIMULATOR.callbackPassword)).toEqual([
				{ StatusCode: '00', InvoiceID: orderNumber, Description: 'Invoice successfully marked as paid' },
			])
			expect(await uis(SIMULATOR.callbackUsername, 'wrong')).toEqual([
				{ StatusCode: '01', InvoiceID: null, Description: 'Invalid Data. Username or password is invalid' },
			])
			const outbox = await shop.database.db.execute(sql`select count(*) as n from email_outbox where order_number = ${orderNumber}`)
			expect(Number((outbox.rows[0] as { n: string }).n)).toBe(1)
		})

		it('refuses a POSTed callback with a wrong password and leaves the order waiting', async () => {
			const { body } = await checkout(checkoutBody())
			const reply = await fetch(`${shop.url}/paypro/uis`, {
				method: 'POST',
				headers: json,
				body: JSON.stringify({ username: SIMULATOR.callbackUsername, password: 'guess', csvinvoiceids: body.orderNumber }),
			})
			expect(await reply.json()).toEqual([{ StatusCode: '01', InvoiceID: null, Description: 'Invalid Data. Username or password is invalid' }])
			expect((await orderRow(shop.database.db, body.orderNumber!))!.paymentStatus).toBe('awaiting_payment')
			// Before paying, the simulator's own answer is '03': PayPro does not report it paid.
			const early = await fetch(`${shop.url}/paypro/uis`, {
				method: 'POST',
				headers: json,
				body: JSON.stringify({ username: SIMULATOR.callbackUsername, password: SIMULATOR.callbackPassword, csvinvoiceids: body.orderNumber }),
			})
			expect(await early.json()).toEqual([{ StatusCode: '03', InvoiceID: body.orderNumber, Description: 'No records found.' }])
			expect((await orderRow(shop.database.db, body.orderNumber!))!.paymentStatus).toBe('awaiting_payment')
		})

		it("takes the buyer's receipt image into the file store (the database), and refuses text named .png, big files and strangers", async () => {
			const placed = await fetch(`${shop.url}/api/checkout`, { method: 'POST', headers: json, body: JSON.stringify(checkoutBody(undefined, { paymentMethod: 'manual' })) })
			expect(placed.status).toBe(201)
			const { orderNumber, paymentUrl } = (await placed.json()) as CheckoutJson
			expect(paymentUrl).toBeUndefined()
			const cookie = cookieFrom(placed)
			const upload = (file: Blob, name: string, headers: Record<string, string> = { cookie }) => {
				const form = new FormData()
				form.append('transactionId', nextTid())
				form.append('payerAccount', 'Ali Khan, JazzCash')
				form.append('receipt', file, name)
				return fetch(`${shop.url}/api/order/${orderNumber}/receipt`, { method: 'POST', headers, body: form })
			}
			// Kept in the file store (the database), never under DATA_DIR.
			const stored = async () => (await shop.database.db.execute<{ id: string }>(sql`select id from files`)).rows.map((r) => r.id)

			const text = await upload(new Blob(['not a picture at all'], { type: 'image/png' }), 'receipt.png')
			expect(text.status).toBe(400)
			expect(await text.json()).toMatchObject({ error: 'The receipt must be an image (PNG, JPG, WebP or HEIC).' })
			const big = new Uint8Array(10 * 1024 * 1024 + 1)
			big.set(png())
			const tooBig = await upload(new Blob([big], { type: 'image/png' }), 'receipt.png')
			expect(tooBig.status).toBe(413)
			expect(await tooBig.json()).toMatchObject({ error: 'Your receipt is larger than 10 MB. Please upload a smaller screenshot.' })
			const stranger = await upload(new Blob([png()], { type: 'image/png' }), 'receipt.png', {})
			expect(stranger.status).toBe(404)
			expect(await stored()).toEqual([])
			expect((await orderRow(shop.database.db, orderNumber!))!.paymentStatus).toBe('awaiting_payment')

			const ok = await upload(new Blob([png()], { type: 'image/png' }), '../../evil name.png')
			expect(ok.status).toBe(200)
			expect(await ok.json()).toEqual({ ok: true, orderNumber, status: 'pending' })
			const row = (await orderRow(shop.database.db, orderNumber!))!
			expect(row.receiptPath).toMatch(/^file:[0-9a-f-]{36}$/)
			expect(await stored()).toEqual([row.receiptPath!.slice('file:'.length)])
			expect(fs.existsSync(path.join(testShop.dataDir, 'uploads'))).toBe(false)
		})
	})

	describe('with a live PayPro account', () => {
		let shop: RunningShop
		const { fake, shopSettings } = useFakePayPro({ resetAfterEach: false })
		beforeAll(async () => {
			shop = await start(shopSettings({ PAYPRO_TIMEOUT_MS: '600' }))
		})
		afterAll(async () => {
			await testShop.close()
		})

		const checkout = async (body: unknown) => {
			const res = await fetch(`${shop.url}/api/checkout`, { method: 'POST', headers: json, body: JSON.stringify(body) })
			return { res, body: (await res.json()) as CheckoutJson }
		}

		it("tells the buyer PayPro's failure with the order number, even after the worker has already checked an order with PayPro", async () => {
			const { db } = shop.database
			// The dev server compiles the routes on the first request: do that first, without touching PayPro.
			expect((await fetch(`${shop.url}/api/order?internalOrderId=warm-up`)).status).toBe(404)
			// As after a restart: an order is waiting at PayPro and the worker asks about it before anyone checks out.
			const waiting = await placeOrder(db)
			await startPayproPayment(db, payproClientFor(fake), waiting)
			const checksBefore = fake.calls('ggos').length
			await enqueueJob(db, { kind: 'reconcile-order', payload: { orderNumber: waiting.orderNumber } })
			await expect.poll(() => fake.calls('ggos').length, { timeout: 10_000 }).toBeGreaterThan(checksBefore)

			fake.fail('co', { kind: 'delay', ms: 3000 })
			const request = checkoutBody()
			const started = Date.now()
			const slow = await checkout(request)
			expect(Date.now() - started).toBeLessThan(2500)
			expect(slow.res.status).toBe(502)
			expect(slow.body).toEqual({
				status: '02',
				orderNumber: expect.any(String),
				error: `The payment service is taking too long to answer. Your order ${slow.body.orderNumber} is saved: please try again in a minute.`,
			})

			fake.fail('co', { kind: 'status', status: '01', description: 'Invalid Data' })
			const invalid = await checkout(checkoutBody())
			expect(invalid.res.status).toBe(502)
			expect(invalid.body).toMatchObject({ status: '02', error: 'Invalid Data' })

			// The buyer presses the button again: the same order, now with its payment page.
			const retry = await checkout(request)
			expect(retry.res.status).toBe(200)
			expect(retry.body).toMatchObject({ status: '00', orderNumber: slow.body.orderNumber, paymentUrl: expect.stringContaining(`${fake.url}/pay/`) })
		})

		it('completes an order when PayPro calls back with a POST and confirms the payment', async () => {
			const { body } = await checkout(checkoutBody())
			fake.pay(body.orderNumber!)
			const reply = await fetch(`${shop.url}/paypro/uis`, { method: 'POST', headers: json, body: JSON.stringify({ ...callbackAccount, csvinvoiceids: body.orderNumber }) })
			expect(await reply.json()).toEqual([{ StatusCode: '00', InvoiceID: body.orderNumber, Description: 'Invoice successfully marked as paid' }])
			expect((await orderRow(shop.database.db, body.orderNumber!))!.paymentStatus).toBe('paid')
		})
	})
})
