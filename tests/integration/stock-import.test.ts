// Stock import and management (issue: codes and accounts delivered from stock): importing codes and
// accounts through the console API with X-ADMIN-KEY, duplicates refused without decrypting (however a
// code is spaced or cased, and against units already sold), slots per account, counts per option,
// voiding, secrets kept out of the audit log, and a 'stock_only' option out of stock refused at checkout.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../app/db/client.server'
import { auditLog, stockAssignments, stockUnits } from '../../app/db/schema'
import { createApiKey } from '../../app/domain/staff/api-keys.server'
import { createStaff } from '../../app/domain/staff/manage-staff.server'
import { listUnits, revealUnit, setLowStockThreshold, setStockMode, stockAvailability, voidUnit } from '../../app/domain/stock/manage-stock.server'
import { parseEnv, useEnv } from '../../app/utils/env.server'
import { startShop, type RunningShop } from '../../server/start'
import { freshPostgresDatabase } from '../setup/postgres'
import { testShopEnv } from '../setup/test-shop'
import { databaseKinds } from '../setup/test-db'

const OWNER = { email: 'owner@example.pk', password: 'stock-owner-password' }
const actor = { label: 'owner@example.pk' }

interface Product {
	id: number
	variants: { id: number; label: string; accountType: 'private' | 'shared' | null }[]
}
interface Counts {
	stockMode: string
	variants: { variantId: number; label: string; available: number; sold: number; voided: number; lowStockThreshold: number; low: boolean }[]
}

describe.each(databaseKinds)('stock import on %s', (kind) => {
	let dataDir: string
	let shop: RunningShop
	let db: Db
	let key: string

	const call = (method: string, url: string, json?: unknown, headers: Record<string, string> = { 'X-ADMIN-KEY': key }) =>
		fetch(`${shop.url}${url}`, {
			method,
			headers: { Origin: shop.url, ...headers, ...(json !== undefined ? { 'Content-Type': 'application/json' } : {}) },
			body: json !== undefined ? JSON.stringify(json) : undefined,
		})

	const createProduct = async (name: string, variants: unknown[]) => {
		const res = await call('POST', '/api/admin/products', { name, platform: 'playstation', kind: 'gift_card', description: 'Delivered by email.', variants })
		expect(res.status).toBe(201)
		return (await res.json()) as Product
	}
	const counts = async (productId: number) => (await (await call('GET', `/api/admin/products/${productId}/stock`)).json()) as Counts

	beforeAll(async () => {
		dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-stock-'))
		const databaseUrl = kind === 'postgres' ? await freshPostgresDatabase(process.env.TEST_DATABASE_URL!, 'shop_vitest_stock') : undefined
		shop = await startShop(testShopEnv({ dataDir, databaseUrl }, { TRUST_PROXY: 'true', JOBS_WORKER: 'false', ADMIN_EMAIL: OWNER.email, ADMIN_PASSWORD: OWNER.password }))
		db = shop.database.db
		key = (await createApiKey(db, 'Stock sheet', null)).key
	})

	afterAll(async () => {
		await shop?.close()
		useEnv(parseEnv())
		fs.rmSync(dataDir, { recursive: true, force: true })
	})

	it('imports codes, refuses the same code spaced or cased differently and one already sold, and counts per option', async () => {
		const product = await createProduct('PSN Card (stock)', [
			{ label: '$10', value: 10, price: 3200 },
			{ label: '$25', value: 25, price: 7800 },
		])
		const [ten, twentyFive] = product.variants
		expect((await counts(product.id)).stockMode).toBe('manual')

		const first = await call('POST', `/api/admin/products/${product.id}/stock`, {
			variantId: ten!.id,
			units: [{ code: 'ABCD-EFGH-1234' }, { code: 'WXYZ-0000-9999' }, { code: 'abcd efgh 1234' }, { code: '   ' }, { code: 'QQQQ-1111-2222' }],
		})
		expect(first.status).toBe(201)
		expect(await first.json()).toEqual({ added: 3, duplicates: 1, skipped: [{ line: 4, reason: 'no code' }], waiting: 0 })

		// One of them is sold (as delivery records it): importing it again is still refused.
		const [sold] = await db.select().from(stockUnits).where(eq(stockUnits.productId, product.id)).orderBy(stockUnits.id).limit(1)
		await db.update(stockUnits).set({ slotsUsed: 1, status: 'used' }).where(eq(stockUnits.id, sold!.id))
		await db.insert(stockAssignments).values({ unitId: sold!.id, slot: 1, orderId: 1, orderNumber: 'ORD-STOCK-1', lineIndex: 0 })
		const again = await call('POST', `/api/admin/products/${product.id}/stock`, { variantId: ten!.id, units: [{ code: 'abcdefgh1234' }, { code: 'NEW-CODE-7777' }] })
		expect(await again.json()).toEqual({ added: 1, duplicates: 1, skipped: [], waiting: 0 })

		const after = await counts(product.id)
		expect(after.stockMode).toBe('stock_or_manual')
		expect(after.variants).toEqual([
			{ variantId: ten!.id, label: '$10', hidden: false, available: 3, sold: 1, voided: 0, lowStockThreshold: 3, low: true },
			{ variantId: twentyFive!.id, label: '$25', hidden: false, available: 0, sold: 0, voided: 0, lowStockThreshold: 3, low: true },
		])

		// The list shows units masked, with the order a unit went to; a reveal is audited by id.
		const listed = await listUnits(db, product.id, {})
		expect(listed.total).toBe(4)
		const soldListed = listed.units.find((u) => u.id === sold!.id)!
		expect(soldListed.masked).toBe('•••• 1234')
		expect(soldListed.orders).toEqual([{ orderNumber: 'ORD-STOCK-1', slot: 1, replaced: false }])
		expect(await revealUnit(db, actor, product.id, sold!.id)).toEqual({ kind: 'code', code: 'ABCD-EFGH-1234' })

		// Voiding: an unsold unit is voided and no longer counted; a sold one is refused.
		const unsold = listed.units.find((u) => u.masked === '•••• 9999')!
		await voidUnit(db, actor, unsold.id, 'Already redeemed')
		await expect(voidUnit(db, actor, sold!.id, 'Bad')).rejects.toThrow('Every slot of this unit was sold')
		await setLowStockThreshold(db, actor, product.id, ten!.id, 1)
		expect((await counts(product.id)).variants[0]).toMatchObject({ available: 2, sold: 1, voided: 1, lowStockThreshold: 1, low: false })

		// Nothing secret in the audit log: only counts and unit ids.
		const entries = await db.select().from(auditLog).where(eq(auditLog.target, `product ${product.id}`))
		expect(entries.map((e) => e.action)).toEqual(expect.arrayContaining(['stock.import', 'stock.void', 'stock.reveal', 'stock.threshold']))
		const written = JSON.stringify(entries).toUpperCase()
		for (const secret of ['ABCDEFGH1234', 'ABCD-EFGH', '0000-9999', 'QQQQ', 'NEW-CODE']) expect(written).not.toContain(secret)
		const [stored] = await db.select().from(stockUnits).where(eq(stockUnits.id, sold!.id))
		expect(stored!.secret).not.toContain('ABCD')
		expect(stored!.keyId).toMatch(/^[0-9a-f]{12}$/)
	})

	it('imports accounts with two slots on a shared option, one per private, and a slot count per account', async () => {
		const product = await createProduct('Game Pass accounts (stock)', [
			{ label: 'Private 1 Month', months: 1, accountType: 'private', price: 2600 },
			{ label: 'Shared 1 Month', months: 1, accountType: 'shared', price: 1600 },
		])
		const [priv, shared] = product.variants
		const sharedRes = await call('POST', `/api/admin/products/${product.id}/stock`, {
			variantId: shared!.id,
			units: [
				{ login: 'ali@example.pk', password: 'pw-1' },
				{ login: 'sara@example.pk', password: 'pw-2', notes: 'Sign in on console', slots: 3 },
				{ login: ' ALI@example.pk ', password: 'pw-other' },
				{ login: 'nopass@example.pk', password: '' },
			],
		})
		expect(await sharedRes.json()).toEqual({ added: 2, duplicates: 1, skipped: [{ line: 4, reason: 'no password' }], waiting: 0 })
		const privRes = await call('POST', `/api/admin/products/${product.id}/stock`, { variantId: priv!.id, units: [{ login: 'bilal@example.pk', password: 'pw-3' }] })
		expect(await privRes.json()).toEqual({ added: 1, duplicates: 0, skipped: [], waiting: 0 })
		const byLabel = Object.fromEntries((await counts(product.id)).variants.map((v) => [v.label, v.available]))
		expect(byLabel).toEqual({ 'Private 1 Month': 1, 'Shared 1 Month': 5 })

		const { units } = await listUnits(db, product.id, { variantId: shared!.id })
		const sara = units.find((u) => u.masked === 'sar•••@example.pk')!
		expect(await revealUnit(db, actor, product.id, sara.id)).toEqual({ kind: 'account', login: 'sara@example.pk', password: 'pw-2', notes: 'Sign in on console' })
		const written = JSON.stringify(await db.select().from(auditLog))
		for (const secret of ['pw-1', 'pw-2', 'pw-3', 'Sign in on console']) expect(written).not.toContain(secret)
	})

	it('refuses bad requests with a sentence and a 4xx', async () => {
		const product = await createProduct('Refusals (stock)', [{ label: '$5', value: 5, price: 1700 }])
		const other = await createProduct('Other (stock)', [{ label: '$5', value: 5, price: 1700 }])
		const post = (id: number | string, body: unknown) => call('POST', `/api/admin/products/${id}/stock`, body)
		const wrongVariant = await post(product.id, { variantId: other.variants[0]!.id, units: [{ code: 'X1' }] })
		expect(wrongVariant.status).toBe(400)
		expect(((await wrongVariant.json()) as { error: string }).error).toBe('That option is not one of this product’s visible options.')
		expect((await post(product.id, { variantId: product.variants[0]!.id, units: [] })).status).toBe(400)
		expect((await post(product.id, { variantId: product.variants[0]!.id, units: [{ code: 'A' }], slots: 11 })).status).toBe(400)
		expect((await post(999999, { variantId: product.variants[0]!.id, units: [{ code: 'A' }] })).status).toBe(404)
		expect((await call('GET', `/api/admin/products/${product.id}/stock`, undefined, {})).status).toBe(401)
		const doc = (await (await call('GET', '/api/admin/openapi.json')).json()) as { paths: Record<string, Record<string, unknown>> }
		expect(Object.keys(doc.paths['/api/admin/products/{id}/stock']!).sort()).toEqual(['get', 'post'])
	})

	it('lets the owner import, reveal and void on the stock page without scripts, and refuses staff without the catalogue permission', async () => {
		const product = await createProduct('Xbox Card (console stock)', [{ label: '$15', value: 15, price: 4800 }])
		const variant = product.variants[0]!
		const signIn = async (email: string, password: string, ip: string) => {
			const res = await fetch(`${shop.url}/admin/login`, {
				method: 'POST',
				redirect: 'manual',
				headers: { Origin: shop.url, 'Content-Type': 'application/x-www-form-urlencoded', 'X-Forwarded-For': ip },
				body: new URLSearchParams({ email, password }),
			})
			return `staff_session=${/staff_session=([^;]*)/.exec(res.headers.get('set-cookie') ?? '')![1]}`
		}
		const cookie = await signIn(OWNER.email, OWNER.password, '198.51.100.71')
		const page = `${shop.url}/admin/products/${product.id}/stock`
		const post = (fields: Record<string, string>) =>
			fetch(page, { method: 'POST', redirect: 'manual', headers: { Origin: shop.url, Cookie: cookie, 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(fields) })

		const imported = await post({ intent: 'import', variantId: String(variant.id), kind: 'code', text: 'XBOX-AAAA-1111\n\nxbox aaaa 1111\nXBOX-BBBB-2222\n' })
		expect(imported.status).toBe(200)
		expect(await imported.text()).toContain('Imported: 2 added, 1 refused as duplicates, 0 skipped.')
		const html = await (await fetch(page, { headers: { Cookie: cookie } })).text()
		expect(html).toContain('•••• 1111')
		expect(html).not.toContain('AAAA')
		const [unit] = await db.select().from(stockUnits).where(eq(stockUnits.productId, product.id)).orderBy(stockUnits.id).limit(1)
		const revealed = await (await post({ intent: 'reveal', unitId: String(unit!.id) })).text()
		expect(revealed).toContain('XBOX-AAAA-1111')
		const voided = await post({ intent: 'void', unitId: String(unit!.id), reason: 'Redeemed elsewhere' })
		expect(await voided.text()).toContain(`Unit ${unit!.id} voided.`)
		const bad = await post({ intent: 'threshold', variantId: String(variant.id), threshold: 'lots' })
		expect(bad.status).toBe(400)
		expect(await bad.text()).toContain('The low-stock threshold must be a whole number from 0 to 1000.')
		expect((await counts(product.id)).variants[0]).toMatchObject({ available: 1, voided: 1 })

		await createStaff(db, { email: 'stock-staff@example.pk', name: 'Usman', role: 'staff', password: 'staff-password-3' })
		const staffCookie = await signIn('stock-staff@example.pk', 'staff-password-3', '198.51.100.72')
		expect((await fetch(page, { headers: { Cookie: staffCookie } })).status).toBe(403)
	})

	it("refuses a 'stock_only' option out of stock at checkout and sells it once stock is in", async () => {
		const product = await createProduct('Steam Wallet (stock only)', [{ label: '$20', value: 20, price: 6000 }])
		const variant = product.variants[0]!
		await setStockMode(db, actor, product.id, 'stock_only')
		expect((await stockAvailability(db, [product.id])).availability.get(variant.id)).toBe('out')
		const outPage = await (await fetch(`${shop.url}/product/${product.id}`)).text()
		expect(outPage).toContain('Out of stock')
		const checkout = () =>
			fetch(`${shop.url}/api/checkout`, {
				method: 'POST',
				headers: { 'Content-Type': 'application/json' },
				body: JSON.stringify({
					customerName: 'Hamza Ali',
					customerEmail: 'hamza@example.pk',
					customerMobile: '03001234567',
					paymentMethod: 'manual',
					productDetails: [{ id: product.id, quantity: 1, variantId: variant.id }],
				}),
			})
		const refused = await checkout()
		expect(refused.status).toBe(400)
		expect(((await refused.json()) as { error: string }).error).toBe('Steam Wallet (stock only) ($20) is out of stock.')

		await call('POST', `/api/admin/products/${product.id}/stock`, { variantId: variant.id, units: [{ code: 'STEAM-1' }, { code: 'STEAM-2' }] })
		expect((await counts(product.id)).stockMode).toBe('stock_only')
		expect((await stockAvailability(db, [product.id])).availability.get(variant.id)).toBe('few')
		const fewPage = await (await fetch(`${shop.url}/product/${product.id}`)).text()
		expect(fewPage).toContain('Only a few left')
		expect(fewPage).not.toContain('Out of stock')
		expect((await checkout()).status).toBe(201)
	})
})
