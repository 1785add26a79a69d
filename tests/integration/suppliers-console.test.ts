// The owner's side of suppliers (ADR-054): the API under /api/admin/suppliers (permissions, the
// `suppliers` scope, the key write-only and never in the audit log, Test against a Kinguin-protocol
// server), and the daily job that follows the suppliers' prices and balances into the reprice
// preview and staff alerts, each alert once.
import { eq, like } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../app/db/client.server'
import { alertOutbox, auditLog, supplierCosts } from '../../app/db/schema'
import { saveMyAlerts } from '../../app/domain/alerts/alert-settings.server'
import { createProduct } from '../../app/domain/catalogue/manage-products.server'
import { createProductInput } from '../../app/domain/catalogue/product-input'
import { updateCostSettings } from '../../app/domain/costs/cost-settings.server'
import { previewReprice } from '../../app/domain/costs/reprice.server'
import { createApiKey } from '../../app/domain/staff/api-keys.server'
import { createStaff } from '../../app/domain/staff/manage-staff.server'
import { setStaffGrants } from '../../app/domain/staff/set-staff-grants.server'
import { followSupplierCosts } from '../../app/domain/suppliers/follow-supplier-costs.server'
import { connectSupplier, optionsBelowMinimumMargin, saveOptionSupply } from '../../app/domain/suppliers/supplier-console.server'
import { moveClockForTests } from '../../app/utils/clock'
import { startFakeKinguin, type FakeKinguin } from '../fakes/kinguin-server'
import { owner } from '../setup/orders'
import { databaseKinds, useTestDatabase } from '../setup/test-db'
import { signInOverHttp, useTestShop } from '../setup/test-shop'

describe.each(databaseKinds)('suppliers over HTTP on %s', (kind) => {
	let db: Db
	let fake: FakeKinguin
	let suppliersKey: string
	let stockKey: string
	const testShop = useTestShop(kind, 'suppliers-api', { TRUST_PROXY: 'true', JOBS_WORKER: 'false', ADMIN_EMAIL: 'owner@example.pk', ADMIN_PASSWORD: 'suppliers-owner-password' })

	beforeAll(async () => {
		db = testShop.shop.database.db
		fake = await startFakeKinguin()
		suppliersKey = (await createApiKey(db, 'Purchasing desk', null, { scopes: ['suppliers'] })).key
		stockKey = (await createApiKey(db, 'Stock desk', null, { scopes: ['stock'] })).key
	})
	afterAll(() => fake.close())

	const call = (method: string, path: string, body?: unknown, headers: Record<string, string> = { 'X-ADMIN-KEY': suppliersKey }) =>
		fetch(`${testShop.url}${path}`, { method, headers: { ...headers, ...(body === undefined ? {} : { 'Content-Type': 'application/json', Origin: testShop.url }) }, body: body === undefined ? undefined : JSON.stringify(body) })

	it('connects a supplier with a key that is answered only by its end, kept when left blank, and never written to the audit log', async () => {
		const made = await call('POST', '/api/admin/suppliers', { name: 'Kinguin wholesale', baseUrl: fake.url, apiKey: fake.apiKey, lowBalanceDollars: 50 })
		expect(made.status).toBe(201)
		const text = await made.text()
		expect(text).not.toContain(fake.apiKey)
		const supplier = JSON.parse(text)
		expect(supplier).toMatchObject({ name: 'Kinguin wholesale', kind: 'kinguin', simulator: false, active: true, apiKeyEnd: `…${fake.apiKey.slice(-4)}`, lowBalanceCents: 5000 })

		const kept = await call('PATCH', `/api/admin/suppliers/${supplier.id}`, { name: 'Kinguin', apiKey: '' })
		expect(kept.status).toBe(200)
		expect(await kept.json()).toMatchObject({ name: 'Kinguin', apiKeyEnd: supplier.apiKeyEnd })
		// The key still works after the blank change: Test reaches the supplier with it.
		expect(await (await call('POST', `/api/admin/suppliers/${supplier.id}/test`)).json()).toEqual({ ok: true, outcome: 'accepted', sentence: 'Kinguin accepted the key: the account can spend € 100,000.00.', balanceCents: 100_000_00 })

		const rekeyed = await call('PATCH', `/api/admin/suppliers/${supplier.id}`, { apiKey: 'a-replaced-secret-9876' })
		expect(await rekeyed.json()).toMatchObject({ apiKeyEnd: '…9876' })
		const listed = await call('GET', '/api/admin/suppliers')
		const listText = await listed.text()
		expect(listText).not.toContain(fake.apiKey)
		expect(listText).not.toContain('a-replaced-secret')
		expect(JSON.parse(listText).suppliers.map((s: { name: string }) => s.name)).toContain('Kinguin')

		const audit = await db.select().from(auditLog).where(like(auditLog.action, 'suppliers.%'))
		expect(audit.map((a) => a.action).sort()).toEqual(['suppliers.create', 'suppliers.low-balance', 'suppliers.update', 'suppliers.update'])
		const written = JSON.stringify(audit)
		expect(written).not.toContain(fake.apiKey)
		expect(written).not.toContain('a-replaced-secret')
	})

	it('answers Test in a sentence: refused with the supplier’s reason, or unreachable', async () => {
		const wrong = await (await call('POST', '/api/admin/suppliers', { name: 'Wrong key', baseUrl: fake.url, apiKey: 'not-the-key' })).json()
		const refused = await (await call('POST', `/api/admin/suppliers/${wrong.id}/test`)).json()
		expect(refused).toMatchObject({ ok: false, outcome: 'refused', balanceCents: null })
		expect(refused.sentence).toMatch(/^Wrong key refused: Kinguin refused the API key/)

		const nowhere = await (await call('POST', '/api/admin/suppliers', { name: 'Nowhere', baseUrl: 'http://127.0.0.1:9', apiKey: 'any-key-1234' })).json()
		const unreachable = await (await call('POST', `/api/admin/suppliers/${nowhere.id}/test`)).json()
		expect(unreachable).toMatchObject({ ok: false, outcome: 'unreachable', balanceCents: null })
		expect(unreachable.sentence).toMatch(/^Nowhere could not be reached: .+ Check its address and try again\.$/)
		// What the check found is on the list.
		const listed = (await (await call('GET', '/api/admin/suppliers')).json()).suppliers.find((s: { id: number }) => s.id === nowhere.id)
		expect(listed.checkProblem).toMatch(/could not be reached/)
	})

	it('searches the supplier’s catalogue with each price in its currency (Kinguin’s: euros) and in rupees at the owner’s euro rate; a short search is a 400 sentence', async () => {
		await updateCostSettings(db, owner, { rupeesPerDollar: 280, rupeesPerEuro: 300, payproFeePercent: 2.5 })
		const supplier = await (await call('POST', '/api/admin/suppliers', { name: 'Picker', baseUrl: fake.url, apiKey: fake.apiKey })).json()
		const found = await call('GET', `/api/admin/suppliers/${supplier.id}/products?q=steam`)
		expect(found.status).toBe(200)
		// € 20.50 at Rs. 300 a euro, not at the dollar's Rs. 280.
		expect(await found.json()).toEqual({ currency: 'EUR', rupeesPerUnit: 300, rupeesPerDollar: 280, products: [{ productId: 'sim-steam-20', name: 'Steam Gift Card 20 USD (simulator)', unitPriceCents: 2050, available: 500, costRupees: 6150 }] })
		const short = await call('GET', `/api/admin/suppliers/${supplier.id}/products?q=st`)
		expect(short.status).toBe(400)
		expect((await short.json()).error).toBe('Type at least 3 letters of the product’s name to search the supplier.')
		const missing = await call('POST', '/api/admin/suppliers/999999/test')
		expect(missing.status).toBe(404)
		expect((await missing.json()).error).toBe('There is no supplier 999999.')
	})

	it('refuses a key without the suppliers scope and staff without the suppliers grant (403); lets them in once granted', async () => {
		const keyless = await call('GET', '/api/admin/suppliers', undefined, { 'X-ADMIN-KEY': stockKey })
		expect(keyless.status).toBe(403)
		expect((await keyless.json()).error).toContain('“suppliers” scope')

		const staff = await createStaff(db, { email: 'buyer-desk@example.pk', name: 'Purchasing', role: 'staff', password: 'purchasing-password-1' })
		const cookie = await signInOverHttp(testShop.url, staff.email, staff.password, '198.51.100.71')
		const refused = await call('GET', '/api/admin/suppliers', undefined, { Cookie: cookie })
		expect(refused.status).toBe(403)
		expect((await refused.json()).error).toBe('Only the shop owner, or staff the owner lets manage suppliers, may do this.')
		const refusedWrite = await call('POST', '/api/admin/suppliers', { name: 'Sneaky', apiKey: 'x-key' }, { Cookie: cookie })
		expect(refusedWrite.status).toBe(403)
		const page = await fetch(`${testShop.url}/admin/suppliers`, { headers: { Cookie: cookie } })
		expect(page.status).toBe(403)

		await setStaffGrants(db, owner, staff.id, ['suppliers'])
		expect((await call('GET', '/api/admin/suppliers', undefined, { Cookie: cookie })).status).toBe(200)
		const made = await call('POST', '/api/admin/suppliers', { name: 'Granted', baseUrl: fake.url, apiKey: fake.apiKey }, { Cookie: cookie })
		expect(made.status).toBe(201)
		const pageNow = await fetch(`${testShop.url}/admin/suppliers`, { headers: { Cookie: cookie } })
		expect(pageNow.status).toBe(200)
		const html = await pageNow.text()
		expect(html).toContain('Granted')
		expect(html).not.toContain(fake.apiKey)
	})

	it('refuses input it cannot use with a 400 sentence', async () => {
		const cases: [string, string, unknown, RegExp][] = [
			['POST', '/api/admin/suppliers', { name: '', apiKey: 'k' }, /Please give the supplier a name\./],
			['POST', '/api/admin/suppliers', { name: 'K', apiKey: 'k', baseUrl: 'ftp://example.com' }, /must be an http:\/\/ or https:\/\/ address/],
			['POST', '/api/admin/suppliers', { name: 'K', apiKey: 'k', lowBalanceDollars: -1 }, /low-balance alert is an amount in the supplier’s currency/],
			['PATCH', '/api/admin/suppliers/abc', { name: 'K' }, /There is no such supplier\./],
		]
		for (const [method, path, body, message] of cases) {
			const res = await call(method, path, body)
			expect(res.status, path).toBe(400)
			expect((await res.json()).error, path).toMatch(message)
		}
	})

	it('lists the endpoints in the OpenAPI document under Suppliers', async () => {
		const doc = await (await call('GET', '/api/admin/openapi.json')).json()
		for (const path of ['/api/admin/suppliers', '/api/admin/suppliers/{id}', '/api/admin/suppliers/{id}/test', '/api/admin/suppliers/{id}/products']) expect(doc.paths[path], path).toBeDefined()
	})
})

const fourDurations = createProductInput.parse({
	name: 'Steam Wallet (supplier test)',
	platform: 'pc',
	kind: 'subscription',
	description: 'A wallet top-up bought from a supplier.',
	variants: [
		{ label: '1 Month', months: 1, price: 6000 },
		{ label: '2 Months', months: 2, price: 9000 },
	],
})

describe.each(databaseKinds)('costs that follow the suppliers on %s', (kind) => {
	const database = useTestDatabase(kind)
	let fake: FakeKinguin
	beforeAll(async () => {
		fake = await startFakeKinguin()
	})
	afterAll(() => fake.close())

	async function mappedOption(db: Db, minMarginPercent: number) {
		await updateCostSettings(db, owner, { rupeesPerDollar: 250, rupeesPerEuro: 280, payproFeePercent: 0 })
		const supplier = await connectSupplier(db, owner, { name: 'Kinguin', baseUrl: fake.url, apiKey: fake.apiKey })
		const product = await createProduct(db, owner, fourDurations)
		const [option, other] = product.variants
		await saveOptionSupply(db, owner, product.id, option!.id, { supply: [{ supplierId: supplier.id, supplierProductId: 'sim-steam-20' }], minMarginPercent })
		return { supplier, product, option: option!, other: other! }
	}

	it('records each mapped option’s price once a day, and the reprice preview lists an option whose margin fell below its minimum', async () => {
		const { db } = database
		fake.reset()
		const { product, option, other } = await mappedOption(db, 10)
		// € 20.50 at Rs. 280 a euro is Rs. 5,740 (the dollar's Rs. 250 would leave 14.6 %): Rs. 6,000 leaves 4.3 %, under the 10 % asked.
		expect(await followSupplierCosts(db)).toMatchObject({ suppliers: 1, quoted: 1, gone: 0 })
		const rows = await db.select().from(supplierCosts).where(eq(supplierCosts.variantId, option.id))
		expect(rows).toMatchObject([{ supplierProductId: 'sim-steam-20', unitPriceCents: 2050, available: 500 }])
		const preview = await previewReprice(db, { productId: product.id, marginPercent: 20, roundTo: 50 })
		expect(preview.belowMinimum).toEqual([
			{ variantId: option.id, productId: product.id, productName: 'Steam Wallet (supplier test)', label: '1 Month', price: 6000, supplierName: 'Kinguin', currency: 'EUR', unitPriceCents: 2050, costRupees: 5740, marginPercent: 4.3, minMarginPercent: 10 },
		])
		expect(preview.belowMinimum.map((b) => b.variantId)).not.toContain(other.id)

		// The supplier lowers its price the next day: the option is no longer listed.
		fake.setPrice('sim-steam-20', 1500)
		moveClockForTests(24 * 3600 * 1000)
		await followSupplierCosts(db)
		expect(await db.select().from(supplierCosts).where(eq(supplierCosts.variantId, option.id))).toHaveLength(2)
		expect(await optionsBelowMinimumMargin(db)).toEqual([])
	})

	it('alerts staff once when a balance falls below its threshold, and once when a supplier stops selling a mapped product', async () => {
		const { db } = database
		fake.reset()
		const boss = await createStaff(db, { email: 'boss@example.pk', name: 'Boss', role: 'owner', password: 'boss-password-123' })
		await saveMyAlerts(db, boss.id, { events: ['supplier'], byEmail: 'true' })
		const { supplier } = await mappedOption(db, 0)
		// € 100,000 in the account; alert below € 200,000.
		const { changeSupplier } = await import('../../app/domain/suppliers/supplier-console.server')
		await changeSupplier(db, owner, supplier.id, { lowBalanceDollars: 200_000 })
		expect((await followSupplierCosts(db)).alerts).toBe(1)
		expect((await followSupplierCosts(db)).alerts).toBe(0)
		const low = await db.select().from(alertOutbox).where(eq(alertOutbox.event, 'supplier'))
		expect(low).toHaveLength(1)
		expect(low[0]).toMatchObject({ staffId: boss.id, subject: 'Kinguin: balance low (€ 100,000.00)' })

		fake.remove('sim-steam-20')
		moveClockForTests(24 * 3600 * 1000)
		expect(await followSupplierCosts(db)).toMatchObject({ gone: 1, alerts: 1 })
		moveClockForTests(2 * 24 * 3600 * 1000)
		expect(await followSupplierCosts(db)).toMatchObject({ gone: 1, alerts: 0 })
		const all = await db.select().from(alertOutbox).where(eq(alertOutbox.event, 'supplier'))
		expect(all.map((a) => a.subject).sort()).toEqual(['Kinguin no longer sells Steam Wallet (supplier test) (1 Month)', 'Kinguin: balance low (€ 100,000.00)'])

		// Back above the threshold, then low again: a new alert for the new time it ran low.
		await changeSupplier(db, owner, supplier.id, { lowBalanceDollars: 10 })
		await followSupplierCosts(db)
		await changeSupplier(db, owner, supplier.id, { lowBalanceDollars: 200_000 })
		expect((await followSupplierCosts(db)).alerts).toBe(1)
	})
})
