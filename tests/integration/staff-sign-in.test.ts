// Staff sign-in hardening over HTTP against the real server (startShop): same-origin redirects only,
// device cookies that keep a known browser working while an attacker locks out the account, scrypt
// at today's strength with old hashes upgraded, two-factor sign-in (TOTP and recovery codes) that the
// owner can require, and clear 4xx answers for oversized or malformed input.
import { execFile } from 'node:child_process'
import crypto from 'node:crypto'
import { promisify } from 'node:util'
import { eq, sql } from 'drizzle-orm'
import * as OTPAuth from 'otpauth'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../app/db/client.server'
import { auditLog, staffDevices, staffPendingSignIns, staffRecoveryCodes, staffSessions, staffUsers, storeSettings } from '../../app/db/schema'
import { createApiKey } from '../../app/domain/staff/api-keys.server'
import { SIGN_IN_AGAIN, WRONG_CODE } from '../../app/domain/staff/complete-two-factor-sign-in.server'
import { createStaff } from '../../app/domain/staff/manage-staff.server'
import { hashParams } from '../../app/domain/staff/password.server'
import { INVALID_CREDENTIALS, TOO_MANY_ATTEMPTS } from '../../app/domain/staff/sign-in.server'
import type { RunningShop } from '../../server/start'
import { databaseKinds } from '../setup/test-db'
import { NUL_MESSAGE } from '../../app/utils/input'
import { useTestShop } from '../setup/test-shop'

const run = promisify(execFile)

/** The browser-side view of a response's cookies: name → value (an empty value clears it). */
function cookiesOf(res: Response): Record<string, string> {
	return Object.fromEntries(res.headers.getSetCookie().map((c) => c.split(';')[0]!.split(/=(.*)/s).slice(0, 2) as [string, string]))
}

/** A browser: a cookie jar and a client address (TRUST_PROXY is on). */
class Browser {
	jar: Record<string, string> = {}
	constructor(
		readonly shop: () => RunningShop,
		public ip: string,
	) {}
	get cookie() {
		return Object.entries(this.jar)
			.filter(([, v]) => v)
			.map(([k, v]) => `${k}=${v}`)
			.join('; ')
	}
	async request(pathname: string, init: { method?: string; form?: Record<string, string>; json?: unknown; headers?: Record<string, string> } = {}) {
		const url = this.shop().url
		const headers: Record<string, string> = { 'X-Forwarded-For': this.ip, Cookie: this.cookie, ...init.headers }
		let body: string | undefined
		if (init.form) {
			headers['Content-Type'] = 'application/x-www-form-urlencoded'
			headers.Origin = url
			body = new URLSearchParams(init.form).toString()
		} else if (init.json !== undefined) {
			headers['Content-Type'] = 'application/json'
			headers.Origin = url
			body = JSON.stringify(init.json)
		}
		const res = await fetch(`${url}${pathname}`, { method: init.method ?? (body !== undefined ? 'POST' : 'GET'), redirect: 'manual', headers, body })
		Object.assign(this.jar, cookiesOf(res))
		return res
	}
	signIn(email: string, password: string, query = '') {
		return this.request(`/admin/login${query}`, { form: { intent: 'password', email, password } })
	}
	enterCode(code: string, query = '') {
		return this.request(`/admin/login${query}`, { form: { intent: 'code', code } })
	}
}

const totpFor = (secret: string) => new OTPAuth.TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: OTPAuth.Secret.fromBase32(secret) })

describe.each(databaseKinds)('staff sign-in hardening on %s', (kind) => {
	let shop: RunningShop
	let db: Db
	let ip = 0
	const browser = () => (++ip, new Browser(() => shop, `10.${ip >> 8}.${ip & 255}.1`))
	const settings = { TRUST_PROXY: 'true', JOBS_WORKER: 'false' }

	const testShop = useTestShop(kind, 'sign_in', { ...settings, ADMIN_EMAIL: 'owner@example.pk', ADMIN_PASSWORD: 'owner-password-1' })

	beforeAll(() => {
		shop = testShop.shop
		db = shop.database.db
	})

	async function newStaff(name: string, role: 'owner' | 'staff' = 'staff') {
		const email = `${name}-${crypto.randomBytes(3).toString('hex')}@example.pk`
		const password = `${name}-password-1`
		const created = await createStaff(db, { email, name, role, password })
		return { id: created.id, email, password }
	}

	async function signedIn(account: { email: string; password: string }) {
		const b = browser()
		const res = await b.signIn(account.email, account.password)
		expect(res.status).toBe(302)
		expect(b.jar.staff_session).toBeTruthy()
		return b
	}

	/** Turns on two-factor sign-in from the Security page, as a staff member does; returns the secret and recovery codes. */
	async function enableTwoFactor(b: Browser) {
		const page = await (await b.request('/admin/security')).text()
		const secret = /class="staff-secret">([A-Z2-7 ]+)</.exec(page)![1]!.replace(/ /g, '')
		const res = await b.request('/admin/security', { form: { intent: 'enable', code: totpFor(secret).generate() } })
		expect(res.status).toBe(200)
		const html = await res.text()
		const codes = [...html.matchAll(/<li><code>([a-z0-9]{5}-[a-z0-9]{5})<\/code><\/li>/g)].map((m) => m[1]!)
		return { secret, codes, html }
	}

	/** A code from the app for now; the account's memory of used codes is rewound so tests can sign in more than once in 30 seconds. */
	async function currentCode(staffId: number, secret: string) {
		await db.update(staffUsers).set({ totpLastStep: null }).where(eq(staffUsers.id, staffId))
		return totpFor(secret).generate()
	}

	describe('where staff land after signing in', () => {
		const hostile = [
			...['/%09/evil.example/x', '//evil.example', '/%5Cevil.example', '/%5C/evil.example', '/%0A/x', '/%0D/x', 'https://evil.example', 'javascript:alert(1)', '/a/..//evil.example'].map((to) => [to, to]),
			['a 5,000-character path', `/${'a'.repeat(5000)}`],
		]

		it.each(hostile)('a signed-in browser at /admin/login?redirectTo=%s goes to the dashboard', async (_name, to) => {
			const b = await signedIn(await newStaff('redirected'))
			const res = await b.request(`/admin/login?redirectTo=${to}`)
			expect(res.status).toBe(302)
			expect(res.headers.get('location')).toBe('/admin-dashboard')
		})

		it.each(hostile)('signing in with redirectTo=%s goes to the dashboard', async (_name, to) => {
			const account = await newStaff('signing')
			const res = await browser().signIn(account.email, account.password, `?redirectTo=${to}`)
			expect(res.status).toBe(302)
			expect(res.headers.get('location')).toBe('/admin-dashboard')
		})

		it('a NUL in redirectTo never leaves the shop and never answers 500', async () => {
			const account = await newStaff('nul')
			const b = await signedIn(account)
			// The host may refuse a NUL anywhere in an address with a 400 before the page sees it.
			for (const res of [await b.request('/admin/login?redirectTo=/%00'), await browser().signIn(account.email, account.password, '?redirectTo=/%00')]) {
				expect([302, 400]).toContain(res.status)
				if (res.status === 302) expect(res.headers.get('location')).toBe('/admin-dashboard')
			}
		})

		it('/admin opens the orders when signed in and the sign-in when not (never a 404)', async () => {
			const b = await signedIn(await newStaff('typed'))
			for (const path of ['/admin', '/admin/']) {
				const signedInRes = await b.request(path)
				expect(signedInRes.status).toBe(302)
				expect(signedInRes.headers.get('location')).toBe('/admin-dashboard')
				const signedOut = await browser().request(path)
				expect(signedOut.status).toBe(302)
				expect(signedOut.headers.get('location')).toBe('/admin/login')
			}
		})

		it('a wrong password on the email-and-password form says so, without the spec’s passkey sentence', async () => {
			const account = await newStaff('mistyped')
			const res = await browser().signIn(account.email, 'not-my-password')
			expect(res.status).toBe(401)
			const html = await res.text()
			expect(html).toContain('Invalid email or password. Access denied.')
			expect(html).not.toMatch(/passkey/i)
		})

		it('a console path is kept, with its query', async () => {
			const account = await newStaff('kept')
			const res = await browser().signIn(account.email, account.password, `?redirectTo=${encodeURIComponent('/admin/inbox?page=2')}`)
			expect(res.headers.get('location')).toBe('/admin/inbox?page=2')
		})
	})

	describe('bad input answers 400 with a clear message, never 500', () => {
		it('a 1 MB email', async () => {
			const res = await browser().signIn(`${'a'.repeat(1024 * 1024)}@example.pk`, 'whatever-password')
			expect(res.status).toBe(400)
			const html = await res.text()
			expect(html).toContain('That email address is too long: staff email addresses have at most 254 characters.')
			// The address is not typed back into the page.
			expect(html.length).toBeLessThan(200_000)
		})

		it('a NUL inside the email', async () => {
			const res = await browser().signIn('owner\u0000@example.pk', 'whatever-password')
			expect(res.status).toBe(400)
			expect(await res.text()).toContain(NUL_MESSAGE)
		})

		it('an empty form, a 2 MB password and a badly encoded cookie', async () => {
			const b = browser()
			const empty = await b.request('/admin/login', { form: {} })
			expect(empty.status).toBe(400)
			expect(await empty.text()).toContain('Please enter your email and password.')
			const long = await b.signIn('owner@example.pk', 'x'.repeat(2 * 1024 * 1024))
			expect(long.status).toBe(400)
			expect(await long.text()).toContain('That password is too long: passwords have at most 1024 characters.')
			const odd = await b.request('/admin-dashboard', { headers: { Cookie: 'staff_session=%E0%A4%A' } })
			expect(odd.status).toBe(302)
		})
	})

	describe('device cookies (OWASP)', () => {
		it('an attacker’s wrong passwords lock untrusted browsers out of the account, while the owner’s browser still signs in', async () => {
			const owner = await newStaff('owner', 'owner')
			const home = await signedIn(owner)
			const device = home.jar.staff_device!
			expect(device).toMatch(/^[A-Za-z0-9_-]{43}$/)
			// Only a hash is stored, bound to the account.
			const [row] = await db.select().from(staffDevices).where(eq(staffDevices.staffId, owner.id))
			expect(row!.tokenHash).not.toContain(device)
			expect(row!.tokenHash).toBe(crypto.createHash('sha256').update(device).digest('hex'))

			// Twelve wrong passwords, each from a new address, so only the per-account limit bites.
			const statuses: number[] = []
			for (let i = 0; i < 12; i++) statuses.push((await browser().signIn(owner.email, `guess-${i}`)).status)
			expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401))
			expect(statuses.slice(10)).toEqual([429, 429])

			// A browser that never signed in to the account is refused, even with the right password.
			const stranger = await browser().signIn(owner.email, owner.password)
			expect(stranger.status).toBe(429)
			expect(await stranger.text()).toContain(TOO_MANY_ATTEMPTS)

			// The owner's own browser, signed out and on another network, still gets in.
			home.jar.staff_session = ''
			home.ip = '203.0.113.250'
			const back = await home.signIn(owner.email, owner.password)
			expect(back.status).toBe(302)
			expect(back.headers.get('location')).toBe('/admin-dashboard')
			expect((await home.request('/admin/inbox')).status).toBe(200)
			// It keeps the same device cookie.
			expect(home.jar.staff_device).toBe(device)
		})

		it('a device cookie has its own limit, and it counts only for the account it signed in to', async () => {
			const owner = await newStaff('owner', 'owner')
			const other = await newStaff('other')
			const home = await signedIn(owner)
			home.jar.staff_session = ''
			const otherDevice = (await signedIn(other)).jar.staff_device!

			// Ten wrong passwords from the owner's browser: its own limit is reached; the account's is not.
			for (let i = 0; i < 10; i++) expect((await home.signIn(owner.email, `typo-${i}`)).status).toBe(401)
			expect((await home.signIn(owner.email, owner.password)).status).toBe(429)
			expect((await browser().signIn(owner.email, owner.password)).status).toBe(302)

			// Lock the account for untrusted browsers; another account's device cookie does not open it.
			for (let i = 0; i < 10; i++) await browser().signIn(other.email, `guess-${i}`)
			const borrowed = browser()
			borrowed.jar.staff_device = otherDevice
			expect((await borrowed.signIn(owner.email, owner.password)).status).toBe(302)
			const wrongAccount = browser()
			wrongAccount.jar.staff_device = (await signedIn(owner)).jar.staff_device!
			expect((await wrongAccount.signIn(other.email, other.password)).status).toBe(429)
		})

		it('the device cookie is HttpOnly, sent only under /admin, and wrong passwords never set it', async () => {
			const account = await newStaff('cookie')
			const wrong = await browser().signIn(account.email, 'not-it')
			expect(wrong.status).toBe(401)
			expect(await wrong.text()).toContain(INVALID_CREDENTIALS)
			expect(wrong.headers.get('set-cookie')).toBeNull()
			const right = await browser().signIn(account.email, account.password)
			const device = right.headers.getSetCookie().find((c) => c.startsWith('staff_device='))!
			expect(device).toMatch(/; Path=\/admin; HttpOnly; SameSite=Lax; Max-Age=15552000/)
		})

		it('the per-address limit stays: twenty attempts from one address, then 429 for every account', async () => {
			const owner = await newStaff('owner', 'owner')
			const home = await signedIn(owner)
			const attacker = browser()
			for (let i = 0; i < 20; i++) await attacker.signIn(`nobody-${i}@example.pk`, 'guess')
			expect((await attacker.signIn(owner.email, owner.password)).status).toBe(429)
			// Even the owner's browser, from that address.
			home.jar.staff_session = ''
			home.ip = attacker.ip
			expect((await home.signIn(owner.email, owner.password)).status).toBe(429)
		})
	})

	describe('password hashes', () => {
		it('new hashes use scrypt N=2^17, r=8, p=1 on every server; only the test runner hashes cheaper, never in production', async () => {
			expect(hashParams({})).toEqual({ N: 2 ** 17, r: 8, p: 1 })
			expect(hashParams({ NODE_ENV: 'development' })).toEqual({ N: 2 ** 17, r: 8, p: 1 })
			expect(hashParams({ NODE_ENV: 'production', PASSWORD_HASH_COST: 'test' })).toEqual({ N: 2 ** 17, r: 8, p: 1 })
			const account = await newStaff('hashed')
			const [row] = await db.select().from(staffUsers).where(eq(staffUsers.id, account.id))
			const { N } = hashParams()
			expect(row!.passwordHash).toMatch(new RegExp(`^scrypt\\$${N}\\$8\\$1\\$[A-Za-z0-9_-]{22}\\$[A-Za-z0-9_-]{86}$`))
		})

		it('an older hash is accepted and upgraded at the next successful sign-in, not at a failed one', async () => {
			const account = await newStaff('legacy')
			const salt = crypto.randomBytes(16)
			const legacy = ['scrypt', 16384, 8, 1, salt.toString('base64url'), crypto.scryptSync(account.password, salt, 64, { N: 16384, r: 8, p: 1 }).toString('base64url')].join('$')
			await db.update(staffUsers).set({ passwordHash: legacy }).where(eq(staffUsers.id, account.id))

			expect((await browser().signIn(account.email, 'wrong-password')).status).toBe(401)
			expect((await db.select().from(staffUsers).where(eq(staffUsers.id, account.id)))[0]!.passwordHash).toBe(legacy)

			expect((await browser().signIn(account.email, account.password)).status).toBe(302)
			const upgraded = (await db.select().from(staffUsers).where(eq(staffUsers.id, account.id)))[0]!.passwordHash
			expect(upgraded).toMatch(new RegExp(`^scrypt\\$${hashParams().N}\\$8\\$1\\$`))
			expect((await browser().signIn(account.email, account.password)).status).toBe(302)
		})
	})

	describe('two-factor sign-in', () => {
		it('a staff member turns it on from the Security page: QR code drawn on the server, the secret encrypted, ten recovery codes shown once and stored hashed', async () => {
			const account = await newStaff('careful')
			const b = await signedIn(account)
			const page = await b.request('/admin/security')
			expect(page.status).toBe(200)
			const html = await page.text()
			expect(html).toContain('<svg')
			expect(html).toContain('aria-label="QR code for your authenticator app"')
			expect(html).not.toMatch(/<img[^>]+src="https?:/)

			const wrong = await b.request('/admin/security', { form: { intent: 'enable', code: '000000' } })
			expect(wrong.status).toBe(400)
			expect(await wrong.text()).toContain('That code did not match. Check that your phone’s clock is right and enter the newest 6-digit code.')

			const { secret, codes, html: enabled } = await enableTwoFactor(b)
			expect(enabled).toContain('Two-factor sign-in is on.')
			expect(codes).toHaveLength(10)
			expect(new Set(codes).size).toBe(10)

			const [row] = await db.select().from(staffUsers).where(eq(staffUsers.id, account.id))
			expect(row!.totpSecret).toMatch(/^enc:v1:/)
			expect(row!.totpSecret).not.toContain(secret)
			expect(row!.totpPendingSecret).toBeNull()
			const stored = JSON.stringify(await db.select().from(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, account.id)))
			for (const code of codes) expect(stored).not.toContain(code)

			// The page later says it is on, and never shows the codes again.
			const later = await (await b.request('/admin/security')).text()
			expect(later).toContain('10 recovery codes are')
			for (const code of codes) expect(later).not.toContain(code)
			const audit = await db.select().from(auditLog).where(eq(auditLog.staffId, account.id)).orderBy(auditLog.id)
			expect(audit.map((a) => a.action)).toContain('staff.2fa.enable')
			expect(JSON.stringify(audit)).not.toContain(secret)
		})

		it('signing in asks for the code after the password; the password alone opens no session', async () => {
			const account = await newStaff('twostep')
			const { secret } = await enableTwoFactor(await signedIn(account))
			const b = browser()
			const first = await b.signIn(account.email, account.password, '?redirectTo=%2Fadmin%2Finbox')
			expect(first.status).toBe(200)
			expect(await first.text()).toContain('Authentication code')
			expect(b.jar.staff_session).toBeUndefined()
			expect(b.jar.staff_pending_sign_in).toBeTruthy()
			// A pending sign-in is no session.
			expect((await b.request('/admin/inbox')).status).toBe(302)
			expect((await b.request('/admin/login?redirectTo=%2Fadmin%2Finbox')).status).toBe(200)

			const wrong = await b.enterCode('123456', '?redirectTo=%2Fadmin%2Finbox')
			expect(wrong.status).toBe(401)
			expect(await wrong.text()).toContain(WRONG_CODE)

			const code = await currentCode(account.id, secret)
			const right = await b.enterCode(code, '?redirectTo=%2Fadmin%2Finbox')
			expect(right.status).toBe(302)
			expect(right.headers.get('location')).toBe('/admin/inbox')
			expect((await b.request('/admin/inbox')).status).toBe(200)
			expect(await db.select().from(staffPendingSignIns).where(eq(staffPendingSignIns.staffId, account.id))).toEqual([])

			// The same code does not work twice.
			const again = browser()
			expect((await again.signIn(account.email, account.password)).status).toBe(200)
			const replay = await again.enterCode(code)
			expect(replay.status).toBe(401)
			expect(await replay.text()).toContain(WRONG_CODE)
		})

		it('a recovery code signs in once, and the audit log records it', async () => {
			const account = await newStaff('lostphone')
			const { codes } = await enableTwoFactor(await signedIn(account))
			const b = browser()
			await b.signIn(account.email, account.password)
			const res = await b.enterCode(codes[3]!.toUpperCase().replace('-', ' '))
			expect(res.status).toBe(302)
			const audit = await db.select().from(auditLog).where(eq(auditLog.staffId, account.id)).orderBy(auditLog.id)
			const used = audit.find((a) => a.action === 'staff.2fa.recovery-code-used')
			expect(used?.after).toEqual({ staffId: account.id, recoveryCodesLeft: 9 })
			expect(JSON.stringify(audit)).not.toContain(codes[3]!)

			const again = browser()
			await again.signIn(account.email, account.password)
			expect((await again.enterCode(codes[3]!)).status).toBe(401)
		})

		it('a pending sign-in allows five codes and lasts five minutes', async () => {
			const account = await newStaff('guessed')
			const { secret } = await enableTwoFactor(await signedIn(account))
			const b = browser()
			await b.signIn(account.email, account.password)
			for (let i = 0; i < 4; i++) expect((await b.enterCode(`00000${i}`)).status).toBe(401)
			const fifth = await b.enterCode('000009')
			expect(fifth.status).toBe(401)
			expect(await fifth.text()).toContain(SIGN_IN_AGAIN)
			expect(b.jar.staff_pending_sign_in).toBe('')
			// Even the right code no longer works for that pending sign-in.
			b.jar.staff_pending_sign_in = cookiesOf(await new Browser(() => shop, b.ip).signIn(account.email, account.password)).staff_pending_sign_in!
			await db.update(staffPendingSignIns).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(staffPendingSignIns.staffId, account.id))
			const expired = await b.enterCode(await currentCode(account.id, secret))
			expect(expired.status).toBe(401)
			expect(await expired.text()).toContain(SIGN_IN_AGAIN)
			expect(b.jar.staff_session).toBeUndefined()
			// A code step with no pending sign-in at all, and a 1 MB code.
			expect((await browser().enterCode('123456')).status).toBe(401)
			const huge = await browser().enterCode('1'.repeat(1024 * 1024))
			expect(huge.status).toBe(400)
			expect(await huge.text()).toContain('That code is too long.')
		})

		it('turning it off needs the password or a code, and is logged', async () => {
			const account = await newStaff('changing')
			const b = await signedIn(account)
			const { secret } = await enableTwoFactor(b)
			const wrong = await b.request('/admin/security', { form: { intent: 'disable', proof: 'not-my-password' } })
			expect(wrong.status).toBe(400)
			expect(await wrong.text()).toContain('That password or code is not right.')
			expect((await db.select().from(staffUsers).where(eq(staffUsers.id, account.id)))[0]!.totpEnabledAt).not.toBeNull()

			const off = await b.request('/admin/security', { form: { intent: 'disable', proof: account.password } })
			expect(off.status).toBe(200)
			expect(await off.text()).toContain('Two-factor sign-in is off.')
			expect((await browser().signIn(account.email, account.password)).status).toBe(302)

			// And with a code from the app.
			const again = await enableTwoFactor(b)
			const byCode = await b.request('/admin/security', { form: { intent: 'disable', proof: await currentCode(account.id, again.secret) } })
			expect(byCode.status).toBe(200)
			expect(secret).not.toBe(again.secret)
			const actions = (await db.select().from(auditLog).where(eq(auditLog.staffId, account.id)).orderBy(auditLog.id)).map((a) => a.action)
			expect(actions.filter((a) => a === 'staff.2fa.disable')).toHaveLength(2)
			expect(await db.select().from(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, account.id))).toEqual([])
		})

		it('new recovery codes replace the old ones', async () => {
			const account = await newStaff('renewing')
			const b = await signedIn(account)
			const { secret, codes } = await enableTwoFactor(b)
			const res = await b.request('/admin/security', { form: { intent: 'renew-codes', code: await currentCode(account.id, secret) } })
			expect(res.status).toBe(200)
			const fresh = [...(await res.text()).matchAll(/<li><code>([a-z0-9]{5}-[a-z0-9]{5})<\/code><\/li>/g)].map((m) => m[1]!)
			expect(fresh).toHaveLength(10)
			const other = browser()
			await other.signIn(account.email, account.password)
			expect((await other.enterCode(codes[0]!)).status).toBe(401)
			expect((await other.enterCode(fresh[0]!)).status).toBe(302)
		})
	})

	describe('the owner requires two-factor sign-in', () => {
		it('staff without it are sent to set it up before any other console page or API works; API keys are unaffected', async () => {
			const owner = await newStaff('boss', 'owner')
			const staff = await newStaff('helper')
			const ownerBrowser = await signedIn(owner)
			const staffBrowser = await signedIn(staff)

			// The owner must use it first.
			const early = await ownerBrowser.request('/admin/settings', { form: { intent: 'require-two-factor', required: 'true' } })
			expect(early.status).toBe(409)
			expect(await early.text()).toContain('Turn on two-factor sign-in for your own account first')
			await enableTwoFactor(ownerBrowser)
			const on = await ownerBrowser.request('/admin/settings', { form: { intent: 'require-two-factor', required: 'true' } })
			expect(on.status).toBe(200)
			expect(await on.text()).toContain('Two-factor sign-in is now required')
			const [setting] = await db.select().from(storeSettings).where(eq(storeSettings.key, 'staff.requireTwoFactor'))
			expect(setting!.value).toBe(true)

			for (const page of ['/admin-dashboard', '/admin/inbox', '/admin/orders/X', '/admin-dashboard.data']) {
				const res = await staffBrowser.request(page)
				expect([302, 202, 204]).toContain(res.status)
				if (res.status === 302) expect(res.headers.get('location')).toBe('/admin/security')
				else expect(res.headers.get('x-remix-redirect') ?? (await res.text())).toContain('/admin/security')
			}
			const security = await staffBrowser.request('/admin/security')
			expect(security.status).toBe(200)
			expect(await security.text()).toContain('The shop owner requires two-factor sign-in for every staff account. Set it up below to use the rest of the console.')
			expect((await staffBrowser.request('/admin/security.data')).status).toBe(200)
			const api = await staffBrowser.request('/api/admin-update-order', { json: { orderNumber: 'X', updates: { fulfillment_status: 'completed' } } })
			expect(api.status).toBe(403)
			expect((await api.json()).error).toContain('The shop owner requires two-factor sign-in')
			expect((await staffBrowser.request('/admin/orders.csv')).status).toBe(403)

			const key = await createApiKey(db, 'DM tool', owner.id)
			const dm = await browser().request('/api/admin-create-dm-order', { json: {}, headers: { 'X-ADMIN-KEY': key.key } })
			expect(dm.status).toBe(400)

			// The owner's own console keeps working; staff who set it up get in.
			expect((await ownerBrowser.request('/admin/inbox')).status).toBe(200)
			await enableTwoFactor(staffBrowser)
			expect((await staffBrowser.request('/admin/inbox')).status).toBe(200)
			// It cannot be turned off while required.
			const off = await staffBrowser.request('/admin/security', { form: { intent: 'disable', proof: staff.password } })
			expect(off.status).toBe(409)

			const offAgain = await ownerBrowser.request('/admin/settings', { form: { intent: 'require-two-factor', required: 'false' } })
			expect(offAgain.status).toBe(200)
			const changes = (await db.select().from(auditLog).where(eq(auditLog.action, 'settings.require-two-factor')).orderBy(auditLog.id)).map((a) => [a.actor, a.before, a.after])
			expect(changes).toEqual([
				[owner.email, { required: false }, { required: true }],
				[owner.email, { required: true }, { required: false }],
			])
		})

		it('only the owner may change it', async () => {
			const staff = await signedIn(await newStaff('sneaky'))
			expect((await staff.request('/admin/settings', { form: { intent: 'require-two-factor', required: 'false' } })).status).toBe(403)
		})
	})

	describe('npm run staff -- reset-2fa', () => {
		it('clears a lost two-factor sign-in, signs the account out everywhere and logs it', async () => {
			const account = await newStaff('phoneless')
			const b = await signedIn(account)
			await enableTwoFactor(b)
			await testShop.close()
			const { dataDir, databaseUrl } = testShop
			try {
				const env = { ...process.env, DATA_DIR: dataDir, DATABASE_URL: databaseUrl ?? '', NODE_ENV: 'development', LOG_LEVEL: 'silent' }
				if (!databaseUrl) delete (env as Record<string, string | undefined>).DATABASE_URL
				const { stdout } = await run(process.execPath, ['--import', 'tsx', 'scripts/staff.ts', 'reset-2fa', '--email', account.email.toUpperCase()], { env })
				expect(stdout).toContain(`Turned off two-factor sign-in for ${account.email} and signed it out everywhere`)
			} finally {
				shop = await testShop.start(settings)
				db = shop.database.db
			}
			expect((await b.request('/admin/inbox')).status).toBe(302)
			const [row] = await db.select().from(staffUsers).where(eq(staffUsers.id, account.id))
			expect(row!.totpEnabledAt).toBeNull()
			expect(row!.totpSecret).toBeNull()
			expect(await db.select().from(staffSessions).where(eq(staffSessions.staffId, account.id))).toEqual([])
			expect(await db.select().from(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, account.id))).toEqual([])
			const [entry] = await db.select().from(auditLog).where(sql`${auditLog.action} = 'staff.2fa.reset' and ${auditLog.after}->>'email' = ${account.email}`).orderBy(auditLog.id)
			expect(entry!.actor).toBe('staff command')
			expect((await browser().signIn(account.email, account.password)).status).toBe(302)
		})
	})
})
