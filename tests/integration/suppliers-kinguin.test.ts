// A supplier speaking Kinguin's eCommerce API (ADR-053): the shop's adapter against a local server
// of the same protocol (tests/fakes/kinguin-server.ts), and the suppliers the owner connects, their
// key sealed at rest and never shown again.
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { suppliers } from '../../app/db/schema'
import { kinguinClient } from '../../app/domain/suppliers/kinguin.server'
import { isSupplierError, type SupplierError } from '../../app/domain/suppliers/supplier-client'
import { createSupplier, listSuppliers, updateSupplier } from '../../app/domain/suppliers/suppliers.server'
import { supplierClient } from '../../app/domain/suppliers/supplier-registry.server'
import type { Actor } from '../../app/domain/staff/audit.server'
import { startFakeKinguin, type FakeKinguin } from '../fakes/kinguin-server'
import { owner } from '../setup/orders'
import { databaseKinds, useTestDatabase } from '../setup/test-db'

const failureOf = (promise: Promise<unknown>) =>
	promise.then(
		() => null,
		(error: unknown) => (isSupplierError(error) ? (error as SupplierError).failure : error),
	)

describe('the Kinguin adapter against its protocol', () => {
	let fake: FakeKinguin
	beforeAll(async () => {
		fake = await startFakeKinguin()
	})
	afterAll(() => fake.close())
	beforeEach(() => fake.reset())
	const client = (timeoutMs = 2000) => kinguinClient({ baseUrl: fake.url, apiKey: fake.apiKey, timeoutMs })

	it('quotes a product, finds it by name, buys it under our key, finds that order again and downloads its keys', async () => {
		expect(await client().quote('sim-steam-20')).toEqual({ productId: 'sim-steam-20', name: 'Steam Gift Card 20 USD (simulator)', unitPriceCents: 2050, available: 500 })
		expect((await client().search('steam')).map((p) => p.productId)).toEqual(['sim-steam-20'])
		// Kinguin searches names of three characters or more.
		expect(await client().search('st')).toEqual([])

		const order = await client().buy({ idempotencyKey: 'SHOP-1-0-a', productId: 'sim-steam-20', quantity: 2, maxUnitPriceCents: 2100 })
		expect(order).toMatchObject({ unitPriceCents: 2050, quantity: 2, state: 'completed' })
		expect(await client().findOrder('SHOP-1-0-a')).toEqual(order)
		expect(await client().findOrder('SHOP-never')).toBeNull()
		const keys = await client().keysOf(order.supplierOrderId)
		expect(keys).toHaveLength(2)
		expect(new Set(keys).size).toBe(2)
		expect(fake.purchasesPerKey().get('SHOP-1-0-a')).toBe(1)
		expect(await client().balance()).toEqual({ cents: 100_000_00 - 4100 })
	})

	it('says why a call failed: no answer, a server error, a price above the limit, a product gone, a refused key', async () => {
		expect(await client().quote('sim-gone')).toBeNull()
		fake.fail('product', { kind: 'timeout' })
		expect(await failureOf(client(300).quote('sim-steam-20'))).toBe('timeout')
		fake.fail('buy', { kind: 'status', status: 503 })
		expect(await failureOf(client().buy({ idempotencyKey: 'k1', productId: 'sim-steam-20', quantity: 1, maxUnitPriceCents: 3000 }))).toBe('unavailable')
		expect(await failureOf(client().buy({ idempotencyKey: 'k2', productId: 'sim-steam-20', quantity: 1, maxUnitPriceCents: 2000 }))).toBe('price')
		fake.remove('sim-psn-10')
		expect(await failureOf(client().buy({ idempotencyKey: 'k3', productId: 'sim-psn-10', quantity: 1, maxUnitPriceCents: 2000 }))).toBe('gone')
		expect(await failureOf(kinguinClient({ baseUrl: fake.url, apiKey: 'wrong', timeoutMs: 2000 }).balance())).toBe('auth')
		// Nothing was bought by any of them.
		expect(fake.orders.size).toBe(0)
	})

	it('gives the keys dispatched so far when the supplier sends fewer than asked, and the rest once dispatched', async () => {
		fake.knobs.shortKeys = 1
		const order = await client().buy({ idempotencyKey: 'short', productId: 'sim-valorant-1000', quantity: 3, maxUnitPriceCents: 1000 })
		expect(order.state).toBe('processing')
		expect(await client().keysOf(order.supplierOrderId)).toHaveLength(2)
		fake.dispatch(order.supplierOrderId)
		expect(await client().keysOf(order.supplierOrderId)).toHaveLength(3)
	})
})

describe.each(databaseKinds)('suppliers the owner connects on %s', (kind) => {
	const database = useTestDatabase(kind)
	let fake: FakeKinguin
	beforeAll(async () => {
		fake = await startFakeKinguin()
	})
	afterAll(() => fake.close())

	it('seals the API key, shows only its end, keeps it when a change leaves it blank, and reaches the supplier with it', async () => {
		const { db } = database
		const made = await createSupplier(db, owner, { name: 'Kinguin (wholesale)', baseUrl: fake.url, apiKey: fake.apiKey })
		expect(made).toMatchObject({ name: 'Kinguin (wholesale)', kind: 'kinguin', apiKeyEnd: `…${fake.apiKey.slice(-4)}`, simulator: false, active: true })
		const [row] = await db.select().from(suppliers).where(eq(suppliers.id, made.id))
		expect(row!.apiKey).not.toContain(fake.apiKey)
		expect(JSON.stringify(await listSuppliers(db))).not.toContain(fake.apiKey)

		const renamed = await updateSupplier(db, owner, made.id, { name: 'Kinguin', apiKey: '' })
		expect(renamed).toMatchObject({ name: 'Kinguin', apiKeyEnd: made.apiKeyEnd })
		const [after] = await db.select().from(suppliers).where(eq(suppliers.id, made.id))
		expect(await supplierClient(after!).balance()).toEqual({ cents: 100_000_00 })
	})

	it('refuses a staff member who is not the owner, and input it cannot use, with a sentence', async () => {
		const { db } = database
		const staff: Actor = { staffId: 7, label: 'staff@example.pk', role: 'staff', grants: ['catalogue'] }
		await expect(createSupplier(db, staff, { name: 'K', apiKey: 'x' })).rejects.toThrow('Only the shop owner, or staff the owner lets manage suppliers, may do this.')
		await expect(createSupplier(db, owner, { name: ' ', apiKey: 'x' })).rejects.toThrow('Please give the supplier a name.')
		await expect(createSupplier(db, owner, { name: 'K', apiKey: 'x', baseUrl: 'ftp://example.com' })).rejects.toThrow('The supplier’s address must be an http:// or https:// address.')
		await expect(updateSupplier(db, owner, 999_999, { name: 'K' })).rejects.toThrow('There is no supplier 999999.')
		expect(await listSuppliers(db)).toEqual([])
	})
})
