// Staff alerts (issue 24, "Alerts"), on PGlite and PostgreSQL: each member's choice of events and
// channels, Telegram linking by a one-time code, one alert per event × member × channel however often
// the event is replayed, quiet hours that hold alerts until they end, retries on a failing Telegram,
// the daily summary, and texts that never carry a buyer's contact details or the bot's token.
import { eq } from 'drizzle-orm'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { alertOutbox, auditLog, jobs, orders, staffAlertSettings, storeSettings } from '../../app/db/schema'
import { isQuiet, sendAfter } from '../../app/domain/alerts/alert-settings'
import { readMyAlerts, saveMyAlerts } from '../../app/domain/alerts/alert-settings.server'
import { queueDailySummaries } from '../../app/domain/alerts/daily-summary.server'
import { receiptAlert } from '../../app/domain/alerts/event-alerts.server'
import { queueAlert } from '../../app/domain/alerts/queue-alert.server'
import { pollTelegramLinks, saveTelegramBot, startTelegramLink, telegramBotStatus, TELEGRAM_MESSAGES } from '../../app/domain/alerts/telegram.server'
import { shopFileStore } from '../../app/domain/files/file-store.server'
import { jobHandlers } from '../../app/domain/jobs/handlers.server'
import { enqueueJob } from '../../app/domain/jobs/queue.server'
import { runDueJobs } from '../../app/domain/jobs/worker.server'
import { attachReceipt } from '../../app/domain/payments/attach-receipt.server'
import { markOrderPaid } from '../../app/domain/payments/mark-order-paid.server'
import { refundOrder } from '../../app/domain/refunds/refund-order.server'
import { refundInput } from '../../app/domain/refunds/refund-input'
import { createStaff } from '../../app/domain/staff/manage-staff.server'
import { brevoProvider } from '../../app/integrations/email/brevo.server'
import { parseEnv, useEnv } from '../../app/utils/env.server'
import { formatRs } from '../../app/utils/money'
import { nextPakistanHour, pakistanDate, pakistanDayStart, pakistanHour } from '../../app/utils/pakistan-time'
import { startFakeBrevo, type FakeBrevo } from '../fakes/brevo-server'
import { startFakeTelegram, type FakeTelegram } from '../fakes/telegram-server'
import { backdateOrders, backdateRefunds } from '../setup/orders'
import { buyer, checkoutBody, makeJobsDue, orderRow, placeOrder, nextTid, png } from '../setup/payments'
import { databaseKinds, useTestDatabase } from '../setup/test-db'

const owner = { staffId: null, label: 'owner@example.pk' }
const limits = { perAddressBytesPerDay: 50 * 1024 * 1024, totalBytes: 500 * 1024 * 1024 }
const EVERYTHING = ['hand-delivery', 'transfer-receipt', 'paid-after-cancel', 'stock-low', 'stock-queue', 'refund', 'failed-work']

describe.each(databaseKinds)('staff alerts on %s', (kind) => {
	const database = useTestDatabase(kind)
	let telegram: FakeTelegram
	let brevo: FakeBrevo
	const db = () => database.db
	const handlers = () =>
		jobHandlers(db(), {
			email: () => brevoProvider({ apiKey: brevo.apiKey, baseUrl: brevo.url }),
			paypro: () => {
				throw new Error('no PayPro in these tests')
			},
			reconcileAfterMinutes: 3,
			expiryHours: 72,
		})
	const runJobs = async () => {
		let total = 0
		for (let ran = await runDueJobs(db(), handlers()); ran > 0; ran = await runDueJobs(db(), handlers())) total += ran
		return total
	}

	beforeAll(async () => {
		telegram = await startFakeTelegram()
		brevo = await startFakeBrevo()
		useEnv(parseEnv({ NODE_ENV: 'test', LOG_LEVEL: 'silent', TELEGRAM_API_URL: telegram.url }))
	})
	afterEach(() => {
		telegram.reset()
		brevo.reset()
	})
	afterAll(async () => {
		useEnv(parseEnv())
		await telegram.close()
		await brevo.close()
	})

	/** A staff member with these alerts saved; linked to a Telegram chat when `chat` is given (through the bot, as a person does). */
	async function member(email: string, settings: Record<string, unknown>, chat?: number) {
		const staff = await createStaff(db(), { email, name: email.split('@')[0]!, role: 'staff' })
		if (chat !== undefined) {
			const { code, botUsername } = await startTelegramLink(db(), staff.id)
			expect(botUsername).toBe(telegram.username)
			telegram.write(chat, `/start ${code}`)
			expect(await pollTelegramLinks(db())).toBe(1)
		}
		await saveMyAlerts(db(), staff.id, settings)
		return staff
	}

	async function connectBot() {
		await saveTelegramBot(db(), owner, telegram.token)
	}

	async function transferWithReceipt() {
		const placed = await placeOrder(db(), checkoutBody(undefined, { paymentMethod: 'manual' }))
		const order = (await orderRow(db(), placed.orderNumber))!
		return attachReceipt(db(), shopFileStore(db()), order, png(), { uploader: '203.0.113.9', limits, transfer: { transactionId: nextTid(), payerAccount: 'Ali Khan, JazzCash' } })
	}

	it('the owner’s bot token is checked with Telegram, kept encrypted, shown by its last four characters and left out of the audit log', async () => {
		await expect(saveTelegramBot(db(), owner, 'not a token')).rejects.toThrow(TELEGRAM_MESSAGES.badToken)
		await expect(saveTelegramBot(db(), owner, '987654321:AAEsomeOtherTokenThatTelegramRefuses')).rejects.toThrow(TELEGRAM_MESSAGES.refused)
		expect(await telegramBotStatus(db())).toBeNull()

		await connectBot()
		expect(await telegramBotStatus(db())).toEqual({ username: telegram.username, tokenEnd: telegram.token.slice(-4) })
		const stored = JSON.stringify(await db().select().from(storeSettings))
		const audit = JSON.stringify(await db().select().from(auditLog))
		expect(stored).not.toContain(telegram.token)
		expect(stored).not.toContain(telegram.token.split(':')[1])
		expect(audit).not.toContain(telegram.token.split(':')[1])
		expect(audit).toContain(`@${telegram.username}`)
	})

	it('a member links their chat by sending the bot their one-time code; a wrong or used code links nothing', async () => {
		await connectBot()
		const staff = await createStaff(db(), { email: 'sana@example.pk', name: 'Sana', role: 'staff' })
		const { code } = await startTelegramLink(db(), staff.id)
		expect((await readMyAlerts(db(), staff.id)).linkPending).toBe(true)
		telegram.write(555, '/start WRONGCODE')
		telegram.write(555, 'hello')
		expect(await pollTelegramLinks(db())).toBe(0)
		telegram.write(777001, `/start ${code}`)
		expect(await pollTelegramLinks(db())).toBe(1)
		const mine = await readMyAlerts(db(), staff.id)
		expect(mine).toMatchObject({ telegramLinked: true, linkPending: false, saved: false })
		expect(telegram.sent.map((m) => m.chatId)).toEqual(['777001'])
		// The same message read again (another instance, a replay) links nobody else.
		telegram.write(999, `/start ${code}`)
		expect(await pollTelegramLinks(db())).toBe(0)
		const [row] = await db().select().from(staffAlertSettings).where(eq(staffAlertSettings.staffId, staff.id))
		expect(row!.telegramChatId).toBe('777001')
		expect(row!.telegramCodeHash).toBeNull()
	})

	it('a transfer receipt reaches each member who chose it, once per channel they chose, and never twice', async () => {
		await connectBot()
		const sana = await member('sana@example.pk', { events: EVERYTHING, byEmail: 'true', byTelegram: 'true' }, 7001)
		await member('omar@example.pk', { events: EVERYTHING.filter((e) => e !== 'transfer-receipt'), byEmail: 'true', byTelegram: 'true' }, 7002)
		await member('hina@example.pk', { events: EVERYTHING, byEmail: 'true' }, 7003) // Telegram switched off
		telegram.reset()

		const order = await transferWithReceipt()
		const written = await db().select().from(alertOutbox)
		expect(written.map((a) => `${a.event}:${a.staffId}:${a.channel}`).sort()).toEqual(
			[`transfer-receipt:${sana.id}:email`, `transfer-receipt:${sana.id}:telegram`, `transfer-receipt:${sana.id + 2}:email`].sort(),
		)
		// The event replayed (the same receipt) writes nothing more.
		expect(await queueAlert(db(), receiptAlert(order))).toBe(0)

		await runJobs()
		expect(telegram.sent).toHaveLength(1)
		expect(telegram.sent[0]).toMatchObject({ chatId: '7001' })
		expect(telegram.sent[0]!.text).toContain(order.orderNumber)
		expect(brevo.sent().map((r) => (r.body.to as { email: string }[])[0]!.email).filter((to) => to !== buyer.customerEmail.toLowerCase()).sort()).toEqual(['hina@example.pk', 'sana@example.pk'])
		expect(await runJobs()).toBe(0)
		expect(telegram.sent).toHaveLength(1)
	})

	it('an alert raised in quiet hours waits for their end, and one outside them goes at once', async () => {
		await connectBot()
		const now = new Date()
		const h = pakistanHour(now)
		const quiet = await member('sana@example.pk', { events: ['transfer-receipt'], byTelegram: 'true', quietStart: String(h), quietEnd: String((h + 2) % 24) }, 7101)
		await member('omar@example.pk', { events: ['transfer-receipt'], byTelegram: 'true', quietStart: String((h + 1) % 24), quietEnd: String((h + 3) % 24) }, 7102)
		telegram.reset()

		await transferWithReceipt()
		const [held] = await db().select().from(alertOutbox).where(eq(alertOutbox.staffId, quiet.id))
		const end = nextPakistanHour(now, (h + 2) % 24)
		expect(Math.abs(held!.sendAfter.getTime() - end.getTime())).toBeLessThan(5000)
		const [job] = await db().select().from(jobs).where(eq(jobs.dedupeKey, `alert:${held!.id}`))
		expect(job!.runAt.getTime()).toBe(held!.sendAfter.getTime())

		await runJobs()
		expect(telegram.sent.map((m) => m.chatId)).toEqual(['7102'])
		await makeJobsDue(db()) // the quiet hours end
		await runJobs()
		expect(telegram.sent.map((m) => m.chatId)).toEqual(['7102', '7101'])
	})

	it('quiet hours are read on Pakistan’s clock and may run past midnight', () => {
		// 17:30 UTC is 22:30 in Pakistan.
		const late = new Date('2026-11-27T17:30:00Z')
		expect(isQuiet(late, 22, 7)).toBe(true)
		expect(isQuiet(late, 9, 22)).toBe(false)
		expect(isQuiet(late, 23, 7)).toBe(false)
		expect(isQuiet(late, null, null)).toBe(false)
		// Held until 07:00 Pakistan time the next morning: 02:00 UTC.
		expect(sendAfter(late, 22, 7).toISOString()).toBe('2026-11-28T02:00:00.000Z')
		expect(sendAfter(late, 9, 22)).toBe(late)
	})

	it('a failing Telegram is retried with backoff and the message goes out once it answers', async () => {
		await connectBot()
		await member('sana@example.pk', { events: ['transfer-receipt'], byTelegram: 'true' }, 7201)
		telegram.reset()
		telegram.fail(500, 2)
		await transferWithReceipt()

		await runJobs()
		let [alert] = await db().select().from(alertOutbox)
		expect(alert).toMatchObject({ status: 'pending', attempts: 1 })
		expect(alert!.lastError).toContain('500')
		let [job] = await db().select().from(jobs).where(eq(jobs.kind, 'send-alert'))
		expect(job!.status).toBe('pending')
		expect(job!.runAt.getTime()).toBeGreaterThan(Date.now() + 10_000)
		expect(job!.lastError).not.toContain(telegram.token.split(':')[1])
		expect(telegram.sent).toHaveLength(0)

		await makeJobsDue(db())
		await runJobs()
		await makeJobsDue(db())
		await runJobs()
		;[alert] = await db().select().from(alertOutbox)
		;[job] = await db().select().from(jobs).where(eq(jobs.kind, 'send-alert'))
		expect(alert).toMatchObject({ status: 'sent', attempts: 3 })
		expect(job!.status).toBe('done')
		expect(telegram.sent).toHaveLength(1)
		expect(telegram.calls.filter((c) => c.method === 'sendMessage').map((c) => c.ok)).toEqual([false, false, true])
	})

	it('alerts name the order, amount, product and a masked email, never the buyer’s address, phone or the bot token', async () => {
		await connectBot()
		await member('sana@example.pk', { events: EVERYTHING, byEmail: 'true', byTelegram: 'true' }, 7301)
		telegram.reset()
		const order = await transferWithReceipt()
		await markOrderPaid(db(), order.id, { via: 'confirmTransfer' })
		await refundOrder(db(), owner, order.orderNumber, refundInput.parse({ amount: 1000, method: 'bank', reason: 'Buyer asked' }))
		await runJobs()

		const alerts = await db().select().from(alertOutbox)
		expect(alerts.map((a) => a.event).sort()).toEqual(['hand-delivery', 'hand-delivery', 'refund', 'refund', 'transfer-receipt', 'transfer-receipt'])
		const everything = [...alerts.map((a) => `${a.subject}\n${a.text}`), ...telegram.sent.map((m) => m.text), ...brevo.sent().filter((r) => String((r.body.headers as Record<string, string>).idempotencyKey).startsWith('alert:')).map((r) => JSON.stringify(r.body))].join('\n')
		expect(telegram.sent).toHaveLength(3)
		expect(everything).toContain(order.orderNumber)
		expect(everything).toContain(formatRs(order.totalAmount))
		expect(everything).toContain('Xbox Gift Card')
		expect(everything).toContain('a***@example.pk')
		expect(everything.toLowerCase()).not.toContain(buyer.customerEmail.toLowerCase())
		expect(everything).not.toContain(buyer.customerName)
		expect(everything.replace(/\s/g, '')).not.toContain(buyer.customerMobile.replace(/\s/g, ''))
		expect(everything).not.toContain(telegram.token.split(':')[1])
	})

	it('work that gives up after its last attempt alerts the members who asked, once', async () => {
		await member('sana@example.pk', { events: ['failed-work'], byEmail: 'true' })
		await enqueueJob(db(), { kind: 'reconcile-order', payload: { orderNumber: 'X-1' }, dedupeKey: 'reconcile:X-1', maxAttempts: 2 })
		await runJobs()
		expect(await db().select().from(alertOutbox)).toHaveLength(0)
		await makeJobsDue(db())
		await runJobs()
		const alerts = await db().select().from(alertOutbox)
		expect(alerts.map((a) => [a.event, a.status])).toEqual([['failed-work', 'sent']])
		expect(alerts[0]!.subject).toBe('A background job failed: reconcile-order')
	})

	it('the daily summary gives yesterday’s orders, paid, revenue and refunds at the chosen hour, once a day', async () => {
		const now = new Date()
		const sana = await member('sana@example.pk', { events: [], byEmail: 'true', summaryHour: String(pakistanHour(now)) })
		await member('omar@example.pk', { events: [], byEmail: 'true', summaryHour: String((pakistanHour(now) + 1) % 24) })
		const yesterday = pakistanDate(new Date(now.getTime() - 24 * 3600 * 1000))
		const noon = new Date(pakistanDayStart(yesterday).getTime() + 12 * 3600 * 1000)
		const paid = await placeOrder(db())
		await markOrderPaid(db(), paid.id)
		await refundOrder(db(), owner, paid.orderNumber, refundInput.parse({ amount: 500, method: 'bank', reason: 'Buyer asked' }))
		const unpaid = await placeOrder(db())
		// Both placed yesterday at noon, the one paid and refunded then too.
		await backdateOrders(db(), [paid.orderNumber, unpaid.orderNumber], { createdAt: noon })
		await backdateOrders(db(), paid.orderNumber, { paidAt: noon })
		await backdateRefunds(db(), noon)
		await placeOrder(db()) // today's: not in yesterday's figures

		expect(await queueDailySummaries(db(), now)).toBe(1)
		expect(await queueDailySummaries(db(), now)).toBe(0)
		const [summary] = await db().select().from(alertOutbox).where(eq(alertOutbox.event, 'daily-summary'))
		expect(summary!.staffId).toBe(sana.id)
		expect(summary!.text).toContain('Orders placed: 2')
		expect(summary!.text).toContain('Orders paid: 1')
		expect(summary!.text).toContain(`Revenue: ${formatRs(paid.totalAmount)}`)
		expect(summary!.text).toContain(`Refunds: ${formatRs(500)}`)
		expect(await db().select().from(orders)).toHaveLength(3)
	})

	it('a member who has not saved their alerts gets none, and a form’s nonsense is refused', async () => {
		await connectBot()
		const staff = await createStaff(db(), { email: 'new@example.pk', name: 'New', role: 'staff' })
		expect(await readMyAlerts(db(), staff.id)).toMatchObject({ saved: false, byEmail: true })
		await transferWithReceipt()
		expect(await db().select().from(alertOutbox)).toHaveLength(0)
		await expect(saveMyAlerts(db(), staff.id, { events: ['nonsense'] })).rejects.toThrow()
		await expect(saveMyAlerts(db(), staff.id, { quietStart: '22' })).rejects.toThrow()
	})
})
