// The staff console's guards over HTTP against the real server (startShop): every admin page and
// API refuses anyone not signed in, owner-only pages refuse staff, cross-origin writes are refused,
// sign-in is rate-limited, sessions end on sign-out and when idle, the first start prints the
// owner's generated password once, and what shoppers type renders as text for staff.
import { eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import type { Db } from '../../app/db/client.server'
import { apiKeys, auditLog, contactMessages, emailOutbox, jobs, orders, staffSessions, staffUsers } from '../../app/db/schema'
import { verifyApiKey } from '../../app/domain/staff/api-keys.server'
import { createStaff } from '../../app/domain/staff/manage-staff.server'
import { INVALID_CREDENTIALS, TOO_MANY_ATTEMPTS } from '../../app/domain/staff/sign-in.server'
import { logger } from '../../app/utils/logger.server'
import { CROSS_SITE_REFUSED } from '../../app/http/request-guard'
import routes from '../../app/routes'
import type { RouteConfigEntry } from '@react-router/dev/routes'
import type { RunningShop } from '../../server/start'
import { placeOrder } from '../setup/payments'
import { useTestShop } from '../setup/test-shop'
import { databaseKinds } from '../setup/test-db'

const SCRIPT = '<script>alert(1)</script>'
const ESCAPED = '&lt;script&gt;alert(1)&lt;/script&gt;'
const EVIL = 'https://evil.example'

const ADMIN_PAGES = ['/admin-dashboard', '/admin/orders/X', '/admin/payments', '/admin/dm-order', '/admin/inbox', '/admin/outbox', '/admin/jobs', '/admin/settings']

/** The owner's generated password, as the first start logs it. */
function generatedOwnerLines(warn: { mock: { calls: unknown[][] } }) {
	return warn.mock.calls.map((c) => c[0]).filter((arg): arg is { email: string; password: string; signIn: string } => typeof arg === 'object' && arg !== null && 'password' in arg)
}

const countRows = async (db: Db, table: string) => Number(((await db.execute(sql.raw(`select count(*) as n from ${table}`))).rows[0] as { n: string }).n)

describe.each(databaseKinds)('staff console security on %s', (kind) => {
	// Started in the block's own hook: first without an owner over https, then again on the same data.
	const testShop = useTestShop(kind, 'admin', {}, { start: false })
	let shop: RunningShop
	let db: Db
	let firstStart: { email: string; password: string; signIn: string }[]
	let secondStart: unknown[]
	let secureCookie: string
	let ip = 0
	/** A new client address per sign-in (TRUST_PROXY is on), so the per-address limit only bites where a test wants it. */
	const nextIp = () => `198.51.100.${++ip}`

	function signIn(origin: string, email: string, password: string, address = nextIp()) {
		return fetch(`${origin}/admin/login`, {
			method: 'POST',
			redirect: 'manual',
			headers: { Origin: origin, 'Content-Type': 'application/x-www-form-urlencoded', 'X-Forwarded-For': address },
			body: new URLSearchParams({ email, password }),
		})
	}

	/** name=value of the session cookie, as the browser sends it back. */
	function sessionOf(res: Response) {
		const match = /staff_session=([^;]*)/.exec(res.headers.get('set-cookie') ?? '')
		if (!match?.[1]) throw new Error(`no session cookie (status ${res.status})`)
		return `staff_session=${match[1]}`
	}

	async function signedIn(email: string, password: string) {
		const res = await signIn(shop.url, email, password)
		expect(res.status).toBe(302)
		return sessionOf(res)
	}

	const get = (path: string, cookie?: string) => fetch(`${shop.url}${path}`, { redirect: 'manual', headers: cookie ? { Cookie: cookie } : {} })

	function post(path: string, fields: Record<string, string | number>, { cookie, origin = shop.url, headers = {} }: { cookie?: string; origin?: string | null; headers?: Record<string, string> } = {}) {
		return fetch(`${shop.url}${path}`, {
			method: 'POST',
			redirect: 'manual',
			headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...(origin ? { Origin: origin } : {}), ...(cookie ? { Cookie: cookie } : {}), ...headers },
			body: new URLSearchParams(Object.entries(fields).map(([k, v]) => [k, String(v)])),
		})
	}

	function postJson(path: string, body: unknown, { cookie, origin = shop.url, headers = {} }: { cookie?: string; origin?: string; headers?: Record<string, string> } = {}) {
		return fetch(`${shop.url}${path}`, {
			method: 'POST',
			redirect: 'manual',
			headers: { 'Content-Type': 'application/json', Origin: origin, ...(cookie ? { Cookie: cookie } : {}), ...headers },
			body: JSON.stringify(body),
		})
	}

	const expectSignInRedirect = (res: Response) => {
		expect(res.status).toBe(302)
		expect(res.headers.get('location')).toMatch(/^\/admin\/login(\?|$)/)
	}

	let owner: { email: string; password: string }
	let staff: { email: string; password: string; id: number }

	beforeAll(async () => {
		const warn = vi.spyOn(logger, 'warn')
		try {
			// First start on a database with no staff, no ADMIN_EMAIL / ADMIN_PASSWORD, served over https.
			const first = await testShop.start({ PUBLIC_URL: 'https://shop.example', JOBS_WORKER: 'false' })
			firstStart = generatedOwnerLines(warn)
			try {
				secureCookie = (await signIn(first.url, firstStart[0]!.email, firstStart[0]!.password)).headers.get('set-cookie') ?? ''
			} finally {
				await testShop.close()
			}
			warn.mockClear()
			// The same database again: the owner exists, nothing is printed.
			shop = await testShop.start({ TRUST_PROXY: 'true', STAFF_IDLE_MINUTES: '30', JOBS_WORKER: 'false', REVIEW_RATE_LIMIT: '100', CONTACT_RATE_LIMIT: '100' })
			secondStart = generatedOwnerLines(warn)
		} finally {
			warn.mockRestore()
		}
		db = shop.database.db
		owner = { email: firstStart[0]!.email, password: firstStart[0]!.password }
		const created = await createStaff(db, { email: 'staff@example.pk', name: 'Sara', role: 'staff', password: 'staff-password-1' })
		staff = { email: created.email, password: 'staff-password-1', id: created.id }
	})

	describe('the owner account', () => {
		it('is created on the first start with a generated password printed once, with the sign-in URL', () => {
			expect(firstStart).toHaveLength(1)
			expect(firstStart[0]!.email).toBe('owner@shop.local')
			expect(firstStart[0]!.password).toMatch(/^[A-Za-z0-9]{16}$/)
			expect(firstStart[0]!.signIn).toBe('https://shop.example/admin/login')
			expect(secondStart).toEqual([])
		})

		it('signs in with the printed password', async () => {
			const cookie = await signedIn(owner.email, owner.password)
			expect((await get('/admin/settings', cookie)).status).toBe(200)
		})
	})

	describe('without a session', () => {
		it.each(ADMIN_PAGES)('%s redirects to sign-in', async (page) => {
			const res = await get(page)
			expectSignInRedirect(res)
			expect(res.headers.get('location')).toBe(`/admin/login?redirectTo=${encodeURIComponent(page)}`)
		})

		it.each(['/admin/inbox', '/admin/outbox', '/admin/jobs', '/admin/settings'])('a form post to %s redirects to sign-in and changes nothing', async (page) => {
			const keysBefore = await countRows(db, 'api_keys')
			expectSignInRedirect(await post(page, { intent: 'create-key', name: 'sneaky', messageId: 1, handled: 'true', outboxId: 1, jobId: 1 }))
			expect(await countRows(db, 'api_keys')).toBe(keysBefore)
		})

		it.each(['/api/admin-update-order', '/.netlify/functions/admin-update-order'])('POST %s answers 401', async (api) => {
			const res = await postJson(api, { orderNumber: 'X', updates: { fulfillment_status: 'completed' } })
			expect(res.status).toBe(401)
		})

		it.each(['/admin/orders.csv', '/admin/receipts/X'])('GET %s answers 401', async (api) => {
			expect((await get(api)).status).toBe(401)
		})

		it.each(['/api/admin-create-dm-order', '/.netlify/functions/admin-create-dm-order'])('POST %s without or with a wrong X-ADMIN-KEY answers 401', async (api) => {
			const body = { customer: { name: 'Ali', email: 'ali@example.pk', phone: '03001234567' }, totalAmount: 1000, items: [], status: 'pending', durationDays: 30 }
			expect((await postJson(api, body)).status).toBe(401)
			expect((await postJson(api, body, { headers: { 'X-ADMIN-KEY': 'gvk_not-a-real-key' } })).status).toBe(401)
		})
	})

	describe('owner-only settings', () => {
		it('show a staff session only Your account, refuse its owner-only posts with 403, and change nothing', async () => {
			const cookie = await signedIn(staff.email, staff.password)
			expect((await get('/admin/inbox', cookie)).status).toBe(200)
			// The settings page has "Your account" for every member of staff; the owner's sections are not there.
			const page = await get('/admin/settings', cookie)
			expect(page.status).toBe(200)
			const html = await page.text()
			expect(html).toContain('>Your account</h2>')
			expect(html).not.toContain('>Staff accounts</h2>')
			expect(html).not.toContain('>API keys</h2>')
			const staffBefore = await countRows(db, 'staff_users')
			const attempts: Record<string, string | number>[] = [
				{ intent: 'create-key', name: 'mine now' },
				{ intent: 'create-staff', email: 'intruder@example.pk', name: 'Intruder', role: 'owner' },
				{ intent: 'set-active', staffId: 1, active: 'false' },
				{ intent: 'reset-password', staffId: 1 },
			]
			for (const fields of attempts) {
				expect((await post('/admin/settings', fields, { cookie })).status).toBe(403)
			}
			expect(await countRows(db, 'api_keys')).toBe(0)
			expect(await countRows(db, 'staff_users')).toBe(staffBefore)
			const [ownerRow] = await db.select().from(staffUsers).where(eq(staffUsers.email, owner.email))
			expect(ownerRow!.active).toBe(true)
		})

		it('let the owner create staff and API keys, shown once and never written to the audit log', async () => {
			const cookie = await signedIn(owner.email, owner.password)
			const created = await post('/admin/settings', { intent: 'create-staff', email: 'Nadia@Example.pk', name: SCRIPT, role: 'staff' }, { cookie })
			expect(created.status).toBe(200)
			const createdHtml = await created.text()
			const password = /class="staff-secret">([^<]+)</.exec(createdHtml)?.[1]
			expect(password).toMatch(/^[A-Za-z0-9]{16}$/)
			expect(createdHtml).not.toContain(SCRIPT)
			expect(createdHtml).toContain(ESCAPED)
			expect((await signIn(shop.url, 'nadia@example.pk', password!)).status).toBe(302)

			const keyPage = await (await post('/admin/settings', { intent: 'create-key', name: 'DM tool', 'scope-dm-orders': 'on' }, { cookie })).text()
			const key = /class="staff-secret">([^<]+)</.exec(keyPage)?.[1]
			expect(key).toMatch(/^gvk_/)
			expect(await verifyApiKey(db, key!)).not.toBeNull()

			// The settings page lists them later, without the secrets.
			const later = await (await get('/admin/settings', cookie)).text()
			expect(later).toContain('nadia@example.pk')
			expect(later).toContain(ESCAPED)
			expect(later).not.toContain(SCRIPT)
			expect(later).not.toContain(password!)
			expect(later).not.toContain(key!)

			const [keyRow] = await db.select().from(apiKeys)
			expect((await post('/admin/settings', { intent: 'revoke-key', apiKeyId: keyRow!.id }, { cookie })).status).toBe(200)
			expect(await verifyApiKey(db, key!)).toBeNull()

			const audit = await db.select().from(auditLog)
			expect(audit.map((a) => a.action)).toEqual(expect.arrayContaining(['staff.create', 'apikey.create', 'apikey.revoke']))
			expect(audit.every((a) => a.actor === owner.email)).toBe(true)
			const logged = JSON.stringify(audit)
			expect(logged).not.toContain(password!)
			expect(logged).not.toContain(key!)
		})

		it('deactivating a staff member signs them out at once; the owner cannot deactivate themself', async () => {
			const victim = await createStaff(db, { email: 'temp@example.pk', name: 'Temp', password: 'temp-password-1' })
			const victimCookie = await signedIn(victim.email, 'temp-password-1')
			const cookie = await signedIn(owner.email, owner.password)
			expect((await post('/admin/settings', { intent: 'set-active', staffId: victim.id, active: 'false' }, { cookie })).status).toBe(200)
			expectSignInRedirect(await get('/admin/inbox', victimCookie))
			const refused = await signIn(shop.url, victim.email, 'temp-password-1')
			expect(refused.status).toBe(401)
			const [me] = await db.select().from(staffUsers).where(eq(staffUsers.email, owner.email))
			expect((await post('/admin/settings', { intent: 'set-active', staffId: me!.id, active: 'false' }, { cookie })).status).toBe(400)
			expect((await db.select().from(staffUsers).where(eq(staffUsers.id, me!.id)))[0]!.active).toBe(true)
		})
	})

	describe('cross-origin requests with a valid staff cookie', () => {
		it('POST /api/admin-update-order from another origin answers 403 and changes nothing', async () => {
			const order = await placeOrder(db)
			const before = await db.select().from(orders).where(eq(orders.orderNumber, order.orderNumber))
			const auditBefore = await countRows(db, 'audit_log')
			const cookie = await signedIn(staff.email, staff.password)
			for (const api of ['/api/admin-update-order', '/.netlify/functions/admin-update-order']) {
				const res = await postJson(api, { orderNumber: order.orderNumber, updates: { fulfillment_status: 'completed', delivery_content: 'CODE-123' } }, { cookie, origin: EVIL })
				expect(res.status).toBe(403)
			}
			expect(await db.select().from(orders).where(eq(orders.orderNumber, order.orderNumber))).toEqual(before)
			expect(await countRows(db, 'audit_log')).toBe(auditBefore)
		})

		it('a page action from another origin is refused and changes nothing', async () => {
			const [message] = await db.insert(contactMessages).values({ name: 'Ali', email: 'ali@example.pk', message: 'Where is my code?' }).returning()
			const cookie = await signedIn(staff.email, staff.password)
			// React Router itself turns away a document POST whose Origin is not the page's (400) before
			// the action runs; without an Origin header, the action's own check answers 403.
			const withOrigin = await post('/admin/inbox', { messageId: message!.id, handled: 'true' }, { cookie, origin: EVIL })
			expect([400, 403]).toContain(withOrigin.status)
			const bySite = await post('/admin/inbox', { messageId: message!.id, handled: 'true' }, { cookie, origin: null, headers: { 'Sec-Fetch-Site': 'cross-site' } })
			expect(bySite.status).toBe(403)
			const asData = await post('/admin/inbox.data', { messageId: message!.id, handled: 'true' }, { cookie, origin: EVIL })
			expect([400, 403]).toContain(asData.status)
			const [after] = await db.select().from(contactMessages).where(eq(contactMessages.id, message!.id))
			expect(after!.handled).toBe(false)

			const ownerCookie = await signedIn(owner.email, owner.password)
			const keysBefore = await countRows(db, 'api_keys')
			const settings = await post('/admin/settings', { intent: 'create-key', name: 'evil' }, { cookie: ownerCookie, origin: EVIL })
			expect([400, 403]).toContain(settings.status)
			expect(await countRows(db, 'api_keys')).toBe(keysBefore)

			// From the shop's own page the same request works.
			expect((await post('/admin/inbox', { messageId: message!.id, handled: 'true' }, { cookie })).status).toBe(200)
			expect((await db.select().from(contactMessages).where(eq(contactMessages.id, message!.id)))[0]!.handled).toBe(true)
		})
	})

	describe('cross-site writes on every route', () => {
		/** Every path app/routes.ts serves, its parameters filled in. */
		const everyPath = () => {
			const paths: string[] = []
			const walk = (entries: readonly RouteConfigEntry[], prefix: string) => {
				for (const entry of entries) {
					const own = entry.index ? prefix : entry.path ? `${prefix}/${entry.path}` : prefix
					// A buyer page's optional Urdu prefix (/ur?/contact) names two addresses: /contact and /ur/contact.
					const filled = (own || '/').replace(/:[a-zA-Z]+/g, '1').replace(/\*$/, 'x')
					if (entry.path !== undefined || entry.index) paths.push(...(filled.startsWith('/ur?') ? [filled.slice('/ur?'.length) || '/', filled.replace('/ur?', '/ur')] : [filled]))
					if (entry.children) walk(entry.children, own)
				}
			}
			walk(routes, '')
			return [...new Set(paths)]
		}

		it('refuses a POST from another site on every route but the PayPro callback, before the route runs', async () => {
			const paths = everyPath()
			expect(paths).toEqual(expect.arrayContaining(['/api/order/unlock', '/api/checkout', '/api/reviews', '/contact', '/paypro/uis', '/admin/login']))
			const answered: Record<string, number> = {}
			for (const p of paths) {
				const res = await post(p, { orderNumber: 'X', email: 'a@example.pk' }, { origin: EVIL })
				answered[p] = res.status
				if (p === '/paypro/uis') expect(res.status, p).not.toBe(403)
				else expect(await res.text(), p).toContain(CROSS_SITE_REFUSED)
			}
			expect(Object.entries(answered).filter(([p, status]) => p !== '/paypro/uis' && status !== 403)).toEqual([])
			// Without an Origin, the browser's Sec-Fetch-Site says where it came from.
			for (const method of ['POST', 'PUT', 'PATCH', 'DELETE']) {
				const res = await fetch(`${shop.url}/api/order/unlock`, { method, headers: { 'Sec-Fetch-Site': 'cross-site', 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'orderNumber=X' })
				expect(res.status, method).toBe(403)
			}
		})

		it('a form posted to /api/order/unlock from another site sends nothing; from the shop it does', async () => {
			const order = await placeOrder(db)
			const sent = () => countRows(db, 'buyer_sign_ins')
			const before = await sent()
			const evil = await post('/api/order/unlock', { orderNumber: order.orderNumber, email: 'buyer@example.pk' }, { origin: EVIL })
			expect(evil.status).toBe(403)
			expect(await sent()).toBe(before)
			const own = await post('/api/order/unlock', { orderNumber: order.orderNumber, email: 'buyer@example.pk' }, { headers: { Accept: 'application/json' } })
			expect(own.status).not.toBe(403)
		})

		it('lets X-ADMIN-KEY calls and callers without a browser (no Origin, no Sec-Fetch-Site) through to the route', async () => {
			const keyed = await postJson('/api/admin-create-dm-order', {}, { origin: EVIL, headers: { 'X-ADMIN-KEY': 'gvk_wrong' } })
			expect(keyed.status).toBe(401)
			const script = await post('/api/order/unlock', { orderNumber: 'X' }, { origin: null })
			expect(script.status).not.toBe(403)
		})
	})

	describe('sign-in', () => {
		it('wrong credentials answer "Invalid email or password. Access denied." (never "passkey": there is none) with the password field empty', async () => {
			const res = await signIn(shop.url, staff.email, 'not-the-password')
			expect(res.status).toBe(401)
			expect(res.headers.get('set-cookie')).toBeNull()
			const html = await res.text()
			expect(html).toContain('Invalid email or password. Access denied.')
			expect(html).not.toContain('passkey')
			const passwordInput = /<input[^>]*name="password"[^>]*>/.exec(html)?.[0]
			expect(passwordInput).toBeDefined()
			expect(passwordInput).not.toMatch(/value=/)
			expect(html).not.toContain('not-the-password')
			// An unknown account answers the same.
			const unknown = await signIn(shop.url, 'nobody@example.pk', 'not-the-password')
			expect(unknown.status).toBe(401)
			expect(await unknown.text()).toContain(INVALID_CREDENTIALS)
		})

		it('20 wrong passwords in a row: then 429 with a clear message, and even the right password is refused', async () => {
			const victim = await createStaff(db, { email: 'victim@example.pk', name: 'Victim', password: 'right-password-1' })
			const other = await createStaff(db, { email: 'bystander@example.pk', name: 'Bystander', password: 'right-password-2' })
			const attacker = '203.0.113.7'
			const statuses: number[] = []
			for (let i = 0; i < 20; i++) statuses.push((await signIn(shop.url, victim.email, `wrong-password-${i}`, attacker)).status)
			expect(statuses[0]).toBe(401)
			expect(statuses.every((s) => s === 401 || s === 429)).toBe(true)
			// Once limited, it stays limited.
			expect(statuses.slice(statuses.indexOf(429))).toEqual(statuses.slice(statuses.indexOf(429)).map(() => 429))

			const next = await signIn(shop.url, victim.email, 'wrong-password-x', attacker)
			expect(next.status).toBe(429)
			expect(await next.text()).toContain(TOO_MANY_ATTEMPTS)
			// The right password: refused from the attacker's address and, per account, from any other.
			for (const address of [attacker, nextIp()]) {
				const right = await signIn(shop.url, victim.email, 'right-password-1', address)
				expect(right.status).toBe(429)
				expect(right.headers.get('set-cookie')).toBeNull()
				expect(await right.text()).toContain(TOO_MANY_ATTEMPTS)
			}
			// Per address: another account from the attacker's address is refused too, but not from elsewhere.
			expect((await signIn(shop.url, other.email, 'right-password-2', attacker)).status).toBe(429)
			expect((await signIn(shop.url, other.email, 'right-password-2', nextIp())).status).toBe(302)
			expect(await db.select().from(staffSessions).where(eq(staffSessions.staffId, victim.id))).toEqual([])
		})
	})

	describe('sessions', () => {
		it('the cookie is HttpOnly and SameSite=Lax; Secure when PUBLIC_URL is https', async () => {
			const res = await signIn(shop.url, staff.email, staff.password)
			const cookie = res.headers.get('set-cookie') ?? ''
			expect(cookie).toMatch(/^staff_session=[\w-]{20,};/)
			expect(cookie).toContain('HttpOnly')
			expect(cookie).toContain('SameSite=Lax')
			expect(cookie).not.toContain('Secure')
			expect(secureCookie).toMatch(/^staff_session=[\w-]{20,};/)
			expect(secureCookie).toContain('HttpOnly')
			expect(secureCookie).toContain('SameSite=Lax')
			expect(secureCookie).toContain('Secure')
		})

		it('sign-out ends the session on the server: the old cookie no longer works', async () => {
			const cookie = await signedIn(staff.email, staff.password)
			expect((await get('/admin/jobs', cookie)).status).toBe(200)
			const out = await post('/admin/logout', {}, { cookie })
			expect(out.status).toBe(302)
			expect(out.headers.get('location')).toBe('/admin/login')
			expect(out.headers.get('set-cookie')).toMatch(/^staff_session=;.*Max-Age=0/)
			expectSignInRedirect(await get('/admin/jobs', cookie))
			expect((await get('/admin/orders.csv', cookie)).status).toBe(401)
		})

		it('an idle session past STAFF_IDLE_MINUTES, or one past its absolute lifetime, is refused', async () => {
			const cookie = await signedIn(staff.email, staff.password)
			expect((await get('/admin/inbox', cookie)).status).toBe(200)
			await db.update(staffSessions).set({ lastSeenAt: sql`now() - interval '31 minutes'` }).where(eq(staffSessions.staffId, staff.id))
			expectSignInRedirect(await get('/admin/inbox', cookie))

			const fresh = await signedIn(staff.email, staff.password)
			await db.update(staffSessions).set({ lastSeenAt: sql`now() - interval '29 minutes'` }).where(eq(staffSessions.staffId, staff.id))
			expect((await get('/admin/inbox', fresh)).status).toBe(200)
			await db.update(staffSessions).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(staffSessions.staffId, staff.id))
			expectSignInRedirect(await get('/admin/inbox', fresh))
		})
	})

	describe('what shoppers type renders as text', () => {
		it('a script tag in a review name and comment renders escaped on the product page', async () => {
			const res = await postJson('/api/reviews', { productId: 14, name: SCRIPT, rating: 5, comment: `${SCRIPT} fast delivery` }, { headers: { 'X-Forwarded-For': nextIp() } })
			expect(res.status).toBe(201)
			const html = await (await get('/product/14')).text()
			expect(html).not.toContain(SCRIPT)
			expect(html).toContain(ESCAPED)
		})

		it('a script tag in a contact message renders escaped in the staff inbox', async () => {
			const sent = await post('/contact', { name: SCRIPT, email: 'buyer@example.pk', subject: SCRIPT, message: `${SCRIPT} where is my order?` }, { headers: { 'X-Forwarded-For': nextIp() } })
			expect(sent.status).toBe(200)
			const cookie = await signedIn(staff.email, staff.password)
			const html = await (await get('/admin/inbox', cookie)).text()
			expect(html).not.toContain(SCRIPT)
			expect(html).toContain(`${ESCAPED} where is my order?`)
		})
	})

	describe('outbox and failed jobs', () => {
		it('a failed email can be sent again: back to pending with a new send job, logged', async () => {
			const [email] = await db
				.insert(emailOutbox)
				.values({ dedupeKey: 'test:failed-email', toEmail: 'buyer@example.pk', subject: 'Order confirmed', params: {}, text: 'hello', status: 'failed', attempts: 8, lastError: 'Brevo answered 500' })
				.returning()
			const cookie = await signedIn(staff.email, staff.password)
			const page = await (await get('/admin/outbox', cookie)).text()
			expect(page).toContain('Brevo answered 500')
			const res = await post('/admin/outbox', { outboxId: email!.id }, { cookie })
			expect(res.status).toBe(200)
			expect((await db.select().from(emailOutbox).where(eq(emailOutbox.id, email!.id)))[0]!.status).toBe('pending')
			const sendJobs = await db.select().from(jobs).where(eq(jobs.kind, 'send-email'))
			expect(sendJobs.some((j) => j.dedupeKey?.startsWith(`email:${email!.id}:retry:`) && j.status === 'pending' && Number(j.payload.outboxId) === email!.id)).toBe(true)
			expect((await db.select().from(auditLog).where(eq(auditLog.action, 'email.retry')).orderBy(auditLog.id)).map((a) => a.actor)).toEqual([staff.email])
			// Only failed emails: a second retry is refused.
			expect((await post('/admin/outbox', { outboxId: email!.id }, { cookie })).status).toBe(409)
		})

		it('a failed job can be retried: pending, due now, attempts back to 0, logged', async () => {
			const [job] = await db
				.insert(jobs)
				.values({ kind: 'reconcile-order', payload: { orderNumber: 'GV-TEST' }, status: 'failed', attempts: 8, lastError: 'PayPro timed out', runAt: sql`now() + interval '1 hour'` })
				.returning()
			const cookie = await signedIn(staff.email, staff.password)
			expect(await (await get('/admin/jobs', cookie)).text()).toContain('PayPro timed out')
			expect((await post('/admin/jobs', { jobId: job!.id }, { cookie })).status).toBe(200)
			const [after] = await db.select().from(jobs).where(eq(jobs.id, job!.id))
			expect(after!.status).toBe('pending')
			expect(after!.attempts).toBe(0)
			expect(after!.runAt.getTime()).toBeLessThanOrEqual(Date.now() + 1000)
			expect((await db.select().from(auditLog).where(eq(auditLog.action, 'job.retry')).orderBy(auditLog.id)).length).toBe(1)
		})
	})
})
