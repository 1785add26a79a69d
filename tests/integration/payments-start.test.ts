// Checkout to PayPro's hosted page: server-side prices, idempotent orders, and every way the
// provider can fail while the order is created (spec §5, §7 call 5, §8, §9; PAYMENTS.md; product decision 1).
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { Db } from '../../app/db/client.server'
import { orders } from '../../app/db/schema'
import { checkoutRequest } from '../../app/domain/orders/checkout-input'
import { createOrder } from '../../app/domain/orders/create-order.server'
import { startPayproPayment } from '../../app/domain/payments/start-paypro-payment.server'
import { createPayProClient } from '../../app/integrations/paypro/client.server'
import { AppError } from '../../app/utils/app-error'
import { closedPortUrl, type Failure } from '../fakes/paypro-server'
import { useFakePayPro } from '../setup/fake-paypro'
import { checkoutBody, giftCard10, orderRow, payproClientFor, placeOrder } from '../setup/payments'
import { databaseKinds, useTestDatabase } from '../setup/test-db'

/** dd/mm/yyyy of a moment, in Pakistan. */
const karachiDate = (d: Date) => d.toLocaleDateString('en-GB', { timeZone: 'Asia/Karachi' })
const plusDays = (ddmmyyyy: string, days: number) => {
	const [dd, mm, yyyy] = ddmmyyyy.split('/').map(Number) as [number, number, number]
	return new Date(Date.UTC(yyyy, mm - 1, dd + days)).toLocaleDateString('en-GB', { timeZone: 'UTC' })
}

const countOrders = async (db: Db) => Number(((await db.execute(sql`select count(*) as n from orders`)).rows[0] as { n: string }).n)

/** What a failed start must leave: the order, still waiting, with nothing half-done. */
async function expectStillWaiting(db: Db, orderNumber: string) {
	expect(await orderRow(db, orderNumber)).toMatchObject({ paymentStatus: 'awaiting_payment', paymentUrl: null, payproTransactionId: null, payproClaimedAt: null })
}

describe.each(databaseKinds)('starting a PayPro payment on %s', (kind) => {
	// The worker's seeded database, emptied before the first test and after each.
	const database = useTestDatabase(kind)
	const { fake } = useFakePayPro()

	it('sends PayPro the server total with the spec constants and keeps the hosted page for the order', async () => {
		const { db } = database
		const order = await placeOrder(db)
		const issuedAround = new Date()
		const url = await startPayproPayment(db, payproClientFor(fake), order)

		const created = fake.order(order.orderNumber)!
		expect(url).toBe(`${fake.url}/pay/${created.payproId}`)
		expect(fake.calls('auth')).toHaveLength(1)
		expect(fake.calls('auth')[0]!.body).toEqual({ clientid: fake.credentials.clientId, clientsecret: fake.credentials.clientSecret })
		const [co] = fake.calls('co')
		expect(co!.method).toBe('POST')
		expect(co!.headers.token).toEqual(expect.any(String))
		const issueDate = karachiDate(issuedAround)
		expect(co!.body).toEqual([
			{ MerchantId: fake.credentials.merchantId },
			{
				OrderNumber: order.orderNumber,
				OrderAmount: '3200',
				OrderDueDate: plusDays(issueDate, 7),
				OrderType: 'Service',
				IssueDate: issueDate,
				OrderExpireAfterSeconds: '0',
				CustomerName: 'Ali Khan',
				CustomerMobile: '03001234567',
				CustomerEmail: 'ali@example.pk',
				CustomerAddress: 'Online Order',
			},
		])
		expect(order.orderNumber).toMatch(/^[A-Z]{1,4}-\d{13}-\d{1,3}$/)
		expect(await orderRow(db, order.orderNumber)).toMatchObject({
			paymentStatus: 'awaiting_payment',
			paymentUrl: url,
			payproTransactionId: created.payproId,
			payproClaimedAt: null,
		})
	})

	it('dates the PayPro order in Pakistan time: issue date today there, due a week later', async () => {
		const client = payproClientFor(fake)
		// 20:30 UTC on 22 November is already 01:30 on the 23rd in Karachi; the due date crosses a year end too.
		await client.createOrder({ orderNumber: 'XGC-1-1', amount: 3200, customerName: 'Ali Khan', customerMobile: '03001234567', customerEmail: 'a@b.pk', now: new Date('2026-11-22T20:30:00Z') })
		await client.createOrder({ orderNumber: 'XGC-1-2', amount: 3200, customerName: 'Ali Khan', customerMobile: '03001234567', customerEmail: 'a@b.pk', now: new Date('2026-12-28T19:30:00Z') })
		const [first, second] = fake.calls('co').map((c) => (c.body as Record<string, string>[])[1]!)
		expect([first!.IssueDate, first!.OrderDueDate]).toEqual(['23/11/2026', '30/11/2026'])
		expect([second!.IssueDate, second!.OrderDueDate]).toEqual(['29/12/2026', '05/01/2027'])
	})

	const failures: { name: string; endpoint?: 'auth' | 'co'; failure: Failure; message: string }[] = [
		{ name: "Status '01' with the provider's message", failure: { kind: 'status', status: '01', description: 'Invalid Data' }, message: 'Invalid Data' },
		{ name: "Status '01' without a message", failure: { kind: 'status', status: '01' }, message: 'Failed to create payment order' },
		{ name: "Status '02' with the provider's message", failure: { kind: 'status', status: '02', description: 'Service failed' }, message: 'Service failed' },
		{ name: "Status '02' without a message", failure: { kind: 'status', status: '02' }, message: 'Failed to create payment order' },
		{ name: "Status '00' without Click2Pay", failure: { kind: 'no-click2pay' }, message: 'Payment URL not received' },
		{ name: 'HTTP 500 on create', failure: { kind: 'http', status: 500 }, message: 'Request failed: 500 Internal Server Error' },
		{ name: 'HTTP 500 on sign-in', endpoint: 'auth', failure: { kind: 'http', status: 500 }, message: 'Request failed: 500 Internal Server Error' },
	]
	it.each(failures)('$name: the buyer gets "$message", the order waits and a retry succeeds', async ({ endpoint = 'co', failure, message }) => {
		const { db } = database
		const order = await placeOrder(db)
		const client = payproClientFor(fake)
		fake.fail(endpoint, failure)

		const error = await startPayproPayment(db, client, order).catch((e: unknown) => e)
		expect(error).toBeInstanceOf(AppError)
		expect(error).toMatchObject({ code: 'UPSTREAM', message })
		expect((error as AppError).status).toBe(502)
		await expectStillWaiting(db, order.orderNumber)

		const url = await startPayproPayment(db, client, order)
		const row = await orderRow(db, order.orderNumber)
		expect(row).toMatchObject({ paymentStatus: 'awaiting_payment', paymentUrl: url })
		expect(url).toBe(`${fake.url}/pay/${row!.payproTransactionId}`)
		expect(fake.calls('co').at(-1)!.body).toEqual(fake.calls('co')[0]?.body ?? null)
	})

	it('signs in again when the token has expired and the order is created', async () => {
		const { db } = database
		const client = payproClientFor(fake)
		await startPayproPayment(db, client, await placeOrder(db))
		fake.expireTokens()

		const second = await placeOrder(db)
		const url = await startPayproPayment(db, client, second)
		expect(url).toBe(`${fake.url}/pay/${fake.order(second.orderNumber)!.payproId}`)
		const co = fake.calls('co')
		expect(fake.calls('auth')).toHaveLength(2)
		expect(co).toHaveLength(3) // the first order, the refused try, the retry
		expect(co[2]!.headers.token).not.toBe(co[1]!.headers.token)
		expect(co[2]!.body).toEqual(co[1]!.body)
	})

	it('renews the token once only: a second refusal is reported, not retried forever', async () => {
		const { db } = database
		const order = await placeOrder(db)
		fake.fail('co', { kind: 'unauthorized' }, 2)
		const error = await startPayproPayment(db, payproClientFor(fake), order).catch((e: unknown) => e)
		expect(error).toMatchObject({ code: 'UPSTREAM', message: 'Unauthorized' })
		expect(fake.calls('auth')).toHaveLength(2)
		expect(fake.calls('co')).toHaveLength(2)
		await expectStillWaiting(db, order.orderNumber)
	})

	it('gives up on a provider that does not answer within the timeout, names the order, and a retry succeeds', async () => {
		const { db } = database
		const order = await placeOrder(db)
		const client = payproClientFor(fake, 400)
		await client.createOrder({ orderNumber: 'WARM-UP-1', amount: 100, customerName: 'A', customerMobile: '03001234567', customerEmail: 'a@b.pk' })
		fake.fail('co', { kind: 'delay', ms: 5000 })

		const started = Date.now()
		const error = await startPayproPayment(db, client, order).catch((e: unknown) => e)
		const elapsed = Date.now() - started
		expect(error).toBeInstanceOf(AppError)
		expect((error as AppError).message).toBe(
			`The payment service is taking too long to answer. Your order ${order.orderNumber} is saved: please try again in a minute.`,
		)
		expect(elapsed).toBeGreaterThanOrEqual(380)
		expect(elapsed).toBeLessThan(1500)
		await expectStillWaiting(db, order.orderNumber)

		const url = await startPayproPayment(db, client, order)
		expect(url).toContain(`${fake.url}/pay/`)
	})

	it('reports a provider that is down with a clear message, and a retry succeeds once it is back', async () => {
		const { db } = database
		const order = await placeOrder(db)
		const down = createPayProClient({ baseUrl: await closedPortUrl(), ...fake.credentials, timeoutMs: 2000 })
		const error = await startPayproPayment(db, down, order).catch((e: unknown) => e)
		expect(error).toBeInstanceOf(AppError)
		expect((error as AppError).message).toBe(
			`The payment service is unavailable right now. Your order ${order.orderNumber} is saved: please try again in a minute.`,
		)
		await expectStillWaiting(db, order.orderNumber)

		const url = await startPayproPayment(db, payproClientFor(fake), order)
		expect(url).toBe(`${fake.url}/pay/${fake.order(order.orderNumber)!.payproId}`)
	})

	describe('prices come from the catalogue', () => {
		it('ignores prices and totals sent by the browser', async () => {
			const { db } = database
			const tampered = checkoutBody(
				[
					{ id: 14, quantity: 1, price: 'Rs. 1', originalPrice: 1, selectedDenomination: { label: '$10 USD', value: 10, price: 1 } },
					{ id: 1, quantity: 1, price: 1, selectedDuration: { label: '2 Months', months: 2, price: 1 } },
					{ id: 10, quantity: 2, price: 1, selectedDuration: { label: '1 Month', months: 1, price: 1 } },
				],
				{ orderAmount: '3', totalAmount: 3, amount: 3 },
			)
			const order = await placeOrder(db, tampered)
			expect(order.productDetails.map((l) => [l.id, l.price, l.quantity])).toEqual([
				[14, 3200, 1],
				[1, 5000, 1],
				[10, 1200, 2],
			])
			expect(order.productDetails[0]).toMatchObject({ name: 'Xbox Gift Card', selectedDenomination: { label: '$10 USD', value: 10, price: 3200 } })
			expect(order.productDetails[1]).toMatchObject({ selectedDuration: { label: '2 Months', months: 2, price: 5000 } })
			expect(order.totalAmount).toBe(3200 + 5000 + 2 * 1200)

			await startPayproPayment(db, payproClientFor(fake), order)
			expect((fake.calls('co')[0]!.body as Record<string, string>[])[1]!.OrderAmount).toBe('10600')
		})

		const refused: { name: string; line: Record<string, unknown>; message: RegExp }[] = [
			{ name: 'an unknown product', line: { id: 999, quantity: 1 }, message: /^Product 999 is not in our catalogue\.$/ },
			{ name: 'an unknown duration', line: { id: 10, quantity: 1, selectedDuration: { months: 5, price: 1 } }, message: /^PC Game Pass has no 5 month option\.$/ },
			{ name: 'an unknown duration label', line: { id: 1, quantity: 1, selectedDuration: { label: 'Lifetime' } }, message: /has no Lifetime option/ },
			{ name: 'an unknown denomination', line: { id: 14, quantity: 1, selectedDenomination: { value: 15, price: 1 } }, message: /^Xbox Gift Card has no \$15 value\.$/ },
			{ name: 'a custom duration (months 0)', line: { id: 1, quantity: 1, selectedDuration: { months: 0, price: 100 } }, message: /custom duration is quoted on WhatsApp/ },
			{ name: 'a custom gift card value (value 0)', line: { id: 14, quantity: 1, selectedDenomination: { value: 0, price: 100 } }, message: /custom gift card value is quoted on WhatsApp/ },
		]
		it.each(refused)('refuses $name with a clear message and stores nothing', async ({ line, message }) => {
			const { db } = database
			const error = await placeOrder(db, checkoutBody([giftCard10, line])).catch((e: unknown) => e)
			expect(error).toBeInstanceOf(AppError)
			expect(error).toMatchObject({ code: 'BAD_REQUEST' })
			expect((error as AppError).status).toBe(400)
			expect((error as AppError).message).toMatch(message)
			expect(await countOrders(db)).toBe(0)
		})
	})

	describe('one checkout, one order, one PayPro order', () => {
		it('stores one order for a checkout sent ten times at once', async () => {
			const { db } = database
			const body = checkoutRequest.parse(checkoutBody([giftCard10, { id: 1, quantity: 1, selectedDuration: { months: 1 } }]))
			const results = await Promise.all(Array.from({ length: 10 }, () => createOrder(db, { ...body, checkoutKey: body.checkoutKey! })))
			expect(await countOrders(db)).toBe(1)
			expect(new Set(results.map((r) => r.order.orderNumber)).size).toBe(1)
			expect(results.filter((r) => r.created)).toHaveLength(1)
			const [row] = await db.select().from(orders)
			expect(row).toMatchObject({ checkoutKey: body.checkoutKey, totalAmount: 7200 })
		})

		it('answers a checkout sent again with its order, even after its product was hidden, and a changed basket with a sentence', async () => {
			const { db } = database
			const body = checkoutRequest.parse(checkoutBody([giftCard10]))
			const first = await createOrder(db, { ...body, checkoutKey: body.checkoutKey! })
			await db.execute(sql`update products set visible = false where id = 14`)
			try {
				const again = await createOrder(db, { ...body, checkoutKey: body.checkoutKey! })
				expect(again).toMatchObject({ created: false, order: { orderNumber: first.order.orderNumber, totalAmount: 3200 } })
				const changed = await createOrder(db, { ...body, checkoutKey: body.checkoutKey!, productDetails: [{ ...giftCard10, quantity: 2 }] }).catch((e: unknown) => e)
				expect(changed).toMatchObject({ code: 'CONFLICT', message: `This checkout was already placed as order ${first.order.orderNumber}. Reload the page to start a new one.` })
				expect(await countOrders(db)).toBe(1)
			} finally {
				await db.execute(sql`update products set visible = true where id = 14`)
			}
		})

		it('creates one PayPro order when the payment is started ten times at once, and every caller gets its page', async () => {
			const { db } = database
			const order = await placeOrder(db)
			const client = payproClientFor(fake)
			fake.fail('co', { kind: 'delay', ms: 300 }) // slow enough for the others to arrive while it is created
			const urls = await Promise.all(Array.from({ length: 10 }, () => startPayproPayment(db, client, order)))
			expect(fake.calls('co')).toHaveLength(1)
			const expected = `${fake.url}/pay/${fake.order(order.orderNumber)!.payproId}`
			expect(urls).toEqual(Array(10).fill(expected))
			// A reload later reuses it too.
			expect(await startPayproPayment(db, client, (await orderRow(db, order.orderNumber))!)).toBe(expected)
			expect(fake.calls('co')).toHaveLength(1)
		})
	})
})
