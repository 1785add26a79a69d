// "Your account" on the console's settings page, over HTTP against the real server: any member of
// staff changes their own password (current + new, the usual rules) or signs out everywhere, with
// plain form posts. Both end every session of the account, this one too, and the live order streams
// opened under those sessions close within a second; both are in the audit log.
import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../app/db/client.server'
import { auditLog, staffSessions } from '../../app/db/schema'
import { createStaff } from '../../app/domain/staff/manage-staff.server'
import { OWN_ACCOUNT_MESSAGES } from '../../app/domain/staff/own-account.server'
import type { RunningShop } from '../../server/start'
import { openOrderStream } from '../setup/order-stream'
import { checkoutBody } from '../setup/payments'
import { signInOverHttp, useTestShop } from '../setup/test-shop'
import { databaseKinds } from '../setup/test-db'
import { fieldErrorIn } from '../setup/field-error'
import { PASSWORD_TOO_SHORT } from '../../app/domain/staff/sign-in-input'

describe.each(databaseKinds)('staff: your account on %s', (kind) => {
	let shop: RunningShop
	let db: Db
	let orderNumber: string
	let ip = 0
	const nextIp = () => `198.51.100.${++ip}`
	const testShop = useTestShop(kind, 'own_account', { TRUST_PROXY: 'true', JOBS_WORKER: 'false' })

	beforeAll(async () => {
		shop = testShop.shop
		db = shop.database.db
		const placed = await fetch(`${shop.url}/api/checkout`, {
			method: 'POST',
			headers: { 'Content-Type': 'application/json' },
			body: JSON.stringify(checkoutBody(undefined, { paymentMethod: 'manual' })),
		})
		orderNumber = ((await placed.json()) as { orderNumber: string }).orderNumber
	})

	const post = (cookie: string, fields: Record<string, string>) =>
		fetch(`${shop.url}/admin/settings`, {
			method: 'POST',
			redirect: 'manual',
			headers: { Origin: shop.url, Cookie: cookie, 'Content-Type': 'application/x-www-form-urlencoded' },
			body: new URLSearchParams(fields),
		})
	const settingsPage = (cookie: string) => fetch(`${shop.url}/admin/settings`, { redirect: 'manual', headers: { Cookie: cookie } })
	/** Resolves 'ended' when the server ends the stream within `ms`, else 'still open'. */
	const endsWithin = (ended: Promise<void>, ms: number) => Promise.race([ended.then(() => 'ended'), new Promise((r) => setTimeout(() => r('still open'), ms))])
	const auditActions = async (staffId: number) => (await db.select({ action: auditLog.action }).from(auditLog).where(eq(auditLog.staffId, staffId)).orderBy(auditLog.id)).map((r) => r.action)

	it('a member of staff (not the owner) sees only Your account on the settings page', async () => {
		await createStaff(db, { email: 'amna@example.pk', name: 'Amna', role: 'staff', password: 'amna-password-1' })
		const cookie = await signInOverHttp(shop.url, 'amna@example.pk', 'amna-password-1', nextIp())
		const page = await settingsPage(cookie)
		expect(page.status).toBe(200)
		const html = await page.text()
		expect(html).toContain('>Your account</h2>')
		expect(html).toContain('Change your password')
		expect(html).toContain('Sign out everywhere')
		expect(html).not.toContain('>Staff accounts</h2>')
		expect(html).not.toContain('>API keys</h2>')
		// The owner's forms stay the owner's.
		expect((await post(cookie, { intent: 'create-key', name: 'mine now' })).status).toBe(403)
	})

	it('changing the password needs the current one and a new one of 10 characters or more; a wrong one changes nothing', async () => {
		const me = await createStaff(db, { email: 'bilal@example.pk', name: 'Bilal', role: 'staff', password: 'bilal-password-1' })
		const cookie = await signInOverHttp(shop.url, 'bilal@example.pk', 'bilal-password-1', nextIp())
		const wrong = await post(cookie, { intent: 'change-password', current: 'not-my-password', next: 'a-new-password-2' })
		expect(wrong.status).toBe(400)
		const wrongHtml = await wrong.text()
		expect(wrongHtml).toContain(OWN_ACCOUNT_MESSAGES.wrongCurrent)
		expect(wrongHtml).not.toContain('a-new-password-2')
		const short = await post(cookie, { intent: 'change-password', current: 'bilal-password-1', next: 'short' })
		expect(short.status).toBe(400)
		expect(await short.text()).toContain(OWN_ACCOUNT_MESSAGES.tooShort)
		// Still signed in, with the old password.
		expect((await settingsPage(cookie)).status).toBe(200)
		await signInOverHttp(shop.url, 'bilal@example.pk', 'bilal-password-1', nextIp())
		expect(await auditActions(me.id)).not.toContain('staff.change-own-password')
	})

	it('a stolen session cannot guess the current password: ten wrong tries, then a sentence and 429 even for the right one', async () => {
		await createStaff(db, { email: 'danish@example.pk', name: 'Danish', role: 'staff', password: 'danish-password-1' })
		const cookie = await signInOverHttp(shop.url, 'danish@example.pk', 'danish-password-1', nextIp())
		for (let i = 0; i < 10; i++) expect((await post(cookie, { intent: 'change-password', current: `guess-${i}-password`, next: 'a-new-password-2' })).status).toBe(400)
		const refused = await post(cookie, { intent: 'change-password', current: 'danish-password-1', next: 'a-new-password-2' })
		expect(refused.status).toBe(429)
		expect(await refused.text()).toContain(OWN_ACCOUNT_MESSAGES.tooManyTries)
		// Nothing changed: the old password still signs in.
		await signInOverHttp(shop.url, 'danish@example.pk', 'danish-password-1', nextIp())
	})

	it('a password change ends every session of the account, and a staff order stream open on another device closes within a second', async () => {
		const me = await createStaff(db, { email: 'hina@example.pk', name: 'Hina', role: 'staff', password: 'hina-password-1' })
		const here = await signInOverHttp(shop.url, 'hina@example.pk', 'hina-password-1', nextIp())
		const phone = await signInOverHttp(shop.url, 'hina@example.pk', 'hina-password-1', nextIp())
		const stream = await openOrderStream(shop.url, orderNumber, { Cookie: phone })
		try {
			await stream.next((e) => e.event === 'ready')
			const changed = await post(here, { intent: 'change-password', current: 'hina-password-1', next: 'hina-new-password-2' })
			expect(changed.status).toBe(302)
			expect(changed.headers.get('location')).toBe('/admin/login?signedOut=password-changed')
			expect(changed.headers.get('set-cookie')).toMatch(/staff_session=;/)
			expect(await endsWithin(stream.ended, 1000)).toBe('ended')
		} finally {
			stream.close()
		}
		// Both devices sign in again, with the new password only.
		expect((await settingsPage(here)).status).toBe(302)
		expect((await settingsPage(phone)).status).toBe(302)
		expect(await db.select().from(staffSessions).where(eq(staffSessions.staffId, me.id))).toEqual([])
		await expect(signInOverHttp(shop.url, 'hina@example.pk', 'hina-password-1', nextIp())).rejects.toThrow()
		await signInOverHttp(shop.url, 'hina@example.pk', 'hina-new-password-2', nextIp())
		expect(await auditActions(me.id)).toContain('staff.change-own-password')
		const notice = await (await fetch(`${shop.url}/admin/login?signedOut=password-changed`)).text()
		expect(notice).toContain('Your password is changed and every device was signed out. Sign in with your new password.')
	})

	it('sign out everywhere ends every session of the account, this one too, and closes their order streams within a second', async () => {
		const me = await createStaff(db, { email: 'zara@example.pk', name: 'Zara', role: 'owner', password: 'zara-password-1' })
		const other = await createStaff(db, { email: 'omar@example.pk', name: 'Omar', role: 'staff', password: 'omar-password-1' })
		const here = await signInOverHttp(shop.url, 'zara@example.pk', 'zara-password-1', nextIp())
		const laptop = await signInOverHttp(shop.url, 'zara@example.pk', 'zara-password-1', nextIp())
		const someoneElse = await signInOverHttp(shop.url, 'omar@example.pk', 'omar-password-1', nextIp())
		const stream = await openOrderStream(shop.url, orderNumber, { Cookie: laptop })
		const othersStream = await openOrderStream(shop.url, orderNumber, { Cookie: someoneElse })
		try {
			await stream.next((e) => e.event === 'ready')
			await othersStream.next((e) => e.event === 'ready')
			const res = await post(here, { intent: 'sign-out-everywhere' })
			expect(res.status).toBe(302)
			expect(res.headers.get('location')).toBe('/admin/login?signedOut=everywhere')
			expect(await endsWithin(stream.ended, 1000)).toBe('ended')
			// Another member of staff is not touched.
			expect(await endsWithin(othersStream.ended, 300)).toBe('still open')
		} finally {
			stream.close()
			othersStream.close()
		}
		expect((await settingsPage(here)).status).toBe(302)
		expect((await settingsPage(laptop)).status).toBe(302)
		expect((await settingsPage(someoneElse)).status).toBe(200)
		expect(await db.select().from(staffSessions).where(eq(staffSessions.staffId, me.id))).toEqual([])
		const [entry] = await db.select().from(auditLog).where(and(eq(auditLog.staffId, me.id), eq(auditLog.action, 'staff.sign-out-everywhere'))).orderBy(auditLog.id)
		expect(entry?.after).toMatchObject({ sessions: 2 })
		expect(await auditActions(other.id)).toEqual([])
	})

	it('without scripts, a refused form shows the schema\'s sentence beside its field (the same the browser shows before sending)', async () => {
		await createStaff(db, { email: 'sana@example.pk', name: 'Sana', role: 'owner', password: 'sana-password-1' })
		const cookie = await signInOverHttp(shop.url, 'sana@example.pk', 'sana-password-1', nextIp())
		const short = await post(cookie, { intent: 'change-password', current: 'sana-password-1', next: 'short' })
		expect(short.status).toBe(400)
		const shortHtml = await short.text()
		expect(fieldErrorIn(shortHtml, 'next', 'change-password')).toBe(PASSWORD_TOO_SHORT)
		// The form's limits come from the same schema.
		expect(shortHtml.match(/<input[^>]* name="next"[^>]*>/)?.[0]).toMatch(/ minLength="10" maxLength="1024"/)
		const wrong = await post(cookie, { intent: 'change-password', current: 'not-sana', next: 'a-new-password-3' })
		expect(fieldErrorIn(await wrong.text(), 'current', 'change-password')).toBe(OWN_ACCOUNT_MESSAGES.wrongCurrent)
		// A name of spaces only passes the browser's `required`, not the schema.
		const blank = await post(cookie, { intent: 'create-staff', email: 'new@example.pk', name: '   ', role: 'staff' })
		expect(blank.status).toBe(400)
		const blankHtml = await blank.text()
		expect(fieldErrorIn(blankHtml, 'name', 'create-staff')).toBe('Please enter a name.')
		// What was typed comes back.
		expect(blankHtml).toMatch(/<input[^>]* value="new@example.pk"/)
		const longKey = await post(cookie, { intent: 'create-key', name: 'k'.repeat(81), 'scope-stock': 'on' })
		expect(longKey.status).toBe(400)
		expect(fieldErrorIn(await longKey.text(), 'name', 'create-key')).toBe('Give the key a name of up to 80 characters.')
	})
})
