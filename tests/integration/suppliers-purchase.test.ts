// Selling what the shop does not hold (ADR-053): an option served from its stock first, then bought
// from its suppliers, in order, at the moment of payment, exactly once per unit; a supplier that does
// not answer, answers 5xx, sends fewer keys than asked or asks more than the margin allows ends in
// the right state (asked again later, the next supplier, staff with a sentence). The suppliers are
// local servers of Kinguin's protocol (tests/fakes/kinguin-server.ts).
import { and, eq, inArray, isNotNull, isNull } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Db } from '../../app/db/client.server'
import { orders, stockAssignments, stockUnits, supplierPurchases } from '../../app/db/schema'
import { jobHandlers } from '../../app/domain/jobs/handlers.server'
import { buyFromSuppliers, KEYS_WAIT_MINUTES } from '../../app/domain/suppliers/buy-from-suppliers.server'
import { forgetSupplierAvailability } from '../../app/domain/suppliers/supplier-availability.server'
import { supplierClient } from '../../app/domain/suppliers/supplier-registry.server'
import { inEnglish } from '../../app/i18n/english'
import type { MessageKey } from '../../app/i18n/catalogue'
import { logProvider } from '../../app/integrations/email/log.server'
import type { PayProClient } from '../../app/integrations/paypro/client.server'
import { moveClockForTests } from '../../app/utils/clock'
import { logger } from '../../app/utils/logger.server'
import { startFakeKinguin, type FakeKinguin } from '../fakes/kinguin-server'
import { payByProvider } from '../setup/orders'
import { checkoutBody, makeJobsDue, orderRow, placeOrder, runAllJobs } from '../setup/payments'
import { PSN10, suppliedOption } from '../setup/suppliers'
import { databaseKinds, useTestDatabase } from '../setup/test-db'

describe.each(databaseKinds)('buying from suppliers at payment on %s', (kind) => {
	const database = useTestDatabase(kind)
	let first: FakeKinguin
	let second: FakeKinguin
	beforeAll(async () => {
		;[first, second] = await Promise.all([startFakeKinguin({ products: [PSN10] }), startFakeKinguin({ products: [PSN10] })])
	})
	afterAll(async () => {
		await Promise.all([first?.close(), second?.close()])
	})
	beforeEach(() => {
		first.reset()
		second.reset()
		forgetSupplierAvailability()
	})

	const handlers = (db: Db) => jobHandlers(db, { email: () => logProvider(logger), paypro: () => ({}) as PayProClient, reconcileAfterMinutes: 3, expiryHours: 72 })
	const purchasesOf = (db: Db, orderId: number) => db.select().from(supplierPurchases).where(eq(supplierPurchases.orderId, orderId))
	const activeUnits = (db: Db, orderIds: number[]) =>
		db
			.select({ orderId: stockAssignments.orderId, unitId: stockAssignments.unitId, bought: stockUnits.supplierPurchaseId })
			.from(stockAssignments)
			.innerJoin(stockUnits, eq(stockUnits.id, stockAssignments.unitId))
			.where(and(inArray(stockAssignments.orderId, orderIds), isNull(stockAssignments.replacedAt)))
	const sentence = (row: { reason: string | null; reasonParams: Record<string, string | number> | null }) => inEnglish({ key: row.reason as MessageKey, params: row.reasonParams ?? {} })
	const paidOrder = async (db: Db, productId: number, variantId: number, quantity = 1) => payByProvider(db, await placeOrder(db, checkoutBody([{ id: productId, variantId, quantity }])))

	it('serves 100 orders paid at once from 10 units in stock and 90 bought, none bought twice, each delivered once', { timeout: 120_000 }, async () => {
		const { db } = database
		const { productId, variantId } = await suppliedOption(db, [first], { stock: 10 })
		const placed = []
		for (let n = 0; n < 100; n++) placed.push(await placeOrder(db, checkoutBody([{ id: productId, variantId, quantity: 1 }])))
		await Promise.all(placed.map((order) => payByProvider(db, order)))
		// The payments queued the purchases; the job worker runs them.
		for (let turn = 0; turn < 5; turn++) {
			await runAllJobs(db, handlers(db))
			await makeJobsDue(db)
		}

		const ids = placed.map((o) => o.id)
		const units = await activeUnits(db, ids)
		expect(units).toHaveLength(100)
		expect(new Set(units.map((u) => u.orderId)).size).toBe(100)
		expect(new Set(units.map((u) => u.unitId)).size).toBe(100)
		expect(units.filter((u) => u.bought == null)).toHaveLength(10)
		expect(units.filter((u) => u.bought != null)).toHaveLength(90)
		// The wholesaler took 90 orders, one per idempotency key, and every key it sent was delivered.
		const perKey = first.purchasesPerKey()
		expect(perKey.size).toBe(90)
		expect([...perKey.values()].every((n) => n === 1)).toBe(true)
		expect(first.allKeys()).toHaveLength(90)
		const rows = await db.select().from(orders).where(inArray(orders.id, ids))
		expect(rows.every((o) => o.deliveryStatus === 'completed' && o.undeliveredUnits === 0)).toBe(true)
		const purchases = await db.select().from(supplierPurchases).where(inArray(supplierPurchases.orderId, ids))
		expect(purchases.map((p) => p.status)).toEqual(Array(90).fill('delivered'))
		// A bought code is the shop's cost at the supplier's price in rupees (€ 9.50 at Rs. 280), and no code waits in stock for anyone.
		expect(await db.select().from(stockUnits).where(and(isNotNull(stockUnits.forOrderId), eq(stockUnits.status, 'available')))).toEqual([])
		expect((await db.select().from(stockUnits).where(isNotNull(stockUnits.supplierPurchaseId))).every((u) => u.costRupees === 2660 && u.costUsdCents == null && u.status === 'used')).toBe(true)
	})

	it('asks a supplier that did not answer again, and finds the order it took whose answer was lost instead of buying twice', async () => {
		const { db } = database
		const { productId, variantId } = await suppliedOption(db, [first])
		const quick = { clientFor: (row: Parameters<typeof supplierClient>[0]) => supplierClient(row, { timeoutMs: 300 }) }

		const silent = await paidOrder(db, productId, variantId)
		first.fail('buy', { kind: 'timeout' })
		expect(await buyFromSuppliers(db, silent.id, quick)).toEqual({ retryLater: true, delivered: 0 })
		expect(await purchasesOf(db, silent.id)).toMatchObject([{ status: 'pending', attempts: 1 }])
		expect(await buyFromSuppliers(db, silent.id)).toEqual({ retryLater: false, delivered: 1 })

		const lost = await paidOrder(db, productId, variantId)
		first.fail('buy', { kind: 'drop-answer' })
		expect(await buyFromSuppliers(db, lost.id)).toMatchObject({ retryLater: true })
		expect(await buyFromSuppliers(db, lost.id)).toEqual({ retryLater: false, delivered: 1 })

		expect([...first.purchasesPerKey().values()]).toEqual([1, 1])
		expect(first.calls.find).toBeGreaterThanOrEqual(2)
		for (const order of [silent, lost]) expect((await orderRow(db, order.orderNumber))!.deliveryStatus).toBe('completed')
	})

	it('moves to the next supplier when the first keeps answering 5xx, and buys once there', async () => {
		const { db } = database
		const { productId, variantId, suppliers } = await suppliedOption(db, [first, second])
		const order = await paidOrder(db, productId, variantId)
		first.fail('buy', { kind: 'status', status: 503 }, 100)
		let run = await buyFromSuppliers(db, order.id)
		for (let n = 0; n < 5 && run.retryLater; n++) run = await buyFromSuppliers(db, order.id)
		expect(run).toEqual({ retryLater: false, delivered: 1 })
		const rows = await purchasesOf(db, order.id)
		expect(rows.map((r) => [r.supplierId, r.status])).toEqual([
			[suppliers[0]!.id, 'failed'],
			[suppliers[1]!.id, 'delivered'],
		])
		expect(sentence(rows[0]!)).toBe('Wholesaler 1 did not answer after 4 tries: retry once it answers again.')
		expect(first.orders.size).toBe(0)
		expect([...second.purchasesPerKey().values()]).toEqual([1])
	})

	it('delivers the keys that came, and hands the rest to staff once the supplier has had its time', async () => {
		const { db } = database
		const { productId, variantId } = await suppliedOption(db, [first])
		first.knobs.shortKeys = 1
		const order = await paidOrder(db, productId, variantId, 3)
		expect(await buyFromSuppliers(db, order.id)).toEqual({ retryLater: true, delivered: 2 })
		expect((await orderRow(db, order.orderNumber))!.undeliveredUnits).toBe(1)
		expect(await buyFromSuppliers(db, order.id)).toEqual({ retryLater: true, delivered: 0 })
		moveClockForTests(KEYS_WAIT_MINUTES * 60_000)
		expect(await buyFromSuppliers(db, order.id)).toEqual({ retryLater: false, delivered: 0 })
		const [row] = await purchasesOf(db, order.id)
		expect(row).toMatchObject({ status: 'waiting', keysReceived: 2, quantity: 3 })
		expect(sentence(row!)).toBe('Wholesaler 1 delivered 2 of 3 codes within 15 minutes; the rest are owed by hand or after a retry.')
		// The order waits in the staff queue for the last unit; the supplier was asked once.
		expect((await orderRow(db, order.orderNumber))!).toMatchObject({ undeliveredUnits: 1, deliveryStatus: 'preparing' })
		expect([...first.purchasesPerKey().values()]).toEqual([1])
	})

	it('buys nothing when the supplier asks more than the minimum margin allows, and tells staff why', async () => {
		const { db } = database
		const { productId, variantId } = await suppliedOption(db, [first])
		first.setPrice(PSN10.productId, 1080)
		const order = await paidOrder(db, productId, variantId)
		expect(await buyFromSuppliers(db, order.id)).toEqual({ retryLater: false, delivered: 0 })
		const [row] = await purchasesOf(db, order.id)
		expect(row).toMatchObject({ status: 'waiting', maxUnitPriceCents: 1000 })
		expect(sentence(row!)).toBe('Wholesaler 1 asks more than € 10.00 a unit for psn-10-usd, the most that leaves this option’s minimum margin of 10%.')
		expect(first.orders.size).toBe(0)
		expect((await orderRow(db, order.orderNumber))!.undeliveredUnits).toBe(1)
	})

	it('sells an option out of stock while a supplier has it, and refuses it once the supplier no longer does', async () => {
		const { db } = database
		const { productId, variantId } = await suppliedOption(db, [first])
		await expect(placeOrder(db, checkoutBody([{ id: productId, variantId, quantity: 1 }]))).resolves.toMatchObject({ paymentStatus: 'awaiting_payment' })
		first.remove(PSN10.productId)
		forgetSupplierAvailability()
		await expect(placeOrder(db, checkoutBody([{ id: productId, variantId, quantity: 1 }]))).rejects.toThrow(/out of stock/i)
	})
})
