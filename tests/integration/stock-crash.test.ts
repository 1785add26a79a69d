// Delivery from stock survives a crash (issue: codes delivered the moment a payment is confirmed,
// never twice): a shop process taking a burst of PayPro callbacks for 60 orders of a 40-code option
// is killed with SIGKILL in the middle. After a restart, and before PayPro sends anything again,
// every order the database holds as paid has its unit or waits in the queue, and no unit went to
// two orders; PayPro's retries then serve the rest: 40 served, 20 queued, each code once.
// PostgreSQL only: a PGlite data folder belongs to one process, so there is no second one to kill.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openPostgres, type Database, type Db } from '../../app/db/client.server'
import { orders, stockAssignments, stockUnits } from '../../app/db/schema'
import { createProduct } from '../../app/domain/catalogue/manage-products.server'
import { createProductInput } from '../../app/domain/catalogue/product-input'
import { decryptDelivery, setDeliveryKey } from '../../app/domain/fulfillment/delivery-crypto.server'
import { startPayproPayment } from '../../app/domain/payments/start-paypro-payment.server'
import type { Actor } from '../../app/domain/staff/audit.server'
import { importStock } from '../../app/domain/stock/manage-stock.server'
import { parseEnv, useEnv } from '../../app/utils/env.server'
import { startFakePayPro, type FakePayPro } from '../fakes/paypro-server'
import { callbackAccount, payproSettingsFor } from '../setup/fake-paypro'
import { checkoutBody, payproClientFor, placeOrder } from '../setup/payments'
import { freshPostgresDatabase } from '../setup/postgres'
import { sharedDeliveryKey, spawnShop, type ShopProcess } from '../setup/shop-process'
import { databaseKinds } from '../setup/test-db'

const owner: Actor = { staffId: null, label: 'owner@example.pk' }
const UNITS = 40
const ORDERS = 60

describe.each(databaseKinds.filter((kind) => kind === 'postgres'))('delivery from stock when the shop on %s is killed during a burst of payments', () => {
	let databaseUrl: string
	let database: Database
	let fake: FakePayPro
	let dataDir: string
	const shops: ShopProcess[] = []
	const settings = () => ({
		DATABASE_URL: databaseUrl,
		DATA_DIR: path.join(dataDir, `shop-${shops.length}`),
		...payproSettingsFor(fake, { PAYPRO_TIMEOUT_MS: '20000' }),
		// Only the callbacks serve orders here: no reconcile job or queue sweep behind the test's back.
		JOBS_WORKER: 'false',
	})
	beforeAll(async () => {
		// The test process seals the codes and reads the deliveries with the processes' key.
		setDeliveryKey(Buffer.from(sharedDeliveryKey, 'base64'))
		dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-stock-crash-'))
		databaseUrl = await freshPostgresDatabase(process.env.TEST_DATABASE_URL!, 'shop_vitest_stock_crash')
		fake = await startFakePayPro()
		// The first process migrates the empty database.
		shops.push(await spawnShop(settings()))
		database = await openPostgres(databaseUrl)
	}, 180_000)
	afterAll(async () => {
		for (const shop of shops) await shop.crash()
		await database?.close()
		await fake?.close()
		useEnv(parseEnv())
		fs.rmSync(dataDir, { recursive: true, force: true })
	})

	/** PayPro's callback for one paid order, as its servers POST it. */
	const sendCallback = (shop: ShopProcess, orderNumber: string) =>
		fetch(`${shop.url}/paypro/uis`, {
			method: 'POST',
			headers: { 'Content-Type': 'application/json' },
			body: JSON.stringify({ ...callbackAccount, csvinvoiceids: orderNumber }),
			signal: AbortSignal.timeout(60_000),
		})
			.then(async (res) => ((await res.json()) as { StatusCode: string }[])[0]?.StatusCode ?? `HTTP ${res.status}`)
			// The kill cuts a request before its answer, or in the middle of it.
			.catch(() => 'lost')

	async function state(db: Db, orderIds: number[]) {
		const rows = await db.select().from(orders).where(inArray(orders.id, orderIds))
		const assignments = await db.select().from(stockAssignments).where(inArray(stockAssignments.orderId, orderIds))
		const sold = await db.select().from(stockUnits).where(eq(stockUnits.status, 'used'))
		const paid = rows.filter((r) => r.paidAt !== null)
		return { rows, assignments, sold, paid }
	}

	/** What must hold at any moment: each paid order has its unit or is owed it; no unit twice. */
	function expectConsistent({ assignments, sold, paid, rows }: Awaited<ReturnType<typeof state>>) {
		expect(new Set(assignments.map((a) => a.unitId)).size).toBe(assignments.length)
		expect(new Set(assignments.map((a) => a.orderId)).size).toBe(assignments.length)
		expect(sold.length).toBe(assignments.length)
		for (const order of paid) {
			const held = assignments.filter((a) => a.orderId === order.id).length
			expect({ order: order.orderNumber, held, owed: order.undeliveredUnits }).toEqual({ order: order.orderNumber, held, owed: 1 - held })
			expect(order.deliveryStatus).toBe(held === 1 ? 'completed' : 'preparing')
		}
		// Nothing unpaid took a unit.
		const unpaid = new Set(rows.filter((r) => r.paidAt === null).map((r) => r.id))
		expect(assignments.filter((a) => unpaid.has(a.orderId))).toEqual([])
	}

	it('leaves every paid order served or queued and no code delivered twice, and PayPro retries serve the rest', { timeout: 300_000 }, async () => {
		const { db } = database
		const product = await createProduct(
			db,
			owner,
			createProductInput.parse({
				name: 'Steam Wallet (from stock)',
				platform: 'pc',
				kind: 'gift_card',
				description: 'Delivered by email.',
				variants: [{ label: '$5 USD', value: 5, price: 1600 }],
			}),
		)
		const variantId = product.variants[0]!.id
		const codes = Array.from({ length: UNITS }, (_, i) => ({ code: `CRSH-${String(i + 1).padStart(4, '0')}-Q9` }))
		expect(await importStock(db, owner, product.id, { variantId, kind: 'code', units: codes })).toMatchObject({ added: UNITS })

		const paypro = payproClientFor(fake)
		const placed = []
		for (let i = 0; i < ORDERS; i++) {
			const order = await placeOrder(db, checkoutBody([{ id: product.id, quantity: 1, variantId }]))
			await startPayproPayment(db, paypro, order)
			fake.pay(order.orderNumber)
			placed.push(order)
		}
		const ids = placed.map((o) => o.id)

		// The burst: all 60 callbacks at once; PayPro is slow to confirm 40 of them, and the process is
		// killed once the other 20 orders are paid, with the 40 still being handled.
		fake.fail('ggos', { kind: 'delay', ms: 5_000 }, ORDERS - ORDERS / 3)
		const first = shops[0]!
		const burst = Promise.all(placed.map((o) => sendCallback(first, o.orderNumber)))
		await expect.poll(async () => (await state(db, ids)).paid.length, { timeout: 60_000, interval: 20 }).toBeGreaterThanOrEqual(ORDERS / 3)
		await first.crash()
		const answers = await burst
		const afterCrash = await state(db, ids)
		// The crash cut the burst short: some callbacks got no answer and their orders are still unpaid.
		expect(answers.filter((a) => a === 'lost').length).toBeGreaterThan(0)
		expect(afterCrash.paid.length).toBeLessThan(ORDERS)
		expectConsistent(afterCrash)

		// Restart; PayPro sends again what was not acknowledged (here: every callback, replays included).
		const second = await spawnShop(settings())
		shops.push(second)
		expectConsistent(await state(db, ids))
		const retried = await Promise.all(placed.map((o) => sendCallback(second, o.orderNumber)))
		expect(retried.every((a) => a === '00')).toBe(true)

		const end = await state(db, ids)
		expectConsistent(end)
		expect(end.paid).toHaveLength(ORDERS)
		expect(end.assignments).toHaveLength(UNITS)
		expect(end.paid.filter((o) => o.undeliveredUnits === 1)).toHaveLength(ORDERS - UNITS)
		// Each buyer reads the code that was assigned to them, and every code reached exactly one buyer.
		const units = new Map((await db.select().from(stockUnits)).map((u) => [u.id, u]))
		const delivered = end.rows.filter((r) => r.deliveryStatus === 'completed').map((r) => decryptDelivery(r.deliveryContent) ?? '')
		expect(delivered).toHaveLength(UNITS)
		for (const { code } of codes) expect(delivered.filter((text) => text.includes(code))).toHaveLength(1)
		expect(units.size).toBe(UNITS)
	})
})
