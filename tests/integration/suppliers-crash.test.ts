// Purchases from a supplier survive a crash (ADR-053): a shop process buying the codes of 24 paid
// orders from a slow wholesaler is killed with SIGKILL in the middle. After a restart, each purchase
// whose call may have been made is looked up by its idempotency key before anything is bought: every
// order gets its code, the wholesaler took one order per key, and no code went to two orders.
import fs from 'node:fs'
import { and, eq, inArray, isNull } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openPglite, openPostgres, type Database } from '../../app/db/client.server'
import { orders, stockAssignments, stockUnits, supplierPurchases } from '../../app/db/schema'
import { setDeliveryKey } from '../../app/domain/fulfillment/delivery-crypto.server'
import { createApiKey } from '../../app/domain/staff/api-keys.server'
import { startFakeKinguin, type FakeKinguin } from '../fakes/kinguin-server'
import { payByProvider } from '../setup/orders'
import { checkoutBody, placeOrder } from '../setup/payments'
import { sharedDeliveryKey, spawnShop, type ShopProcess } from '../setup/shop-process'
import { PSN10, suppliedOption } from '../setup/suppliers'
import { copyOfSeededDatabase, databaseKinds } from '../setup/test-db'

const ORDERS = 24

describe.each(databaseKinds)('supplier purchases when the shop on %s is killed', (kind) => {
	let fake: FakeKinguin
	let dataDir: string
	let databaseUrl: string | undefined
	const shops: ShopProcess[] = []
	const settings = () => ({ DATA_DIR: dataDir, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}), SUPPLIER_TIMEOUT_MS: '2000', JOBS_WORKER: 'true' })
	const open = (): Promise<Database> => (databaseUrl ? openPostgres(databaseUrl) : openPglite(dataDir))
	/** A new process on the same data: PGlite's folder lock of a killed process lapses after a few seconds, so the start is tried until it takes. */
	async function restart(): Promise<ShopProcess> {
		const deadline = Date.now() + 60_000
		for (;;) {
			try {
				return await spawnShop(settings())
			} catch (error) {
				if (Date.now() > deadline || !String(error).includes('already using the embedded database')) throw error
				await new Promise((resolve) => setTimeout(resolve, 1000))
			}
		}
	}

	beforeAll(async () => {
		// The test process seals and reads codes with the processes' key.
		setDeliveryKey(Buffer.from(sharedDeliveryKey, 'base64'))
		fake = await startFakeKinguin({ products: [PSN10] })
		;({ dataDir, databaseUrl } = await copyOfSeededDatabase(kind, 'suppliers-crash'))
	}, 120_000)
	afterAll(async () => {
		for (const shop of shops) await shop.crash()
		await fake?.close()
		fs.rmSync(dataDir, { recursive: true, force: true })
	})

	it('buys each unit once and delivers every code after a kill -9 in the middle of the purchases', { timeout: 240_000 }, async () => {
		// Set up and paid while no shop runs: the payments queued the purchases.
		let database = await open()
		const { productId, variantId } = await suppliedOption(database.db, [fake])
		const key = (await createApiKey(database.db, 'Supplier desk', null, { scopes: ['suppliers'] })).key
		const placed = []
		for (let n = 0; n < ORDERS; n++) placed.push(await payByProvider(database.db, await placeOrder(database.db, checkoutBody([{ id: productId, variantId, quantity: 1 }]))))
		await database.close()

		// A slow wholesaler, whose first two answers are lost on the way (it took those orders): the process
		// is killed once it has taken a few orders, with more in flight.
		fake.knobs.latencyMs = 400
		fake.fail('buy', { kind: 'drop-answer' }, 2)
		const first = await spawnShop(settings())
		shops.push(first)
		await expect.poll(() => fake.orders.size, { timeout: 60_000, interval: 10 }).toBeGreaterThanOrEqual(4)
		await first.crash()
		const takenBeforeCrash = fake.orders.size
		expect(takenBeforeCrash).toBeLessThan(ORDERS)
		fake.knobs.latencyMs = 0

		const second = await restart()
		shops.push(second)
		const delivered = async () => {
			const res = await fetch(`${second.url}/api/admin/supplier-purchases?status=delivered`, { headers: { 'X-ADMIN-KEY': key } })
			return ((await res.json()) as { purchases: unknown[] }).purchases.length
		}
		await expect.poll(delivered, { timeout: 120_000, interval: 250 }).toBe(ORDERS)
		await second.stop()

		database = await open()
		try {
			const { db } = database
			const ids = placed.map((o) => o.id)
			const purchases = await db.select().from(supplierPurchases).where(inArray(supplierPurchases.orderId, ids))
			expect(purchases).toHaveLength(ORDERS)
			expect(purchases.every((p) => p.status === 'delivered')).toBe(true)
			// One order at the wholesaler per key, and no order it took without a purchase of ours.
			const perKey = fake.purchasesPerKey()
			expect(perKey.size).toBe(ORDERS)
			expect([...perKey.values()].every((n) => n === 1)).toBe(true)
			expect(new Set([...perKey.keys()])).toEqual(new Set(purchases.map((p) => p.idempotencyKey)))
			// The purchases whose answers were lost were found by their keys, not bought again.
			expect(fake.calls.find).toBeGreaterThanOrEqual(2)
			// Each order holds one code, each code one order, and every code bought reached a buyer.
			const units = await db
				.select({ orderId: stockAssignments.orderId, unitId: stockAssignments.unitId })
				.from(stockAssignments)
				.innerJoin(stockUnits, eq(stockUnits.id, stockAssignments.unitId))
				.where(and(inArray(stockAssignments.orderId, ids), isNull(stockAssignments.replacedAt)))
			expect(new Set(units.map((u) => u.orderId)).size).toBe(ORDERS)
			expect(new Set(units.map((u) => u.unitId)).size).toBe(ORDERS)
			expect(units).toHaveLength(ORDERS)
			expect(fake.allKeys()).toHaveLength(ORDERS)
			const rows = await db.select().from(orders).where(inArray(orders.id, ids))
			expect(rows.every((o) => o.deliveryStatus === 'completed' && o.undeliveredUnits === 0)).toBe(true)
		} finally {
			await database.close()
		}
	})
})
