// My orders over HTTP against the real server, on PGlite and PostgreSQL: a buyer asks for a sign-in
// with their address, types the emailed code, and sees exactly the orders placed with that address;
// the code works once; an address without orders gets the same answer and no email; signing out
// everywhere ends every session; hostile input gets a 4xx or the signed-out page, never a 500.
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../app/db/client.server'
import { buyerSessions, emailOutbox } from '../../app/db/schema'
import { BUYER_SIGN_IN_MESSAGES, LIVE_SIGN_INS_PER_ADDRESS } from '../../app/domain/buyers/sign-in.server'
import { lineEndsAt } from '../../app/domain/orders/renewal'
import { formatPakistanDay } from '../../app/utils/pakistan-time'
import type { RunningShop } from '../../server/start'
import { addressAsOnceStored, backdateOrders, moveDelivery, owner, payByProvider, sendReceipt } from '../setup/orders'
import { rejectTransfer } from '../../app/domain/payments/review-transfer.server'
import { checkoutBody, giftCard10, placeOrder } from '../setup/payments'
import { openOrderStream } from '../setup/order-stream'
import { openEmail } from '../../app/domain/email/sealed-email.server'
import { useTestShop } from '../setup/test-shop'
import { databaseKinds } from '../setup/test-db'
import { cancelOrder } from '../../app/domain/orders/cancel-order.server'
import { refundOrder } from '../../app/domain/refunds/refund-order.server'
import { readCustomer } from '../../app/domain/customers/customers.server'
import { createDmOrder } from '../../app/domain/orders/create-dm-order.server'
import { dmOrderRequest } from '../../app/domain/orders/dm-order-input'
import { markDmOrderPaid } from '../../app/domain/payments/mark-dm-order-paid.server'
import { inEnglish } from '../../app/i18n/english'

/** PC Game Pass, 1 Month: a subscription line. */
const pcGamePass = { id: 10, quantity: 1, selectedDuration: { label: '1 Month', months: 1 } }
const form = { 'Content-Type': 'application/x-www-form-urlencoded' }
/** What the buyer reads: the page's HTML without its scripts (they carry the page's data, the catalogue's messages among it), React's comments between text parts dropped. */
const readable = (html: string) => html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, '').replace(/<!-- -->/g, '')
const html = async (res: Response) => readable(await res.text())
/** The sign-in email's code, as the buyer reads it in the subject. */
const codeOf = (subject: string) => /^(\d{6}) is your /.exec(subject)![1]!

describe.each(databaseKinds)('My orders over HTTP on %s', (kind) => {
	let shop: RunningShop
	let db: Db
	const testShop = useTestShop(kind, 'my_orders', { CHECKOUT_RATE_LIMIT: '1000', JOBS_WORKER: 'false' }, { emptiedAfterEach: true })

	beforeAll(async () => {
		shop = testShop.shop
		db = shop.database.db
	}, 120_000)

	const post = (body: Record<string, string>, headers: Record<string, string> = {}) =>
		fetch(`${shop.url}/my-orders`, { method: 'POST', redirect: 'manual', headers: { ...form, ...headers }, body: new URLSearchParams(body) })
	const myOrders = (cookie?: string) => fetch(`${shop.url}/my-orders`, { headers: cookie ? { Cookie: cookie } : {} })
	const signInEmails = (email: string) =>
		db
			.select()
			.from(emailOutbox)
			.where(eq(emailOutbox.toEmail, email))
			.orderBy(emailOutbox.id)
			.then((rows) => rows.map(openEmail))
	const verify = (email: string, code: string) =>
		fetch(`${shop.url}/my-orders/verify`, { method: 'POST', redirect: 'manual', headers: form, body: new URLSearchParams({ email, code, next: '/my-orders' }) })
	/** Asks for a sign-in, reads the newest code from the outbox, types it: the session cookie. */
	async function signIn(email: string): Promise<string> {
		expect((await post({ intent: 'request', email })).status).toBe(200)
		const code = codeOf((await signInEmails(email)).at(-1)!.subject)
		const res = await verify(email, code)
		expect(res.status).toBe(303)
		const session = /buyer_session=[\w-]+/.exec(res.headers.get('set-cookie') ?? '')
		expect(session).not.toBeNull()
		return session![0]
	}

	it('the emailed code signs the buyer in; the page lists exactly the orders placed with their address, newest first; the code works once', async () => {
		const giftCard = await placeOrder(db, checkoutBody([giftCard10], { customerEmail: 'Sara@Example.pk', customerName: 'Sara Ahmed' }))
		const subscription = await placeOrder(db, checkoutBody([pcGamePass], { customerEmail: 'sara@example.pk ', customerName: 'Sara Ahmed' }))
		const stranger = await placeOrder(db, checkoutBody([giftCard10], { customerEmail: 'bilal@example.pk', customerName: 'Bilal Khan' }))
		const deliveredAt = new Date(Date.now() - 5 * 24 * 60 * 60 * 1000)
		await payByProvider(db, subscription)
		await moveDelivery(db, subscription, 'completed', 'PCGP-7Q4K-99ZT')
		await backdateOrders(db, subscription.orderNumber, { paidAt: deliveredAt, deliveredAt })
		// The paid and delivered emails went to the buyer: the sign-in request adds exactly one.
		const earlier = (await db.select().from(emailOutbox)).length

		// Signed out: what the page is, and the email form.
		const signedOut = await myOrders()
		expect(signedOut.status).toBe(200)
		expect(signedOut.headers.get('cache-control')).toBe('private, no-store')
		const signedOutHtml = await html(signedOut)
		expect(signedOutHtml).toContain('<h1>My orders</h1>')
		expect(signedOutHtml).toContain('name="robots" content="noindex"')
		expect(signedOutHtml).toContain('name="intent" value="request"')
		expect(signedOutHtml).not.toContain(giftCard.orderNumber)

		// The request: the one answer, the code form with the typed address, one email to the address.
		const sent = await post({ intent: 'request', email: ' Sara@Example.PK ' })
		expect(sent.status).toBe(200)
		const sentHtml = await html(sent)
		expect(sentHtml).toContain(inEnglish(BUYER_SIGN_IN_MESSAGES.sent))
		expect(sentHtml).toContain('action="/my-orders/verify"')
		expect(sentHtml).toContain('value="Sara@Example.PK"')
		const mails = (await db.select().from(emailOutbox).orderBy(emailOutbox.id)).slice(earlier).map(openEmail)
		expect(mails).toHaveLength(1)
		expect(mails[0]).toMatchObject({ toEmail: 'sara@example.pk', subject: expect.stringMatching(/^\d{6} is your .* sign-in code$/) })
		const code = codeOf(mails[0]!.subject)
		expect(mails[0]!.text).toContain(`Or type this code on the page: ${code}`)
		expect(mails[0]!.params.SIGN_IN_URL).toContain('next=%2Fmy-orders')

		// The code: a session cookie, and on to My orders.
		const verified = await verify('sara@example.pk', code)
		expect(verified.status).toBe(303)
		expect(verified.headers.get('location')).toBe('/my-orders')
		const cookie = /buyer_session=[\w-]+/.exec(verified.headers.get('set-cookie') ?? '')![0]
		expect(verified.headers.get('set-cookie')).toMatch(/HttpOnly/)

		const page = await myOrders(cookie)
		expect(page.status).toBe(200)
		expect(page.headers.get('cache-control')).toBe('private, no-store')
		const signedIn = await html(page)
		expect(signedIn).toContain('Signed in as <strong class="break-anywhere"><bdi>sara@example.pk</bdi></strong>')
		expect(signedIn).toContain(giftCard.orderNumber)
		expect(signedIn).toContain(subscription.orderNumber)
		expect(signedIn).not.toContain(stranger.orderNumber)
		// Newest first, each with its order page, receipt, total and state.
		expect(signedIn.indexOf(subscription.orderNumber)).toBeLessThan(signedIn.indexOf(giftCard.orderNumber))
		expect(signedIn).toContain(`href="/order-status?internalOrderId=${subscription.orderNumber}"`)
		expect(signedIn).toContain(`href="/receipt/${subscription.orderNumber}"`)
		expect(signedIn).toContain(`href="/receipt/${giftCard.orderNumber}"`)
		expect(signedIn).toContain('Rs. 1,200')
		expect(signedIn).toContain('Rs. 3,200')
		expect(signedIn).toContain('Payment Successful')
		expect(signedIn).toContain('Awaiting payment')
		expect(signedIn).toContain('Step 6 of 6: Completed')
		// The subscription's end with Renew; the gift card's Buy again.
		const ends = lineEndsAt(subscription.productDetails[0]!, deliveredAt)!.toISOString()
		expect(signedIn).toMatch(new RegExp(`Ends <time dateTime="${ends}">${formatPakistanDay(ends)}</time> · 2\\d days left`))
		expect(signedIn).toContain(`href="/renew/${subscription.orderNumber}/0"`)
		expect(signedIn).toContain('href="/product/14"')
		expect(signedIn).not.toContain(`href="/renew/${giftCard.orderNumber}/0"`)
		// The codes are hidden behind their Reveal (ADR-050), shown open so the button is in sight.
		expect(signedIn).toMatch(/<details class="my-order-delivery" open=""><summary>Codes and account details<\/summary>(?:(?!<\/details>).)*Delivery details · hidden(?:(?!<\/details>).)*>Reveal<\/button>/s)
		expect(signedIn).not.toContain('PCGP-7Q4K-99ZT')
		expect(signedIn).toContain('Sign out everywhere')

		// The same code a second time signs nobody in.
		const again = await verify('sara@example.pk', code)
		expect(again.status).toBe(400)
		expect(again.headers.get('set-cookie')).toBeNull()
		expect(await html(again)).toContain(inEnglish(BUYER_SIGN_IN_MESSAGES.badCode))
	})

	it('an address with no orders gets the same answer and no email; a refused address keeps what was typed', async () => {
		await placeOrder(db, checkoutBody([giftCard10], { customerEmail: 'sara@example.pk' }))
		const nobody = await post({ intent: 'request', email: 'nobody@example.pk' })
		expect(nobody.status).toBe(200)
		const nobodyHtml = await html(nobody)
		expect(nobodyHtml).toContain(inEnglish(BUYER_SIGN_IN_MESSAGES.sent))
		expect(nobodyHtml).toContain('action="/my-orders/verify"')
		expect(nobodyHtml).toContain('value="nobody@example.pk"')
		expect(await db.select().from(emailOutbox)).toEqual([])

		const bad = await post({ intent: 'request', email: 'sara at example' })
		expect(bad.status).toBe(400)
		const badHtml = await html(bad)
		expect(badHtml).toContain(inEnglish(BUYER_SIGN_IN_MESSAGES.email))
		expect(badHtml).toContain('value="sara at example"')
		expect(badHtml).not.toContain(inEnglish(BUYER_SIGN_IN_MESSAGES.sent))

		// Asking again and again: the address never gets more than three live emails (the earlier ones
		// still work), and past five requests in the hour it is refused with when to try again, the address kept.
		const statuses: number[] = []
		for (let i = 0; i < 5; i++) statuses.push((await post({ intent: 'request', email: 'sara@example.pk' })).status)
		expect(statuses).toEqual(Array(5).fill(200))
		const tooMany = await post({ intent: 'request', email: 'sara@example.pk' })
		expect(tooMany.status).toBe(429)
		const tooManyHtml = await html(tooMany)
		expect(tooManyHtml).toMatch(/Too many sign-in emails were asked for. Please try again in \d+ minutes/)
		expect(tooManyHtml).toContain('value="sara@example.pk"')
		expect(await signInEmails('sara@example.pk')).toHaveLength(LIVE_SIGN_INS_PER_ADDRESS)
	})

	it('Sign out ends this session only; Sign out everywhere ends the others too; both end on the signed-out page', async () => {
		await placeOrder(db, checkoutBody([giftCard10], { customerEmail: 'sara@example.pk' }))
		const phone = await signIn('sara@example.pk')
		const laptop = await signIn('sara@example.pk')
		const tablet = await signIn('sara@example.pk')
		for (const cookie of [phone, laptop, tablet]) expect(await html(await myOrders(cookie))).toContain('Signed in as')

		const out = await post({ intent: 'sign-out' }, { Cookie: tablet })
		expect(out.status).toBe(303)
		expect(out.headers.get('location')).toBe('/my-orders?signedOut=here')
		expect(out.headers.get('set-cookie')).toMatch(/^buyer_session=; .*Max-Age=0/)
		expect(await html(await myOrders(tablet))).not.toContain('Signed in as')
		expect(await html(await myOrders(laptop))).toContain('Signed in as')
		expect(await html(await fetch(`${shop.url}/my-orders?signedOut=here`))).toContain('You are signed out on this device.')

		const everywhere = await post({ intent: 'sign-out-everywhere' }, { Cookie: phone })
		expect(everywhere.status).toBe(303)
		expect(everywhere.headers.get('location')).toBe('/my-orders?signedOut=everywhere')
		expect(everywhere.headers.get('set-cookie')).toMatch(/^buyer_session=; .*Max-Age=0/)
		for (const cookie of [phone, laptop]) {
			const page = await html(await myOrders(cookie))
			expect(page).not.toContain('Signed in as')
			expect(page).toContain('name="intent" value="request"')
		}
		expect(await db.select().from(buyerSessions)).toEqual([])
		const landing = await html(await fetch(`${shop.url}/my-orders?signedOut=everywhere`))
		expect(landing).toContain('You are signed out on every device.')
	})

	it('signing out ends the open order streams of that session within a second; sign out everywhere ends the others', async () => {
		const order = await placeOrder(db, checkoutBody([giftCard10], { customerEmail: 'sara@example.pk' }))
		const phone = await signIn('sara@example.pk')
		const laptop = await signIn('sara@example.pk')
		const phoneStream = await openOrderStream(shop.url, order.orderNumber, { Cookie: phone })
		const laptopStream = await openOrderStream(shop.url, order.orderNumber, { Cookie: laptop })
		const stranger = await openOrderStream(shop.url, order.orderNumber)
		try {
			await Promise.all([phoneStream, laptopStream, stranger].map((s) => s.next((e) => e.event === 'ready')))
			const within = (ms: number, what: Promise<void>) => Promise.race([what.then(() => 'ended'), new Promise((r) => setTimeout(() => r('still open'), ms))])

			expect((await post({ intent: 'sign-out' }, { Cookie: phone })).status).toBe(303)
			expect(await within(1000, phoneStream.ended)).toBe('ended')
			expect(await within(100, laptopStream.ended)).toBe('still open')

			expect((await post({ intent: 'sign-out-everywhere' }, { Cookie: laptop })).status).toBe(303)
			expect(await within(1000, laptopStream.ended)).toBe('ended')
			// A page opened without the session (the order's own link) is not the buyer's sign-in: it stays.
			expect(await within(100, stranger.ended)).toBe('still open')
			const before = phoneStream.events.length
			// The order changes (paid): its live notice goes to the streams still open.
			await payByProvider(db, order)
			await stranger.next((e) => e.event === 'order')
			expect(phoneStream.events.length).toBe(before)
		} finally {
			for (const s of [phoneStream, laptopStream, stranger]) s.close()
		}
	})

	it('a signed-in address without orders gets the empty page; past 50 orders, the 50 newest and a note', async () => {
		const first = await placeOrder(db, checkoutBody([giftCard10], { customerEmail: 'sara@example.pk' }))
		const cookie = await signIn('sara@example.pk')
		await addressAsOnceStored(db, first.orderNumber, 'someone-else@example.pk')
		const empty = await html(await myOrders(cookie))
		expect(empty).toContain('No orders yet')
		expect(empty).not.toContain(first.orderNumber)
		expect(empty).toContain('Sign out everywhere')

		await addressAsOnceStored(db, first.orderNumber, 'sara@example.pk')
		const later = []
		for (let i = 0; i < 50; i++) later.push(await placeOrder(db, checkoutBody([giftCard10], { customerEmail: 'SARA@example.pk' })))
		const full = await html(await myOrders(cookie))
		expect(full.match(/<article class="order-card my-order"/g)).toHaveLength(50)
		expect(full).not.toContain(`>${first.orderNumber}<`)
		expect(full).toContain(`>${later.at(-1)!.orderNumber}<`)
		expect(full).toContain('These are your 50 newest orders.')
	})

	it('an unpaid order’s card offers what its page does: continue or switch an online payment, pay and upload for a transfer; the buyer’s session may use them', async () => {
		const online = await placeOrder(db, checkoutBody([giftCard10], { customerEmail: 'nida@example.pk', customerName: 'Nida Shah' }))
		const transfer = await placeOrder(db, checkoutBody([giftCard10], { customerEmail: 'nida@example.pk', customerName: 'Nida Shah', paymentMethod: 'manual' }))
		const inReview = await placeOrder(db, checkoutBody([giftCard10], { customerEmail: 'nida@example.pk', customerName: 'Nida Shah', paymentMethod: 'manual' }))
		await sendReceipt(db, inReview)
		const rejected = await placeOrder(db, checkoutBody([giftCard10], { customerEmail: 'nida@example.pk', customerName: 'Nida Shah', paymentMethod: 'manual' }))
		await sendReceipt(db, rejected)
		await rejectTransfer(db, owner, rejected.orderNumber, 'The amount does not match.')
		const cookie = await signIn('nida@example.pk')
		const page = await html(await myOrders(cookie))
		expect(page).toContain(`action="/api/order/${online.orderNumber}/pay-again"`)
		expect(page).toContain('Continue to payment')
		expect(page).toContain('Pay by transfer instead')
		expect(page).toContain(`href="/order-status?internalOrderId=${transfer.orderNumber}#pay-by-transfer"`)
		expect(page).toContain('Pay and upload receipt')
		expect(page).toContain('Receipt received, awaiting confirmation by our team.')
		// A rejected transfer leads to its page's ways on: a new receipt, online payment, the chat.
		expect(page).toContain('Your transfer could not be confirmed. Upload a new receipt or pay online instead on the order page.')
		expect(page).toContain(`href="/order-status?internalOrderId=${rejected.orderNumber}#after-rejection"`)
		// Each waits in its own words: online and a transfer "Awaiting payment", a receipt for our check.
		const badgeOf = (orderNumber: string) => new RegExp(`${orderNumber}</span></a></h2><span class="order-badge small warning" data-testid="payment-badge">([^<]*)</span>`).exec(page)?.[1]
		expect(badgeOf(online.orderNumber)).toBe('Awaiting payment')
		expect(badgeOf(transfer.orderNumber)).toBe('Awaiting payment')
		expect(badgeOf(inReview.orderNumber)).toBe('Receipt being checked')
		const urdu = await html(await fetch(`${shop.url}/ur/my-orders`, { headers: { Cookie: cookie } }))
		expect(urdu).toContain('ادائیگی کا انتظار')
		expect(urdu).toContain('رسید کی جانچ ہو رہی ہے')

		// Signed in (no order cookie in this browser): "Pay by transfer instead" switches the order and leads to its transfer details.
		const switched = await fetch(`${shop.url}/api/order/${online.orderNumber}/pay-again`, {
			method: 'POST',
			redirect: 'manual',
			headers: { ...form, Accept: 'text/html', Cookie: cookie },
			body: new URLSearchParams({ paymentMethod: 'manual' }),
		})
		expect(switched.status).toBe(303)
		expect(switched.headers.get('location')).toBe(`/order-status?internalOrderId=${online.orderNumber}#pay-by-transfer`)
		const orderPage = await html(await fetch(`${shop.url}/order-status?internalOrderId=${online.orderNumber}`, { headers: { Cookie: cookie } }))
		expect(orderPage).toContain('Write this as the payment reference:')
		expect(orderPage).toContain(`action="/api/order/${online.orderNumber}/receipt"`)
	})

	it('a refunded subscription reads no end, no days left and no Renew, on My orders and under the customer’s running subscriptions', async () => {
		const staff = { staffId: null, label: 'owner@example.pk' }
		const dm = await createDmOrder(db, { apiKeyId: null, label: 'api key: test' }, dmOrderRequest.parse({ customer: { name: 'Rahim Khan', email: 'rahim@example.pk', phone: null }, items: [{ id: 1 }], durationDays: 30 }))
		await markDmOrderPaid(db, staff, dm.orderNumber, 'Paid in the chat')
		const online = await placeOrder(db, checkoutBody([pcGamePass], { customerEmail: 'rahim@example.pk', customerName: 'Rahim Khan' }))
		await payByProvider(db, online)
		await moveDelivery(db, online, 'completed')
		const cookie = await signIn('rahim@example.pk')
		const running = await html(await myOrders(cookie))
		expect(running.match(/days left/g)).toHaveLength(2)
		expect(running).toContain(`href="/renew/${online.orderNumber}/0"`)
		expect((await readCustomer(db, dm.id)).customer.subscriptions).toHaveLength(2)

		for (const order of [dm, online]) await refundOrder(db, staff, order.orderNumber, { amount: order.totalAmount, method: 'bank', reason: 'Not wanted', units: 'void' })
		const refunded = await html(await myOrders(cookie))
		expect(refunded.match(/Refunded: <span class="rs">/g)).toHaveLength(2)
		expect(refunded).not.toContain('days left')
		expect(refunded).not.toMatch(/>Ends </)
		expect(refunded).not.toContain('href="/renew/')
		expect((await readCustomer(db, dm.id)).customer.subscriptions).toEqual([])
		// The order page says no end either.
		const page = await html(await fetch(`${shop.url}/order-status?internalOrderId=${dm.orderNumber}`, { headers: { Cookie: cookie } }))
		expect(page).not.toContain('days left')
		// Nor under the online order's lines: no end, no Renew.
		const linesPage = await html(await fetch(`${shop.url}/order-status?internalOrderId=${online.orderNumber}`, { headers: { Cookie: cookie } }))
		expect(linesPage).toContain('Refunded')
		expect(linesPage).not.toContain('days left')
		expect(linesPage).not.toContain('href="/renew/')
	})

	it('a refunded order’s card says "Partly refunded" with the amount, and a cancelled one its reason', async () => {
		const refunded = await placeOrder(db, checkoutBody([giftCard10], { customerEmail: 'zara@example.pk', customerName: 'Zara Ali' }))
		const cancelled = await placeOrder(db, checkoutBody([giftCard10], { customerEmail: 'zara@example.pk', customerName: 'Zara Ali' }))
		await payByProvider(db, refunded)
		const staff = { staffId: null, label: 'owner@example.pk' }
		await refundOrder(db, staff, refunded.orderNumber, { amount: 1200, method: 'bank', reason: 'Price dropped', units: 'void' })
		await cancelOrder(db, staff, cancelled.orderNumber, { reason: 'Out of stock this week' })
		const page = await html(await myOrders(await signIn('zara@example.pk')))
		expect(page).toMatch(/Partly refunded: <span class="rs">Rs. 1,200<\/span>/)
		expect(page).toContain('Partly Refunded')
		expect(page).toContain('Cancelled: Out of stock this week')
	})

	it('hostile input gets a 4xx or the signed-out page, never a 500', async () => {
		await placeOrder(db, checkoutBody([giftCard10], { customerEmail: 'sara@example.pk' }))
		const cookie = await signIn('sara@example.pk')

		const nul = await post({ intent: 'request', email: 'sara\u0000@example.pk' })
		expect(nul.status).toBe(400)
		const huge = await post({ intent: 'request', email: `${'a'.repeat(100 * 1024)}@example.pk` })
		expect(huge.status).toBe(413)
		const json = await fetch(`${shop.url}/my-orders`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ intent: 'request', email: 'sara@example.pk' }) })
		expect(json.status).toBe(415)
		const unknown = await post({ intent: 'delete-everything' }, { Cookie: cookie })
		expect(unknown.status).toBe(400)
		expect(await unknown.text()).toContain('This form was not understood')
		const missing = await post({ email: 'sara@example.pk' })
		expect(missing.status).toBe(400)
		// Only the one sign-in email of signIn() went out.
		expect(await signInEmails('sara@example.pk')).toHaveLength(1)

		for (const bad of ['buyer_session=%%%', 'buyer_session="', `buyer_session=${'a'.repeat(5000)}`, 'buyer_session=../../etc', 'buyer_session', '=;;=']) {
			const page = await myOrders(bad)
			expect(page.status, bad).toBe(200)
			const text = await html(page)
			expect(text).not.toContain('Signed in as')
			expect(text).toContain('name="intent" value="request"')
			const out = await post({ intent: 'sign-out-everywhere' }, { Cookie: bad })
			expect(out.status, bad).toBe(303)
		}
		// None of those ended the real session.
		expect(await html(await myOrders(cookie))).toContain('Signed in as')
	})
})
