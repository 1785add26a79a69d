// Order updates on WhatsApp (ADR-035) against the real server and a local server speaking the Cloud
// API's messages endpoint (tests/fakes/whatsapp-server.ts): the owner connects WhatsApp on the store
// details page (bad input refused beside its field, the token never shown back), the checkout offers
// the box only then, and a ticked order's events reach the buyer's number as one template message each
// (the order number, the sentence in the order's language, the order page), however often the event
// happens; WhatsApp failing is retried, WhatsApp refusing is given up and shown on the order's page.
import { eq, sql } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../app/db/client.server'
import { jobs, orders, whatsappOutbox } from '../../app/db/schema'
import { jobHandlers } from '../../app/domain/jobs/handlers.server'
import { runDueJobs } from '../../app/domain/jobs/worker.server'
import { markOrderPaid } from '../../app/domain/payments/mark-order-paid.server'
import { emailProvider } from '../../app/integrations/email/provider.server'
import { SIMULATOR, payproClient } from '../../app/integrations/paypro/paypro.server'
import { startFakeWhatsApp, FAKE_WHATSAPP } from '../fakes/whatsapp-server'
import { fieldErrorIn } from '../setup/field-error'
import { withoutScripts } from '../setup/page-text'
import { makeJobsDue, orderRow } from '../setup/payments'
import { databaseKinds, resetData } from '../setup/test-db'
import { signInOverHttp, useTestShop } from '../setup/test-shop'

const whatsapp = await startFakeWhatsApp()
afterAll(() => whatsapp.close())

const GIFT_CARD_LINE = '/checkout?product=14&value=%2410+USD'
const buyer = { customerName: 'Ali Khan', customerEmail: 'ali@example.pk', customerMobile: '0300 1234567' }
const form = { 'Content-Type': 'application/x-www-form-urlencoded' }
const connection = { token: FAKE_WHATSAPP.token, phoneNumberId: FAKE_WHATSAPP.phoneNumberId, templateName: 'order_update', languageEn: 'en', languageUr: 'ur' }

describe.each(databaseKinds)('order updates on WhatsApp on %s', (kind) => {
	const testShop = useTestShop(kind, 'whatsapp', {
		JOBS_WORKER: 'false',
		CHECKOUT_RATE_LIMIT: '1000',
		TRUST_PROXY: 'true',
		WHATSAPP_API_URL: whatsapp.url,
		ADMIN_EMAIL: 'owner@example.pk',
		ADMIN_PASSWORD: 'owner-password-1',
	})
	let db: Db
	let url: string
	let owner: string
	let ip = 0
	beforeAll(async () => {
		db = testShop.db
		url = testShop.url
		owner = await signInOverHttp(url, 'owner@example.pk', 'owner-password-1', `198.51.100.${++ip}`)
	})
	afterEach(async () => {
		whatsapp.reset()
		await db.execute(sql`truncate orders, order_lines, whatsapp_outbox, push_outbox, email_outbox, jobs restart identity cascade`)
	})
	afterAll(async () => {
		await resetData(testShop.shop.database)
	})

	const handlers = () => jobHandlers(db, { email: () => emailProvider(), paypro: () => payproClient(), reconcileAfterMinutes: 3, expiryHours: 72 })
	async function runJobs() {
		while ((await runDueJobs(db, handlers())) > 0) {
			// until none is due
		}
	}
	const store = (fields: Record<string, string>, cookie = owner) =>
		fetch(`${url}/admin/store`, { method: 'POST', redirect: 'manual', headers: { ...form, Origin: url, Cookie: cookie }, body: new URLSearchParams(fields) })
	const connect = async () => expect((await store({ intent: 'whatsapp-save', ...connection })).status).toBe(200)
	const checkoutPage = async (prefix = '') => withoutScripts(await (await fetch(`${url}${prefix}${GIFT_CARD_LINE}`)).text())
	/** The checkout's own form, sent without scripts as a browser sends it; answers the order placed. */
	async function checkOut(fields: Record<string, string> = {}, prefix = '') {
		const res = await fetch(`${url}${prefix}${GIFT_CARD_LINE}`, { method: 'POST', redirect: 'manual', headers: form, body: new URLSearchParams({ ...buyer, paymentMethod: 'paypro', ...fields }) })
		expect(res.status).toBe(302)
		const [row] = await db.select().from(orders).orderBy(sql`${orders.id} desc`).limit(1)
		return { order: row!, paymentUrl: res.headers.get('location')! }
	}
	/** The buyer presses Pay on the PayPro test page: its callback marks the order paid. */
	async function pay(paymentUrl: string) {
		const res = await fetch(paymentUrl, { method: 'POST', body: new URLSearchParams({ outcome: 'pay' }), redirect: 'manual' })
		expect(res.status).toBe(303)
	}
	const replayCallback = (orderNumber: string) =>
		fetch(`${url}/paypro/uis?${new URLSearchParams({ username: SIMULATOR.callbackUsername, password: SIMULATOR.callbackPassword, csvinvoiceids: orderNumber })}`).then((r) => r.json())
	const orderLink = (orderNumber: string, prefix = '') => `${url}${prefix}/order-status?internalOrderId=${encodeURIComponent(orderNumber)}`

	it('not connected: the checkout has no box, and an order that asked anyway gets no message', async () => {
		const page = await checkoutPage()
		expect(page).toContain('Phone Number')
		expect(page).not.toContain('Send updates on WhatsApp')
		expect(page).not.toContain('name="whatsappUpdates"')
		const { order, paymentUrl } = await checkOut({ whatsappUpdates: 'true' })
		await pay(paymentUrl)
		expect((await orderRow(db, order.orderNumber))!.paymentStatus).toBe('paid')
		await runJobs()
		expect(whatsapp.requests).toEqual([])
		expect(await db.select().from(whatsappOutbox)).toEqual([])
	})

	it('the owner connects WhatsApp; nonsense is refused beside its field with a 400, never a 500', async () => {
		let res = await store({ intent: 'whatsapp-save', token: 'short', phoneNumberId: '+92 300 1234567', templateName: 'Order Update', languageEn: 'english', languageUr: '' })
		expect(res.status).toBe(400)
		const html = await res.text()
		expect(fieldErrorIn(html, 'token')).toContain('does not look like an access token')
		expect(fieldErrorIn(html, 'phoneNumberId')).toContain('digits only')
		expect(fieldErrorIn(html, 'templateName')).toBe('A template name is lower-case letters, digits and underscores, like order_update.')
		expect(fieldErrorIn(html, 'languageEn')).toBe('A language code like en, en_US or ur.')
		// Without a token saved, one is needed.
		res = await store({ intent: 'whatsapp-save', ...connection, token: '' })
		expect(res.status).toBe(400)
		expect(fieldErrorIn(await res.text(), 'token')).toContain('Paste the access token')
		res = await store({ intent: 'whatsapp-nonsense' })
		expect(res.status).toBe(400)

		res = await store({ intent: 'whatsapp-save', ...connection })
		expect(res.status).toBe(200)
		expect(await res.text()).toContain('WhatsApp is connected (template order_update)')
		const page = await checkoutPage()
		expect(page).toContain('Send updates on WhatsApp')
		expect(page).toMatch(/<input type="checkbox"[^>]* name="whatsappUpdates" value="true"\/>/)
		expect(await checkoutPage('/ur')).toContain('واٹس ایپ پر اپڈیٹس بھیجیں')
	})

	it('a ticked order, paid on the payment page, gets one template message: its number, the sentence, its page; a replayed callback sends nothing more', async () => {
		await connect()
		const { order, paymentUrl } = await checkOut({ whatsappUpdates: 'true' })
		expect(order.whatsappUpdates).toBe(true)
		await pay(paymentUrl)
		await runJobs()
		expect(whatsapp.sent).toHaveLength(1)
		expect(whatsapp.sent[0]).toMatchObject({
			phoneNumberId: FAKE_WHATSAPP.phoneNumberId,
			to: '923001234567',
			template: 'order_update',
			language: 'en',
			values: [order.orderNumber, 'Your payment is received. We are preparing your order now.', orderLink(order.orderNumber)],
		})
		expect(whatsapp.requests[0]!.authorization).toBe(`Bearer ${FAKE_WHATSAPP.token}`)
		const [row] = await db.select().from(whatsappOutbox)
		expect(row).toMatchObject({ status: 'sent', event: 'paid', messageId: whatsapp.sent[0]!.id, attempts: 1, lastError: null })

		// PayPro calls again (and again, at once): the order was paid once, and told once.
		expect(await replayCallback(order.orderNumber)).toEqual([{ StatusCode: '00', InvoiceID: order.orderNumber, Description: 'Invoice successfully marked as paid' }])
		await Promise.all([replayCallback(order.orderNumber), replayCallback(order.orderNumber), markOrderPaid(db, order.id)])
		await runJobs()
		expect(whatsapp.sent).toHaveLength(1)
		expect(await db.select().from(whatsappOutbox)).toHaveLength(1)
	})

	it('an Urdu order is told in Urdu, with the Urdu template language and its Urdu page', async () => {
		await connect()
		const { order, paymentUrl } = await checkOut({ whatsappUpdates: 'true' }, '/ur')
		expect(order.lang).toBe('ur')
		await pay(paymentUrl)
		await runJobs()
		expect(whatsapp.sent).toHaveLength(1)
		expect(whatsapp.sent[0]).toMatchObject({
			language: 'ur',
			values: [order.orderNumber, 'آپ کی پیمنٹ مل گئی ہے۔ ہم آپ کا آرڈر ابھی تیار کر رہے ہیں۔', orderLink(order.orderNumber, '/ur')],
		})
	})

	it('an order whose buyer left the box unticked gets nothing', async () => {
		await connect()
		const { order, paymentUrl } = await checkOut()
		expect(order.whatsappUpdates).toBe(false)
		await pay(paymentUrl)
		await runJobs()
		expect(whatsapp.requests).toEqual([])
		expect(await db.select().from(whatsappOutbox)).toEqual([])
	})

	it('the scripted checkout asks with whatsappUpdates: true; anything but a yes or no is refused with a 400', async () => {
		await connect()
		const post = (extra: Record<string, unknown>) =>
			fetch(`${url}/api/checkout`, {
				method: 'POST',
				headers: { 'Content-Type': 'application/json' },
				body: JSON.stringify({ ...buyer, productDetails: [{ id: 14, quantity: 1, selectedDenomination: { label: '$10 USD', value: 10 } }], ...extra }),
			})
		const asked = await post({ whatsappUpdates: true })
		expect(asked.status).toBe(200)
		const { orderNumber } = (await asked.json()) as { orderNumber: string }
		expect((await orderRow(db, orderNumber))!.whatsappUpdates).toBe(true)
		const refused = await post({ whatsappUpdates: 'maybe' })
		expect(refused.status).toBe(400)
		expect(await refused.json()).toMatchObject({ status: '02', fieldErrors: { whatsappUpdates: expect.any(String) } })
	})

	it('WhatsApp failing (500) is tried again and the message sent once; WhatsApp refusing (400, 131026) is given up and shown on the order’s console page', async () => {
		await connect()
		const first = await checkOut({ whatsappUpdates: 'true' })
		whatsapp.fail(500)
		await pay(first.paymentUrl)
		await runJobs()
		expect(whatsapp.sent).toHaveLength(0)
		let [row] = await db.select().from(whatsappOutbox).where(eq(whatsappOutbox.orderNumber, first.order.orderNumber))
		expect(row).toMatchObject({ status: 'pending', attempts: 1, lastError: expect.stringContaining('500') })
		await makeJobsDue(db)
		await runJobs()
		expect(whatsapp.sent).toHaveLength(1)
		expect(whatsapp.requests).toHaveLength(2)
		;[row] = await db.select().from(whatsappOutbox).where(eq(whatsappOutbox.orderNumber, first.order.orderNumber))
		expect(row).toMatchObject({ status: 'sent', attempts: 2, lastError: null })

		// 429 is WhatsApp asking to slow down: tried again too.
		const second = await checkOut({ whatsappUpdates: 'true', customerMobile: '+92 321 7654321' })
		whatsapp.fail(429)
		await pay(second.paymentUrl)
		await runJobs()
		await makeJobsDue(db)
		await runJobs()
		expect(whatsapp.sent.map((m) => m.to)).toEqual(['923001234567', '923217654321'])

		const third = await checkOut({ whatsappUpdates: 'true', customerMobile: '0333 0000000' })
		whatsapp.fail(400, { code: 131026 })
		await pay(third.paymentUrl)
		await runJobs()
		await makeJobsDue(db)
		await runJobs()
		expect(whatsapp.requests).toHaveLength(5)
		expect(whatsapp.sent).toHaveLength(2)
		;[row] = await db.select().from(whatsappOutbox).where(eq(whatsappOutbox.orderNumber, third.order.orderNumber))
		expect(row).toMatchObject({ status: 'failed', attempts: 1, lastError: expect.stringContaining('131026') })
		const [job] = await db.select().from(jobs).where(eq(jobs.dedupeKey, `whatsapp:${row!.id}`))
		expect(job!.status).toBe('done')

		const page = withoutScripts(await (await fetch(`${url}/admin/orders/${third.order.orderNumber}`, { headers: { Cookie: owner } })).text())
		expect(page).toContain('WhatsApp updates')
		expect(page).toContain('+923330000000')
		expect(page).toContain('Failed')
		expect(page).toContain('131026')
	})

	it('the owner sends a test message, changes the template without retyping the token, and disconnects; the token is never in a page or an answer', async () => {
		await connect()
		let res = await store({ intent: 'whatsapp-test', testPhone: '12' })
		expect(res.status).toBe(400)
		expect(fieldErrorIn(await res.text(), 'testPhone')).toContain('Pakistani mobile number')
		res = await store({ intent: 'whatsapp-test', testPhone: '0300 7654321' })
		expect(res.status).toBe(200)
		expect(await res.text()).toContain('WhatsApp accepted the test message to +923007654321')
		expect(whatsapp.sent.at(-1)).toMatchObject({ to: '923007654321', template: 'order_update', language: 'en', values: ['TEST', expect.stringContaining('This is a test message from'), `${url}/`] })
		whatsapp.fail(400, { code: 132001 })
		res = await store({ intent: 'whatsapp-test', testPhone: '0300 7654321' })
		expect(res.status).toBe(400)
		expect(await res.text()).toContain('WhatsApp refused the test message')

		// A refused change comes back without the token typed in it.
		const newToken = 'EAAGanotherTokenTypedByTheOwner987654321'
		res = await store({ intent: 'whatsapp-save', ...connection, token: newToken, templateName: 'Bad Name' })
		expect(res.status).toBe(400)
		expect(await res.text()).not.toContain(newToken)
		res = await store({ intent: 'whatsapp-save', ...connection, token: '', templateName: 'order_update_v2' })
		expect(res.status).toBe(200)
		expect(await res.text()).not.toContain(FAKE_WHATSAPP.token)

		const order = await checkOut({ whatsappUpdates: 'true' })
		await pay(order.paymentUrl)
		await runJobs()
		expect(whatsapp.sent.at(-1)).toMatchObject({ template: 'order_update_v2', values: [order.order.orderNumber, expect.any(String), expect.any(String)] })
		expect(whatsapp.requests.at(-1)!.authorization).toBe(`Bearer ${FAKE_WHATSAPP.token}`)

		const storePage = await (await fetch(`${url}/admin/store`, { headers: { Cookie: owner } })).text()
		expect(withoutScripts(storePage)).toMatch(new RegExp(`access token saved, ends(<!-- -->)? (<!-- -->)?<code[^>]*>…(<!-- -->)?${FAKE_WHATSAPP.token.slice(-4)}</code>`))
		const pages = [
			storePage,
			await (await fetch(`${url}/admin/orders/${order.order.orderNumber}`, { headers: { Cookie: owner } })).text(),
			await (await fetch(`${url}/admin/jobs`, { headers: { Cookie: owner } })).text(),
			await (await fetch(`${url}/admin/security`, { headers: { Cookie: owner } })).text(),
			await (await fetch(`${url}/admin/store.data`, { headers: { Cookie: owner } })).text(),
			await (await fetch(`${url}/api/admin/store-settings`, { headers: { Cookie: owner, Origin: url } })).text(),
		]
		for (const page of pages) {
			expect(page).not.toContain(FAKE_WHATSAPP.token)
			expect(page).not.toContain(FAKE_WHATSAPP.token.slice(0, 20))
		}

		res = await store({ intent: 'whatsapp-remove' })
		expect(res.status).toBe(200)
		expect(await checkoutPage()).not.toContain('Send updates on WhatsApp')
		const after = await db.select().from(whatsappOutbox)
		const before = whatsapp.requests.length
		await markOrderPaid(db, (await checkOut({ whatsappUpdates: 'true' })).order.id)
		await runJobs()
		expect(whatsapp.requests).toHaveLength(before)
		expect(await db.select().from(whatsappOutbox)).toHaveLength(after.length)
	})

	it('only the owner may connect WhatsApp', async () => {
		const { createStaff } = await import('../../app/domain/staff/manage-staff.server')
		await createStaff(db, { email: 'amna@example.pk', name: 'Amna', role: 'staff', password: 'amna-password-1' })
		const staff = await signInOverHttp(url, 'amna@example.pk', 'amna-password-1', `198.51.100.${++ip}`)
		const res = await store({ intent: 'whatsapp-save', ...connection }, staff)
		expect(res.status).toBe(403)
		expect(await db.execute(sql`select 1 from store_settings where key = 'whatsapp'`).then((r) => r.rows)).toEqual([])
	})
})
