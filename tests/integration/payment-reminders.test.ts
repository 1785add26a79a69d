// Every money moment has a next step (issue 34): an online order left unpaid, and a transfer without its
// receipt, are reminded at the owner's times (each reminder once, none once the order is paid, cancelled
// or expired, none to an address that unsubscribed), in the order's language; and staff may reopen a
// transfer they rejected, audited, and confirm it after all. On PGlite (and PostgreSQL when set), with
// the shop's clock moved forward instead of waiting.
import { and, asc, eq, like } from 'drizzle-orm'
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { auditLog, emailOutbox, orderEvents } from '../../app/db/schema'
import { paymentReminderDue } from '../../app/domain/orders/payment-reminders'
import { queuePaymentReminders } from '../../app/domain/orders/payment-reminders.server'
import { isUnsubscribed, unsubscribe, unsubscribeToken } from '../../app/domain/orders/renewal-unsubscribe.server'
import { orderTimeline } from '../../app/domain/orders/order-timeline.server'
import { confirmTransfer, rejectTransfer, reopenTransfer } from '../../app/domain/payments/review-transfer.server'
import { parseStoreDetailsPatch } from '../../app/domain/settings/store-details'
import { forgetStoreDetails, updateStoreDetails } from '../../app/domain/settings/store-details.server'
import { moveClockForTests, resetClockForTests } from '../../app/utils/clock'
import { cancelUnpaid, expireOrder, failOrder, owner, payByProvider, sendReceipt } from '../setup/orders'
import { checkoutBody, giftCard10, orderRow, placeOrder } from '../setup/payments'
import { databaseKinds, useTestDatabase } from '../setup/test-db'
import { signInOverHttp, useTestShop } from '../setup/test-shop'
import { createApiKey } from '../../app/domain/staff/api-keys.server'
import type { Db } from '../../app/db/client.server'

const MINUTE = 60_000
const HOUR = 60 * MINUTE

describe('when a payment reminder is due', () => {
	const placed = new Date('2026-03-01T10:00:00Z')
	const at = (ms: number) => placed.getTime() + ms
	const defaults = { firstAfterMinutes: 30, secondAfterHours: 20 }

	it('is the first from 30 minutes, the second from 20 hours, nothing before', () => {
		expect(paymentReminderDue(placed, defaults, at(29 * MINUTE))).toBeNull()
		expect(paymentReminderDue(placed, defaults, at(30 * MINUTE))).toBe('first')
		expect(paymentReminderDue(placed, defaults, at(19 * HOUR))).toBe('first')
		expect(paymentReminderDue(placed, defaults, at(20 * HOUR))).toBe('second')
	})

	it('sends none the owner turned off with 0', () => {
		expect(paymentReminderDue(placed, { firstAfterMinutes: 0, secondAfterHours: 20 }, at(HOUR))).toBeNull()
		expect(paymentReminderDue(placed, { firstAfterMinutes: 0, secondAfterHours: 20 }, at(20 * HOUR))).toBe('second')
		expect(paymentReminderDue(placed, { firstAfterMinutes: 30, secondAfterHours: 0 }, at(40 * HOUR))).toBe('first')
		expect(paymentReminderDue(placed, { firstAfterMinutes: 0, secondAfterHours: 0 }, at(40 * HOUR))).toBeNull()
	})
})

describe('the payment reminders setting', () => {
	it('takes both times, 0 for none, and refuses the rest with a sentence', () => {
		expect(parseStoreDetailsPatch({ paymentReminders: { firstAfterMinutes: 45, secondAfterHours: 12 } }).paymentReminders).toEqual({ firstAfterMinutes: 45, secondAfterHours: 12 })
		expect(parseStoreDetailsPatch({ paymentReminders: { firstAfterMinutes: '0', secondAfterHours: '0' } }).paymentReminders).toEqual({ firstAfterMinutes: 0, secondAfterHours: 0 })
		const refusal = (value: unknown) => {
			try {
				parseStoreDetailsPatch({ paymentReminders: value })
			} catch (error) {
				return (error as Error).message
			}
			return 'accepted'
		}
		expect(refusal({ firstAfterMinutes: 721, secondAfterHours: 20 })).toBe('Enter when the first payment reminder goes, in minutes after the order is placed: a whole number from 1 to 720, or 0 to send none.')
		expect(refusal({ firstAfterMinutes: -1, secondAfterHours: 20 })).toMatch(/first payment reminder/)
		expect(refusal({ firstAfterMinutes: 'soon', secondAfterHours: 20 })).toMatch(/first payment reminder/)
		expect(refusal({ firstAfterMinutes: 30, secondAfterHours: 49 })).toBe('Enter when the second payment reminder goes, in hours after the order is placed: a whole number from 1 to 48, or 0 to send none.')
		expect(refusal({ firstAfterMinutes: 30, secondAfterHours: 1.5 })).toMatch(/second payment reminder/)
		expect(refusal({ firstAfterMinutes: 120, secondAfterHours: 2 })).toBe('Set the second payment reminder later than the first, or send only one by setting the other to 0.')
		expect(refusal({ firstAfterMinutes: 30 })).toMatch(/second payment reminder/)
		expect(refusal({ firstAfterMinutes: 30, secondAfterHours: 20, thirdAfterDays: 2 })).toMatch(/firstAfterMinutes/)
		expect(refusal(30)).toMatch(/firstAfterMinutes/)
	})
})

describe.each(databaseKinds)('payment reminders and reopened transfers on %s', (kind) => {
	const database = useTestDatabase(kind)
	beforeEach(() => forgetStoreDetails())
	afterEach(() => resetClockForTests())

	const remindersOf = (orderNumber: string) =>
		database.db
			.select()
			.from(emailOutbox)
			.where(and(eq(emailOutbox.orderNumber, orderNumber), like(emailOutbox.dedupeKey, 'payment-reminder:%')))
			.orderBy(asc(emailOutbox.id))

	it('reminds an online order left unpaid once at 30 minutes and once at 20 hours, with the way to pay and the other way', async () => {
		const { db } = database
		const order = await placeOrder(db, checkoutBody([giftCard10], { paymentMethod: 'paypro', customerEmail: 'sara@example.pk', customerName: 'Sara' }))
		moveClockForTests(29 * MINUTE)
		expect(await queuePaymentReminders(db)).toBe(0)
		moveClockForTests(2 * MINUTE)
		expect(await queuePaymentReminders(db)).toBe(1)
		// The minute sweep runs again and again, on any number of instances: still one.
		expect(await Promise.all([queuePaymentReminders(db), queuePaymentReminders(db)])).toEqual([0, 0])
		const [first] = await remindersOf(order.orderNumber)
		expect(first).toMatchObject({ dedupeKey: `payment-reminder:${order.orderNumber}:first`, toEmail: 'sara@example.pk', subject: `Order ${order.orderNumber} is waiting for your payment` })
		expect(first!.text).toContain(`Your order ${order.orderNumber} for Rs. 3,200 is saved, but it is not paid yet.`)
		expect(first!.text).toMatch(new RegExp(`Pay now: http\\S+/order-status\\?internalOrderId=${order.orderNumber}&token=`))
		expect(first!.text).toContain('Choose “Pay by transfer instead” on the same page.')
		expect(first!.text).toMatch(/Unsubscribe: http\S+\/unsubscribe\?t=/)
		expect(first!.headers).toMatchObject({ 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' })
		expect(first!.html).toContain('>Pay now<')

		moveClockForTests(20 * HOUR)
		expect(await queuePaymentReminders(db)).toBe(1)
		expect(await queuePaymentReminders(db)).toBe(0)
		expect((await remindersOf(order.orderNumber)).map((e) => e.dedupeKey)).toEqual([`payment-reminder:${order.orderNumber}:first`, `payment-reminder:${order.orderNumber}:second`])
	})

	it('reminds a transfer without its receipt in the order’s language, and never one whose receipt waits for staff', async () => {
		const { db } = database
		const urdu = await placeOrder(db, checkoutBody([giftCard10], { paymentMethod: 'manual', lang: 'ur', customerEmail: 'hina@example.pk' }))
		const withReceipt = await placeOrder(db, checkoutBody([giftCard10], { paymentMethod: 'manual', customerEmail: 'omar@example.pk' }))
		await sendReceipt(db, withReceipt)
		moveClockForTests(31 * MINUTE)
		expect(await queuePaymentReminders(db)).toBe(1)
		const [reminder] = await remindersOf(urdu.orderNumber)
		expect(reminder!.subject).toBe(`آرڈر ${urdu.orderNumber} آپ کی ادائیگی کا منتظر ہے`)
		expect(reminder!.text).toContain('ہمیں ابھی تک آپ کی ٹرانسفر کی رسید نہیں ملی')
		expect(reminder!.text).toMatch(/\/ur\/order-status\?internalOrderId=/)
		expect(reminder!.html).toContain('اپنی رسید اپ لوڈ کریں')
		expect(await remindersOf(withReceipt.orderNumber)).toEqual([])
	})

	it('stops the moment an order is paid, cancelled or expired', async () => {
		const { db } = database
		const place = (email: string) => placeOrder(db, checkoutBody([giftCard10], { paymentMethod: 'paypro', customerEmail: email }))
		const paid = await place('paid@example.pk')
		const cancelled = await place('cancelled@example.pk')
		const expired = await place('expired@example.pk')
		const failed = await place('failed@example.pk')
		const open = await place('open@example.pk')
		moveClockForTests(31 * MINUTE)
		expect(await queuePaymentReminders(db)).toBe(5)
		await payByProvider(db, paid)
		await cancelUnpaid(db, cancelled)
		await expireOrder(db, expired)
		await failOrder(db, failed)
		moveClockForTests(20 * HOUR)
		expect(await queuePaymentReminders(db)).toBe(1)
		expect((await remindersOf(open.orderNumber)).map((e) => e.dedupeKey)).toContain(`payment-reminder:${open.orderNumber}:second`)
		for (const o of [paid, cancelled, expired, failed]) expect((await remindersOf(o.orderNumber)).map((e) => e.dedupeKey)).toEqual([`payment-reminder:${o.orderNumber}:first`])
	})

	it('sends none to an address that unsubscribed from payment reminders (a renewal unsubscribe is another matter), and follows the owner’s times', async () => {
		const { db } = database
		await unsubscribe(db, 'Quiet@Example.pk', 'payment-reminders')
		await unsubscribe(db, 'renewals-off@example.pk', 'renewal-reminders')
		const quiet = await placeOrder(db, checkoutBody([giftCard10], { paymentMethod: 'paypro', customerEmail: 'quiet@example.pk' }))
		const other = await placeOrder(db, checkoutBody([giftCard10], { paymentMethod: 'paypro', customerEmail: 'renewals-off@example.pk' }))
		await updateStoreDetails(db, owner, parseStoreDetailsPatch({ paymentReminders: { firstAfterMinutes: 0, secondAfterHours: 2 } }))
		moveClockForTests(HOUR)
		expect(await queuePaymentReminders(db)).toBe(0)
		moveClockForTests(HOUR + MINUTE)
		expect(await queuePaymentReminders(db)).toBe(1)
		expect(await remindersOf(quiet.orderNumber)).toEqual([])
		expect((await remindersOf(other.orderNumber)).map((e) => e.dedupeKey)).toEqual([`payment-reminder:${other.orderNumber}:second`])
		await updateStoreDetails(db, owner, parseStoreDetailsPatch({ paymentReminders: { firstAfterMinutes: 0, secondAfterHours: 0 } }))
		moveClockForTests(24 * HOUR)
		expect(await queuePaymentReminders(db)).toBe(0)
	})

	it('lets staff reopen a rejected transfer, audited and on the timeline, and confirm it after all', async () => {
		const { db } = database
		const order = await placeOrder(db, checkoutBody([giftCard10], { paymentMethod: 'manual' }))
		await sendReceipt(db, order)
		await rejectTransfer(db, owner, order.orderNumber, 'No such amount in the statement')
		await expect(reopenTransfer(db, owner, order.orderNumber, '  ')).rejects.toThrow('Please write a note: why the rejected transfer is opened again (the money turned up, say).')
		const reopened = await reopenTransfer(db, owner, order.orderNumber, 'Found it under the sender’s brother’s name')
		expect(reopened).toMatchObject({ paymentStatus: 'awaiting_confirmation', rejectionReason: null })
		// Once: it is no longer a rejected transfer.
		await expect(reopenTransfer(db, owner, order.orderNumber, 'Again')).rejects.toThrow(`Order ${order.orderNumber} cannot have its transfer reopened: only a bank transfer whose receipt was rejected can be.`)

		const [audit] = await db.select().from(auditLog).where(and(eq(auditLog.orderNumber, order.orderNumber), eq(auditLog.action, 'transfer.reopen'))).orderBy(auditLog.id)
		expect(audit).toMatchObject({ actor: 'owner@example.pk', note: 'Found it under the sender’s brother’s name', before: { paymentStatus: 'failed', rejectionReason: 'No such amount in the statement' }, after: { paymentStatus: 'awaiting_confirmation' } })
		const events = await db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id)).orderBy(asc(orderEvents.id))
		expect(events.map((e) => [e.kind, e.fromState, e.toState, e.actorKind])).toContainEqual(['reopenTransfer', 'failed', 'awaiting_confirmation', 'staff'])
		expect((await orderTimeline(db, order)).map((e) => e.what)).toContain('Transfer reopened: the receipt waits for review again')

		await confirmTransfer(db, owner, order.orderNumber, 'Seen in the statement')
		expect((await orderRow(db, order.orderNumber))!.paymentStatus).toBe('paid')
	})

	it('refuses to reopen an order that is not a rejected transfer', async () => {
		const { db } = database
		const waiting = await placeOrder(db, checkoutBody([giftCard10], { paymentMethod: 'manual' }))
		const failedOnline = await placeOrder(db, checkoutBody([giftCard10], { paymentMethod: 'paypro' }))
		await failOrder(db, failedOnline)
		const paid = await payByProvider(db, await placeOrder(db, checkoutBody([giftCard10], { paymentMethod: 'paypro' })))
		for (const o of [waiting, failedOnline, paid]) {
			await expect(reopenTransfer(db, owner, o.orderNumber, 'Checked')).rejects.toMatchObject({ code: 'CONFLICT', message: `Order ${o.orderNumber} cannot have its transfer reopened: only a bank transfer whose receipt was rejected can be.` })
		}
		await expect(reopenTransfer(db, owner, 'GV-NOPE', 'Checked')).rejects.toMatchObject({ code: 'NOT_FOUND' })
	})
})

describe.each(databaseKinds)('reopening a transfer and the reminder times over HTTP on %s', (kind) => {
	let db: Db
	let key: string
	let ownerCookie: string
	const testShop = useTestShop(kind, 'payment-reminders', { TRUST_PROXY: 'true', JOBS_WORKER: 'false', ADMIN_EMAIL: 'owner@example.pk', ADMIN_PASSWORD: 'reminders-owner-password' })

	beforeAll(async () => {
		db = testShop.shop.database.db
		key = (await createApiKey(db, 'Orders desk', null, { scopes: ['dm-orders'] })).key
		ownerCookie = await signInOverHttp(testShop.url, 'owner@example.pk', 'reminders-owner-password', '198.51.100.34')
	})
	const send = (method: 'POST' | 'PATCH', path: string, json: unknown, headers: Record<string, string>) =>
		fetch(`${testShop.url}${path}`, { method, headers: { Origin: testShop.url, 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(json) })

	it('POST /api/admin/orders/{n}/reopen-transfer reopens a rejected transfer once (200), then answers 409; a note is required (400)', async () => {
		const order = await placeOrder(db, checkoutBody([giftCard10], { paymentMethod: 'manual' }))
		await sendReceipt(db, order)
		const path = `/api/admin/orders/${order.orderNumber}/reopen-transfer`
		const early = await send('POST', path, { note: 'Checked' }, { 'X-ADMIN-KEY': key })
		expect(early.status).toBe(409)
		await rejectTransfer(db, owner, order.orderNumber, 'Blurred screenshot')
		const noNote = await send('POST', path, {}, { 'X-ADMIN-KEY': key })
		expect(noNote.status).toBe(400)
		expect(await noNote.json()).toMatchObject({ error: expect.stringContaining('Please write a note') })
		const done = await send('POST', path, { note: 'The bank confirmed it' }, { 'X-ADMIN-KEY': key })
		expect(done.status).toBe(200)
		expect(await done.json()).toEqual({ orderNumber: order.orderNumber, paymentStatus: 'awaiting_confirmation' })
		const again = await send('POST', path, { note: 'Again' }, { 'X-ADMIN-KEY': key })
		expect(again.status).toBe(409)
		expect((await again.json()).error).toBe(`Order ${order.orderNumber} cannot have its transfer reopened: only a bank transfer whose receipt was rejected can be.`)
	})

	it('PATCH /api/admin/store-settings takes paymentReminders and refuses bad times with a 400 sentence', async () => {
		const saved = await send('PATCH', '/api/admin/store-settings', { paymentReminders: { firstAfterMinutes: 45, secondAfterHours: 12 } }, { Cookie: ownerCookie })
		expect(saved.status).toBe(200)
		expect((await saved.json()).paymentReminders).toEqual({ firstAfterMinutes: 45, secondAfterHours: 12 })
		for (const [value, sentence] of [
			[{ firstAfterMinutes: 0, secondAfterHours: 100 }, 'a whole number from 1 to 48, or 0 to send none.'],
			[{ firstAfterMinutes: 'half an hour', secondAfterHours: 20 }, 'a whole number from 1 to 720, or 0 to send none.'],
			[{ firstAfterMinutes: 600, secondAfterHours: 5 }, 'Set the second payment reminder later than the first'],
		] as const) {
			const refused = await send('PATCH', '/api/admin/store-settings', { paymentReminders: value }, { Cookie: ownerCookie })
			expect(refused.status).toBe(400)
			expect((await refused.json()).error).toContain(sentence)
		}
		const read = await fetch(`${testShop.url}/api/admin/store-settings`, { headers: { Cookie: ownerCookie } })
		expect((await read.json()).paymentReminders).toEqual({ firstAfterMinutes: 45, secondAfterHours: 12 })
	})

	it('the reminder’s unsubscribe link names payment reminders, in the email’s language, and stops them for that address', async () => {
		const token = encodeURIComponent(unsubscribeToken('Nadia@example.pk', 'payment-reminders'))
		expect(await (await fetch(`${testShop.url}/unsubscribe?t=${token}`)).text()).toContain('reminders to pay for an order left unpaid')
		expect(await (await fetch(`${testShop.url}/ur/unsubscribe?t=${token}`)).text()).toContain('بغیر ادائیگی کے رہ جانے والے آرڈر کی ادائیگی کی یاد دہانیاں')
		const oneClick = await fetch(`${testShop.url}/unsubscribe?t=${token}`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'List-Unsubscribe=One-Click' })
		expect(oneClick.status).toBe(200)
		expect(await isUnsubscribed(db, 'nadia@example.pk', 'payment-reminders')).toBe(true)
		expect(await isUnsubscribed(db, 'nadia@example.pk', 'renewal-reminders')).toBe(false)
	})
})
