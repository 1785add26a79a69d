// "Notify me on this phone" at the protocol level, against the real server and a local push service
// (tests/fakes/push-server.ts): a subscription made as a browser makes one (its own P-256 key pair and
// auth secret) is registered through the shop's API with the order's cookie or a buyer session; real
// order events (payment, delivery by staff, a refund, a rejected transfer) send pushes the test
// decrypts (RFC 8291) and whose VAPID signature it verifies (RFC 8292). A gone subscription is
// dropped, a failing service is retried, an event is pushed once however often it happens, sign-out
// ends a buyer's subscriptions, and bad input gets a 4xx.
import { eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../app/db/client.server'
import { emailOutbox, jobs, pushOutbox, pushSubscriptions, storeSettings } from '../../app/db/schema'
import { openEmail } from '../../app/domain/email/sealed-email.server'
import { updateOrderFulfillment } from '../../app/domain/fulfillment/update-order-fulfillment.server'
import { jobHandlers } from '../../app/domain/jobs/handlers.server'
import { markOrderPaid } from '../../app/domain/payments/mark-order-paid.server'
import { rejectTransfer } from '../../app/domain/payments/review-transfer.server'
import { queueOrderPush } from '../../app/domain/push/queue-order-push.server'
import { readOrMakeVapidKeys } from '../../app/domain/push/vapid-keys.server'
import { refundOrder } from '../../app/domain/refunds/refund-order.server'
import { refundInput } from '../../app/domain/refunds/refund-input'
import type { Actor } from '../../app/domain/staff/audit.server'
import { emailProvider } from '../../app/integrations/email/provider.server'
import { payproClient } from '../../app/integrations/paypro/paypro.server'
import { decryptPush, startFakePushService, verifyVapid, type BrowserSubscription } from '../fakes/push-server'
import { sendReceipt } from '../setup/orders'
import { checkoutBody, giftCard10, makeJobsDue, placeOrder } from '../setup/payments'
import { databaseKinds } from '../setup/test-db'
import { useTestShop } from '../setup/test-shop'

const push = await startFakePushService()
afterAll(() => push.close())

const staff: Actor = { staffId: null, label: 'owner@example.pk' }
const json = { 'Content-Type': 'application/json' }
const idOf = (s: BrowserSubscription) => s.endpoint.split('/').at(-1)!
const asBrowserSends = (s: BrowserSubscription) => ({ endpoint: s.endpoint, expirationTime: null, keys: s.keys })

describe.each(databaseKinds)('web push on %s', (kind) => {
	const testShop = useTestShop(kind, 'web_push', { JOBS_WORKER: 'false', CHECKOUT_RATE_LIMIT: '1000', SUPPORT_EMAIL: 'help@gamevault.pk', PUSH_TEST_SERVICE_ORIGIN: push.origin }, { emptiedAfterEach: true })
	let db: Db
	let url: string
	beforeAll(() => {
		db = testShop.db
		url = testShop.url
	})
	afterEach(() => push.reset())

	const handlers = () => jobHandlers(db, { email: () => emailProvider(), paypro: () => payproClient(), reconcileAfterMinutes: 3, expiryHours: 72 })
	async function runJobs() {
		const { runDueJobs } = await import('../../app/domain/jobs/worker.server')
		while ((await runDueJobs(db, handlers())) > 0) {
			// until none is due
		}
	}
	const orderCookie = (order: { orderNumber: string; accessToken: string | null }) => `oa_${order.orderNumber}=${order.accessToken}`
	const subscribe = (body: unknown, cookie: string, headers: Record<string, string> = json) =>
		fetch(`${url}/api/push/subscription`, { method: 'POST', headers: { ...headers, Cookie: cookie }, body: typeof body === 'string' ? body : JSON.stringify(body) })
	const unsubscribe = (body: unknown, cookie: string) => fetch(`${url}/api/push/subscription`, { method: 'DELETE', headers: { ...json, Cookie: cookie }, body: JSON.stringify(body) })
	const opened = (s: BrowserSubscription, n = 0) => JSON.parse(decryptPush(push.received.filter((r) => r.id === idOf(s))[n]!.body, s)) as Record<string, string>

	async function signIn(email: string): Promise<string> {
		const form = { 'Content-Type': 'application/x-www-form-urlencoded' }
		await fetch(`${url}/my-orders`, { method: 'POST', redirect: 'manual', headers: form, body: new URLSearchParams({ intent: 'request', email }) })
		const mails = (await db.select().from(emailOutbox).where(eq(emailOutbox.toEmail, email)).orderBy(emailOutbox.id)).map(openEmail)
		const code = /^(\d{6}) is your /.exec(mails.at(-1)!.subject)![1]!
		const res = await fetch(`${url}/my-orders/verify`, { method: 'POST', redirect: 'manual', headers: form, body: new URLSearchParams({ email, code, next: '/my-orders' }) })
		return /buyer_session=[\w-]+/.exec(res.headers.get('set-cookie') ?? '')![0]
	}

	it('a paid order, then its delivery, reach the phone encrypted, signed by the shop’s key, with the order page and never the code', async () => {
		const order = await placeOrder(db)
		const phone = push.browserSubscription()
		const res = await subscribe({ orderNumber: order.orderNumber, subscription: asBrowserSends(phone) }, orderCookie(order))
		expect(res.status).toBe(201)

		await markOrderPaid(db, order.id)
		await runJobs()
		expect(push.received).toHaveLength(1)
		const [message] = push.received
		expect(message!.headers['content-encoding']).toBe('aes128gcm')
		expect(Number(message!.headers.ttl)).toBeGreaterThan(0)
		expect(message!.headers.urgency).toBe('high')
		const paid = opened(phone)
		expect(paid).toEqual({
			title: 'Payment received',
			body: `Order ${order.orderNumber} is paid. We are preparing it now.`,
			url: `/order-status?internalOrderId=${encodeURIComponent(order.orderNumber)}`,
			tag: `order-${order.orderNumber}`,
		})

		// The signature is the shop's: the key its page hands browsers, for this push service, for a while, with the shop's contact.
		const { publicKey } = (await (await fetch(`${url}/api/push/key`)).json()) as { publicKey: string }
		const vapid = verifyVapid(message!.headers.authorization)
		expect(vapid.publicKey).toBe(publicKey)
		expect(vapid.claims.aud).toBe(push.origin)
		expect(vapid.claims.exp * 1000).toBeGreaterThan(Date.now())
		expect(vapid.claims.exp * 1000).toBeLessThanOrEqual(Date.now() + 24 * 3_600_000)
		expect(vapid.claims.sub).toBe('mailto:help@gamevault.pk')

		const code = 'XBOX-7Q4K-99ZT-SECRET'
		await updateOrderFulfillment(db, staff, { orderNumber: order.orderNumber, updates: { fulfillment_status: 'completed', delivery_content: code } })
		await runJobs()
		expect(push.received).toHaveLength(2)
		const delivered = opened(phone, 1)
		expect(delivered).toMatchObject({ title: 'Your order is ready', body: `Order ${order.orderNumber} is delivered. Open the order page to see it.`, tag: `order-${order.orderNumber}` })
		expect(JSON.stringify(delivered)).not.toContain('7Q4K')
		const stored = await db.select({ payload: pushOutbox.payload }).from(pushOutbox)
		expect(JSON.stringify(stored)).not.toContain('7Q4K')
	})

	it('a push speaks the order’s language and opens its page in that language', async () => {
		const order = await placeOrder(db, checkoutBody(undefined, { lang: 'ur' }))
		const phone = push.browserSubscription()
		expect((await subscribe({ orderNumber: order.orderNumber, subscription: asBrowserSends(phone) }, orderCookie(order))).status).toBe(201)
		await markOrderPaid(db, order.id)
		await runJobs()
		expect(opened(phone)).toEqual({
			title: 'پیمنٹ مل گئی',
			// The order number stays left to right inside the Urdu sentence.
			body: `آرڈر \u2068${order.orderNumber}\u2069 کی پیمنٹ ہو گئی ہے۔ ہم اسے ابھی تیار کر رہے ہیں۔`,
			url: `/ur/order-status?internalOrderId=${encodeURIComponent(order.orderNumber)}`,
			tag: `order-${order.orderNumber}`,
		})
	})

	it('an event is pushed once, however often and however concurrently it happens, and a phone signed up twice hears it once', async () => {
		const order = await placeOrder(db)
		const phone = push.browserSubscription()
		const body = { orderNumber: order.orderNumber, subscription: asBrowserSends(phone) }
		expect((await subscribe(body, orderCookie(order))).status).toBe(201)
		expect((await subscribe(body, orderCookie(order))).status).toBe(201)
		expect(await db.select().from(pushSubscriptions)).toHaveLength(1)

		await Promise.all([markOrderPaid(db, order.id), markOrderPaid(db, order.id), markOrderPaid(db, order.id)])
		// The same event queued again, side by side in separate transactions: nothing more.
		await Promise.all(Array.from({ length: 4 }, () => db.transaction((tx) => queueOrderPush(tx, order, 'paid', `paid:${order.orderNumber}`))))
		await runJobs()
		expect(push.received).toHaveLength(1)
		expect(await db.select().from(pushOutbox)).toHaveLength(1)
	})

	it('a push service that fails is tried again later; one that says the subscription is gone (410) loses it', async () => {
		const order = await placeOrder(db)
		const flaky = push.browserSubscription()
		const gone = push.browserSubscription()
		for (const s of [flaky, gone]) expect((await subscribe({ orderNumber: order.orderNumber, subscription: asBrowserSends(s) }, orderCookie(order))).status).toBe(201)
		push.answer(idOf(flaky), 500)
		push.answer(idOf(gone), 410)

		await markOrderPaid(db, order.id)
		await runJobs()
		expect(push.received.map((r) => r.status).sort()).toEqual([410, 500])
		// The gone one is dropped with what was queued for it; its job ends done, not failed.
		expect((await db.select().from(pushSubscriptions)).map((s) => s.endpoint)).toEqual([flaky.endpoint])
		const [waiting] = await db.select().from(pushOutbox)
		expect(waiting).toMatchObject({ status: 'pending', attempts: 1 })
		expect(waiting!.lastError).toContain('500')
		expect((await db.select().from(jobs).where(eq(jobs.kind, 'send-push'))).map((j) => j.status).sort()).toEqual(['done', 'pending'])

		await makeJobsDue(db)
		await runJobs()
		expect(push.received.filter((r) => r.id === idOf(flaky)).map((r) => r.status)).toEqual([500, 201])
		expect(opened(flaky, 1).title).toBe('Payment received')
		expect(await db.select({ status: pushOutbox.status, attempts: pushOutbox.attempts }).from(pushOutbox)).toEqual([{ status: 'sent', attempts: 2 }])
	})

	it('a signed-in buyer’s phone hears of every order of the address (a refund, a rejected transfer); Sign out everywhere ends it', async () => {
		const email = 'sara@example.pk'
		const first = await placeOrder(db, checkoutBody([giftCard10], { customerEmail: 'Sara@Example.pk' }))
		const second = await placeOrder(db, checkoutBody([giftCard10], { customerEmail: email, paymentMethod: 'manual' }))
		const session = await signIn(email)
		const other = await signIn(email)
		const phone = push.browserSubscription()
		const laptop = push.browserSubscription()
		expect((await subscribe({ subscription: asBrowserSends(phone) }, session)).status).toBe(201)
		expect((await subscribe({ subscription: asBrowserSends(laptop) }, other)).status).toBe(201)
		expect((await db.select({ owner: pushSubscriptions.owner }).from(pushSubscriptions)).map((s) => s.owner)).toEqual([`buyer:${email}`, `buyer:${email}`])

		await markOrderPaid(db, first.id)
		await runJobs()
		await refundOrder(db, staff, first.orderNumber, refundInput.parse({ amount: 3200, method: 'bank', reason: 'Buyer asked' }))
		await runJobs()
		await sendReceipt(db, second)
		await rejectTransfer(db, staff, second.orderNumber, 'The amount does not match.')
		await runJobs()
		const titles = push.received.filter((r) => r.id === idOf(phone)).map((_, i) => opened(phone, i).title)
		expect(titles).toEqual(['Payment received', 'Refund sent', 'Your transfer needs attention'])
		expect(opened(phone, 1).body).toBe(`Rs. 3,200 was refunded for order ${first.orderNumber}.`)
		expect(opened(phone, 2).url).toBe(`/order-status?internalOrderId=${encodeURIComponent(second.orderNumber)}`)
		// The reason staff gave stays on the order page.
		expect(opened(phone, 2).body).not.toContain('amount does not match')

		// Signing out here ends what this session signed up; everywhere ends the rest.
		await fetch(`${url}/my-orders`, { method: 'POST', redirect: 'manual', headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: other }, body: new URLSearchParams({ intent: 'sign-out' }) })
		expect((await db.select().from(pushSubscriptions)).map((s) => s.endpoint)).toEqual([phone.endpoint])
		await fetch(`${url}/my-orders`, { method: 'POST', redirect: 'manual', headers: { 'Content-Type': 'application/x-www-form-urlencoded', Cookie: session }, body: new URLSearchParams({ intent: 'sign-out-everywhere' }) })
		expect(await db.select().from(pushSubscriptions)).toEqual([])
		// Signed out, the API refuses to sign a phone up for the address.
		expect((await subscribe({ subscription: asBrowserSends(phone) }, session)).status).toBe(401)
	})

	it('of two pushes about one order waiting for a phone, only the newer goes: an older state never lands after a newer one', async () => {
		const order = await placeOrder(db)
		const phone = push.browserSubscription()
		await subscribe({ orderNumber: order.orderNumber, subscription: asBrowserSends(phone) }, orderCookie(order))
		await markOrderPaid(db, order.id)
		await refundOrder(db, staff, order.orderNumber, refundInput.parse({ amount: 3200, method: 'bank', reason: 'Buyer asked' }))
		await runJobs()
		expect(push.received).toHaveLength(1)
		expect(opened(phone).title).toBe('Refund sent')
		expect((await db.select({ event: pushOutbox.event, status: pushOutbox.status }).from(pushOutbox).orderBy(pushOutbox.id))).toEqual([
			{ event: 'paid', status: 'superseded' },
			{ event: 'refunded', status: 'sent' },
		])
	})

	it('Turn off removes the phone for that order only', async () => {
		const order = await placeOrder(db)
		const other = await placeOrder(db)
		const phone = push.browserSubscription()
		await subscribe({ orderNumber: order.orderNumber, subscription: asBrowserSends(phone) }, orderCookie(order))
		await subscribe({ orderNumber: other.orderNumber, subscription: asBrowserSends(phone) }, orderCookie(other))
		const res = await unsubscribe({ orderNumber: order.orderNumber, endpoint: phone.endpoint }, orderCookie(order))
		expect(res.status).toBe(200)
		expect(await res.json()).toEqual({ ok: true, removed: true })
		await markOrderPaid(db, order.id)
		await markOrderPaid(db, other.id)
		await runJobs()
		expect(push.received).toHaveLength(1)
		expect(opened(phone).body).toContain(other.orderNumber)
	})

	it('bad input gets a 4xx with a sentence, never a 500, and stores nothing', async () => {
		const order = await placeOrder(db)
		const stranger = await placeOrder(db, checkoutBody([giftCard10], { customerEmail: 'bilal@example.pk' }))
		const cookie = orderCookie(order)
		const good = asBrowserSends(push.browserSubscription())
		const cases: [string, number, Promise<Response>][] = [
			['not a URL', 400, subscribe({ orderNumber: order.orderNumber, subscription: { ...good, endpoint: 'not a url' } }, cookie)],
			['a javascript: URL', 400, subscribe({ orderNumber: order.orderNumber, subscription: { ...good, endpoint: 'javascript:alert(1)' } }, cookie)],
			['a short p256dh', 400, subscribe({ orderNumber: order.orderNumber, subscription: { ...good, keys: { ...good.keys, p256dh: good.keys.p256dh.slice(0, 40) } } }, cookie)],
			['a padded auth', 400, subscribe({ orderNumber: order.orderNumber, subscription: { ...good, keys: { ...good.keys, auth: `${good.keys.auth.slice(0, 20)}==` } } }, cookie)],
			['no keys', 400, subscribe({ orderNumber: order.orderNumber, subscription: { endpoint: good.endpoint } }, cookie)],
			['a NUL byte', 400, subscribe({ orderNumber: order.orderNumber, subscription: { ...good, endpoint: `${good.endpoint}\u0000x` } }, cookie)],
			['a huge body', 413, subscribe({ orderNumber: order.orderNumber, subscription: { ...good, endpoint: `${good.endpoint}?${'a'.repeat(100_000)}` } }, cookie)],
			['a form, not JSON', 415, subscribe(new URLSearchParams({ endpoint: good.endpoint }).toString(), cookie, { 'Content-Type': 'application/x-www-form-urlencoded' })],
			['broken JSON', 400, subscribe('{"subscription":', cookie)],
			['another order’s token', 404, subscribe({ orderNumber: stranger.orderNumber, subscription: good }, cookie)],
			['an order that does not exist', 404, subscribe({ orderNumber: 'GV-NOPE-0000', subscription: good }, cookie)],
			['no order and no session', 401, subscribe({ subscription: good }, '')],
			['a GET', 405, fetch(`${url}/api/push/subscription`)],
		]
		for (const [what, status, answer] of cases) {
			const res = await answer
			expect(res.status, what).toBe(status)
			const body = (await res.json()) as { error?: string }
			expect(body.error, what).toMatch(/\w+/)
		}
		expect(await db.select().from(pushSubscriptions)).toEqual([])
	})

	it('the key pair is made once, however many instances start together', async () => {
		await db.delete(storeSettings).where(eq(storeSettings.key, 'push-vapid'))
		const pairs = await Promise.all(Array.from({ length: 5 }, () => readOrMakeVapidKeys(db)))
		expect(new Set(pairs.map((p) => p.publicKey)).size).toBe(1)
		expect(new Set(pairs.map((p) => p.privateKey)).size).toBe(1)
		const [row] = await db.select().from(storeSettings).where(eq(storeSettings.key, 'push-vapid'))
		// The private key is kept encrypted, like delivery content.
		expect(JSON.stringify(row!.value)).not.toContain(pairs[0]!.privateKey)
	})
})
