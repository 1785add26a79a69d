// The order's named facts (app/domain/orders/order-facts.ts, ADR-023): for every payment state ×
// delivery state × test payment × payment method, each fact's predicate and its SQL twin pick the same
// orders, and the figures built on them agree: the report's order count, the customers' paid orders,
// the leaderboard's orders and the console's "paid, not delivered" count. The state matrix is written
// by the shop's own commands where they reach a state, and by name (stateNoCommandReaches) where none
// does: this is a test of the facts themselves, over states no flow reaches (a test payment partly
// refunded, a held payment delivered). Then the same figures with a refund to store credit, spent again.
import { sql, type SQL } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../app/db/client.server'
import { orders } from '../../app/db/schema'
import { DELIVERY_STATES, PAYMENT_STATES } from '../../app/db/order-states'
import { listCustomers, readCustomer } from '../../app/domain/customers/customers.server'
import { checkoutRequest } from '../../app/domain/orders/checkout-input'
import { createOrder } from '../../app/domain/orders/create-order.server'
import { pakistanDate } from '../../app/utils/pakistan-time'
import { topBuyers } from '../../app/domain/leaderboard/top-buyers.server'
import { consoleToDo } from '../../app/domain/orders/console-to-do.server'
import * as facts from '../../app/domain/orders/order-facts'
import { listOrders } from '../../app/domain/orders/list-orders.server'
import { OWES_DELIVERY } from '../../app/domain/orders/order-list-query'
import { salesReport } from '../../app/domain/reports/sales-report.server'
import { readReportRange } from '../../app/domain/reports/report-range'
import { createDmOrder } from '../../app/domain/orders/create-dm-order.server'
import { dmOrderRequest } from '../../app/domain/orders/dm-order-input'
import type { Order } from '../../app/domain/orders/order'
import type { DeliveryState, PaymentState } from '../../app/domain/orders/order-state'
import { AppError } from '../../app/utils/app-error'
import { backdateOrders, cancelUnpaid, expireOrder, failOrder, moveDelivery, payAfterCancel, payByProvider, payByTransfer, refundMoney, sendReceipt, stateNoCommandReaches } from '../setup/orders'
import { checkoutBody, giftCard10, orderRow, placeOrder } from '../setup/payments'
import { databaseKinds, resetData, testDatabase, useTestDatabase } from '../setup/test-db'

type Row = typeof orders.$inferSelect

/** Every fact with its twin: the predicate over a row, the SQL over `orders` (no alias) and over `o`. */
const FACTS: [string, (o: Row) => boolean, (alias?: string) => SQL][] = [
	['isPaid', facts.isPaid, facts.isPaidSql],
	['countsAsSale', facts.countsAsSale, facts.countsAsSaleSql],
	['heldAfterCancel', facts.heldAfterCancel, facts.heldAfterCancelSql],
	['owesDelivery', facts.owesDelivery, facts.owesDeliverySql],
	['subscriptionsRun', facts.subscriptionsRun, facts.subscriptionsRunSql],
	['holdsCouponUse', facts.holdsCouponUse, facts.holdsCouponUseSql],
	['closedUnpaid', facts.closedUnpaid, facts.closedUnpaidSql],
	['paymentFailed', facts.paymentFailed, facts.paymentFailedSql],
	['awaitingPayment', facts.awaitingPayment, facts.awaitingPaymentSql],
	['awaiting online', (o) => facts.awaitingKind(o) === 'online', facts.awaitingOnlinePaymentSql],
	['awaiting transfer', (o) => facts.awaitingKind(o) === 'transfer' || facts.awaitingKind(o) === 'transferReview', facts.awaitingTransferSql],
]

const METHODS = ['paypro', 'manual', 'dm'] as const
const PAID_AT = new Date(Date.UTC(2026, 10, 10, 7))
const SOLD = new Set<PaymentState>(['paid', 'partly_refunded', 'refunded'])

/** The matrix's buyer places a $10 gift card at checkout (online or by transfer), or staff take it in a chat. */
async function placeMatrixOrder(db: Db, method: (typeof METHODS)[number]): Promise<Order> {
	const placed =
		method === 'dm'
			? await createDmOrder(db, { apiKeyId: null, label: 'api key: test' }, dmOrderRequest.parse({ customer: { name: 'Matrix Buyer', email: 'matrix@example.pk', phone: null }, items: [{ id: 14 }], totalAmount: 3200 }))
			: await placeOrder(db, checkoutBody([giftCard10], { customerEmail: 'matrix@example.pk', customerName: 'Matrix Buyer', paymentMethod: method }))
	return (await orderRow(db, placed.orderNumber))!
}

/**
 * Moves the order to the state through the shop's commands, where they reach it: a receipt, a
 * failure, an expiry, a cancel, money after a cancel, a payment (a test payment on PayPro's
 * simulator), staff's delivery steps, a refund. False: no command makes that state (a command's
 * refusal says so too).
 */
async function reachState(db: Db, order: Order, { paymentStatus, deliveryStatus, testPayment }: { paymentStatus: PaymentState; deliveryStatus: DeliveryState; testPayment: boolean }): Promise<boolean> {
	if ((testPayment || deliveryStatus !== 'pending') && !SOLD.has(paymentStatus)) return false
	if (paymentStatus === 'awaiting_confirmation') {
		if (order.paymentMethod === 'dm') return false
		await sendReceipt(db, order)
	}
	if (paymentStatus === 'failed') await failOrder(db, order)
	if (paymentStatus === 'expired') await expireOrder(db, order)
	if (paymentStatus === 'cancelled') await cancelUnpaid(db, order)
	if (paymentStatus === 'paid_after_cancel') await payAfterCancel(db, order)
	if (SOLD.has(paymentStatus)) await payByProvider(db, order, { testPayment })
	if (deliveryStatus !== 'pending') await moveDelivery(db, order, deliveryStatus)
	if (paymentStatus === 'partly_refunded') await refundMoney(db, order, 100)
	if (paymentStatus === 'refunded') await refundMoney(db, order, order.totalAmount)
	const now = (await orderRow(db, order.orderNumber))!
	return now.paymentStatus === paymentStatus && now.deliveryStatus === deliveryStatus && now.testPayment === testPayment
}

describe.each(databaseKinds)('the order facts on %s', (kind) => {
	let db: Db
	let rows: Row[]

	// One matrix for every test of the block (they only read it), emptied after them.
	afterAll(async () => resetData(await testDatabase(kind)))
	beforeAll(async () => {
		const database = await testDatabase(kind)
		await resetData(database)
		db = database.db
		// One order per state, placed through checkout (or staff's DM form) and moved there by the shop's
		// commands; a state no command reaches is set by name (stateNoCommandReaches). Every order carries a
		// paid_at in the report's month: the facts, not the timestamp, decide what counts.
		let n = 0
		const byName: { paymentStatus: PaymentState; deliveryStatus: DeliveryState; testPayment: boolean }[] = []
		for (const paymentStatus of PAYMENT_STATES)
			for (const deliveryStatus of DELIVERY_STATES)
				for (const testPayment of [false, true]) {
					n++
					const placed = await placeMatrixOrder(db, METHODS[n % METHODS.length]!)
					const reached = await reachState(db, placed, { paymentStatus, deliveryStatus, testPayment }).catch((error: unknown) => {
						if (error instanceof AppError) return false
						throw error
					})
					if (!reached) {
						byName.push({ paymentStatus, deliveryStatus, testPayment })
						const refundedAmount = paymentStatus === 'refunded' ? placed.totalAmount : paymentStatus === 'partly_refunded' ? 100 : 0
						await stateNoCommandReaches(db, placed.orderNumber, { paymentStatus, deliveryStatus, testPayment, refundedAmount })
					}
					await backdateOrders(db, placed.orderNumber, { paidAt: PAID_AT, createdAt: PAID_AT })
				}
		// The commands reach every sale at every delivery step, and every other order before its delivery starts.
		expect(byName.filter((o) => !o.testPayment && (SOLD.has(o.paymentStatus) || o.deliveryStatus === 'pending'))).toEqual([])
		rows = await db.select().from(orders)
		expect(rows).toHaveLength(PAYMENT_STATES.length * DELIVERY_STATES.length * 2)
	})

	const ids = (list: { id: number | string }[]) => list.map((r) => Number(r.id)).sort((a, b) => a - b)

	it.each(FACTS)('%s: the predicate and its SQL twin pick the same orders, with and without an alias', async (_name, predicate, twin) => {
		const expected = ids(rows.filter(predicate))
		expect(ids(await db.select({ id: orders.id }).from(orders).where(twin()))).toEqual(expected)
		const aliased = await db.execute<{ id: number }>(sql`select o.id from orders o where ${twin('o')}`)
		expect(ids(aliased.rows)).toEqual(expected)
	})

	it('a sale is paid, partly refunded or refunded, never a test payment, never money held after a cancel', () => {
		const sales = rows.filter(facts.countsAsSale)
		expect(new Set(sales.map((r) => r.paymentStatus))).toEqual(new Set(['paid', 'partly_refunded', 'refunded']))
		expect(sales.every((r) => !r.testPayment)).toBe(true)
		expect(sales).toHaveLength(3 * DELIVERY_STATES.length)
	})

	it('the report, the customers, the leaderboard and the console count the same orders as the facts', async () => {
		const sales = rows.filter(facts.countsAsSale)
		const owed = rows.filter(facts.owesDelivery)
		// A partly refunded order still owes delivery: the to-do counts it (and its link lists the same orders).
		expect(owed.some((r) => r.paymentStatus === 'partly_refunded')).toBe(true)

		const range = readReportRange({ from: '2026-11-01', to: '2026-11-30' })
		if (!range.ok) throw new Error(range.message)
		const report = await salesReport(db, { label: 'test' }, range.range)
		expect(report.totals.orders).toBe(sales.length)
		expect(report.totals.revenue).toBe(sales.reduce((s, r) => s + r.totalAmount, 0))
		expect(report.funnel).toMatchObject({ placed: rows.filter((r) => !r.testPayment).length, paid: sales.length })

		const customers = await listCustomers(db, { q: '', sort: 'spend', page: 1 })
		expect(customers.customers).toHaveLength(1)
		expect(customers.customers[0]).toMatchObject({ orders: rows.length, paidOrders: sales.length, totalSpent: sales.reduce((s, r) => s + r.totalAmount - r.refundedAmount, 0) })

		const [top] = await topBuyers(db)
		expect(top).toMatchObject({ orders_count: sales.length, total_spent: customers.customers[0]!.totalSpent })

		const toDo = await consoleToDo(db)
		expect(toDo.paidToDeliver).toBe(owed.length)
		expect(toDo.paidAfterCancel).toBe(rows.filter(facts.heldAfterCancel).length)
		const listed = await listOrders(db, { q: '', status: '', fulfillment: OWES_DELIVERY, before: null, after: null })
		expect(listed.orders.map((o) => o.orderNumber).sort()).toEqual(owed.map((r) => r.orderNumber).sort())
	})
})

describe.each(databaseKinds)('figures with a refund to store credit on %s', (kind) => {
	const test = useTestDatabase(kind)

	it('the customer’s Spent and Refunds, the report’s net and refunds, its top customers and the leaderboard agree when a refund went to store credit and was spent again', async () => {
		const { db } = test
		const email = 'credit.buyer@example.pk'
		const buyer = { customerEmail: email, customerName: 'Credit Buyer', paymentMethod: 'manual' }
		// Rs. 3,200 paid by transfer; Rs. 1,200 given back as store credit, Rs. 500 by bank.
		const paid = await payByTransfer(db, await placeOrder(db, checkoutBody([giftCard10], buyer)))
		await refundMoney(db, paid, 1200, { method: 'credit' })
		await refundMoney(db, paid, 500)
		// The credit spent on the next order (the buyer signed in): that order counts at its whole total, once.
		const input = checkoutRequest.parse(checkoutBody([giftCard10], { ...buyer, useCredit: true }))
		const { order: second } = await createOrder(db, { ...input, checkoutKey: input.checkoutKey!, creditEmail: email })
		expect(second.creditUsed).toBe(1200)
		await payByTransfer(db, second)

		const today = pakistanDate(new Date())
		const range = readReportRange({ from: today, to: today })
		if (!range.ok) throw new Error(range.message)
		const report = await salesReport(db, { label: 'test' }, range.range)
		expect(report.totals).toMatchObject({ orders: 2, revenue: 6400, refunds: 1700, net: 4700, creditIssued: 1200, creditSpent: 1200 })
		expect(report.topCustomers.find((c) => c.email === email)).toEqual({ email, orders: 2, revenue: 6400, refunds: 1700 })

		const { customers } = await listCustomers(db, { q: email, sort: 'spend', page: 1 })
		expect(customers).toHaveLength(1)
		expect(customers[0]).toMatchObject({ paidOrders: 2, totalSpent: report.totals.net, refunds: report.totals.refunds })
		expect((await readCustomer(db, customers[0]!.id)).customer).toMatchObject({ totalSpent: report.totals.net, refunds: report.totals.refunds })
		const [top] = await topBuyers(db)
		expect(top).toMatchObject({ orders_count: 2, total_spent: report.totals.net })
	})
})
