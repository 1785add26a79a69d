// The console's Alerts page over HTTP against the real server, with plain form posts: the owner is told
// what reaches them before they save (ADR-047), a member saves
// their own alerts (nonsense refused with a sentence beside the field, never a 500), only the owner
// connects the shop's Telegram bot (its token never comes back in a page), and a staff member links
// their chat with a one-time code the bot receives.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { staffAlertSettings } from '../../app/db/schema'
import { OWNER_DEFAULT_EVENTS } from '../../app/domain/alerts/alert-events'
import { createStaff } from '../../app/domain/staff/manage-staff.server'
import { permissionRefusal } from '../../app/domain/staff/permissions'
import { startFakeTelegram } from '../fakes/telegram-server'
import { fieldErrorIn } from '../setup/field-error'
import { databaseKinds } from '../setup/test-db'
import { signInOverHttp, useTestShop } from '../setup/test-shop'

const fake = await startFakeTelegram()
afterAll(() => fake.close())

describe.each(databaseKinds)('the Alerts page over HTTP on %s', (kind) => {
	const testShop = useTestShop(kind, 'alerts_http', { TRUST_PROXY: 'true', JOBS_WORKER: 'false', TELEGRAM_API_URL: fake.url, ADMIN_EMAIL: 'owner@example.pk', ADMIN_PASSWORD: 'owner-password-1' })
	let ip = 0
	const nextIp = () => `198.51.100.${++ip}`
	let staffCookie: string
	let ownerCookie: string
	let staffId: number

	beforeAll(async () => {
		const db = testShop.db
		staffId = (await createStaff(db, { email: 'amna@example.pk', name: 'Amna', role: 'staff', password: 'amna-password-1' })).id
		staffCookie = await signInOverHttp(testShop.url, 'amna@example.pk', 'amna-password-1', nextIp())
		ownerCookie = await signInOverHttp(testShop.url, 'owner@example.pk', 'owner-password-1', nextIp())
	})

	const post = (cookie: string, fields: Record<string, string>) =>
		fetch(`${testShop.url}/admin/alerts`, {
			method: 'POST',
			redirect: 'manual',
			headers: { Origin: testShop.url, Cookie: cookie, 'Content-Type': 'application/x-www-form-urlencoded' },
			body: new URLSearchParams(fields),
		})

	it('the page tells the owner what reaches them until they save, and another member that nothing does', async () => {
		const page = async (cookie: string) => (await (await fetch(`${testShop.url}/admin/alerts`, { headers: { Cookie: cookie } })).text()).replaceAll('<!-- -->', '')
		const owners = await page(ownerCookie)
		expect(owners).toContain('Until you save this form, the 6 events ticked below (what waits for a person) reach you by email at <strong>owner@example.pk</strong>.')
		expect(owners).not.toContain('You receive no alerts until you save this form.')
		// The boxes show what is sent: the stock queue and refunds are not among the owner's defaults.
		for (const event of OWNER_DEFAULT_EVENTS) expect(owners).toMatch(new RegExp(`name="event-${event}" checked=""`))
		expect(owners).toMatch(/name="event-refund"\/>/)
		expect(owners).toMatch(/name="event-stock-queue"\/>/)
		expect(await page(staffCookie)).toContain('You receive no alerts until you save this form. The boxes show a suggestion.')
	})

	it('a member saves their alerts; an hour out of the list or half of the quiet hours is refused beside its field', async () => {
		let res = await post(staffCookie, { intent: 'save-alerts', 'event-transfer-receipt': 'on', 'event-refund': 'on', byTelegram: 'true', quietStart: '23', quietEnd: '7', summaryHour: '9' })
		expect(res.status).toBe(200)
		expect(await res.text()).toContain('Your alerts are saved.')
		const [row] = await testShop.db.select().from(staffAlertSettings).where(eq(staffAlertSettings.staffId, staffId))
		expect(row).toMatchObject({ events: ['transfer-receipt', 'refund'], byEmail: false, byTelegram: true, quietStart: 23, quietEnd: 7, summaryHour: 9 })

		res = await post(staffCookie, { intent: 'save-alerts', quietStart: '22', quietEnd: '' })
		expect(res.status).toBe(400)
		expect(fieldErrorIn(await res.text(), 'quietEnd')).toBe('Choose both the start and the end of your quiet hours, or neither.')
		res = await post(staffCookie, { intent: 'save-alerts', summaryHour: '99' })
		expect(res.status).toBe(400)
		expect(fieldErrorIn(await res.text(), 'summaryHour')).toBe('Choose an hour from the list.')
		res = await post(staffCookie, { intent: 'nonsense' })
		expect(res.status).toBe(400)
	})

	it('only the owner connects the bot; its token is checked and never shown back', async () => {
		let res = await post(staffCookie, { intent: 'save-bot', token: fake.token })
		expect(res.status).toBe(403)
		expect(await res.text()).toContain(permissionRefusal('owner'))

		res = await post(ownerCookie, { intent: 'save-bot', token: '42:short' })
		expect(res.status).toBe(400)
		res = await post(ownerCookie, { intent: 'save-bot', token: fake.token })
		expect(res.status).toBe(200)
		const html = await res.text()
		expect(html).toContain(`The shop’s bot @${fake.username} is connected`)
		expect(html).not.toContain(fake.token.split(':')[1])
		const page = await (await fetch(`${testShop.url}/admin/alerts`, { headers: { Cookie: ownerCookie } })).text()
		expect(page).toMatch(new RegExp(`token ending <code>…(<!-- -->)?${fake.token.slice(-4)}</code>`))
		expect(page).not.toContain(fake.token.split(':')[1])
	})

	it('a member gets a one-time code, sends it to the bot, and their chat is linked', async () => {
		let res = await post(staffCookie, { intent: 'link-telegram' })
		expect(res.status).toBe(200)
		const code = /Send \/start ([A-Z0-9]{8}) to @/.exec(await res.text())?.[1]
		expect(code).toBeTruthy()
		res = await post(staffCookie, { intent: 'check-link' })
		expect(res.status).toBe(409)
		fake.write(424242, `/start ${code}`)
		res = await post(staffCookie, { intent: 'check-link' })
		expect(res.status).toBe(200)
		expect(await res.text()).toContain('Your Telegram chat is linked.')
		const [row] = await testShop.db.select().from(staffAlertSettings).where(eq(staffAlertSettings.staffId, staffId))
		expect(row!.telegramChatId).toBe('424242')
		expect(fake.sent.at(-1)).toMatchObject({ chatId: '424242' })
	})
})
