// Renewals: a paid subscription line ends its months after delivery; reminders go the owner's
// number of days before and on the day, each exactly once however many times and on however many
// instances the hourly job runs; one-click unsubscribe (RFC 8058) stops them; Renew opens checkout
// with the same option at today's price, for the order's holder only. Over HTTP against the real
// server, on PGlite and PostgreSQL (two database handles there, as two instances have).
import { and, eq, sql } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { openPostgres, type Database, type Db } from '../../app/db/client.server'
import { emailOutbox, emailUnsubscribes, jobs, orders, productVariants } from '../../app/db/schema'
import { withLinesOf } from '../../app/domain/orders/order-lines.server'
import { createDmOrder } from '../../app/domain/orders/create-dm-order.server'
import { dmOrderRequest } from '../../app/domain/orders/dm-order-input'
import type { Order } from '../../app/domain/orders/order'
import { markDmOrderPaid } from '../../app/domain/payments/mark-dm-order-paid.server'
import { enqueueJob } from '../../app/domain/jobs/queue.server'
import { runDueJobs } from '../../app/domain/jobs/worker.server'
import { redeemSignInLink, requestBuyerSignIn } from '../../app/domain/buyers/sign-in.server'
import { lineEndsAt } from '../../app/domain/orders/renewal'
import { queueRenewalReminders } from '../../app/domain/orders/renewal-reminders.server'
import { unsubscribeToken } from '../../app/domain/orders/renewal-unsubscribe.server'
import { parseStoreDetailsPatch } from '../../app/domain/settings/store-details'
import { updateStoreDetails } from '../../app/domain/settings/store-details.server'
import type { PayProClient } from '../../app/integrations/paypro/client.server'
import { brevoProvider } from '../../app/integrations/email/brevo.server'
import { jobHandlers } from '../../app/domain/jobs/handlers.server'
import { formatPakistanDay } from '../../app/utils/pakistan-time'
import { openEmail } from '../../app/domain/email/sealed-email.server'
import type { RunningShop } from '../../server/start'
import { startFakeBrevo, type FakeBrevo } from '../fakes/brevo-server'
import { backdateOrders, moveDelivery, owner, payByProvider } from '../setup/orders'
import { checkoutBody, placeOrder } from '../setup/payments'
import { useTestShop } from '../setup/test-shop'
import { databaseKinds, resetData } from '../setup/test-db'
import { withoutScripts } from '../setup/page-text'

const DAY = 24 * 60 * 60 * 1000
const HOUR = 60 * 60 * 1000
/** Xbox Game Pass Ultimate (Console Edition), 1 Month, shared account: Rs. 2,700 in the catalogue. */
const ultimateShared = { id: 1, quantity: 1, selectedDuration: { label: '1 Month', months: 1 }, selectedAccountType: 'shared' }

function handlers(db: Db, brevo: FakeBrevo) {
	return jobHandlers(db, {
		email: () => brevoProvider({ apiKey: brevo.apiKey, baseUrl: brevo.url }),
		paypro: () => ({}) as PayProClient,
		reconcileAfterMinutes: 3,
		expiryHours: 72,
	})
}

async function runAll(db: Db, brevo: FakeBrevo, workerId: string) {
	const h = handlers(db, brevo)
	while ((await runDueJobs(db, h, { workerId })) > 0) {
		// until nothing is due
	}
}

/** A paid order (paid at PayPro, or by `pay`), delivered so that its subscription line ends at about `endsIn` from now. */
async function deliveredSoItEnds(db: Db, order: Order, endsIn: number, pay: (db: Db, order: Order) => Promise<unknown> = payByProvider) {
	const target = Date.now() + endsIn
	// Delivered one calendar month before the target end (moved until the end falls on it).
	let deliveredAt = new Date(target - 30 * DAY)
	for (let i = 0; i < 3; i++) deliveredAt = new Date(deliveredAt.getTime() + (target - lineEndsAt(order.productDetails[0]!, deliveredAt)!.getTime()))
	await pay(db, order)
	await moveDelivery(db, order, 'completed')
	await backdateOrders(db, order.orderNumber, { deliveredAt })
	const endsAt = lineEndsAt(order.productDetails[0]!, deliveredAt)!
	return { ...order, deliveredAt, endsAt }
}

/** A checkout order, paid and delivered so that its subscription line ends at about `endsIn` from now. */
async function deliveredOrder(db: Db, endsIn: number, { email = 'Sara@Example.pk', lines = [ultimateShared] as unknown[] } = {}) {
	return deliveredSoItEnds(db, await placeOrder(db, checkoutBody(lines, { customerEmail: email, customerName: 'Sara Ahmed' })), endsIn)
}

const renewalEmails = (db: Db, orderNumber: string) =>
	db
		.select()
		.from(emailOutbox)
		.where(and(eq(emailOutbox.orderNumber, orderNumber), sql`${emailOutbox.dedupeKey} like 'renewal:%'`))

describe.each(databaseKinds)('renewals on %s', (kind) => {
	let shop: RunningShop
	let db: Db
	/** A second instance's handle on the same database (PostgreSQL); on PGlite the same one. */
	let other: Database | null = null
	let otherDb: Db
	let brevo: FakeBrevo
	const testShop = useTestShop(kind, 'renewals', { CHECKOUT_RATE_LIMIT: '1000', JOBS_WORKER: 'false' })

	beforeAll(async () => {
		brevo = await startFakeBrevo()
		shop = testShop.shop
		db = shop.database.db
		if (testShop.databaseUrl) other = await openPostgres(testShop.databaseUrl)
		otherDb = other?.db ?? db
	}, 120_000)
	afterEach(async () => {
		// The seeded option the Renew test reprices and hides, as the catalogue has it.
		await db.update(productVariants).set({ hidden: false, price: 2700 }).where(and(eq(productVariants.productId, 1), eq(productVariants.months, 1), eq(productVariants.accountType, 'shared')))
		await resetData(shop.database)
		brevo.reset()
	})
	afterAll(async () => {
		await other?.close()
		await brevo.close()
	})

	it('an order whose subscription ends in 3 days gets one reminder, however many times and on however many instances the job runs', async () => {
		const order = await deliveredOrder(db, 3 * DAY - 2 * HOUR)
		// Ten sweeps at once, half on each instance, then the hourly jobs of several hours on both workers at once.
		const counts = await Promise.all(Array.from({ length: 10 }, (_, i) => queueRenewalReminders(i % 2 ? otherDb : db)))
		expect(counts.reduce((a, b) => a + b, 0)).toBe(1)
		for (let hour = 0; hour < 4; hour++) {
			await enqueueJob(db, { kind: 'renewal-reminders', payload: {}, dedupeKey: `renewal-reminders:test-${hour}`, maxAttempts: 3 })
			await enqueueJob(otherDb, { kind: 'renewal-reminders', payload: {}, dedupeKey: `renewal-reminders:test-${hour}`, maxAttempts: 3 })
		}
		await Promise.all([runAll(db, brevo, 'a'), runAll(otherDb, brevo, 'b')])
		expect((await db.select().from(jobs).where(eq(jobs.kind, 'renewal-reminders'))).map((j) => j.status)).toEqual(['done', 'done', 'done', 'done'])

		const outbox = await renewalEmails(db, order.orderNumber)
		expect(outbox.map((e) => e.dedupeKey)).toEqual([`renewal:${order.orderNumber}:0:before`])
		expect(outbox[0]).toMatchObject({ status: 'sent', toEmail: 'sara@example.pk', subject: 'Your Xbox Game Pass Ultimate (Console Edition) ends in 3 days' })
		expect(outbox[0]!.params).toMatchObject({ NAME: 'Sara Ahmed', ORDER_ID: order.orderNumber, OPTION: '1 Month · Shared account', DAYS_LEFT: '3' })
		expect(outbox[0]!.params.RENEW_URL).toMatch(new RegExp(`/renew/${order.orderNumber}/0\\?token=`))
		expect(outbox[0]!.params.UNSUBSCRIBE_URL).toMatch(/\/unsubscribe\?t=/)
		expect(outbox[0]!.headers).toEqual({ 'List-Unsubscribe': `<${outbox[0]!.params.UNSUBSCRIBE_URL}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' })
		expect(outbox[0]!.text).toContain(outbox[0]!.params.RENEW_URL)
		expect(outbox[0]!.text).toContain(outbox[0]!.params.UNSUBSCRIBE_URL)
		// Brevo sent the reminder once (beside the order's own paid email).
		const sent = brevo.sent().map((r) => (r.body as { headers: { idempotencyKey: string } }).headers.idempotencyKey)
		expect(sent.filter((key) => key.startsWith('renewal:'))).toEqual([`renewal:${order.orderNumber}:0:before`])

		// Order emails carry no unsubscribe: only reminders do.
		const orderEmails = await db.select().from(emailOutbox).where(sql`${emailOutbox.dedupeKey} not like 'renewal:%'`)
		expect(orderEmails.every((e) => !e.headers || !('List-Unsubscribe' in e.headers))).toBe(true)
	})

	it('on the day: one more reminder, once, and nothing before the owner’s number of days', async () => {
		const today = await deliveredOrder(db, -2 * HOUR)
		const later = await deliveredOrder(db, 4 * DAY, { email: 'later@example.pk' })
		const ancient = await deliveredOrder(db, -10 * DAY, { email: 'old@example.pk' })
		// Sold over DM for 30 days: its days count down on their own (their own reminders), never a checkout renewal's.
		const [variant] = await db.select({ id: productVariants.id }).from(productVariants).where(and(eq(productVariants.productId, 1), eq(productVariants.months, 1), eq(productVariants.accountType, 'shared')))
		const sold = await createDmOrder(db, owner, dmOrderRequest.parse({ customer: { name: 'Sara Ahmed', email: 'dm@example.pk' }, items: [{ id: 1, variantId: variant!.id }], durationDays: 30 }))
		const dm = await deliveredSoItEnds(db, sold, HOUR, (db, order) => markDmOrderPaid(db, owner, order.orderNumber, 'Paid in the chat'))
		await Promise.all([queueRenewalReminders(db), queueRenewalReminders(otherDb), queueRenewalReminders(db)])
		expect((await renewalEmails(db, today.orderNumber)).map((e) => [e.dedupeKey, e.subject])).toEqual([
			[`renewal:${today.orderNumber}:0:due`, 'Your Xbox Game Pass Ultimate (Console Edition) ends today: renew it in one click'],
		])
		expect(await renewalEmails(db, later.orderNumber)).toEqual([])
		expect(await renewalEmails(db, ancient.orderNumber)).toEqual([])
		expect(await renewalEmails(db, dm.orderNumber)).toEqual([])

		// The owner moves reminders to 5 days ahead: the later order's is due now, once.
		await updateStoreDetails(db, owner, parseStoreDetailsPatch({ renewalReminderDays: '5' }))
		await Promise.all([queueRenewalReminders(db), queueRenewalReminders(db)])
		expect((await renewalEmails(db, later.orderNumber)).map((e) => e.dedupeKey)).toEqual([`renewal:${later.orderNumber}:0:before`])
		expect(() => parseStoreDetailsPatch({ renewalReminderDays: 31 })).toThrow(/from 1 to 30/)
		expect(() => parseStoreDetailsPatch({ renewalReminderDays: 'soon' })).toThrow(/from 1 to 30/)
	})

	it('one-click unsubscribe over HTTP: the page, the button, a mail app’s POST; then no reminders; a forged link is refused', async () => {
		const order = await deliveredOrder(db, 2 * DAY)
		const token = unsubscribeToken('sara@example.pk', 'renewal-reminders')

		const page = await fetch(`${shop.url}/unsubscribe?t=${encodeURIComponent(token)}`)
		expect(page.status).toBe(200)
		const html = withoutScripts(await page.text())
		expect(html).toContain('sara@example.pk')
		expect(html).toContain('reminders that a subscription is about to end')
		expect(await db.select().from(emailUnsubscribes)).toEqual([])

		// What a mail app sends (RFC 8058): no cookie, no Origin, the token in the address.
		const oneClick = await fetch(`${shop.url}/unsubscribe?t=${encodeURIComponent(token)}`, {
			method: 'POST',
			headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
			body: 'List-Unsubscribe=One-Click',
		})
		expect(oneClick.status).toBe(200)
		expect(await oneClick.text()).toContain('You are unsubscribed')
		expect((await db.select().from(emailUnsubscribes)).map((r) => [r.email, r.kind])).toEqual([['sara@example.pk', 'renewal-reminders']])

		// The page's button (the form posts the token too); doing it twice is the same.
		const button = await fetch(`${shop.url}/unsubscribe`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: shop.url }, body: new URLSearchParams({ t: token }) })
		expect(button.status).toBe(200)
		expect(await db.select().from(emailUnsubscribes)).toHaveLength(1)

		await Promise.all([queueRenewalReminders(db), queueRenewalReminders(otherDb)])
		expect(await renewalEmails(db, order.orderNumber)).toEqual([])

		// Another address's link cannot be made from this one.
		const [body, signature] = token.split('.')
		const forgedBody = Buffer.from('renewal-reminders\nsomeone@example.pk').toString('base64url')
		// The signature with its first character changed (to one it is not: a fixed letter would be the real one 1 time in 64).
		const tampered = `${body}.${signature!.startsWith('x') ? 'y' : 'x'}${signature!.slice(1)}`
		for (const forged of [`${forgedBody}.${signature}`, tampered, 'nonsense', '']) {
			const get = await fetch(`${shop.url}/unsubscribe?t=${encodeURIComponent(forged)}`)
			expect(get.status).toBe(400)
			expect(await get.text()).toContain('This unsubscribe link is not valid')
			const post = await fetch(`${shop.url}/unsubscribe?t=${encodeURIComponent(forged)}`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' })
			expect(post.status).toBe(400)
		}
		expect(await db.select().from(emailUnsubscribes)).toHaveLength(1)
	})

	it('Renew: the holder lands on checkout with the same option at today’s price; a stranger learns nothing; a product no longer sold says so', async () => {
		const order = await deliveredOrder(db, 2 * DAY)
		const [row] = await db.select().from(orders).where(eq(orders.orderNumber, order.orderNumber))
		// Today's price differs from what was paid.
		await db.update(productVariants).set({ price: 2950 }).where(and(eq(productVariants.productId, 1), eq(productVariants.months, 1), eq(productVariants.accountType, 'shared')))

		// The email's link: the token becomes the order's cookie and leaves the address.
		const first = await fetch(`${shop.url}/renew/${order.orderNumber}/0?token=${encodeURIComponent(row!.accessToken!)}`, { redirect: 'manual' })
		expect(first.status).toBe(302)
		expect(first.headers.get('location')).toBe(`/renew/${order.orderNumber}/0`)
		const cookie = /oa_[^;]*/.exec(first.headers.get('set-cookie') ?? '')![0]
		const landing = await fetch(`${shop.url}/renew/${order.orderNumber}/0`, { headers: { Cookie: cookie }, redirect: 'manual' })
		expect(landing.status).toBe(302)
		const checkoutPath = `/checkout?renew=${order.orderNumber}&line=0`
		expect(landing.headers.get('location')).toBe(checkoutPath)
		// Checkout says what it renews and is filled in with the order's customer, whose form places the renewal.
		const checkout = await fetch(`${shop.url}${checkoutPath}`, { headers: { Cookie: cookie } })
		expect(checkout.status).toBe(200)
		const html = withoutScripts(await checkout.text()).replace(/<!-- -->/g, '')
		expect(html).toContain('Renewing <strong>Xbox Game Pass Ultimate (Console Edition), 1 Month · Shared account</strong> from order')
		expect(html).toContain(`<bdi>#${order.orderNumber}</bdi></a>`)
		expect(html).toContain('Rs. 2,950')
		expect(html).toContain('value="Sara Ahmed"')
		expect(html).toContain('value="sara@example.pk"')
		expect(html).toMatch(/<form[^>]* method="post"/)

		const checkoutKey = /name="checkoutKey" value="([^"]+)"/.exec(html)![1]!
		const placed = await fetch(`${shop.url}${checkoutPath}`, {
			method: 'POST',
			redirect: 'manual',
			headers: { Cookie: cookie, 'Content-Type': 'application/x-www-form-urlencoded' },
			body: new URLSearchParams({ checkoutKey, customerName: 'Sara Ahmed', customerEmail: 'sara@example.pk', customerMobile: '03001234567', paymentMethod: 'manual' }),
		})
		expect(placed.status).toBe(302)
		const renewalNumber = new URL(placed.headers.get('location')!, shop.url).searchParams.get('internalOrderId')!
		const renewal = await withLinesOf(db, (await db.select().from(orders).where(eq(orders.orderNumber, renewalNumber)))[0])
		expect(renewal).toMatchObject({ renewsOrderId: row!.id, totalAmount: 2950, customerName: 'Sara Ahmed' })
		expect(renewal!.productDetails[0]).toMatchObject({ id: 1, selectedAccountType: 'shared', selectedDuration: { months: 1 } })

		// A stranger at the renewal's checkout learns nothing, and an order placed naming it is not linked.
		const strangerCheckout = await fetch(`${shop.url}${checkoutPath}`)
		expect(strangerCheckout.status).toBe(404)
		expect(await strangerCheckout.text()).not.toContain('Sara Ahmed')
		const unlinked = await fetch(`${shop.url}/api/checkout`, {
			method: 'POST',
			headers: { 'Content-Type': 'application/json' },
			body: JSON.stringify({ ...checkoutBody([ultimateShared]), paymentMethod: 'manual', renewsOrderNumber: order.orderNumber }),
		})
		expect(unlinked.status).toBe(201)
		const [unlinkedRow] = await db.select().from(orders).where(eq(orders.orderNumber, ((await unlinked.json()) as { orderNumber: string }).orderNumber))
		expect(unlinkedRow!.renewsOrderId).toBeNull()

		// Strangers: no cookie, a wrong token, another line, an order that does not exist: the same 404.
		const strangerAnswers = [
			await fetch(`${shop.url}/renew/${order.orderNumber}/0`),
			await fetch(`${shop.url}/renew/${order.orderNumber}/0?token=wrong`, { redirect: 'manual' }),
			await fetch(`${shop.url}/renew/${order.orderNumber}/5`, { headers: { Cookie: cookie } }),
			await fetch(`${shop.url}/renew/GV-0000-NOPE/0`),
		]
		for (const answer of strangerAnswers) {
			expect(answer.status).toBe(404)
			const text = withoutScripts(await answer.text())
			expect(text).toContain('We could not find that subscription')
			expect(text).not.toContain('Shared account')
			expect(text).not.toContain('Rs. 2,950')
		}

		// The buyer signed in with the order's address may renew without the order's token; another buyer may not.
		const sessionFor = async (email: string) => {
			await placeOrder(db, checkoutBody(undefined, { customerEmail: email }))
			await requestBuyerSignIn(db, { email, clientIp: '203.0.113.9' })
			const [mail] = await db.select().from(emailOutbox).where(sql`${emailOutbox.dedupeKey} like 'sign-in:%' and ${emailOutbox.toEmail} = ${email}`)
			const token = new URL(openEmail(mail!).params.SIGN_IN_URL!).searchParams.get('token')
			return `buyer_session=${(await redeemSignInLink(db, token, { ip: null, userAgent: null })).sessionId}`
		}
		const signedIn = await fetch(`${shop.url}/renew/${order.orderNumber}/0`, { headers: { Cookie: await sessionFor('sara@example.pk') } })
		expect(signedIn.status).toBe(200)
		expect(signedIn.url).toContain(checkoutPath)
		expect(await signedIn.text()).toContain('Rs. 2,950')
		const otherBuyer = await fetch(`${shop.url}/renew/${order.orderNumber}/0`, { headers: { Cookie: await sessionFor('someone@example.pk') } })
		expect(otherBuyer.status).toBe(404)

		// The option is no longer sold: a page that says so, with the product.
		await db.update(productVariants).set({ hidden: true }).where(and(eq(productVariants.productId, 1), eq(productVariants.months, 1), eq(productVariants.accountType, 'shared')))
		const gone = await fetch(`${shop.url}/renew/${order.orderNumber}/0`, { headers: { Cookie: cookie } })
		expect(gone.status).toBe(410)
		const goneHtml = await gone.text()
		expect(goneHtml).toContain('is no longer sold with the option you had')
		expect(goneHtml).toContain('href="/product/1"')
	})

	it('the order page shows each subscription line’s end and days left to the holder only', async () => {
		const order = await deliveredOrder(db, 10 * DAY - 2 * HOUR)
		const [row] = await db.select().from(orders).where(eq(orders.orderNumber, order.orderNumber))
		const cookie = `oa_${order.orderNumber}=${encodeURIComponent(row!.accessToken!)}`
		const full = await (await fetch(`${shop.url}/order-status?internalOrderId=${order.orderNumber}`, { headers: { Cookie: cookie } })).text()
		const ends = order.endsAt.toISOString()
		expect(full.replace(/<!-- -->/g, '')).toContain(`Ends <time dateTime="${ends}">${formatPakistanDay(ends)}</time> · 10 days left`)
		expect(full).toContain(`href="/renew/${order.orderNumber}/0"`)
		const stranger = withoutScripts(await (await fetch(`${shop.url}/order-status?internalOrderId=${order.orderNumber}`)).text())
		expect(stranger).not.toContain('days left')
		expect(stranger).not.toContain('/renew/')
	})
})
