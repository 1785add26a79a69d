// The inbox over HTTP against the real server (ADR-047): a buyer writes through the contact form and
// the owner, who never saved their alerts, is alerted; any staff member replies from the inbox. The
// reply is refused beside its box when empty or too long; else it is kept under the message with who
// wrote it and when (Pakistan time), the message is marked handled, the reply is audited, and it
// goes to the buyer by email through the outbox, threaded by the message's Message-ID.
import { asc, eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { alertOutbox, auditLog, contactMessages, contactReplies, emailOutbox } from '../../app/db/schema'
import { CONTACT_REPLY_MESSAGES } from '../../app/domain/contact/contact-reply'
import { jobHandlers } from '../../app/domain/jobs/handlers.server'
import { runDueJobs } from '../../app/domain/jobs/worker.server'
import { readStoreDetails } from '../../app/domain/settings/store-details.server'
import { createStaff } from '../../app/domain/staff/manage-staff.server'
import { brevoProvider } from '../../app/integrations/email/brevo.server'
import { formatPakistanTime } from '../../app/utils/pakistan-time'
import { startFakeBrevo } from '../fakes/brevo-server'
import { fieldErrorIn } from '../setup/field-error'
import { databaseKinds } from '../setup/test-db'
import { signInOverHttp, useTestShop } from '../setup/test-shop'

const brevo = await startFakeBrevo()
afterAll(() => brevo.close())

describe.each(databaseKinds)('contact messages and replies over HTTP on %s', (kind) => {
	const testShop = useTestShop(kind, 'contact_replies', { TRUST_PROXY: 'true', JOBS_WORKER: 'false', ADMIN_EMAIL: 'owner@example.pk', ADMIN_PASSWORD: 'owner-password-1' })
	let ip = 0
	const nextIp = () => `198.51.100.${++ip}`
	let staffCookie: string
	let staffId: number

	beforeAll(async () => {
		staffId = (await createStaff(testShop.db, { email: 'amna@example.pk', name: 'Amna', role: 'staff', password: 'amna-password-1' })).id
		staffCookie = await signInOverHttp(testShop.url, 'amna@example.pk', 'amna-password-1', nextIp())
	})

	const form = (path: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
		fetch(`${testShop.url}${path}`, {
			method: 'POST',
			redirect: 'manual',
			headers: { Origin: testShop.url, 'Content-Type': 'application/x-www-form-urlencoded', 'X-Forwarded-For': nextIp(), ...headers },
			body: new URLSearchParams(fields),
		})
	const reply = (messageId: number, body: string) => form('/admin/inbox', { intent: 'reply', messageId: String(messageId), body }, { Cookie: staffCookie })
	const runJobs = async () => {
		const handlers = jobHandlers(testShop.db, {
			email: () => brevoProvider({ apiKey: brevo.apiKey, baseUrl: brevo.url }),
			paypro: () => {
				throw new Error('no PayPro in these tests')
			},
			reconcileAfterMinutes: 3,
			expiryHours: 72,
		})
		while ((await runDueJobs(testShop.db, handlers)) > 0);
	}

	it('a message from the contact form alerts the owner by email by default, and not a member who chose nothing', async () => {
		expect((await form('/contact', { name: 'Ayesha', email: 'ayesha@example.pk', subject: 'Where is my code?', message: 'I paid an hour ago and have no code yet.' })).status).toBe(200)
		const alerts = await testShop.db.select().from(alertOutbox).where(eq(alertOutbox.event, 'contact-message'))
		expect(alerts.map((a) => [a.subject, a.channel])).toEqual([['New contact message: Where is my code?', 'email']])
		expect(alerts[0]!.staffId).not.toBe(staffId)
		await runJobs()
		const mails = brevo.sent().map((r) => [(r.body.to as { email: string }[])[0]!.email, r.body.subject])
		expect(mails).toContainEqual(['owner@example.pk', expect.stringContaining('New contact message: Where is my code?')])
		expect(mails.map(([to]) => to)).not.toContain('amna@example.pk')
	})

	it('a reply left empty or too long is refused beside its box, and nothing is kept or sent', async () => {
		const [message] = await testShop.db.select().from(contactMessages).orderBy(asc(contactMessages.id)).limit(1)
		let res = await reply(message!.id, '   ')
		expect(res.status).toBe(400)
		expect(fieldErrorIn(await res.text(), 'body')).toBe(CONTACT_REPLY_MESSAGES.empty)
		res = await reply(message!.id, 'x'.repeat(5001))
		expect(res.status).toBe(400)
		expect(fieldErrorIn(await res.text(), 'body')).toBe('Keep the reply to 5,000 characters or fewer.')
		res = await reply(999999, 'Hello')
		expect(res.status).toBe(404)
		expect(await res.text()).toContain(CONTACT_REPLY_MESSAGES.notFound)
		expect(await testShop.db.select().from(contactReplies)).toEqual([])
		expect(await testShop.db.select().from(emailOutbox).where(eq(emailOutbox.toEmail, 'ayesha@example.pk'))).toEqual([])
		expect((await testShop.db.select().from(contactMessages).where(eq(contactMessages.id, message!.id)))[0]!.handled).toBe(false)
	})

	it('a reply is kept, marks the message handled, is audited, is shown under the message, and reaches the buyer threaded by the message', async () => {
		const [message] = await testShop.db.select().from(contactMessages).orderBy(asc(contactMessages.id)).limit(1)
		let res = await reply(message!.id, 'Your code is on its way.\nSorry for the wait!')
		expect(res.status).toBe(200)
		expect(await res.text()).toContain('Your reply is on its way to ayesha@example.pk.')
		res = await reply(message!.id, 'It should be in your order page now.')
		expect(res.status).toBe(200)

		const replies = await testShop.db.select().from(contactReplies).orderBy(asc(contactReplies.id))
		expect(replies.map((r) => [r.messageId, r.staffId, r.repliedBy, r.body])).toEqual([
			[message!.id, staffId, 'amna@example.pk', 'Your code is on its way.\nSorry for the wait!'],
			[message!.id, staffId, 'amna@example.pk', 'It should be in your order page now.'],
		])
		expect((await testShop.db.select().from(contactMessages).where(eq(contactMessages.id, message!.id)))[0]!.handled).toBe(true)
		const audit = await testShop.db.select().from(auditLog).where(eq(auditLog.action, 'contact.reply')).orderBy(asc(auditLog.id))
		expect(audit.map((a) => [a.actor, a.target])).toEqual([
			['amna@example.pk', `contact message ${message!.id}`],
			['amna@example.pk', `contact message ${message!.id}`],
		])

		// The inbox shows each reply under the message: who, when (Pakistan time) and what.
		const page = await (await fetch(`${testShop.url}/admin/inbox`, { headers: { Cookie: staffCookie } })).text()
		for (const r of replies) {
			expect(page).toContain(formatPakistanTime(r.createdAt.toISOString()))
			expect(page).toContain(r.body.split('\n')[0])
		}
		expect(page).toMatch(/Replied by (<!-- -->)?amna@example.pk/)

		// Queued in the outbox (which retries), threaded: each reply answers the message and names the replies before it.
		const mails = await testShop.db.select().from(emailOutbox).where(eq(emailOutbox.toEmail, 'ayesha@example.pk')).orderBy(asc(emailOutbox.id))
		expect(mails.map((m) => m.subject)).toEqual(['Re: Where is my code?', 'Re: Where is my code?'])
		const [first, second] = mails.map((m) => m.headers!)
		expect(first!['In-Reply-To']).toMatch(new RegExp(`^<contact-${message!.id}\\.${message!.threadToken}@[^>]+>$`))
		expect(first!.References).toBe(first!['In-Reply-To'])
		expect(second!['In-Reply-To']).toBe(first!['In-Reply-To'])
		expect(second!.References).toBe(`${first!['In-Reply-To']} ${first!['Message-ID']}`)
		expect(first!['Message-ID']).not.toBe(second!['Message-ID'])
		expect(mails[0]!.text).toContain('Your code is on its way.\nSorry for the wait!')
		expect(mails[0]!.text).toContain('> I paid an hour ago and have no code yet.')

		brevo.reset()
		await runJobs()
		const sent = brevo.sent().filter((r) => (r.body.to as { email: string }[])[0]!.email === 'ayesha@example.pk')
		expect(sent).toHaveLength(2)
		// The outbox may send the two at once: each is found by its Message-ID, not by its place.
		const sentHeaders = (id: string) => sent.map((r) => r.body.headers as Record<string, string>).find((h) => h['Message-ID'] === id)
		expect(sentHeaders(first!['Message-ID']!)).toMatchObject({ 'In-Reply-To': first!['In-Reply-To'], References: first!.References })
		expect(sentHeaders(second!['Message-ID']!)).toMatchObject({ 'In-Reply-To': second!['In-Reply-To'], References: second!.References })
	})

	it('a message without a subject is answered under “Your message to <store>”, in the language the buyer wrote in', async () => {
		const { storeName } = await readStoreDetails(testShop.db)
		expect((await form('/contact', { name: 'Bilal', email: 'bilal@example.pk', message: 'Do you sell PSN cards?' })).status).toBe(200)
		expect((await form('/ur/contact', { name: 'Hina', email: 'hina@example.pk', message: 'کیا آپ کے پاس گیم پاس ہے؟' })).status).toBe(200)
		const messages = await testShop.db.select().from(contactMessages).orderBy(asc(contactMessages.id))
		const bilal = messages.find((m) => m.email === 'bilal@example.pk')!
		const hina = messages.find((m) => m.email === 'hina@example.pk')!
		expect(hina.lang).toBe('ur')
		expect((await reply(bilal.id, 'Yes: see the products page.')).status).toBe(200)
		expect((await reply(hina.id, 'جی ہاں۔')).status).toBe(200)
		const subjectTo = async (email: string) => (await testShop.db.select().from(emailOutbox).where(eq(emailOutbox.toEmail, email)))[0]!.subject
		expect(await subjectTo('bilal@example.pk')).toBe(`Re: Your message to ${storeName}`)
		expect(await subjectTo('hina@example.pk')).toBe(`Re: ${storeName} کو آپ کا پیغام`)
	})

	it('one address sends at most five messages an hour (CONTACT_RATE_LIMIT): the sixth is refused in the page’s language with what was typed kept, a form with mistakes does not count, and another address still writes', async () => {
		const flood = { 'X-Forwarded-For': '203.0.113.77' }
		const message = (n: number) => ({ name: 'Bilal', email: 'bilal@example.pk', message: `Do you have PSN cards? Question ${n}.` })
		const before = (await testShop.db.select().from(contactMessages)).length
		expect((await form('/contact', { name: 'Bilal', email: 'not-an-email', message: 'Too short' }, flood)).status).toBe(400)
		for (let n = 1; n <= 5; n++) expect((await form('/contact', message(n), flood)).status).toBe(200)

		const refused = await form('/contact', message(6), flood)
		expect(refused.status).toBe(429)
		const page = await refused.text()
		expect(page).toContain('You have sent several messages in a short time. Please try again in an hour, or message us on WhatsApp.')
		expect(page).toContain('Question 6.')
		const urdu = await form('/ur/contact', message(7), flood)
		expect(urdu.status).toBe(429)
		expect(await urdu.text()).toContain('آپ نے تھوڑی دیر میں کئی پیغامات بھیجے ہیں۔ براہِ کرم ایک گھنٹے بعد دوبارہ کوشش کریں، یا ہمیں واٹس ایپ پر میسج کریں۔')

		expect((await form('/contact', message(8))).status).toBe(200)
		const stored = (await testShop.db.select().from(contactMessages).orderBy(asc(contactMessages.id))).slice(before).map((m) => m.message)
		expect(stored).toEqual([1, 2, 3, 4, 5, 8].map((n) => `Do you have PSN cards? Question ${n}.`))
	})
})
