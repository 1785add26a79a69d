// The console's JSON API over HTTP against the real server (startShop): a staff session from the
// shop's own pages or an X-ADMIN-KEY, refusals as JSON sentences, permissions (owner, catalogue,
// staff), bad input as a 4xx sentence, and every change in the audit log with before and after.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../app/db/client.server'
import { auditLog, staffUsers } from '../../app/db/schema'
import { createApiKey, revokeApiKey } from '../../app/domain/staff/api-keys.server'
import { createStaff } from '../../app/domain/staff/manage-staff.server'
import { requireAdminActor } from '../../app/http/admin-api.server'
import { adminContracts } from '../../app/http/admin-contracts'
import { parseEnv, useEnv } from '../../app/utils/env.server'
import { startShop, type RunningShop } from '../../server/start'
import { freshPostgresDatabase } from '../setup/postgres'
import { signInOverHttp, testShopEnv } from '../setup/test-shop'
import { databaseKinds } from '../setup/test-db'

const OWNER = { email: 'owner@example.pk', password: 'api-owner-password' }
const EVIL = 'https://evil.example'

describe.each(databaseKinds)('console API on %s', (kind) => {
	let dataDir: string
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
	const catalogueFlag = async (id: number) => (await db.select({ flag: staffUsers.canManageCatalogue }).from(staffUsers).where(eq(staffUsers.id, id)))[0]!.flag

	beforeAll(async () => {
		dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-admin-api-'))
		const databaseUrl = kind === 'postgres' ? await freshPostgresDatabase(process.env.TEST_DATABASE_URL!, 'shop_vitest_admin_api') : undefined
		shop = await startShop(testShopEnv({ dataDir, databaseUrl }, { TRUST_PROXY: 'true', JOBS_WORKER: 'false', ADMIN_EMAIL: OWNER.email, ADMIN_PASSWORD: OWNER.password }))
		db = shop.database.db
		staffId = (await createStaff(db, { email: 'sara@example.pk', name: 'Sara', role: 'staff', password: 'staff-password-1' })).id
		ownerCookie = await signIn(OWNER.email, OWNER.password)
		staffCookie = await signIn('sara@example.pk', 'staff-password-1')
		key = (await createApiKey(db, 'Instagram DM tool', null)).key
	})

	afterAll(async () => {
		await shop?.close()
		useEnv(parseEnv())
		fs.rmSync(dataDir, { recursive: true, force: true })
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
			expect(await res.json()).toMatchObject({ via: 'session', actor: OWNER.email, staff: { email: OWNER.email, role: 'owner' }, permissions: ['staff', 'catalogue', 'owner'] })
		})

		it('answers a staff session with what staff may do', async () => {
			const res = await call('GET', '/api/admin/me', { cookie: staffCookie })
			expect(await res.json()).toMatchObject({ staff: { role: 'staff', canManageCatalogue: false }, permissions: ['staff'] })
		})

		it('answers an X-ADMIN-KEY as the owner’s tools, named in the audit log by the key', async () => {
			const res = await call('GET', '/api/admin/me', { key })
			expect(res.status).toBe(200)
			expect(await res.json()).toEqual({ via: 'api-key', actor: 'api key: Instagram DM tool', staff: null, permissions: ['staff', 'catalogue', 'owner'] })
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
			expect(await errorOf(res)).toMatch(/Cross-origin/)
			expect(await catalogueFlag(staffId)).toBe(false)
		})

		it('refuses staff without the permission on catalogue endpoints, and lets them in once the owner ticks it', async () => {
			const asStaff = () => new Request(`${shop.url}/api/admin/products`, { headers: { Cookie: staffCookie } })
			await expect(requireAdminActor(asStaff(), 'catalogue')).rejects.toSatisfy((r: Response) => r.status === 403)
			const refused = await requireAdminActor(asStaff(), 'catalogue').catch((r: Response) => r.json())
			expect(refused).toEqual({ error: 'Only the shop owner, or staff the owner lets manage the catalogue, may do this.' })

			const res = await call('PATCH', `/api/admin/staff/${staffId}`, { cookie: ownerCookie, json: { canManageCatalogue: true } })
			expect(res.status).toBe(200)
			expect(await res.json()).toEqual({ id: staffId, email: 'sara@example.pk', name: 'Sara', role: 'staff', active: true, canManageCatalogue: true })

			// The same session, no new sign-in: the permission holds at once.
			const allowed = await requireAdminActor(asStaff(), 'catalogue')
			expect(allowed.actor).toEqual({ staffId, label: 'sara@example.pk' })
			expect(await (await call('GET', '/api/admin/me', { cookie: staffCookie })).json()).toMatchObject({ permissions: ['staff', 'catalogue'] })
			// Still not the owner.
			expect((await call('PATCH', `/api/admin/staff/${staffId}`, { cookie: staffCookie, json: { canManageCatalogue: false } })).status).toBe(403)
		})

		it('records the change with before and after, naming the staff account', async () => {
			const [entry] = await db.select().from(auditLog).where(eq(auditLog.action, 'staff.allow-catalogue'))
			expect(entry).toMatchObject({ actor: OWNER.email, target: `staff ${staffId}`, before: { staffId, canManageCatalogue: false }, after: { staffId, canManageCatalogue: true } })
		})

		it('works with an X-ADMIN-KEY, audited under the key', async () => {
			const res = await call('PATCH', `/api/admin/staff/${staffId}`, { key, origin: null, json: { canManageCatalogue: false } })
			expect(res.status).toBe(200)
			expect(await catalogueFlag(staffId)).toBe(false)
			const [entry] = await db.select().from(auditLog).where(eq(auditLog.action, 'staff.disallow-catalogue'))
			expect(entry).toMatchObject({ actor: 'api key: Instagram DM tool', target: `staff ${staffId}`, after: { canManageCatalogue: false } })
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
				const res = await call('PATCH', url, { key, ...options })
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
	describe('/admin/settings: the owner ticks "May manage the catalogue"', () => {
		const form = (cookie: string, fields: Record<string, string>) =>
			fetch(`${shop.url}/admin/settings`, { method: 'POST', redirect: 'manual', headers: { Origin: shop.url, Cookie: cookie, 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields) })

		it('shows the tick for staff accounts and "Always" for the owner', async () => {
			const html = await (await fetch(`${shop.url}/admin/settings`, { headers: { Cookie: ownerCookie } })).text()
			expect(html).toContain('May manage the catalogue')
			expect(html).toContain('Always (owner)')
		})

		it('ticked, lets the account manage the catalogue; unticked (the box not sent), stops it; each audited', async () => {
			const ticked = await form(ownerCookie, { intent: 'set-catalogue', staffId: String(staffId), canManageCatalogue: 'true' })
			expect(ticked.status).toBe(200)
			expect(await ticked.text()).toContain('sara@example.pk may now manage the catalogue.')
			expect(await catalogueFlag(staffId)).toBe(true)
			const unticked = await form(ownerCookie, { intent: 'set-catalogue', staffId: String(staffId) })
			expect(await unticked.text()).toContain('sara@example.pk may no longer manage the catalogue.')
			expect(await catalogueFlag(staffId)).toBe(false)
			const entries = await db.select().from(auditLog).where(eq(auditLog.target, `staff ${staffId}`))
			expect(entries.slice(-2).map((e) => [e.action, e.actor, e.after])).toEqual([
				['staff.allow-catalogue', OWNER.email, { staffId, email: 'sara@example.pk', canManageCatalogue: true }],
				['staff.disallow-catalogue', OWNER.email, { staffId, email: 'sara@example.pk', canManageCatalogue: false }],
			])
		})

		it('is not for staff', async () => {
			const res = await form(staffCookie, { intent: 'set-catalogue', staffId: String(staffId), canManageCatalogue: 'true' })
			expect(res.status).toBe(403)
			expect(await catalogueFlag(staffId)).toBe(false)
		})
	})
})
