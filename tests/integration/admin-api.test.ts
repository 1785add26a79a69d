// The console's JSON API over HTTP against the real server (startShop): a staff session from the
// shop's own pages or an X-ADMIN-KEY, refusals as JSON sentences, permissions (owner, catalogue,
// staff), bad input as a 4xx sentence, and every change in the audit log with before and after.
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../app/db/client.server'
import { apiKeys, auditLog, staffUsers } from '../../app/db/schema'
import { API_KEY_SCOPES, SESSION_ONLY_REFUSAL } from '../../app/domain/staff/api-key-scopes'
import { createApiKey, revokeApiKey } from '../../app/domain/staff/api-keys.server'
import { createStaff } from '../../app/domain/staff/manage-staff.server'
import { requireAdminActor } from '../../app/http/admin-api.server'
import { adminContracts } from '../../app/http/admin-contracts'
import { CROSS_SITE_REFUSED } from '../../app/http/request-guard'
import { moveClockForTests, nowMs } from '../../app/utils/clock'
import type { RunningShop } from '../../server/start'
import { signInOverHttp, useTestShop } from '../setup/test-shop'
import { databaseKinds } from '../setup/test-db'

const OWNER = { email: 'owner@example.pk', password: 'api-owner-password' }
const EVIL = 'https://evil.example'

describe.each(databaseKinds)('console API on %s', (kind) => {
	let shop: RunningShop
	let db: Db
	let ownerCookie: string
	let staffCookie: string
	let staffId: number
	let key: string
	let ip = 0

	const signIn = (email: string, password: string) => signInOverHttp(shop.url, email, password, `198.51.100.${++ip}`)

	function call(method: string, url: string, { cookie, key, origin = shop.url, json, headers = {} }: { cookie?: string; key?: string; origin?: string | null; json?: unknown; headers?: Record<string, string> } = {}) {
		return fetch(`${shop.url}${url}`, {
			method,
			redirect: 'manual',
			headers: {
				...(origin ? { Origin: origin } : {}),
				...(cookie ? { Cookie: cookie } : {}),
				...(key !== undefined ? { 'X-ADMIN-KEY': key } : {}),
				...(json !== undefined ? { 'Content-Type': 'application/json' } : {}),
				...headers,
			},
			body: json !== undefined ? JSON.stringify(json) : undefined,
		})
	}

	const errorOf = async (res: Response) => ((await res.json()) as { error: string }).error
	const catalogueFlag = async (id: number) => (await db.select({ grants: staffUsers.grants }).from(staffUsers).where(eq(staffUsers.id, id)))[0]!.grants.includes('catalogue')

	const testShop = useTestShop(kind, 'admin_api', { TRUST_PROXY: 'true', JOBS_WORKER: 'false', ADMIN_EMAIL: OWNER.email, ADMIN_PASSWORD: OWNER.password })

	beforeAll(async () => {
		shop = testShop.shop
		db = shop.database.db
		staffId = (await createStaff(db, { email: 'sara@example.pk', name: 'Sara', role: 'staff', password: 'staff-password-1' })).id
		ownerCookie = await signIn(OWNER.email, OWNER.password)
		staffCookie = await signIn('sara@example.pk', 'staff-password-1')
		key = (await createApiKey(db, 'Instagram DM tool', null)).key
	})


	describe('who may ask', () => {
		it('refuses a caller without a session or key with a 401 sentence, never cached', async () => {
			const res = await call('GET', '/api/admin/me')
			expect(res.status).toBe(401)
			expect(res.headers.get('cache-control')).toBe('no-store')
			expect(await errorOf(res)).toBe('Please sign in to the staff console or send a valid X-ADMIN-KEY.')
		})

		it("answers the owner's session with every permission", async () => {
			const res = await call('GET', '/api/admin/me', { cookie: ownerCookie })
			expect(res.status).toBe(200)
			expect(res.headers.get('cache-control')).toBe('no-store')
			expect(await res.json()).toMatchObject({ via: 'session', actor: OWNER.email, staff: { email: OWNER.email, role: 'owner' }, permissions: ['staff', 'catalogue', 'reveal-stock', 'refunds', 'reports', 'suppliers', 'owner'] })
		})

		it('answers a staff session with what staff may do', async () => {
			const res = await call('GET', '/api/admin/me', { cookie: staffCookie })
			expect(await res.json()).toMatchObject({ staff: { role: 'staff', canManageCatalogue: false }, permissions: ['staff'] })
		})

		it('answers an X-ADMIN-KEY with its scopes, named as the audit log names it', async () => {
			const res = await call('GET', '/api/admin/me', { key })
			expect(res.status).toBe(200)
			expect(await res.json()).toEqual({ via: 'api-key', actor: 'api key: Instagram DM tool', staff: null, permissions: [], scopes: [...API_KEY_SCOPES] })
		})

		it('refuses a wrong key even alongside a valid session: a sent key is never taken for the session', async () => {
			const res = await call('GET', '/api/admin/me', { key: 'gvk_wrong', cookie: ownerCookie })
			expect(res.status).toBe(401)
			expect(await errorOf(res)).toMatch(/X-ADMIN-KEY/)
		})

		it('refuses a revoked key', async () => {
			const revoked = await createApiKey(db, 'Old laptop', null)
			expect((await call('GET', '/api/admin/me', { key: revoked.key })).status).toBe(200)
			await revokeApiKey(db, revoked.id)
			const res = await call('GET', '/api/admin/me', { key: revoked.key })
			expect(res.status).toBe(401)
			expect(await errorOf(res)).toBe('Please sign in to the staff console or send a valid X-ADMIN-KEY.')
		})
	})

	describe('GET /api/admin/openapi.json', () => {
		it('serves the OpenAPI 3.1 document to staff and keys, with every contract in it', async () => {
			for (const credentials of [{ key }, { cookie: staffCookie }]) {
				const res = await call('GET', '/api/admin/openapi.json', credentials)
				expect(res.status).toBe(200)
				expect(res.headers.get('content-type')).toMatch(/^application\/json/)
				const document = (await res.json()) as { openapi: string; paths: Record<string, Record<string, unknown>> }
				expect(document.openapi).toBe('3.1.0')
				for (const c of adminContracts) expect(document.paths[c.path]?.[c.method.toLowerCase()], `${c.method} ${c.path}`).toBeDefined()
			}
		})

		it('is not for strangers', async () => {
			expect((await call('GET', '/api/admin/openapi.json')).status).toBe(401)
		})
	})

	describe('PATCH /api/admin/staff/{id}: the owner lets staff manage the catalogue', () => {
		it('refuses staff: only the owner may', async () => {
			const res = await call('PATCH', `/api/admin/staff/${staffId}`, { cookie: staffCookie, json: { canManageCatalogue: true } })
			expect(res.status).toBe(403)
			expect(await errorOf(res)).toBe('Only the shop owner may do this.')
			expect(await catalogueFlag(staffId)).toBe(false)
		})

		it("refuses a cross-origin write with the owner's session and changes nothing", async () => {
			const res = await call('PATCH', `/api/admin/staff/${staffId}`, { cookie: ownerCookie, origin: EVIL, json: { canManageCatalogue: true } })
			expect(res.status).toBe(403)
			expect(await errorOf(res)).toBe(CROSS_SITE_REFUSED)
			expect(await catalogueFlag(staffId)).toBe(false)
		})

		it('refuses staff without the permission on catalogue endpoints, and lets them in once the owner ticks it', async () => {
			const asStaff = () => new Request(`${shop.url}/api/admin/products`, { headers: { Cookie: staffCookie } })
			await expect(requireAdminActor(asStaff(), { permission: 'catalogue', scope: 'catalogue' })).rejects.toSatisfy((r: Response) => r.status === 403)
			const refused = await requireAdminActor(asStaff(), { permission: 'catalogue', scope: 'catalogue' }).catch((r: Response) => r.json())
			expect(refused).toEqual({ error: 'Only the shop owner, or staff the owner lets manage the catalogue, may do this.' })

			const res = await call('PATCH', `/api/admin/staff/${staffId}`, { cookie: ownerCookie, json: { canManageCatalogue: true } })
			expect(res.status).toBe(200)
			expect(await res.json()).toEqual({ id: staffId, email: 'sara@example.pk', name: 'Sara', role: 'staff', active: true, canManageCatalogue: true })

			// The same session, no new sign-in: the permission holds at once.
			const allowed = await requireAdminActor(asStaff(), { permission: 'catalogue', scope: 'catalogue' })
			expect(allowed.actor).toEqual({ staffId, label: 'sara@example.pk', role: 'staff', grants: ['catalogue'] })
			expect(await (await call('GET', '/api/admin/me', { cookie: staffCookie })).json()).toMatchObject({ permissions: ['staff', 'catalogue'] })
			// Still not the owner.
			expect((await call('PATCH', `/api/admin/staff/${staffId}`, { cookie: staffCookie, json: { canManageCatalogue: false } })).status).toBe(403)
		})

		it('records the change with before and after, naming the staff account', async () => {
			const [entry] = await db.select().from(auditLog).where(eq(auditLog.action, 'staff.set-grants')).orderBy(auditLog.id)
			expect(entry).toMatchObject({ actor: OWNER.email, target: `staff ${staffId}`, before: { staffId, grants: [] }, after: { staffId, grants: ['catalogue'] } })
		})

		it('is never changed with an X-ADMIN-KEY, even one holding every scope', async () => {
			const res = await call('PATCH', `/api/admin/staff/${staffId}`, { key, origin: null, json: { canManageCatalogue: false } })
			expect(res.status).toBe(403)
			expect(await errorOf(res)).toBe(SESSION_ONLY_REFUSAL)
			expect(await catalogueFlag(staffId)).toBe(true)
			const res2 = await call('PATCH', `/api/admin/staff/${staffId}`, { cookie: ownerCookie, json: { canManageCatalogue: false } })
			expect(res2.status).toBe(200)
			expect(await catalogueFlag(staffId)).toBe(false)
		})

		it('answers bad input with a sentence and a 4xx', async () => {
			const cases: [string, Parameters<typeof call>[2], number, RegExp][] = [
				[`/api/admin/staff/${staffId}`, { json: { canManageCatalogue: 'yes' } }, 400, /^canManageCatalogue must be true or false\.$/],
				[`/api/admin/staff/${staffId}`, { json: {} }, 400, /^Please give canManageCatalogue\.$/],
				[`/api/admin/staff/${staffId}`, { json: { canManageCatalogue: true, role: 'owner' } }, 400, /unknown field: role/],
				[`/api/admin/staff/${staffId}`, { json: [1] }, 400, /must be an object/],
				['/api/admin/staff/2147483648', { json: { canManageCatalogue: true } }, 400, /No staff account with that id/],
				['/api/admin/staff/abc', { json: { canManageCatalogue: true } }, 400, /No staff account with that id/],
				['/api/admin/staff/99999', { json: { canManageCatalogue: true } }, 404, /No staff account with that id/],
				['/api/admin/staff/1', { json: { canManageCatalogue: false } }, 400, /owners always manage the catalogue/],
				[`/api/admin/staff/${staffId}`, { json: { canManageCatalogue: 'a\u0000b' } }, 400, /character that is not allowed/],
				[`/api/admin/staff/${staffId}`, { headers: { 'Content-Type': 'application/json' } }, 400, /not valid JSON/],
				[`/api/admin/staff/${staffId}`, { headers: { 'Content-Type': 'text/plain' } }, 415, /as JSON/],
				[`/api/admin/staff/${staffId}`, { json: { canManageCatalogue: 'x'.repeat(70 * 1024) } }, 413, /too large/],
			]
			for (const [url, options, status, says] of cases) {
				const res = await call('PATCH', url, { cookie: ownerCookie, ...options })
				expect({ url, status: res.status, error: await errorOf(res) }).toEqual({ url, status, error: expect.stringMatching(says) })
			}
		})

		it('answers a method the address does not serve with a 405 naming the ones it does', async () => {
			const res = await call('GET', `/api/admin/staff/${staffId}`, { key })
			expect(res.status).toBe(405)
			expect(res.headers.get('allow')).toBe('PATCH')
			expect(await errorOf(res)).toBe('This address only answers PATCH requests.')
			expect((await call('POST', '/api/admin/me', { key, json: {} })).status).toBe(405)
		})
	})

	describe('PUT /api/admin/staff/{id}/grants: the owner sets everything a staff account may do', () => {
		const grantsOf = async (id: number) => (await db.select({ grants: staffUsers.grants }).from(staffUsers).where(eq(staffUsers.id, id)))[0]!.grants

		it('sets the whole list, which the same session holds at once, and is the owner’s alone, never a key’s', async () => {
			const refused = await call('PUT', `/api/admin/staff/${staffId}/grants`, { cookie: staffCookie, json: { grants: ['refunds'] } })
			expect(refused.status).toBe(403)
			expect(await errorOf(refused)).toBe('Only the shop owner may do this.')
			const byKey = await call('PUT', `/api/admin/staff/${staffId}/grants`, { key, origin: null, json: { grants: ['refunds'] } })
			expect(byKey.status).toBe(403)
			expect(await errorOf(byKey)).toBe(SESSION_ONLY_REFUSAL)

			const res = await call('PUT', `/api/admin/staff/${staffId}/grants`, { cookie: ownerCookie, json: { grants: ['reports', 'refunds'] } })
			expect(res.status).toBe(200)
			expect(await res.json()).toEqual({ id: staffId, email: 'sara@example.pk', name: 'Sara', role: 'staff', active: true, grants: ['refunds', 'reports'] })
			expect(await (await call('GET', '/api/admin/me', { cookie: staffCookie })).json()).toMatchObject({ staff: { grants: ['refunds', 'reports'] }, permissions: ['staff', 'refunds', 'reports'] })
			// The catalogue grant alone, as tools written before grants set it: the others are kept.
			expect(await (await call('PATCH', `/api/admin/staff/${staffId}`, { cookie: ownerCookie, json: { canManageCatalogue: true } })).json()).toMatchObject({ canManageCatalogue: true })
			expect(await grantsOf(staffId)).toEqual(['catalogue', 'refunds', 'reports'])
			expect((await call('PUT', `/api/admin/staff/${staffId}/grants`, { cookie: ownerCookie, json: { grants: [] } })).status).toBe(200)
			expect(await grantsOf(staffId)).toEqual([])
		})

		it('answers bad input with a sentence and a 4xx', async () => {
			const cases: [string, unknown, number, RegExp][] = [
				[`/api/admin/staff/${staffId}/grants`, { grants: ['root'] }, 400, /^grants\[0\] must be one of: catalogue, reveal-stock, refunds, reports, suppliers\.$/],
				[`/api/admin/staff/${staffId}/grants`, {}, 400, /^Please give grants\.$/],
				[`/api/admin/staff/${staffId}/grants`, { grants: 'refunds' }, 400, /^grants must be a list\.$/],
				['/api/admin/staff/99999/grants', { grants: [] }, 404, /No staff account with that id/],
				['/api/admin/staff/1/grants', { grants: [] }, 400, /is an owner: owners always manage the catalogue, reveal stock, refund orders, see reports and manage suppliers\./],
			]
			for (const [url, json, status, says] of cases) {
				const res = await call('PUT', url, { cookie: ownerCookie, json })
				expect({ url, status: res.status, error: await errorOf(res) }).toEqual({ url, status, error: expect.stringMatching(says) })
			}
		})
	})
	describe('API key scopes', () => {
		it('every endpoint declares the scope a key needs; store settings and staff are never for a key', () => {
			for (const c of adminContracts) expect(['any-key', 'session-only', ...API_KEY_SCOPES], `${c.method} ${c.path}`).toContain(c.scope)
			const sessionOnly = adminContracts.filter((c) => c.scope === 'session-only').map((c) => `${c.method} ${c.path}`)
			expect(sessionOnly).toEqual(expect.arrayContaining(['GET /api/admin/store-settings', 'PATCH /api/admin/store-settings', 'PATCH /api/admin/staff/{id}']))
			for (const c of adminContracts.filter((c) => c.path.includes('store-settings') || c.path.includes('/staff'))) expect(c.scope, `${c.method} ${c.path}`).toBe('session-only')
		})

		it('refuses a key every session-only endpoint with a 403 sentence, whatever its scopes', async () => {
			for (const c of adminContracts.filter((c) => c.scope === 'session-only')) {
				const url = c.path.replace('{id}', String(staffId))
				const res = await call(c.method, url, { key, origin: null, json: c.method === 'GET' ? undefined : {} })
				expect({ route: `${c.method} ${c.path}`, status: res.status, error: await errorOf(res) }).toEqual({ route: `${c.method} ${c.path}`, status: 403, error: SESSION_ONLY_REFUSAL })
			}
		})

		it('lets a key do what its scopes allow and refuses the rest with a 403 naming the scope', async () => {
			const stockOnly = (await createApiKey(db, 'Stock sheet', null, { scopes: ['stock'] })).key
			expect((await call('GET', '/api/admin/stock/low', { key: stockOnly })).status).toBe(200)
			const refused = await call('GET', '/api/admin/products', { key: stockOnly })
			expect(refused.status).toBe(403)
			expect(await errorOf(refused)).toBe('This API key may not do this: it needs the “catalogue” scope. The owner can create a key with it on /admin/settings.')
			expect((await call('GET', '/api/admin/pages', { key: stockOnly })).status).toBe(403)
			expect(await (await call('GET', '/api/admin/me', { key: stockOnly })).json()).toMatchObject({ scopes: ['stock'] })
			const dm = await fetch(`${shop.url}/api/admin-create-dm-order`, { method: 'POST', headers: { 'X-ADMIN-KEY': stockOnly, 'Content-Type': 'application/json' }, body: '{}' })
			expect(dm.status).toBe(403)
			expect(await dm.text()).toMatch(/needs the “dm-orders” scope/)
		})

		it('refuses an expired key and notes when each key was last used', async () => {
			const soon = await createApiKey(db, 'Short-lived', null, { scopes: ['catalogue'], expiresAt: new Date(nowMs() + 1500) })
			expect((await call('GET', '/api/admin/me', { key: soon.key })).status).toBe(200)
			const [used] = await db.select({ lastUsedAt: apiKeys.lastUsedAt }).from(apiKeys).where(eq(apiKeys.id, soon.id))
			expect(used!.lastUsedAt).not.toBeNull()
			moveClockForTests(1600)
			expect((await call('GET', '/api/admin/me', { key: soon.key })).status).toBe(401)
		})

		it('refuses unknown or no scopes at creation', async () => {
			await expect(createApiKey(db, 'Nothing', null, { scopes: [] })).rejects.toThrow(/at least one/)
			await expect(createApiKey(db, 'Admin', null, { scopes: ['staff'] })).rejects.toThrow(/Unknown API key scope: staff/)
		})

		it('lists scopes in the OpenAPI document', async () => {
			const document = (await (await call('GET', '/api/admin/openapi.json', { key })).json()) as { paths: Record<string, Record<string, { security: unknown; 'x-api-key-scope': string }>> }
			expect(document.paths['/api/admin/products']!.get).toMatchObject({ 'x-api-key-scope': 'catalogue', security: [{ staffSession: [] }, { adminKey: ['catalogue'] }] })
			expect(document.paths['/api/admin/store-settings']!.patch).toMatchObject({ 'x-api-key-scope': 'session-only', security: [{ staffSession: [] }] })
		})
	})

	describe('/admin/settings: API keys with scopes and an expiry', () => {
		const form = (fields: Record<string, string>) =>
			fetch(`${shop.url}/admin/settings`, { method: 'POST', redirect: 'manual', headers: { Origin: shop.url, Cookie: ownerCookie, 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields) })

		it('creates a key with the ticked scopes and expiry, and lists them with last use', async () => {
			const res = await form({ intent: 'create-key', name: 'Price sheet', 'scope-catalogue': 'on', 'scope-stock': 'on', expiresInDays: '30' })
			expect(res.status).toBe(200)
			const [row] = await db.select().from(apiKeys).where(eq(apiKeys.name, 'Price sheet'))
			expect(row!.scopes).toEqual(['catalogue', 'stock'])
			expect(row!.expiresAt!.getTime()).toBeGreaterThan(Date.now() + 29 * 86_400_000)
			const html = await (await fetch(`${shop.url}/admin/settings`, { headers: { Cookie: ownerCookie } })).text()
			expect(html).toContain('What it may do')
			expect(html).toMatch(/<code>catalogue<\/code>/)
			expect(html).toContain('Keys made before scopes existed hold every scope')
		})

		it('refuses a key without any scope with a sentence', async () => {
			const res = await form({ intent: 'create-key', name: 'Empty' })
			expect(res.status).toBe(400)
			expect(await res.text()).toContain('Choose at least one thing the key may do.')
		})
	})

	describe('/admin/settings: the owner ticks "May manage the catalogue"', () => {
		const form = (cookie: string, fields: Record<string, string>) =>
			fetch(`${shop.url}/admin/settings`, { method: 'POST', redirect: 'manual', headers: { Origin: shop.url, Cookie: cookie, 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields) })

		it('shows the tick for staff accounts and "Always" for the owner', async () => {
			const html = await (await fetch(`${shop.url}/admin/settings`, { headers: { Cookie: ownerCookie } })).text()
			expect(html).toContain('May manage the catalogue')
			expect(html).toContain('Always (owner)')
		})

		it('ticked, lets the account manage the catalogue; unticked (the box not sent), stops it; each audited', async () => {
			const ticked = await form(ownerCookie, { intent: 'set-grants', staffId: String(staffId), 'grant-catalogue': 'on' })
			expect(ticked.status).toBe(200)
			expect(await ticked.text()).toContain('sara@example.pk may now manage the catalogue.')
			expect(await catalogueFlag(staffId)).toBe(true)
			const unticked = await form(ownerCookie, { intent: 'set-grants', staffId: String(staffId) })
			expect(await unticked.text()).toContain('sara@example.pk may no longer manage the catalogue.')
			expect(await catalogueFlag(staffId)).toBe(false)
			const entries = await db.select().from(auditLog).where(eq(auditLog.target, `staff ${staffId}`)).orderBy(auditLog.id)
			expect(entries.slice(-2).map((e) => [e.action, e.actor, e.after])).toEqual([
				['staff.set-grants', OWNER.email, { staffId, email: 'sara@example.pk', grants: ['catalogue'] }],
				['staff.set-grants', OWNER.email, { staffId, email: 'sara@example.pk', grants: [] }],
			])
		})

		it('is not for staff', async () => {
			const res = await form(staffCookie, { intent: 'set-grants', staffId: String(staffId), 'grant-catalogue': 'on' })
			expect(res.status).toBe(403)
			expect(await catalogueFlag(staffId)).toBe(false)
		})
	})
})
