// PayPro's payment callback, the email it causes, the queue that sends it, and the sweep that finds
// paid orders whose callback never came (PAYMENTS.md; product decision 4; spec §7 call 6, §9).
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../app/db/client.server'
import { runDueJobs } from '../../app/domain/jobs/worker.server'
import { ORDERS_CHANNEL } from '../../app/domain/orders/notify-order.server'
import { handlePayproCallback } from '../../app/domain/payments/handle-paypro-callback.server'
import { sweepOrders } from '../../app/domain/payments/reconcile-orders.server'
import { startPayproPayment } from '../../app/domain/payments/start-paypro-payment.server'
import type { PayProClient } from '../../app/integrations/paypro/client.server'
import { startFakeBrevo, type FakeBrevo } from '../fakes/brevo-server'
import { callbackAccount, useFakePayPro } from '../setup/fake-paypro'
import { ageOrder, sendReceipt } from '../setup/orders'
import {
	checkoutBody,
	handlersFor,
	jobRows,
	makeJobsDue,
	orderRow,
	outboxRows,
	payproClientFor,
	placeOrder,
	runAllJobs,
} from '../setup/payments'
import { databaseKinds, useTestDatabase } from '../setup/test-db'

const callback = (paypro: PayProClient, db: Db, csvinvoiceids: string, account: Partial<typeof callbackAccount> = callbackAccount) =>
	handlePayproCallback(db, paypro, { ...account, csvinvoiceids }, callbackAccount)

const paid = (invoice: string) => ({ StatusCode: '00', InvoiceID: invoice, Description: 'Invoice successfully marked as paid' })
const noRecord = (invoice: string | null) => ({ StatusCode: '03', InvoiceID: invoice, Description: 'No records found.' })

describe.each(databaseKinds)('payment confirmation on %s', (kind) => {
	// The worker's seeded database, emptied before the first test and after each.
	const database = useTestDatabase(kind)
	const { fake } = useFakePayPro()
	let brevo: FakeBrevo
	let paypro: PayProClient
	beforeAll(async () => {
		brevo = await startFakeBrevo()
	})
	afterEach(async () => {
		brevo.reset()
	})
	afterAll(async () => {
		await brevo.close()
	})

	/** An order sent to PayPro's hosted page, as the checkout leaves it. */
	async function orderAtPayPro(body = checkoutBody()) {
		paypro = payproClientFor(fake)
		const order = await placeOrder(database.db, body)
		await startPayproPayment(database.db, paypro, order)
		return (await orderRow(database.db, order.orderNumber))!
	}

	describe('the callback', () => {
		it('refuses a wrong username or password and changes nothing', async () => {
			const { db } = database
			const order = await orderAtPayPro()
			fake.pay(order.orderNumber)
			const refused = [{ StatusCode: '01', InvoiceID: null, Description: 'Invalid Data. Username or password is invalid' }]
			expect(await callback(paypro, db, order.orderNumber, { username: 'shop-uis', password: 'wrong' })).toEqual(refused)
			expect(await callback(paypro, db, order.orderNumber, { username: 'someone', password: callbackAccount.password })).toEqual(refused)
			expect(await callback(paypro, db, order.orderNumber, {})).toEqual(refused)
			expect(await orderRow(db, order.orderNumber)).toEqual(order)
			expect(fake.calls('ggos')).toHaveLength(0)
			expect(await outboxRows(db)).toEqual([])
		})

		it('marks a paid order completed once under 50 replays, queues one email, and Brevo sends it once', async () => {
			const { db } = database
			const order = await orderAtPayPro()
			fake.pay(order.orderNumber)
			const notices: string[] = []
			const stop = await database.database.listen(ORDERS_CHANNEL, (n) => notices.push(n))
			try {
				const replies = await Promise.all(Array.from({ length: 50 }, () => callback(paypro, db, order.orderNumber)))
				expect(replies).toEqual(Array(50).fill([paid(order.orderNumber)]))
				await expect.poll(() => notices.length).toBeGreaterThan(0)
				await new Promise((r) => setTimeout(r, 150))
				expect(notices).toEqual([order.orderNumber])
			} finally {
				await stop()
			}

			const after = (await orderRow(db, order.orderNumber))!
			expect(after).toMatchObject({ paymentStatus: 'paid', deliveryStatus: 'pending', totalAmount: 3200 })
			expect(after.paidAt).toBeInstanceOf(Date)
			const outbox = await outboxRows(db)
			expect(outbox).toHaveLength(1)
			expect(outbox[0]).toMatchObject({ toEmail: 'ali@example.pk', orderNumber: order.orderNumber, templateId: 2, status: 'pending' })
			expect(await jobRows(db, 'send-email')).toHaveLength(1)

			await runAllJobs(db, handlersFor(db, { brevo, paypro }))
			expect(brevo.requests).toHaveLength(1)
			const [email] = brevo.requests
			expect(email!.headers['api-key']).toBe(brevo.apiKey)
			expect(email!.body).toMatchObject({
				to: [{ email: 'ali@example.pk', name: 'Ali Khan' }],
				sender: { email: expect.stringContaining('@') },
				templateId: 2,
				params: {
					NAME: 'Ali Khan',
					ORDER_ID: order.orderNumber,
					PRODUCT_NAME: 'Xbox Gift Card',
					PRODUCT_IMAGE: expect.stringMatching(/^https?:\/\/.+\/images\/products\/14\.webp$/),
					TRACKING_URL: expect.stringMatching(/^https?:\/\//),
				},
				headers: { idempotencyKey: `order-paid:${order.orderNumber}` },
			})
			const tracking = new URL((email!.body.params as Record<string, string>).TRACKING_URL!)
			expect(tracking.pathname).toBe('/order-status')
			expect(tracking.searchParams.get('internalOrderId')).toBe(order.orderNumber)
			expect(tracking.searchParams.get('token')).toBe(order.accessToken)
			// A template email carries no body of its own.
			expect(email!.body).not.toHaveProperty('htmlContent')
			expect(email!.body).not.toHaveProperty('subject')
			expect(await outboxRows(db)).toMatchObject([{ status: 'sent', providerMessageId: brevo.sent()[0]!.messageId, lastError: null }])

			// Later replays find it paid: no second email.
			expect(await callback(paypro, db, order.orderNumber)).toEqual([paid(order.orderNumber)])
			expect(await runDueJobs(db, handlersFor(db, { brevo, paypro }))).toBe(0)
			expect(brevo.requests).toHaveLength(1)
			expect((await orderRow(db, order.orderNumber))!.paidAt).toEqual(after.paidAt)
		})

		const notCovered = [
			{ name: 'PayPro reports it unpaid', pay: null },
			{ name: 'the payable amount differs from the total', pay: { amountPayable: 3000, amountPaid: 3000 } },
			{ name: 'less than the total was paid', pay: { amountPayable: 3200, amountPaid: 3199 } },
		]
		it.each(notCovered)('does not mark the order paid when $name', async ({ pay }) => {
			const { db } = database
			const order = await orderAtPayPro()
			if (pay) fake.pay(order.orderNumber, pay)
			expect(await callback(paypro, db, order.orderNumber)).toEqual([noRecord(order.orderNumber)])
			expect(fake.calls('ggos')).toHaveLength(1)
			expect(fake.calls('ggos')[0]).toMatchObject({ method: 'GET', body: { userName: fake.credentials.merchantId, cpayId: order.payproTransactionId } })
			expect(await orderRow(db, order.orderNumber)).toMatchObject({ paymentStatus: 'awaiting_payment', paidAt: null })
			expect(await outboxRows(db)).toEqual([])
		})

		it('accepts a payment whose amount paid includes the fee', async () => {
			const { db } = database
			const order = await orderAtPayPro()
			fake.pay(order.orderNumber, { amountPayable: 3200, amountPaid: 3264 })
			expect(await callback(paypro, db, order.orderNumber)).toEqual([paid(order.orderNumber)])
			expect((await orderRow(db, order.orderNumber))!.paymentStatus).toBe('paid')
		})

		it("answers each invoice of the list: unknown or never sent to PayPro '03', paid '00'", async () => {
			const { db } = database
			const order = await orderAtPayPro()
			fake.pay(order.orderNumber)
			const neverSent = await placeOrder(db) // the buyer never reached PayPro's page
			const replies = await callback(paypro, db, `NOPE-1, ${order.orderNumber},${neverSent.orderNumber}`)
			expect(replies).toEqual([noRecord('NOPE-1'), paid(order.orderNumber), noRecord(neverSent.orderNumber)])
			expect(await callback(paypro, db, '')).toEqual([noRecord(null)])
			expect((await orderRow(db, neverSent.orderNumber))!.paymentStatus).toBe('awaiting_payment')
		})

		it("answers '02' when PayPro's status call fails, changes nothing, and a later callback succeeds", async () => {
			const { db } = database
			const order = await orderAtPayPro()
			fake.pay(order.orderNumber)
			fake.fail('ggos', { kind: 'http', status: 500 })
			fake.fail('ggos', { kind: 'status', status: '02', description: 'Service failure' })
			const failure = [{ StatusCode: '02', InvoiceID: order.orderNumber, Description: 'Service Failure' }]
			expect(await callback(paypro, db, order.orderNumber)).toEqual(failure)
			expect(await callback(paypro, db, order.orderNumber)).toEqual(failure)
			expect(await orderRow(db, order.orderNumber)).toEqual(order)
			expect(await outboxRows(db)).toEqual([])

			expect(await callback(paypro, db, order.orderNumber)).toEqual([paid(order.orderNumber)])
			expect((await orderRow(db, order.orderNumber))!.paymentStatus).toBe('paid')
		})

		it('records a payment PayPro reports as failed, and still accepts a later payment of the same order', async () => {
			const { db } = database
			const order = await orderAtPayPro()
			fake.pay(order.orderNumber, { orderStatus: 'FAILED', amountPaid: 0 })
			expect(await callback(paypro, db, order.orderNumber)).toEqual([noRecord(order.orderNumber)])
			expect((await orderRow(db, order.orderNumber))!.paymentStatus).toBe('failed')

			fake.pay(order.orderNumber)
			expect(await callback(paypro, db, order.orderNumber)).toEqual([paid(order.orderNumber)])
			expect((await orderRow(db, order.orderNumber))!.paymentStatus).toBe('paid')
			expect(await outboxRows(db)).toHaveLength(1)
		})
	})

	describe('the email queue', () => {
		it('sends the email of a paid order exactly once after a crash, whichever fresh workers run it', async () => {
			const { db } = database
			const order = await orderAtPayPro()
			fake.pay(order.orderNumber)
			await callback(paypro, db, order.orderNumber)
			// The process dies here: the payment is recorded, no worker ran. A new process starts two workers.
			const [a, b] = [handlersFor(db, { brevo, paypro: payproClientFor(fake) }), handlersFor(db, { brevo, paypro: payproClientFor(fake) })]
			await Promise.all([runDueJobs(db, a, { workerId: 'a' }), runDueJobs(db, b, { workerId: 'b' })])
			await runDueJobs(db, a, { workerId: 'a' })
			await runDueJobs(db, b, { workerId: 'b' })
			expect(brevo.sent()).toHaveLength(1)
			expect(brevo.sent()[0]!.body.params).toMatchObject({ ORDER_ID: order.orderNumber })
			expect(await jobRows(db, 'send-email')).toMatchObject([{ status: 'done', attempts: 1 }])
		})

		it('retries a Brevo failure with growing waits without touching the order, then sends', async () => {
			const { db } = database
			const order = await orderAtPayPro()
			fake.pay(order.orderNumber)
			await callback(paypro, db, order.orderNumber)
			const paidOrder = await orderRow(db, order.orderNumber)
			const handlers = handlersFor(db, { brevo, paypro })
			brevo.fail(500, 2)

			const waits: number[] = []
			for (let attempt = 1; attempt <= 2; attempt++) {
				const before = Date.now()
				expect(await runDueJobs(db, handlers)).toBe(1)
				const [job] = await jobRows(db, 'send-email')
				expect(job).toMatchObject({ status: 'pending', attempts: attempt, lockedAt: null, lastError: expect.stringContaining('Brevo 500') })
				waits.push(job!.runAt.getTime() - before)
				expect(await outboxRows(db)).toMatchObject([{ status: 'pending', attempts: attempt, lastError: expect.stringContaining('Brevo 500') }])
				// Not due yet: nothing runs.
				expect(await runDueJobs(db, handlers)).toBe(0)
				expect(await orderRow(db, order.orderNumber)).toEqual(paidOrder)
				await makeJobsDue(db)
			}
			expect(waits[0]).toBeGreaterThan(10_000)
			expect(waits[1]).toBeGreaterThan(waits[0]! + 10_000)

			expect(await runDueJobs(db, handlers)).toBe(1)
			expect(brevo.requests.map((r) => r.status)).toEqual([500, 500, 201])
			expect(new Set(brevo.requests.map((r) => (r.body.headers as { idempotencyKey: string }).idempotencyKey))).toEqual(new Set([`order-paid:${order.orderNumber}`]))
			expect(await outboxRows(db)).toMatchObject([{ status: 'sent', attempts: 3, lastError: null }])
			expect(await jobRows(db, 'send-email')).toMatchObject([{ status: 'done' }])
			expect(await orderRow(db, order.orderNumber)).toEqual(paidOrder)
		})

		it('gives up after the last attempt: the job and the outbox row say failed, the order stays paid', async () => {
			const { db } = database
			const order = await orderAtPayPro()
			fake.pay(order.orderNumber)
			await callback(paypro, db, order.orderNumber)
			const handlers = handlersFor(db, { brevo, paypro })
			brevo.fail(500, 100)
			const { maxAttempts } = (await jobRows(db, 'send-email'))[0]!
			expect(maxAttempts).toBeGreaterThan(1)
			for (let i = 0; i < maxAttempts; i++) {
				expect(await runDueJobs(db, handlers)).toBe(1)
				await makeJobsDue(db)
			}
			expect(await runDueJobs(db, handlers)).toBe(0)
			expect(brevo.requests).toHaveLength(maxAttempts)
			expect(await jobRows(db, 'send-email')).toMatchObject([{ status: 'failed', attempts: maxAttempts, lastError: expect.stringContaining('Brevo 500') }])
			expect(await outboxRows(db)).toMatchObject([{ status: 'failed', attempts: maxAttempts, lastError: expect.stringContaining('Brevo 500') }])
			expect((await orderRow(db, order.orderNumber))!.paymentStatus).toBe('paid')
		})
	})

	describe('the sweep', () => {
		it('completes an online order whose callback never came, with one email; younger orders are not asked about yet', async () => {
			const { db } = database
			const lost = await orderAtPayPro()
			fake.pay(lost.orderNumber)
			await ageOrder(db, lost.orderNumber, 10)
			const fresh = await orderAtPayPro()
			fake.pay(fresh.orderNumber)
			const handlers = handlersFor(db, { brevo, paypro })

			expect(await sweepOrders(db, { reconcileAfterMinutes: 3, expiryHours: 72 })).toEqual({ checks: 1, expired: 0 })
			await runAllJobs(db, handlers)
			expect((await orderRow(db, lost.orderNumber))!.paymentStatus).toBe('paid')
			expect((await orderRow(db, fresh.orderNumber))!.paymentStatus).toBe('awaiting_payment')
			expect(fake.calls('ggos').map((c) => (c.body as { cpayId: string }).cpayId)).toEqual([lost.payproTransactionId])
			expect(brevo.sent().map((r) => (r.body.params as { ORDER_ID: string }).ORDER_ID)).toEqual([lost.orderNumber])

			// The next sweeps find nothing new to do.
			await sweepOrders(db, { reconcileAfterMinutes: 3, expiryHours: 72 })
			await runAllJobs(db, handlers)
			expect(brevo.sent()).toHaveLength(1)
		})

		it('expires unpaid orders left too long, but never an order whose receipt staff are reviewing', async () => {
			const { db } = database
			const abandoned = await orderAtPayPro()
			const neverSent = await placeOrder(db)
			const underReview = await placeOrder(db, checkoutBody(undefined, { paymentMethod: 'manual' }))
			await sendReceipt(db, underReview)
			const paidLongAgo = await orderAtPayPro()
			fake.pay(paidLongAgo.orderNumber)
			await callback(paypro, db, paidLongAgo.orderNumber)
			for (const o of [abandoned, neverSent, underReview, paidLongAgo]) await ageOrder(db, o.orderNumber, 73 * 60)

			expect(await sweepOrders(db, { reconcileAfterMinutes: 3, expiryHours: 72 })).toEqual({ checks: 0, expired: 2 })
			expect((await orderRow(db, abandoned.orderNumber))!.paymentStatus).toBe('expired')
			expect((await orderRow(db, neverSent.orderNumber))!.paymentStatus).toBe('expired')
			expect((await orderRow(db, underReview.orderNumber))!.paymentStatus).toBe('awaiting_confirmation')
			expect((await orderRow(db, paidLongAgo.orderNumber))!.paymentStatus).toBe('paid')
		})

		it('still completes an expired order when PayPro later reports it paid (its page stays payable for 7 days)', async () => {
			const { db } = database
			const order = await orderAtPayPro()
			await ageOrder(db, order.orderNumber, 80 * 60)
			await sweepOrders(db, { reconcileAfterMinutes: 3, expiryHours: 72 })
			expect((await orderRow(db, order.orderNumber))!.paymentStatus).toBe('expired')

			fake.pay(order.orderNumber) // day 4: before the PayPro due date
			expect(await callback(paypro, db, order.orderNumber)).toEqual([paid(order.orderNumber)])
			expect((await orderRow(db, order.orderNumber))!.paymentStatus).toBe('paid')
			await runAllJobs(db, handlersFor(db, { brevo, paypro }))
			expect(brevo.sent()).toHaveLength(1)
		})
	})
})
