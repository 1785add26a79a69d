// A supplier's prices are in its own currency (ADR-055): Kinguin's protocol prices in euros, so the
// margin guard converts at the owner's euro rate, not the dollar's, and a shop with no euro rate waits
// for staff with a sentence naming the rate to set. A bought code's cost (in rupees at the rate of the
// day) revises its order's cost and profit, which the sales report follows. While the purchase is in
// flight the order is not staff's to deliver; once it waits for them, it is, and they hear once.
import { and, eq, like } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { Db } from '../../app/db/client.server'
import { alertOutbox, orderLines, orders, supplierPurchases } from '../../app/db/schema'
import { updateCostSettings } from '../../app/domain/costs/cost-settings.server'
import { consoleToDo } from '../../app/domain/orders/console-to-do.server'
import { listOrders } from '../../app/domain/orders/list-orders.server'
import { OWES_DELIVERY, parseOrderListQuery } from '../../app/domain/orders/order-list-query'
import { readReportRange } from '../../app/domain/reports/report-range'
import { salesReport } from '../../app/domain/reports/sales-report.server'
import { jobHandlers } from '../../app/domain/jobs/handlers.server'
import { createStaff } from '../../app/domain/staff/manage-staff.server'
import { buyFromSuppliers } from '../../app/domain/suppliers/buy-from-suppliers.server'
import { forgetSupplierAvailability } from '../../app/domain/suppliers/supplier-availability.server'
import { retrySupplierPurchase } from '../../app/domain/suppliers/supplier-purchases.server'
import { inEnglish } from '../../app/i18n/english'
import type { MessageKey } from '../../app/i18n/catalogue'
import { logProvider } from '../../app/integrations/email/log.server'
import type { PayProClient } from '../../app/integrations/paypro/client.server'
import { logger } from '../../app/utils/logger.server'
import { startFakeKinguin, type FakeKinguin } from '../fakes/kinguin-server'
import { owner, payByProvider } from '../setup/orders'
import { checkoutBody, orderRow, placeOrder, runAllJobs } from '../setup/payments'
import { PSN10, suppliedOption } from '../setup/suppliers'
import { databaseKinds, useTestDatabase } from '../setup/test-db'

describe.each(databaseKinds)('a supplier’s currency, and the order’s cost after a purchase, on %s', (kind) => {
	const database = useTestDatabase(kind)
	let fake: FakeKinguin
	beforeAll(async () => {
		fake = await startFakeKinguin({ products: [PSN10] })
	})
	afterAll(() => fake?.close())
	beforeEach(() => {
		fake.reset()
		forgetSupplierAvailability()
	})

	const handlers = (db: Db) => jobHandlers(db, { email: () => logProvider(logger), paypro: () => ({}) as PayProClient, reconcileAfterMinutes: 3, expiryHours: 72 })
	const purchasesOf = (db: Db, orderId: number) => db.select().from(supplierPurchases).where(eq(supplierPurchases.orderId, orderId))
	const sentence = (row: { reason: string | null; reasonParams: Record<string, string | number> | null }) => inEnglish({ key: row.reason as MessageKey, params: row.reasonParams ?? {} })
	const paidOrder = async (db: Db, productId: number, variantId: number) => payByProvider(db, await placeOrder(db, checkoutBody([{ id: productId, variantId, quantity: 1 }])))
	const rates = (db: Db, rupeesPerEuro: number | null) => updateCostSettings(db, owner, { rupeesPerDollar: 280, rupeesPerEuro, payproFeePercent: 2.5 })
	const waitingAlerts = (db: Db, orderNumber: string) => db.select().from(alertOutbox).where(and(eq(alertOutbox.event, 'hand-delivery'), like(alertOutbox.subject, `%${orderNumber}%`)))
	const owedQueue = async (db: Db) => (await listOrders(db, parseOrderListQuery(new URLSearchParams({ fulfillment: OWES_DELIVERY })))).orders.map((o) => o.orderNumber)

	it('refuses a purchase at the euro rate that the dollar rate would have let through, and buys once the price fits', async () => {
		const { db } = database
		const { productId, variantId } = await suppliedOption(db, [fake])
		// Rs. 3,200 less 2.5 % and 10 %: Rs. 2,800, which is € 9.33 at Rs. 300 a euro (US$ 10.00 at Rs. 280 a dollar): € 9.50 is too dear.
		await rates(db, 300)
		const order = await paidOrder(db, productId, variantId)
		expect(await buyFromSuppliers(db, order.id)).toEqual({ retryLater: false, delivered: 0 })
		const [row] = await purchasesOf(db, order.id)
		expect(row).toMatchObject({ status: 'waiting', maxUnitPriceCents: 933 })
		expect(sentence(row!)).toBe('Wholesaler 1 asks more than € 9.33 a unit for psn-10-usd, the most that leaves this option’s minimum margin of 10%.')
		expect(fake.orders.size).toBe(0)

		// The wholesaler lowers its price to € 9.00: the retry buys it, at the euro rate.
		fake.setPrice(PSN10.productId, 900)
		await retrySupplierPurchase(db, owner, row!.id)
		expect(await buyFromSuppliers(db, order.id)).toEqual({ retryLater: false, delivered: 1 })
		expect((await orderRow(db, order.orderNumber))!.deliveryStatus).toBe('completed')
		expect([...fake.purchasesPerKey().values()]).toEqual([1])
	})

	it('waits for staff with the rate to set when the shop has no euro rate, alerts them once, and buys after the rate is set', async () => {
		const { db } = database
		await createStaff(db, { email: 'boss@example.pk', name: 'Boss', role: 'owner', password: 'boss-password-123' })
		const { productId, variantId } = await suppliedOption(db, [fake])
		await rates(db, null)
		const order = await paidOrder(db, productId, variantId)

		// Paid, its purchase queued: nobody's to deliver yet, and the paid event alerts no one to deliver by hand.
		expect((await consoleToDo(db)).paidToDeliver).toBe(0)
		expect(await owedQueue(db)).toEqual([])
		expect(await db.select().from(alertOutbox).where(eq(alertOutbox.event, 'hand-delivery'))).toEqual([])

		// The job the payment queued runs the purchase, which waits: the job is done.
		await runAllJobs(db, handlers(db))
		const [row] = await purchasesOf(db, order.id)
		expect(row).toMatchObject({ status: 'waiting', maxUnitPriceCents: null })
		expect(sentence(row!)).toBe('Wholesaler 1 prices in euros and the shop has no rupee rate for them, so the margin cannot be checked: set “Rupees per euro” under Store details, Costs and fees, then retry.')
		expect(fake.orders.size).toBe(0)

		// Now it is staff's: counted, listed, and one alert names the order, the option and the reason.
		expect((await consoleToDo(db)).paidToDeliver).toBe(1)
		expect(await owedQueue(db)).toEqual([order.orderNumber])
		const [alert, ...more] = await waitingAlerts(db, order.orderNumber)
		expect(more).toEqual([])
		expect(alert!.subject).toBe(`Supplier purchase waits for you: ${order.orderNumber}`)
		expect(alert!.text).toContain('1 code of PSN Card (wholesale) ($10 USD) from Wholesaler 1')
		expect(alert!.text).toContain('set “Rupees per euro” under Store details')

		// A retry without the rate is refused with the same sentence; with it, the code is bought.
		await expect(retrySupplierPurchase(db, owner, row!.id)).rejects.toThrow('set “Rupees per euro”')
		await rates(db, 280)
		await retrySupplierPurchase(db, owner, row!.id)
		expect((await consoleToDo(db)).paidToDeliver).toBe(0)
		expect(await buyFromSuppliers(db, order.id)).toEqual({ retryLater: false, delivered: 1 })
		expect((await orderRow(db, order.orderNumber))!.deliveryStatus).toBe('completed')
		expect(await waitingAlerts(db, order.orderNumber)).toHaveLength(1)
	})

	it('revises the order’s cost and profit to what its bought code cost, at the rate of the day, and the report follows', async () => {
		const { db } = database
		const { productId, variantId } = await suppliedOption(db, [fake])
		await rates(db, 300)
		fake.setPrice(PSN10.productId, 900)
		const order = await paidOrder(db, productId, variantId)
		// At payment the option had no cost of its own: the order's cost is unknown.
		expect(await db.select({ cost: orders.cost, fee: orders.fee, profit: orders.profit }).from(orders).where(eq(orders.id, order.id))).toEqual([{ cost: null, fee: 80, profit: null }])

		expect(await buyFromSuppliers(db, order.id)).toEqual({ retryLater: false, delivered: 1 })
		// € 9.00 at Rs. 300: Rs. 2,700; PayPro's 2.5 % of Rs. 3,200 is Rs. 80; Rs. 420 is left.
		expect(await db.select({ cost: orders.cost, fee: orders.fee, profit: orders.profit }).from(orders).where(eq(orders.id, order.id))).toEqual([{ cost: 2700, fee: 80, profit: 420 }])
		expect(await db.select({ cost: orderLines.cost, unitCost: orderLines.unitCost }).from(orderLines).where(eq(orderLines.orderId, order.id))).toEqual([{ cost: 2700, unitCost: 2700 }])

		// A later rate does not change what was paid.
		await rates(db, 320)
		const range = readReportRange({ range: 'today' })
		if (!range.ok) throw new Error(range.message)
		const report = await salesReport(db, { label: 'test' }, range.range)
		expect(report.totals).toMatchObject({ orders: 1, revenue: 3200, cost: 2780, profit: 420, ordersWithoutCost: 0 })
	})
})
