// Staff confirm or reject manual transfers (product decisions 4 and 5), and create DM orders (spec §2, §3,
// §5, §7 call 11, §9; product decision 6): the rules in the domain, then the pages and the API over HTTP
// against the real server (the shared shop fixture, tests/setup/test-shop.ts).
import { fieldErrorIn } from '../setup/field-error'
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { Database, Db } from '../../app/db/client.server'
import { apiKeys, auditLog, emailOutbox, jobs, orders, products } from '../../app/db/schema'
import { jobHandlers } from '../../app/domain/jobs/handlers.server'
import { runDueJobs } from '../../app/domain/jobs/worker.server'
import { createDmOrder } from '../../app/domain/orders/create-dm-order.server'
import { dmOrderRequest, parseDmAmount } from '../../app/domain/orders/dm-order-input'
import { sendSubscriptionReminder } from '../../app/domain/orders/send-subscription-reminder.server'
import { publicOrderView } from '../../app/domain/orders/view-order.server'
import { revealOrder } from '../../app/domain/orders/reveal-delivery.server'
import { attachReceipt, uploadLimits } from '../../app/domain/payments/attach-receipt.server'
import { postgresFileStore } from '../../app/domain/files/file-store.server'
import { confirmTransfer, listTransferQueue, NOTE_REQUIRED, REASON_REQUIRED, rejectTransfer } from '../../app/domain/payments/review-transfer.server'
import { createApiKey, revokeApiKey } from '../../app/domain/staff/api-keys.server'
import { brevoProvider } from '../../app/integrations/email/brevo.server'
import type { PayProClient } from '../../app/integrations/paypro/client.server'
import { AppError } from '../../app/utils/app-error'
import { parseEnv } from '../../app/utils/env.server'
import type { RunningShop } from '../../server/start'
import { startFakeBrevo, type FakeBrevo } from '../fakes/brevo-server'
import { buyer, checkoutBody, orderRow, placeOrder, nextTid, png } from '../setup/payments'
import { signInOverHttp, useTestShop } from '../setup/test-shop'
import { databaseKinds, useTestDatabase } from '../setup/test-db'
import { withoutScripts } from '../setup/page-text'

const SCRIPT = '<script>alert(1)</script>'
const ESCAPED = '&lt;script&gt;alert(1)&lt;/script&gt;'
const staffActor = { staffId: null, label: 'owner@example.pk' }
const DAY = 24 * 60 * 60 * 1000

/** Another valid PNG with other bytes: a different screenshot as far as the hash can tell. */
const otherPng = () => new Uint8Array([...png(), 0, 1, 2, 3])

const paidEmails = (db: Db, orderNumber: string) => db.select().from(emailOutbox).where(eq(emailOutbox.dedupeKey, `order-paid:${orderNumber}`))
const audits = (db: Db, action: string) => db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(auditLog.id)

/** What a worker process builds, with email going to the Brevo stand-in over HTTP. */
function workerHandlers(db: Db, brevo: FakeBrevo) {
	return jobHandlers(db, {
		email: () => brevoProvider({ apiKey: brevo.apiKey, baseUrl: brevo.url }),
		paypro: () => ({}) as PayProClient,
		reconcileAfterMinutes: 3,
		expiryHours: 72,
	})
}

async function runAll(db: Db, handlers: ReturnType<typeof workerHandlers>) {
	while ((await runDueJobs(db, handlers)) > 0) {
		// until nothing is due
	}
}

describe.each(databaseKinds)('transfers and DM orders on %s', (kind) => {
	describe('the rules', () => {
		// The worker's database, emptied before the first test and after each.
		const testDb = useTestDatabase(kind)
		let database: Database
		let brevo: FakeBrevo
		beforeAll(async () => {
			brevo = await startFakeBrevo()
			database = testDb.database
		})
		afterEach(() => {
			brevo.reset()
		})
		afterAll(async () => {
			await brevo.close()
		})

		/** A manual order whose buyer uploaded a receipt: it waits for staff. */
		async function waitingTransfer(bytes: Uint8Array = png()) {
			const order = await placeOrder(database.db, checkoutBody(undefined, { paymentMethod: 'manual' }))
			return attachReceipt(database.db, postgresFileStore(database.db), order, bytes, { uploader: '203.0.113.9', limits: uploadLimits(parseEnv()), transfer: { transactionId: nextTid(), payerAccount: 'Ali Khan, JazzCash' } })
		}

		it('a transfer order queues one order-placed email with the amount, the accounts and the order link; a PayPro order none, until it switches to transfer', async () => {
			const placed = (orderNumber: string) => database.db.select().from(emailOutbox).where(eq(emailOutbox.dedupeKey, `order-placed:${orderNumber}`))
			const body = checkoutBody(undefined, { paymentMethod: 'manual' })
			const order = await placeOrder(database.db, body)
			await placeOrder(database.db, body)
			const [email, ...more] = await placed(order.orderNumber)
			expect(more).toHaveLength(0)
			expect(email!.text).toContain(`Rs. ${order.totalAmount.toLocaleString('en-US')}`)
			expect(email!.text).toContain(`internalOrderId=${order.orderNumber}`)
			expect(email!.html).toContain('Upload your receipt')
			const card = checkoutBody()
			const cardOrder = await placeOrder(database.db, card)
			expect(await placed(cardOrder.orderNumber)).toHaveLength(0)
			await placeOrder(database.db, { ...card, paymentMethod: 'manual' })
			expect(await placed(cardOrder.orderNumber)).toHaveLength(1)
		})

		it('confirm pays the order once, with one paid email and one audit entry, however often it is confirmed', async () => {
			const { db } = database
			const order = await waitingTransfer()
			const first = await confirmTransfer(db, staffActor, order.orderNumber, '  Seen in the bank statement  ')
			expect(first.changed).toBe(true)
			expect(first.order).toMatchObject({ paymentStatus: 'paid', rejectionReason: null })
			expect(first.order.paidAt).toBeInstanceOf(Date)

			const again = await confirmTransfer(db, staffActor, order.orderNumber, 'clicked twice')
			expect(again.changed).toBe(false)
			expect(await orderRow(db, order.orderNumber)).toEqual(first.order)
			expect(await paidEmails(db, order.orderNumber)).toHaveLength(1)
			const entries = await audits(db, 'transfer.confirm')
			expect(entries).toHaveLength(1)
			expect(entries[0]).toMatchObject({
				actor: 'owner@example.pk',
				orderNumber: order.orderNumber,
				before: { paymentStatus: 'awaiting_confirmation' },
				after: { paymentStatus: 'paid' },
				note: 'Seen in the bank statement',
			})
			expect(await listTransferQueue(db)).toEqual([])
		})

		it('concurrent confirms by two staff members pay once and send one email', async () => {
			const { db } = database
			const order = await waitingTransfer()
			const results = await Promise.all([1, 2, 3, 4].map((n) => confirmTransfer(db, { staffId: null, label: `staff ${n}` }, order.orderNumber, `checked ${n}`)))
			expect(results.filter((r) => r.changed)).toHaveLength(1)
			expect(results.every((r) => r.order.paymentStatus === 'paid')).toBe(true)
			expect(await paidEmails(db, order.orderNumber)).toHaveLength(1)
			expect(await audits(db, 'transfer.confirm')).toHaveLength(1)
		})

		it('reject fails the order with the reason the buyer sees, and it cannot be confirmed afterwards', async () => {
			const { db } = database
			const order = await waitingTransfer()
			const rejected = await rejectTransfer(db, staffActor, order.orderNumber, 'No transfer of Rs. 3,200 arrived')
			expect(rejected).toMatchObject({ paymentStatus: 'failed', rejectionReason: 'No transfer of Rs. 3,200 arrived' })
			expect(await revealOrder(db, rejected)).toMatchObject({ status: 'failed', rejectionReason: 'No transfer of Rs. 3,200 arrived' })
			expect(publicOrderView(rejected)).toMatchObject({ status: 'failed', rejectionReason: 'No transfer of Rs. 3,200 arrived' })
			const [entry] = await audits(db, 'transfer.reject')
			expect(entry).toMatchObject({ orderNumber: order.orderNumber, before: { paymentStatus: 'awaiting_confirmation' }, after: { paymentStatus: 'failed' }, note: 'No transfer of Rs. 3,200 arrived' })

			await expect(confirmTransfer(db, staffActor, order.orderNumber, 'late')).rejects.toMatchObject({ code: 'CONFLICT' })
			await expect(rejectTransfer(db, staffActor, order.orderNumber, 'again')).rejects.toMatchObject({ code: 'CONFLICT' })
			expect(await orderRow(db, order.orderNumber)).toEqual(rejected)
			expect(await paidEmails(db, order.orderNumber)).toHaveLength(0)
			expect(await listTransferQueue(db)).toEqual([])
			// The buyer is emailed once, with the reason and the way back to the order page.
			const told = await db.select().from(emailOutbox).where(and(eq(emailOutbox.orderNumber, order.orderNumber), sql`${emailOutbox.dedupeKey} like 'transfer-rejected:%'`))
			expect(told).toHaveLength(1)
			expect(told[0]!.subject).toBe(`We could not confirm your transfer for order ${order.orderNumber}`)
			expect(told[0]!.text).toContain('Reason: No transfer of Rs. 3,200 arrived')
			expect(told[0]!.text).toContain('If you did send the money, message us quoting the order number and the transaction id: your money is never lost.')
			expect(told[0]!.text).toContain(`internalOrderId=${order.orderNumber}`)
		})

		it('needs a note to confirm and a reason to reject, and changes nothing without one', async () => {
			const { db } = database
			const order = await waitingTransfer()
			for (const note of ['', '   ']) {
				const confirmError = await confirmTransfer(db, staffActor, order.orderNumber, note).catch((e: unknown) => e)
				expect(confirmError).toBeInstanceOf(AppError)
				expect(confirmError).toMatchObject({ code: 'BAD_REQUEST', message: NOTE_REQUIRED })
				expect((confirmError as AppError).status).toBe(400)
				await expect(rejectTransfer(db, staffActor, order.orderNumber, note)).rejects.toMatchObject({ code: 'BAD_REQUEST', message: REASON_REQUIRED })
			}
			expect(await orderRow(db, order.orderNumber)).toEqual(order)
			expect(await db.select().from(auditLog)).toEqual([])
		})

		it('acts only on orders waiting for a transfer confirmation', async () => {
			const { db } = database
			// A manual order with no receipt yet, and a card order still at PayPro.
			const noReceipt = await placeOrder(db, checkoutBody(undefined, { paymentMethod: 'manual' }))
			const online = await placeOrder(db)
			for (const o of [noReceipt, online]) {
				await expect(confirmTransfer(db, staffActor, o.orderNumber, 'ok')).rejects.toMatchObject({ code: 'CONFLICT' })
				await expect(rejectTransfer(db, staffActor, o.orderNumber, 'no')).rejects.toMatchObject({ code: 'CONFLICT' })
				expect(await orderRow(db, o.orderNumber)).toEqual(o)
			}
			await expect(confirmTransfer(db, staffActor, 'NOPE-1-1', 'ok')).rejects.toMatchObject({ code: 'NOT_FOUND' })
		})

		it('lists waiting transfers with amount and buyer, and flags a receipt already used on another order', async () => {
			const { db } = database
			const a = await waitingTransfer()
			const b = await waitingTransfer()
			const c = await waitingTransfer(otherPng())
			// The same screenshot reused on an order that was since confirmed still counts.
			const d = await waitingTransfer()
			await confirmTransfer(db, staffActor, d.orderNumber, 'paid')

			const queue = await listTransferQueue(db)
			expect(queue.map((t) => t.orderNumber)).toEqual([a.orderNumber, b.orderNumber, c.orderNumber])
			expect(queue[0]).toMatchObject({ totalAmount: 3200, customerName: buyer.customerName, customerEmail: 'ali@example.pk', sameReceiptAs: [b.orderNumber, d.orderNumber] })
			expect(queue[0]!.items[0]).toMatchObject({ id: 14, quantity: 1 })
			expect(queue[1]!.sameReceiptAs).toEqual([a.orderNumber, d.orderNumber])
			expect(queue[2]!.sameReceiptAs).toEqual([])
		})

		it('parses the DM amount as §5 says: digits and dots kept, blank means the default price', () => {
			expect(parseDmAmount('Rs. 4,500')).toBe(4500)
			expect(parseDmAmount('1200.50')).toBe(1200.5)
			expect(parseDmAmount('  ')).toBeNull()
			expect(parseDmAmount(null)).toBeNull()
			expect(parseDmAmount(3000)).toBe(3000)
			expect(parseDmAmount('abc')).toBeNaN()
			const parse = (body: Record<string, unknown>) => dmOrderRequest.safeParse({ items: [{ id: 1 }], ...body })
			expect(parse({ totalAmount: 'Rs 2,000' }).data?.totalAmount).toBe(2000)
			expect(parse({ totalAmount: '' }).data?.totalAmount).toBeNull()
			expect(parse({ totalAmount: '1.2.3' }).error?.issues[0]?.message).toBe('The amount must be a number of rupees, like 4000.')
			expect(parse({ durationDays: 1.5 }).error?.issues[0]?.message).toBe('The duration must be a whole number of days, 0 or more.')
			expect(parse({ durationDays: -1 }).error?.issues[0]?.message).toBe('The duration must be a whole number of days, 0 or more.')
			expect(parse({ customer: { name: ' ', email: '', phone: null } }).data?.customer).toEqual({ name: null, email: null, phone: null })
			expect(parse({ customer: { email: 'not an email' } }).success).toBe(false)
			expect(parse({ items: [] }).success).toBe(false)
		})

		it('sends each subscription reminder exactly once: jobs run twice, by a fresh worker, and after a crash', async () => {
			const { db } = database
			const now = Date.now()
			// Created 40 days ago for 30 days: both reminders are due.
			const order = await createDmOrder(
				db,
				{ apiKeyId: null, label: 'api key: test' },
				dmOrderRequest.parse({ customer: { name: 'Sara', email: 'Sara@Example.pk', phone: null }, items: [{ id: 1 }], durationDays: 30 }),
				{ now: new Date(now - 40 * DAY), reminderDaysBefore: 3 },
			)
			const reminderJobs = await db.select().from(jobs).where(eq(jobs.kind, 'send-reminder'))
			expect(reminderJobs.map((j) => [j.dedupeKey, j.runAt.getTime()]).sort()).toEqual(
				[
					[`reminder:${order.orderNumber}:before`, order.createdAt.getTime() + 27 * DAY],
					[`reminder:${order.orderNumber}:expiry`, order.createdAt.getTime() + 30 * DAY],
				].sort(),
			)

			await runAll(db, workerHandlers(db, brevo))
			await runAll(db, workerHandlers(db, brevo))
			// A worker that died after queueing the email but before finishing the job: it runs again.
			await db.execute(sql`update jobs set status = 'pending', run_at = now() - interval '1 second' where kind = 'send-reminder'`)
			await runAll(db, workerHandlers(db, brevo))
			expect(await sendSubscriptionReminder(db, order.orderNumber, 'before')).toBe(false)
			await runAll(db, workerHandlers(db, brevo))

			const outbox = await db.select().from(emailOutbox).where(eq(emailOutbox.orderNumber, order.orderNumber))
			expect(outbox.map((e) => e.dedupeKey).sort()).toEqual([`reminder:${order.orderNumber}:before`, `reminder:${order.orderNumber}:expiry`])
			expect(outbox.every((e) => e.status === 'sent' && e.toEmail === 'sara@example.pk')).toBe(true)
			const sent = brevo.sent().map((r) => r.body as { headers: { idempotencyKey: string }; subject: string; textContent: string })
			expect(sent.map((e) => e.headers.idempotencyKey).sort()).toEqual([`reminder:${order.orderNumber}:before`, `reminder:${order.orderNumber}:expiry`])
			expect(sent.find((e) => e.headers.idempotencyKey.endsWith(':expiry'))!.subject).toBe('Your Xbox Game Pass Ultimate (Console Edition) subscription has ended')
			expect(sent.every((e) => e.textContent.includes(`/order-status?internalOrderId=${order.orderNumber}&token=`))).toBe(true)
		})

		it('schedules no reminders for 0 days or other products, and sends none without an email address', async () => {
			const { db } = database
			const actor = { apiKeyId: null, label: 'api key: test' }
			const past = { now: new Date(Date.now() - 40 * DAY), reminderDaysBefore: 3 }
			const zero = await createDmOrder(db, actor, dmOrderRequest.parse({ customer: { email: 'a@example.pk' }, items: [{ id: 10 }], durationDays: 0 }), past)
			expect(zero.durationDays).toBe(0)
			expect((await revealOrder(db, zero)).subscriptionEndsAt).toBeNull()
			const giftCard = await createDmOrder(db, actor, dmOrderRequest.parse({ customer: { email: 'a@example.pk' }, items: [{ id: 14 }], durationDays: 30 }), past)
			expect(giftCard.durationDays).toBeNull()
			expect(await db.select().from(jobs).where(eq(jobs.kind, 'send-reminder'))).toEqual([])

			const noEmail = await createDmOrder(db, actor, dmOrderRequest.parse({ customer: { name: 'No Mail' }, items: [{ id: 10 }] }), past)
			expect(noEmail.durationDays).toBe(30)
			expect(await db.select().from(jobs).where(eq(jobs.kind, 'send-reminder'))).toHaveLength(2)
			await runAll(db, workerHandlers(db, brevo))
			expect(brevo.requests).toEqual([])
			expect(await db.select().from(emailOutbox)).toEqual([])
			expect((await db.select().from(jobs).where(eq(jobs.kind, 'send-reminder'))).every((j) => j.status === 'done')).toBe(true)
		})

		it('runs a countdown for the products set to have one, whatever their names say', async () => {
			const { db } = database
			const actor = { apiKeyId: null, label: 'api key: test' }
			const order = (id: number) => createDmOrder(db, actor, dmOrderRequest.parse({ customer: { name: 'Sara' }, items: [{ id }], durationDays: 30 }))
			// The migration set today's Game Pass products; the owner turns the setting on and off on the product's page.
			expect((await db.select({ id: products.id }).from(products).where(eq(products.hasDuration, true))).map((p) => p.id).sort((a, b) => a - b)).toEqual([1, 2, 3, 10])
			const [gamePass] = await db.select({ name: products.name }).from(products).where(eq(products.id, 1))
			try {
				await db.update(products).set({ hasDuration: false, name: 'Xbox Game Pass Ultimate (no countdown)' }).where(eq(products.id, 1))
				await db.update(products).set({ hasDuration: true }).where(eq(products.id, 7))
				expect((await order(1)).durationDays).toBeNull()
				expect((await order(7)).durationDays).toBe(30)
			} finally {
				await db.update(products).set({ hasDuration: true, name: gamePass!.name }).where(eq(products.id, 1))
				await db.update(products).set({ hasDuration: false }).where(eq(products.id, 7))
			}
		})
	})

	describe('over HTTP', () => {
		const owner = { email: 'owner@example.pk', password: 'correct-horse-9' }
		const testShop = useTestShop(kind, 'dm', { CHECKOUT_RATE_LIMIT: '1000', JOBS_WORKER: 'false', ADMIN_EMAIL: owner.email, ADMIN_PASSWORD: owner.password })
		let shop: RunningShop
		let db: Db
		let key: string
		let revokedKey: string
		let cookie: string

		beforeAll(async () => {
			shop = testShop.shop
			db = shop.database.db
			key = (await createApiKey(db, 'dm-tool', null)).key
			const revoked = await createApiKey(db, 'old laptop', null)
			await revokeApiKey(db, revoked.id)
			revokedKey = revoked.key
			cookie = await signInOverHttp(shop.url, owner.email, owner.password, '198.51.100.61')
		}, 120_000)

		const createDm = (body: unknown, headers: Record<string, string> = { 'X-ADMIN-KEY': key }, route = '/api/admin-create-dm-order') =>
			fetch(`${shop.url}${route}`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: typeof body === 'string' ? body : JSON.stringify(body) })

		const dmBody = (extra: Record<string, unknown> = {}) => ({
			customer: { name: 'Sara Ahmed', email: 'sara@example.pk', phone: '03001234567' },
			totalAmount: '',
			items: [{ id: 1, name: 'Xbox Game Pass Ultimate (Console Edition)', price: 'Rs. 4000', quantity: 1, image: '/x.svg', code: null, originalPrice: null }],
			status: 'pending',
			...extra,
		})

		async function created(res: Response) {
			expect(res.status).toBe(201)
			const { trackUrl } = (await res.json()) as { trackUrl: string }
			const url = new URL(trackUrl)
			const orderNumber = url.searchParams.get('internalOrderId')!
			return { trackUrl, url, orderNumber, row: (await orderRow(db, orderNumber))! }
		}

		it.each(['/api/admin-create-dm-order', '/.netlify/functions/admin-create-dm-order'])('POST %s refuses a missing, wrong or revoked X-ADMIN-KEY with 401 and creates nothing', async (route) => {
			for (const headers of [{} as Record<string, string>, { 'X-ADMIN-KEY': 'gvk_wrong' }, { 'X-ADMIN-KEY': revokedKey }, { 'X-ADMIN-KEY': '' }]) {
				const res = await createDm(dmBody(), headers, route)
				expect(res.status).toBe(401)
				expect(res.headers.get('content-type')).toMatch(/^text\/plain/)
				expect(await res.text()).toBe('Unauthorized: invalid or missing X-ADMIN-KEY')
			}
			expect(Number(((await db.execute(sql`select count(*) as n from orders where payment_method = 'dm'`)).rows[0] as { n: string }).n)).toBe(0)
		})

		it('creates the order with a valid key and answers {trackUrl}, whose link opens the full order', async () => {
			const { trackUrl, url, orderNumber, row } = await created(await createDm(dmBody(), { 'X-ADMIN-KEY': key }, '/.netlify/functions/admin-create-dm-order'))
			expect(url.origin + url.pathname).toBe(`${shop.url}/order-status`)
			expect(row).toMatchObject({ paymentMethod: 'dm', paymentStatus: 'awaiting_confirmation', deliveryStatus: 'pending', totalAmount: 4000, durationDays: 30, customerName: 'Sara Ahmed', customerEmail: 'sara@example.pk', customerPhone: '03001234567' })
			expect(row.productDetails).toEqual([{ id: 1, name: 'Xbox Game Pass Ultimate (Console Edition)', image: expect.any(String), price: 4000, originalPrice: null, quantity: 1, selectedDuration: null, selectedDenomination: null, selectedAccountType: null, code: null }])
			expect(url.searchParams.get('token')).toBe(row.accessToken)
			const [entry] = await db.select().from(auditLog).where(and(eq(auditLog.action, 'order.create_dm'), eq(auditLog.orderNumber, orderNumber))).orderBy(auditLog.id)
			const [apiKey] = await db.select().from(apiKeys).where(eq(apiKeys.name, 'dm-tool'))
			expect(entry).toMatchObject({ actor: 'api key: dm-tool', apiKeyId: apiKey!.id })
			expect(apiKey!.lastUsedAt).toBeInstanceOf(Date)

			// The link: the page turns the token into the order's cookie, which opens the full view.
			const open = await fetch(trackUrl, { redirect: 'manual' })
			expect(open.status).toBe(302)
			const access = (open.headers.get('set-cookie') ?? '').split(';')[0]!
			expect(access).toBe(`oa_${orderNumber}=${row.accessToken}`)
			const full = (await (await fetch(`${shop.url}/api/order?internalOrderId=${encodeURIComponent(orderNumber)}`, { headers: { Cookie: access } })).json()) as { order: Record<string, unknown> }
			expect(full.order).toMatchObject({ full: true, customerEmail: 'sara@example.pk', customerPhone: '03001234567', status: 'pending', durationDays: 30 })
			expect(full.order.subscriptionEndsAt).toBe(new Date(row.createdAt.getTime() + 30 * DAY).toISOString())
			const stranger = (await (await fetch(`${shop.url}/api/order?internalOrderId=${encodeURIComponent(orderNumber)}`)).json()) as { order: Record<string, unknown> }
			expect(stranger.order).toMatchObject({ full: false, customerName: 'Sara A.' })
			expect(stranger.order).not.toHaveProperty('customerEmail')

			const page = withoutScripts(await (await fetch(`${shop.url}/order-status?internalOrderId=${encodeURIComponent(orderNumber)}`, { headers: { Cookie: access } })).text())
			expect(page).toMatch(/(30|29) days left on your subscription/)
			const reminders = await db.select().from(jobs).where(eq(jobs.kind, 'send-reminder'))
			expect(reminders.map((j) => j.dedupeKey).sort()).toEqual([`reminder:${orderNumber}:before`, `reminder:${orderNumber}:expiry`])
		})

		it('applies the amount and duration rules', async () => {
			const cases: { body: Record<string, unknown>; amount: number; days: number | null }[] = [
				{ body: dmBody({ totalAmount: 'Rs. 4,500' }), amount: 4500, days: 30 },
				{ body: dmBody({ totalAmount: 3500, durationDays: 0 }), amount: 3500, days: 0 },
				{ body: dmBody({ totalAmount: '1,999.6', durationDays: 60 }), amount: 2000, days: 60 },
				{ body: dmBody({ items: [{ id: 10 }], durationDays: null }), amount: 1200, days: 30 },
				{ body: dmBody({ items: [{ id: 14, code: 'XGC-10' }], durationDays: 30 }), amount: 2200, days: null },
				{ body: { items: [{ id: 5 }] }, amount: 3500, days: null },
			]
			for (const c of cases) {
				const { row } = await created(await createDm(c.body))
				expect({ amount: row.totalAmount, days: row.durationDays }).toEqual({ amount: c.amount, days: c.days })
			}
			const firstLineOf = (productId: number) => sql`exists (select 1 from order_lines l where l.order_id = ${orders.id} and l.position = 0 and l.product_id = ${productId})`
			const [gta] = await db.select().from(orders).where(firstLineOf(5))
			expect(gta).toMatchObject({ customerName: null, customerEmail: null, customerPhone: null })
			const [giftCard] = await db.select().from(orders).where(firstLineOf(14))
			expect((await orderRow(db, giftCard!.orderNumber))!.productDetails[0]!.code).toBe('XGC-10')
		})

		it('answers a bad request with 400 and the message as text', async () => {
			const refused: [unknown, string][] = [
				['{"customer":', 'The request body is not valid JSON.'],
				[dmBody({ items: [{ id: 999 }] }), 'Unknown product 999: choose a product from the catalogue.'],
				[dmBody({ items: [] }), 'Choose a product: items must list one product.'],
				[dmBody({ totalAmount: 'free' }), 'The amount must be a number of rupees, like 4000.'],
				[dmBody({ durationDays: -3 }), 'The duration must be a whole number of days, 0 or more.'],
				[dmBody({ durationDays: 2.5 }), 'The duration must be a whole number of days, 0 or more.'],
				[dmBody({ customer: { name: 'A', email: 'nope', phone: null } }), 'Enter a valid customer email address, or leave it blank.'],
				[dmBody({ status: 'completed' }), "DM orders are created with status 'pending'."],
			]
			const before = await db.select().from(orders)
			for (const [body, message] of refused) {
				const res = await createDm(body)
				expect(res.status).toBe(400)
				expect(await res.text()).toBe(message)
			}
			expect(await db.select().from(orders)).toEqual(before)
		})

		it('stores a <script> in the customer name as text and renders it escaped', async () => {
			const { orderNumber, row, url } = await created(await createDm(dmBody({ customer: { name: SCRIPT, email: null, phone: null } })))
			expect(row.customerName).toBe(SCRIPT)
			const access = `oa_${orderNumber}=${url.searchParams.get('token')}`
			const page = withoutScripts(await (await fetch(`${shop.url}/order-status?internalOrderId=${encodeURIComponent(orderNumber)}`, { headers: { Cookie: access } })).text())
			expect(page).toContain(ESCAPED)
			expect(page).not.toContain(SCRIPT)
		})

		it('shows the DM order form to staff: no API key asked for, the products and their options to pick from', async () => {
			const res = await fetch(`${shop.url}/admin/dm-order`, { headers: { Cookie: cookie } })
			expect(res.status).toBe(200)
			const html = await res.text()
			for (const text of ['Customer Name', 'Customer Email', 'Customer Phone', 'Product', 'Amount (PKR)', 'Duration (days)', 'Create Order', 'Xbox Game Pass Ultimate (Console Edition)', '2 Months · Shared account', '$10 USD']) {
				expect(html).toContain(text)
			}
			for (const text of ['Admin Key', 'X-ADMIN-KEY', 'type="password"']) expect(html).not.toContain(text)
		})

		it('a signed-in owner creates a DM order from the page with an option picked, authorised by the session alone', async () => {
			const variants = await db.execute<{ id: number; label: string; account_type: string | null; price: number }>(
				sql`select id, label, account_type, price from product_variants where product_id = 1 and months = 2 and account_type = 'shared'`,
			)
			const twoMonthsShared = variants.rows[0]!
			const submit = (fields: Record<string, string>, headers: Record<string, string> = { Cookie: cookie }) =>
				fetch(`${shop.url}/admin/dm-order`, {
					method: 'POST',
					redirect: 'manual',
					headers: { Origin: shop.url, 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
					body: new URLSearchParams({ name: 'Hira Baig', email: 'hira@example.pk', phone: '0345 1112223', productId: '1', variantId: String(twoMonthsShared.id), amount: '', durationDays: '', ...fields }),
				})
			const res = await submit({})
			expect(res.status).toBe(200)
			const html = await res.text()
			const orderNumber = /Order ([A-Z]+-\d+-\d+) created/.exec(html)?.[1]
			expect(orderNumber).toBeDefined()
			expect(html).toContain(`/order-status?internalOrderId=${orderNumber}&amp;token=`)
			const row = (await orderRow(db, orderNumber!))!
			expect(row).toMatchObject({ paymentMethod: 'dm', paymentStatus: 'awaiting_confirmation', totalAmount: twoMonthsShared.price, durationDays: 60, customerName: 'Hira Baig' })
			expect(row.productDetails[0]).toMatchObject({ id: 1, selectedDuration: { months: 2, label: '2 Months' }, selectedAccountType: 'shared', variantId: twoMonthsShared.id })
			const [entry] = await db.select().from(auditLog).where(and(eq(auditLog.action, 'order.create_dm'), eq(auditLog.orderNumber, orderNumber!))).orderBy(auditLog.id)
			expect(entry).toMatchObject({ actor: owner.email, apiKeyId: null })

			// An option of another product, and a stranger without a session: refused, nothing created.
			const before = (await db.select().from(orders)).length
			const wrong = await submit({ productId: '14' })
			expect(wrong.status).toBe(400)
			expect(await wrong.text()).toContain('has no such option: choose one of its options.')
			// A field the request's schema refuses: its sentence beside the field, what was typed kept.
			const badEmail = await submit({ email: 'hira-at-example' })
			expect(badEmail.status).toBe(400)
			const badEmailHtml = await badEmail.text()
			expect(fieldErrorIn(badEmailHtml, 'email', 'dm-order')).toBe('Enter a valid customer email address, or leave it blank.')
			expect(badEmailHtml).toMatch(/<input[^>]* value="Hira Baig"/)
			const stranger = await submit({}, {})
			expect(stranger.status).toBe(302)
			expect(stranger.headers.get('location')).toContain('/admin/login')
			expect((await db.select().from(orders)).length).toBe(before)
		})

		it('a transfer order names its order number once, with no PayPro Order ID; staff reach the buyer on WhatsApp in one tap', async () => {
			const checkout = await fetch(`${shop.url}/api/checkout`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(checkoutBody(undefined, { paymentMethod: 'manual', customerName: 'Ali Khan' })) })
			expect(checkout.status).toBe(201)
			const { orderNumber } = (await checkout.json()) as { orderNumber: string }
			const buyerCookie = (checkout.headers.get('set-cookie') ?? '').split(';')[0]!
			const page = await (await fetch(`${shop.url}/order-status?internalOrderId=${encodeURIComponent(orderNumber)}`, { headers: { Cookie: buyerCookie } })).text()
			expect(page).toContain('<dt>Order Number</dt>')
			expect(page).not.toContain('Order ID</dt>')
			expect(page.split(new RegExp(`data-testid="order-number"[^>]*>${orderNumber}<`)).length - 1).toBe(1)

			const staffPage = await (await fetch(`${shop.url}/admin/orders/${encodeURIComponent(orderNumber)}`, { headers: { Cookie: cookie } })).text()
			expect(staffPage).not.toContain('PayPro Order ID')
			const chat = /href="(https:\/\/wa\.me\/[^"]+)"[^>]*>WhatsApp the buyer</.exec(staffPage)?.[1]?.replace(/&amp;/g, '&')
			expect(chat).toBeDefined()
			const link = new URL(chat!)
			expect(link.pathname).toBe('/923001234567')
			expect(link.searchParams.get('text')).toContain(`about your order ${orderNumber}.`)
		})

		it('queues a manual transfer for staff with its receipt, and confirms it from the page with a note', async () => {
			const empty = await (await fetch(`${shop.url}/admin/payments`, { headers: { Cookie: cookie } })).text()
			expect(empty).toContain('No transfers waiting.')

			const checkout = await fetch(`${shop.url}/api/checkout`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(checkoutBody(undefined, { paymentMethod: 'manual', customerName: 'Ali Khan' })) })
			expect(checkout.status).toBe(201)
			const { orderNumber } = (await checkout.json()) as { orderNumber: string }
			const buyerCookie = (checkout.headers.get('set-cookie') ?? '').split(';')[0]!
			const form = new FormData()
			form.set('transactionId', '7788 9900 1122')
			form.set('payerAccount', 'Ali Khan, Meezan Bank')
			form.set('receipt', new Blob([png()], { type: 'image/png' }), 'receipt.png')
			expect((await fetch(`${shop.url}/api/order/${orderNumber}/receipt`, { method: 'POST', headers: { Cookie: buyerCookie }, body: form })).status).toBe(200)

			// Staff see the transfer's TID (normalised) and who paid beside the receipt.
			const html = await (await fetch(`${shop.url}/admin/payments`, { headers: { Cookie: cookie } })).text()
			for (const text of [orderNumber, 'Rs. 3,200', 'Ali Khan', 'Transaction ID', '778899001122', 'Ali Khan, Meezan Bank', `src="/admin/receipts/${orderNumber}"`, 'Confirmation note', 'Reason for rejection', '>Confirm<', '>Reject<']) {
				expect(html).toContain(text)
			}

			const receipt = await fetch(`${shop.url}/admin/receipts/${orderNumber}`, { headers: { Cookie: cookie } })
			expect(receipt.status).toBe(200)
			expect(receipt.headers.get('content-type')).toBe('image/png')
			expect(receipt.headers.get('x-content-type-options')).toBe('nosniff')
			expect(receipt.headers.get('cache-control')).toBe('private, no-store')
			expect(new Uint8Array(await receipt.arrayBuffer())).toEqual(png())
			expect((await fetch(`${shop.url}/admin/receipts/${orderNumber}`)).status).toBe(401)
			expect((await fetch(`${shop.url}/admin/receipts/NOPE-1-1`, { headers: { Cookie: cookie } })).status).toBe(404)

			const review = (fields: Record<string, string>) =>
				fetch(`${shop.url}/admin/payments`, {
					method: 'POST',
					redirect: 'manual',
					headers: { Cookie: cookie, Origin: shop.url, 'Content-Type': 'application/x-www-form-urlencoded' },
					body: new URLSearchParams({ orderNumber, ...fields }),
				})
			// From another site nothing happens (React Router answers 400 to a foreign Origin, the action's own check 403).
			for (const headers of [{ Origin: 'https://evil.example' }, { 'Sec-Fetch-Site': 'cross-site' }] as Record<string, string>[]) {
				const crossSite = await fetch(`${shop.url}/admin/payments`, {
					method: 'POST',
					redirect: 'manual',
					headers: { Cookie: cookie, 'Content-Type': 'application/x-www-form-urlencoded', ...headers },
					body: new URLSearchParams({ orderNumber, intent: 'reject', note: 'x' }),
				})
				expect([400, 403]).toContain(crossSite.status)
			}
			expect((await review({ intent: 'confirm', note: ' ' })).status).toBe(400)
			expect((await orderRow(db, orderNumber))!.paymentStatus).toBe('awaiting_confirmation')
			expect((await review({ intent: 'confirm', note: 'Seen in the bank app' })).status).toBe(200)
			expect((await review({ intent: 'confirm', note: 'Again' })).status).toBe(200)
			expect((await orderRow(db, orderNumber))!.paymentStatus).toBe('paid')
			expect(await paidEmails(db, orderNumber)).toHaveLength(1)
			const [entry] = await db.select().from(auditLog).where(eq(auditLog.action, 'transfer.confirm')).orderBy(auditLog.id)
			expect(entry).toMatchObject({ actor: owner.email, orderNumber, note: 'Seen in the bank app' })
		})
	})
})
