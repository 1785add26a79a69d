// Alerts on from the start (ADR-047), on PGlite and PostgreSQL: an owner who has never saved their
// alerts receives by email, at their own address, each event that waits for a person (a receipt to
// check, a hand delivery, a payment after a cancel, stock run out, failed work, a contact message) and
// nothing else; other staff receive nothing until they choose; saving the form replaces the defaults,
// silence included.
import { eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { alertOutbox } from '../../app/db/schema'
import { OWNER_DEFAULT_EVENTS } from '../../app/domain/alerts/alert-events'
import { readMyAlerts, saveMyAlerts } from '../../app/domain/alerts/alert-settings.server'
import { sendContactMessage } from '../../app/domain/contact/send-contact-message.server'
import { jobHandlers } from '../../app/domain/jobs/handlers.server'
import { enqueueJob } from '../../app/domain/jobs/queue.server'
import { runDueJobs } from '../../app/domain/jobs/worker.server'
import { importStock } from '../../app/domain/stock/manage-stock.server'
import { createStaff } from '../../app/domain/staff/manage-staff.server'
import { brevoProvider } from '../../app/integrations/email/brevo.server'
import { parseEnv, useEnv } from '../../app/utils/env.server'
import { startFakeBrevo, type FakeBrevo } from '../fakes/brevo-server'
import { codes, giftCardWithTwoOptions } from '../setup/catalogue'
import { owner, payAfterCancel, payByTransfer, refundMoney, sendReceipt } from '../setup/orders'
import { checkoutBody, makeJobsDue, placeOrder } from '../setup/payments'
import { databaseKinds, useTestDatabase } from '../setup/test-db'

describe.each(databaseKinds)('alerts on from the start on %s', (kind) => {
	const database = useTestDatabase(kind)
	const db = () => database.db
	let brevo: FakeBrevo
	const runJobs = async () => {
		const handlers = jobHandlers(db(), {
			email: () => brevoProvider({ apiKey: brevo.apiKey, baseUrl: brevo.url }),
			paypro: () => {
				throw new Error('no PayPro in these tests')
			},
			reconcileAfterMinutes: 3,
			expiryHours: 72,
		})
		while ((await runDueJobs(db(), handlers)) > 0);
	}
	/** The subjects of the emails Brevo took for this address (the store's name in brackets left off). */
	const inbox = (email: string) =>
		brevo
			.sent()
			.filter((r) => (r.body.to as { email: string }[])[0]!.email === email)
			.map((r) => String(r.body.subject).replace(/^\[[^\]]*\] /, ''))
			.sort()

	beforeAll(async () => {
		brevo = await startFakeBrevo()
		useEnv(parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }))
	})
	afterEach(() => brevo.reset())
	afterAll(async () => {
		useEnv(parseEnv())
		await brevo.close()
	})

	/** One of each event that waits for a person, and two that do not (low stock, a refund), as the shop's own commands raise them. */
	async function everyEvent() {
		const transfer = await placeOrder(db(), checkoutBody(undefined, { paymentMethod: 'manual' }))
		await sendReceipt(db(), transfer) // a receipt to check
		const byHand = await payByTransfer(db(), await placeOrder(db(), checkoutBody(undefined, { paymentMethod: 'manual' }))) // the gift card is delivered by hand
		await refundMoney(db(), byHand, 100)
		const late = await payAfterCancel(db(), await placeOrder(db()))
		const { productId, ten, twentyFive } = await giftCardWithTwoOptions(db(), 'Steam Wallet (by default)')
		await importStock(db(), owner, productId, { variantId: ten, kind: 'code', units: codes('DEF', 1) })
		await importStock(db(), owner, productId, { variantId: twentyFive, kind: 'code', units: codes('LOW', 4) })
		await payByTransfer(db(), await placeOrder(db(), checkoutBody([{ id: productId, quantity: 1, variantId: ten }], { paymentMethod: 'manual' }))) // its last unit: out
		await payByTransfer(db(), await placeOrder(db(), checkoutBody([{ id: productId, quantity: 1, variantId: twentyFive }], { paymentMethod: 'manual' }))) // 3 left: low
		await sendContactMessage(db(), { name: 'Ayesha', email: 'ayesha@example.pk', subject: 'Where is my code?', message: 'I paid an hour ago and have no code yet.' }, { clientIp: '203.0.113.50', limitPerHour: 10 })
		// Work that gives up after its last attempt.
		await enqueueJob(db(), { kind: 'reconcile-order', payload: { orderNumber: 'X-1' }, dedupeKey: 'reconcile:X-1', maxAttempts: 2 })
		await runJobs()
		await makeJobsDue(db())
		await runJobs()
		return { transfer, byHand, late }
	}

	it('an owner who never saved their alerts gets each event that waits for a person by email, and nothing else; other staff get nothing', async () => {
		const boss = await createStaff(db(), { email: 'boss@example.pk', name: 'Boss', role: 'owner' })
		const sana = await createStaff(db(), { email: 'sana@example.pk', name: 'Sana', role: 'staff' })
		expect(await readMyAlerts(db(), boss.id)).toMatchObject({ saved: false, byDefault: true, events: [...OWNER_DEFAULT_EVENTS], byEmail: true, byTelegram: false })
		expect(await readMyAlerts(db(), sana.id)).toMatchObject({ saved: false, byDefault: false })

		const { transfer, byHand, late } = await everyEvent()
		const written = await db().select().from(alertOutbox)
		expect(written.every((a) => a.staffId === boss.id && a.channel === 'email' && a.status === 'sent')).toBe(true)
		// Every default event, and only those (a low stock and a refund were raised too). Each order paid by transfer had its receipt checked first.
		expect([...new Set(written.map((a) => a.event))].sort()).toEqual([...OWNER_DEFAULT_EVENTS].sort())
		expect(inbox('boss@example.pk')).toEqual(
			expect.arrayContaining([
				`Transfer receipt to check: ${transfer.orderNumber}`,
				`Transfer receipt to check: ${byHand.orderNumber}`,
				`Paid, deliver by hand: ${byHand.orderNumber}`,
				`Paid after its cancel: ${late.orderNumber}`,
				'Out of stock: Steam Wallet (by default) ($10 USD)',
				'A background job failed: reconcile-order',
				'New contact message: Where is my code?',
			]),
		)
		expect(inbox('boss@example.pk')).toHaveLength(written.length)
		expect(inbox('sana@example.pk')).toEqual([])
	})

	it('saving the form replaces the defaults: what the owner ticks, and nothing when they untick everything', async () => {
		const boss = await createStaff(db(), { email: 'boss@example.pk', name: 'Boss', role: 'owner' })
		await saveMyAlerts(db(), boss.id, { events: ['refund', 'contact-message'], byEmail: 'true' })
		expect(await readMyAlerts(db(), boss.id)).toMatchObject({ saved: true, byDefault: false, events: ['refund', 'contact-message'] })
		const { byHand } = await everyEvent()
		expect(inbox('boss@example.pk')).toEqual([`Refund of Rs. 100: ${byHand.orderNumber}`, 'New contact message: Where is my code?'].sort())

		brevo.reset()
		await saveMyAlerts(db(), boss.id, {})
		expect(await readMyAlerts(db(), boss.id)).toMatchObject({ saved: true, byDefault: false, events: [], byEmail: false })
		await sendContactMessage(db(), { name: 'Bilal', email: 'bilal@example.pk', message: 'Do you sell PSN cards for Pakistan?' }, { clientIp: '203.0.113.51', limitPerHour: 10 })
		await runJobs()
		expect(inbox('boss@example.pk')).toEqual([])
		expect(await db().select().from(alertOutbox).where(eq(alertOutbox.event, 'contact-message'))).toHaveLength(1)
	})

	it('a contact message alerts the staff who chose it with its subject and a masked address, never the message or the full address', async () => {
		const sana = await createStaff(db(), { email: 'sana@example.pk', name: 'Sana', role: 'staff' })
		await saveMyAlerts(db(), sana.id, { events: ['contact-message'], byEmail: 'true' })
		await sendContactMessage(db(), { name: 'Ayesha', email: 'ayesha@example.pk', subject: '', message: 'My number is 0300 1234567, call me.' }, { clientIp: '203.0.113.52', limitPerHour: 10 })
		await runJobs()
		const [alert] = await db().select().from(alertOutbox)
		expect(alert).toMatchObject({ staffId: sana.id, event: 'contact-message', subject: 'New contact message', status: 'sent' })
		expect(alert!.text).toContain('a***@example.pk')
		expect(alert!.text).toMatch(/\/admin\/inbox$/)
		const sent = JSON.stringify(brevo.sent().map((r) => r.body))
		expect(sent).toContain('sana@example.pk')
		expect(sent).not.toContain('ayesha@example.pk')
		expect(sent).not.toContain('1234567')
	})
})
