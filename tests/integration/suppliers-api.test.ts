// The console API of purchases from suppliers (ADR-053), on a real shop server: an option's suppliers
// and minimum margin set by the product's PATCH, the purchases staff follow (GET
// /api/admin/supplier-purchases?status=) and the retry of one waiting for them, with the `suppliers`
// scope; the shop's own supplier simulator answers under /supplier-sim.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { supplierPurchases } from '../../app/db/schema'
import { createApiKey } from '../../app/domain/staff/api-keys.server'
import { buyFromSuppliers } from '../../app/domain/suppliers/buy-from-suppliers.server'
import { ensureSimulatorSupplier, listSuppliers } from '../../app/domain/suppliers/suppliers.server'
import { SUPPLIER_SIMULATOR } from '../../app/integrations/kinguin/simulator.server'
import { startFakeKinguin, type FakeKinguin } from '../fakes/kinguin-server'
import { payByProvider } from '../setup/orders'
import { checkoutBody, jobRows, placeOrder } from '../setup/payments'
import { PSN10, suppliedOption } from '../setup/suppliers'
import { databaseKinds } from '../setup/test-db'
import { useTestShop } from '../setup/test-shop'

describe.each(databaseKinds)('the suppliers API on %s', (kind) => {
	const testShop = useTestShop(kind, 'suppliers-api', { JOBS_WORKER: 'false' }, { emptiedAfterEach: true })
	let fake: FakeKinguin
	beforeAll(async () => {
		fake = await startFakeKinguin({ products: [PSN10] })
	})
	afterAll(() => fake?.close())

	const call = async (key: string, method: string, path: string, body?: unknown) => {
		const res = await fetch(`${testShop.url}${path}`, { method, headers: { 'X-ADMIN-KEY': key, ...(body ? { 'Content-Type': 'application/json' } : {}) }, body: body ? JSON.stringify(body) : undefined })
		return { status: res.status, json: (await res.json()) as Record<string, unknown> }
	}

	it('lists a purchase waiting for staff with its sentence, and a retry buys it once the supplier can sell within the margin', async () => {
		const db = testShop.db
		fake.reset()
		const { productId, variantId } = await suppliedOption(db, [fake])
		const key = (await createApiKey(db, 'Supplier desk', null, { scopes: ['suppliers'] })).key
		const other = (await createApiKey(db, 'Reports', null, { scopes: ['reports'] })).key
		fake.setPrice(PSN10.productId, 1200)
		const order = await payByProvider(db, await placeOrder(db, checkoutBody([{ id: productId, variantId, quantity: 1 }])))
		await buyFromSuppliers(db, order.id)

		const waiting = await call(key, 'GET', '/api/admin/supplier-purchases?status=waiting')
		expect(waiting.status).toBe(200)
		expect(waiting.json).toMatchObject({
			waiting: 1,
			purchases: [{ orderNumber: order.orderNumber, status: 'waiting', supplier: { name: 'Wholesaler 1' }, quantity: 1, keysReceived: 0, currency: 'EUR', maxUnitPriceCents: 1000, reason: 'Wholesaler 1 asks more than € 10.00 a unit for psn-10-usd, the most that leaves this option’s minimum margin of 10%.' }],
		})
		const id = (waiting.json.purchases as { id: number }[])[0]!.id
		expect((await call(key, 'GET', '/api/admin/supplier-purchases?status=delivered')).json).toEqual({ waiting: 1, purchases: [] })
		expect(await call(key, 'GET', '/api/admin/supplier-purchases?status=lost')).toEqual({ status: 400, json: expect.objectContaining({ error: 'status must be one of: pending, ordered, delivered, failed, waiting.' }) })
		expect((await call(other, 'GET', '/api/admin/supplier-purchases')).status).toBe(403)

		// The supplier lowers its price; staff retry: the job queued buys it, once.
		fake.setPrice(PSN10.productId, 990)
		expect(await call(key, 'POST', `/api/admin/supplier-purchases/${id}/retry`)).toEqual({ status: 200, json: { id, status: 'pending' } })
		expect((await jobRows(db, 'buy-from-suppliers')).filter((j) => j.status === 'pending' && j.dedupeKey?.startsWith(`suppliers:${order.id}:retry:`))).toHaveLength(1)
		expect(await buyFromSuppliers(db, order.id)).toEqual({ retryLater: false, delivered: 1 })
		const [row] = await db.select().from(supplierPurchases).where(eq(supplierPurchases.id, id))
		expect(row).toMatchObject({ status: 'delivered', unitPriceCents: 990, reason: null })
		expect([...fake.purchasesPerKey().values()]).toEqual([1])
		// Once delivered, there is nothing to retry.
		expect(await call(key, 'POST', `/api/admin/supplier-purchases/${id}/retry`)).toEqual({ status: 409, json: expect.objectContaining({ error: `Purchase ${id} is delivered: only a purchase waiting for staff can be retried.` }) })
		expect((await call(key, 'POST', '/api/admin/supplier-purchases/999999/retry')).status).toBe(404)
	})

	it('takes an option’s suppliers and minimum margin on the product’s PATCH, and refuses a supplier that does not exist', async () => {
		const db = testShop.db
		const { productId, variantId, otherVariantId, suppliers } = await suppliedOption(db, [fake])
		const key = (await createApiKey(db, 'Catalogue', null, { scopes: ['catalogue'] })).key
		const variants = (supply: unknown, minMarginPercent: unknown) => ({
			variants: [
				{ id: variantId, label: '$10 USD', value: 10, price: 3200, supply, minMarginPercent },
				{ id: otherVariantId, label: '$25 USD', value: 25, price: 7800 },
			],
		})
		const changed = await call(key, 'PATCH', `/api/admin/products/${productId}`, variants([{ supplierId: suppliers[0]!.id, supplierProductId: 'psn-10-usd-eu' }], 15))
		expect(changed.status).toBe(200)
		expect((changed.json.variants as unknown[])[0]).toMatchObject({ id: variantId, supply: [{ supplierId: suppliers[0]!.id, supplierProductId: 'psn-10-usd-eu' }], minMarginPercent: 15 })
		expect((changed.json.variants as unknown[])[1]).toMatchObject({ id: otherVariantId, supply: [], minMarginPercent: null })

		const unknown = await call(key, 'PATCH', `/api/admin/products/${productId}`, variants([{ supplierId: 424242, supplierProductId: 'x' }], 15))
		expect(unknown).toMatchObject({ status: 400, json: { error: 'There is no supplier 424242.' } })
		const margin = await call(key, 'PATCH', `/api/admin/products/${productId}`, variants([], 900))
		expect(margin).toMatchObject({ status: 400, json: { error: 'The minimum margin is a whole number of percent from 0 to 500.' } })
	})

	it('serves its own supplier simulator, named as one, under /supplier-sim', async () => {
		const db = testShop.db
		// The shop made it at its start (the data is emptied after each test: it is made again here as at a start).
		await ensureSimulatorSupplier(db)
		expect(await listSuppliers(db)).toMatchObject([{ name: 'Simulator (test supplier: nothing real is bought)', simulator: true, baseUrl: SUPPLIER_SIMULATOR.basePath }])
		const res = await fetch(`${testShop.url}${SUPPLIER_SIMULATOR.basePath}/v1/balance`, { headers: { 'X-Api-Key': SUPPLIER_SIMULATOR.apiKey } })
		expect(res.status).toBe(200)
		expect(res.headers.get('x-simulator')).toBe('kinguin')
		expect((await fetch(`${testShop.url}${SUPPLIER_SIMULATOR.basePath}/v1/balance`)).status).toBe(401)
	})
})
