// The owner's store details (app/domain/settings): the environment only fills a new shop's first
// details, a change is checked, audited before and after and served at once by every page, over
// the console API (session or X-ADMIN-KEY) and the console's form, and by every server on one
// database.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { desc, eq } from 'drizzle-orm'
import { drizzle } from 'drizzle-orm/node-postgres'
import pg from 'pg'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Db } from '../../app/db/client.server'
import * as schema from '../../app/db/schema'
import { auditLog, storeSettings } from '../../app/db/schema'
import { MESSAGES } from '../../app/domain/settings/store-details'
import { forgetStoreDetails, readStoreDetails, seedStoreDetails, storeDetailsDefaults, STORE_DETAILS_KEY, updateStoreDetails } from '../../app/domain/settings/store-details.server'
import { SESSION_ONLY_REFUSAL } from '../../app/domain/staff/api-key-scopes'
import { createApiKey } from '../../app/domain/staff/api-keys.server'
import { createSession, SESSION_COOKIE } from '../../app/domain/staff/sessions.server'
import { createStaff } from '../../app/domain/staff/manage-staff.server'
import { env, parseEnv, useEnv } from '../../app/utils/env.server'
import { startShop, type RunningShop } from '../../server/start'
import { freshPostgresDatabase } from '../setup/postgres'
import { spawnShop, type ShopProcess } from '../setup/shop-process'
import { signInOverHttp, testShopEnv } from '../setup/test-shop'
import { databaseKinds, resetData, testDatabase } from '../setup/test-db'

const OWNER = { email: 'owner@example.pk', password: 'settings-owner-password' }
const actor = { label: 'owner@example.pk' }
const waLinks = (html: string) => [...new Set([...html.matchAll(/https:\/\/wa\.me\/(\d+)/g)].map((m) => m[1]))]

/** Runs `work` with the shop configured by `settings`, then puts the test process's configuration back. */
async function withEnv<T>(settings: Record<string, string>, work: () => Promise<T>): Promise<T> {
	const before = env()
	useEnv(parseEnv({ NODE_ENV: 'test', ...settings }))
	try {
		return await work()
	} finally {
		useEnv(before)
	}
}

describe.each(databaseKinds)('store details on %s', (kind) => {
	let db: Db
	beforeAll(async () => {
		db = (await testDatabase(kind)).db
	})
	beforeEach(async () => {
		await resetData((await testDatabase(kind)))
		forgetStoreDetails()
	})

	it('reads the environment’s values while nothing is saved, and the samples for what it leaves unset', async () => {
		const details = await withEnv({ STORE_NAME: 'Lahore Games', WHATSAPP_NUMBER: '923217654321', PROMO_VIDEO_ID: 'dQw4w9WgXcQ' }, () => readStoreDetails(db))
		expect(details).toMatchObject({ storeName: 'Lahore Games', whatsapp: '923217654321', promoVideoId: 'dQw4w9WgXcQ', supportPhone: '+92 300 1234567', metaPixelId: null })
		expect(details.transferAccounts.map((a) => a.holder)).toEqual(['Lahore Games', 'Lahore Games', 'Lahore Games', 'Lahore Games'])
	})

	it('takes the environment on the first start only: a later start with other values changes nothing', async () => {
		await withEnv({ STORE_NAME: 'First Name', WHATSAPP_NUMBER: '923217654321' }, () => seedStoreDetails(db))
		await withEnv({ STORE_NAME: 'Second Name', WHATSAPP_NUMBER: '923331112222' }, async () => {
			await seedStoreDetails(db)
			forgetStoreDetails()
			expect(await readStoreDetails(db)).toMatchObject({ storeName: 'First Name', whatsapp: '923217654321' })
		})
	})

	it('records a change in the audit log with what it was and what it became, and only what changed', async () => {
		await seedStoreDetails(db, storeDetailsDefaults())
		const { changed, details } = await updateStoreDetails(db, actor, { whatsapp: '923217654321', storeName: storeDetailsDefaults().storeName })
		expect(changed).toEqual(['whatsapp'])
		expect(details.whatsapp).toBe('923217654321')
		const [entry] = await db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1)
		expect(entry).toMatchObject({ action: 'store.settings', target: 'store settings', actor: 'owner@example.pk', before: { whatsapp: '923001234567' }, after: { whatsapp: '923217654321' } })
		// The same again changes nothing and records nothing.
		expect((await updateStoreDetails(db, actor, { whatsapp: '923217654321' })).changed).toEqual([])
		expect(await db.select().from(auditLog)).toHaveLength(1)
	})

	it('serves the change at once from this instance’s memory, and keeps a stored row that lacks newer fields', async () => {
		expect((await readStoreDetails(db)).banner).not.toBe('')
		await updateStoreDetails(db, actor, { banner: '' })
		expect((await readStoreDetails(db)).banner).toBe('')
		// A row written by an older version, without the banner: the banner keeps its default.
		await db.update(storeSettings).set({ value: { storeName: 'Old Row' } }).where(eq(storeSettings.key, STORE_DETAILS_KEY))
		forgetStoreDetails()
		expect(await readStoreDetails(db)).toMatchObject({ storeName: 'Old Row', banner: storeDetailsDefaults().banner })
	})

	it('saves two changes made at once, each to its own field', async () => {
		await Promise.all([updateStoreDetails(db, actor, { whatsapp: '923217654321' }), updateStoreDetails(db, actor, { supportEmail: 'help@shop.pk' })])
		forgetStoreDetails()
		expect(await readStoreDetails(db)).toMatchObject({ whatsapp: '923217654321', supportEmail: 'help@shop.pk' })
	})
})

describe.each(databaseKinds)('store details over HTTP on %s', (kind) => {
	let dataDir: string
	let shop: RunningShop
	let db: Db
	let ownerCookie: string
	let staffCookie: string
	let key: string
	let ip = 0

	const signIn = (email: string, password: string) => signInOverHttp(shop.url, email, password, `198.51.100.${++ip}`)

	const api = (method: 'GET' | 'PATCH', { cookie, key, json, origin = shop.url }: { cookie?: string; key?: string; json?: unknown; origin?: string } = {}) =>
		fetch(`${shop.url}/api/admin/store-settings`, {
			method,
			headers: { Origin: origin, ...(cookie ? { Cookie: cookie } : {}), ...(key ? { 'X-ADMIN-KEY': key } : {}), ...(json !== undefined ? { 'Content-Type': 'application/json' } : {}) },
			body: json === undefined ? undefined : JSON.stringify(json),
		})

	const page = async (url: string) => (await fetch(`${shop.url}${url}`)).text()

	beforeAll(async () => {
		dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-settings-'))
		const databaseUrl = kind === 'postgres' ? await freshPostgresDatabase(process.env.TEST_DATABASE_URL!, 'shop_vitest_settings') : undefined
		// Pages cached for a minute: a change must clear them, not wait.
		shop = await startShop(testShopEnv({ dataDir, databaseUrl }, { TRUST_PROXY: 'true', JOBS_WORKER: 'false', ADMIN_EMAIL: OWNER.email, ADMIN_PASSWORD: OWNER.password }), { pageCacheSeconds: 60 })
		db = shop.database.db
		await createStaff(db, { email: 'sara@example.pk', name: 'Sara', role: 'staff', password: 'staff-password-1' })
		ownerCookie = await signIn(OWNER.email, OWNER.password)
		staffCookie = await signIn('sara@example.pk', 'staff-password-1')
		key = (await createApiKey(db, 'Settings tool', null)).key
	})

	afterAll(async () => {
		await shop?.close()
		useEnv(parseEnv())
		fs.rmSync(dataDir, { recursive: true, force: true })
	})

	it('answers the owner only: never an API key, whatever its scopes', async () => {
		const res = await api('GET', { cookie: ownerCookie })
		expect(res.status).toBe(200)
		expect(res.headers.get('cache-control')).toBe('no-store')
		expect(await res.json()).toMatchObject({ storeName: 'GameVault PK', whatsapp: '923001234567', transferAccounts: expect.any(Array) })
		const byKey = await api('GET', { key })
		expect(byKey.status).toBe(403)
		expect(((await byKey.json()) as { error: string }).error).toBe(SESSION_ONLY_REFUSAL)
		// A leaked key cannot redirect buyers' bank transfers.
		expect((await api('PATCH', { key, json: { transferAccounts: [] } })).status).toBe(403)
		expect((await api('GET')).status).toBe(401)
		expect((await api('GET', { key: 'gvk_wrong' })).status).toBe(401)
		expect((await api('GET', { cookie: staffCookie })).status).toBe(403)
		expect((await api('PATCH', { cookie: staffCookie, json: { whatsapp: '0321 7654321' } })).status).toBe(403)
		expect((await api('PATCH', { cookie: ownerCookie, origin: 'https://evil.example', json: { whatsapp: '0321 7654321' } })).status).toBe(403)
		expect((await readStoreDetails(db)).whatsapp).toBe('923001234567')
	})

	it('refuses a wrong value with a sentence for its field, and changes nothing', async () => {
		const res = await api('PATCH', { cookie: ownerCookie, json: { whatsapp: '12345', metaPixelId: 'abc' } })
		expect(res.status).toBe(400)
		const body = (await res.json()) as { error: string; fieldErrors: Record<string, string> }
		expect(body.fieldErrors).toEqual({ whatsapp: MESSAGES.whatsapp, metaPixelId: MESSAGES.metaPixelId })
		expect(body.error).toBe(MESSAGES.whatsapp)
		const unknown = await api('PATCH', { cookie: ownerCookie, json: { whatsap: '0321 7654321' } })
		expect(unknown.status).toBe(400)
		expect(((await unknown.json()) as { error: string }).error).toBe('There is no setting called “whatsap”.')
		expect((await readStoreDetails(db)).whatsapp).toBe('923001234567')
	})

	it('takes an account’s IBAN, Raast ID and ceiling, stored as the shop reads them, and refuses wrong ones with their sentences', async () => {
		const account = { method: 'Meezan Bank', holder: 'Karachi Games', account: '0101 2345678' }
		const refused = await api('PATCH', { cookie: ownerCookie, json: { transferAccounts: [{ ...account, iban: 'PK36 SCBL 0000 0011 2345 6703', raastId: '042 35761234', ceiling: { rupees: 0, period: 'week' } }] } })
		expect(refused.status).toBe(400)
		expect(((await refused.json()) as { fieldErrors: Record<string, string> }).fieldErrors).toEqual({
			'transferAccounts[0].iban': MESSAGES.ibanChecksum,
			'transferAccounts[0].raastId': MESSAGES.raastId,
			'transferAccounts[0].ceiling.rupees': MESSAGES.ceilingRupees,
			'transferAccounts[0].ceiling.period': MESSAGES.ceilingPeriod,
		})
		const short = await api('PATCH', { cookie: ownerCookie, json: { transferAccounts: [{ ...account, iban: 'PK36 SCBL 0000 0011' }] } })
		expect(((await short.json()) as { error: string }).error).toBe(MESSAGES.ibanLength)
		const saved = await api('PATCH', { cookie: ownerCookie, json: { transferAccounts: [{ ...account, iban: 'pk36 scbl 0000 0011 2345 6702', raastId: '+92 ۳۰۰ ۱۲۳۴۵۶۷', ceiling: { rupees: 500000, period: 'month' } }, { ...account, method: 'JazzCash' }] } })
		expect(saved.status).toBe(200)
		expect(((await saved.json()) as { transferAccounts: unknown[] }).transferAccounts).toEqual([
			{ ...account, iban: 'PK36SCBL0000001123456702', raastId: '03001234567', ceiling: { rupees: 500000, period: 'month' } },
			{ ...account, method: 'JazzCash', iban: null, raastId: null, ceiling: null },
		])
	})

	it('changes what every page shows at once, even pages cached a moment before, and names the owner in the audit log', async () => {
		for (const url of ['/', '/contact', '/product/1']) expect(waLinks(await page(url))).toEqual(['923001234567'])
		const res = await api('PATCH', { cookie: ownerCookie, json: { whatsapp: '+92 321 7654321', banner: 'Eid sale: 10% off gift cards' } })
		expect(res.status).toBe(200)
		expect(await res.json()).toMatchObject({ whatsapp: '923217654321', banner: 'Eid sale: 10% off gift cards' })
		for (const url of ['/', '/contact', '/product/1']) expect(waLinks(await page(url))).toEqual(['923217654321'])
		expect(await page('/')).toContain('Eid sale: 10% off gift cards')
		const [entry] = await db.select().from(auditLog).where(eq(auditLog.action, 'store.settings')).orderBy(desc(auditLog.id)).limit(1)
		expect(entry).toMatchObject({ actor: OWNER.email, before: { whatsapp: '923001234567' }, after: { whatsapp: '923217654321', banner: 'Eid sale: 10% off gift cards' } })
	})

	it('saves the console’s form, posted as a browser without scripts does, and shows field errors in sentences', async () => {
		const form = (fields: Record<string, string>) =>
			fetch(`${shop.url}/admin/store`, { method: 'POST', headers: { Origin: shop.url, Cookie: ownerCookie, 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields) })
		const refused = await form({ supportEmail: 'not an email', 'testimonials.rows': '1', 'testimonials.0.name': 'Sana, Multan', 'testimonials.0.text': '', 'testimonials.0.rating': '5' })
		expect(refused.status).toBe(400)
		const html = await refused.text()
		expect(html).toContain(MESSAGES.supportEmail)
		expect(html).toContain('Testimonial 1: ')
		const saved = await form({ supportEmail: 'Help@Shop.PK', 'testimonials.rows': '2', 'testimonials.0.name': 'Sana, Multan', 'testimonials.0.text': 'Quick and kind.', 'testimonials.0.rating': '4', 'testimonials.1.name': '', 'testimonials.1.text': '', 'testimonials.1.rating': '5' })
		expect(saved.status).toBe(200)
		expect(await saved.text()).toContain('Saved the support email and testimonials.')
		expect(await readStoreDetails(db)).toMatchObject({ supportEmail: 'help@shop.pk', testimonials: [{ name: 'Sana, Multan', text: 'Quick and kind.', rating: 4 }] })
		expect(await page('/')).toContain('Quick and kind.')
	})
})

const postgres = process.env.TEST_DATABASE_URL ? [process.env.TEST_DATABASE_URL] : []

describe.each(postgres)('store details on two servers sharing one PostgreSQL database', (adminUrl) => {
	let databaseUrl: string
	let a: ShopProcess
	let b: ShopProcess
	let cookie: string
	const tempDirs: string[] = []
	beforeAll(async () => {
		databaseUrl = await freshPostgresDatabase(adminUrl, 'shop_vitest_settings_two')
		const shop = () => {
			tempDirs.push(fs.mkdtempSync(path.join(os.tmpdir(), 'shop-settings-two-')))
			return spawnShop({ DATABASE_URL: databaseUrl, DATA_DIR: tempDirs.at(-1), PAGE_CACHE_SECONDS: '60', JOBS_WORKER: 'false' })
		}
		;[a, b] = await Promise.all([shop(), shop()])
		const pool = new pg.Pool({ connectionString: databaseUrl, max: 1 })
		try {
			// The owner's session, made in the database: store details are never changed with a key.
			const poolDb = drizzle({ client: pool, schema }) as unknown as Db
			const owner = await createStaff(poolDb, { email: 'two@example.pk', name: 'Owner', role: 'owner', password: 'two-servers-owner' })
			cookie = `${SESSION_COOKIE}=${await createSession(poolDb, owner.id, { idleMinutes: 60, absoluteHours: 1 })}`
		} finally {
			await pool.end()
		}
	})
	afterAll(async () => {
		await Promise.all([a?.stop(), b?.stop()])
		for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true })
	})

	it('serves a change made through one server from the other at once, its cached pages cleared', { timeout: 120_000 }, async () => {
		const home = async (shop: ShopProcess) => waLinks(await (await fetch(`${shop.url}/`)).text())
		// Both have read the details and cached the home page.
		expect(await home(a)).toEqual(['923001234567'])
		expect(await home(b)).toEqual(['923001234567'])
		expect(await home(b)).toEqual(['923001234567'])
		const res = await fetch(`${a.url}/api/admin/store-settings`, { method: 'PATCH', headers: { Cookie: cookie, Origin: a.url, 'Content-Type': 'application/json' }, body: JSON.stringify({ whatsapp: '0321 7654321' }) })
		expect(res.status).toBe(200)
		expect(await home(a)).toEqual(['923217654321'])
		// The other server hears of it through PostgreSQL's NOTIFY, within moments.
		await expect.poll(() => home(b), { timeout: 2_000, interval: 50 }).toEqual(['923217654321'])
		const api = await fetch(`${b.url}/api/admin/store-settings`, { headers: { Cookie: cookie } })
		expect(((await api.json()) as { whatsapp: string }).whatsapp).toBe('923217654321')
	})
})
