// Store credit (ADR-051), on PGlite and PostgreSQL: staff refund to store credit (instant, on the buyer's
// ledger, the buyer told); the buyer spends it at checkout, all of the total (paid at once) or part (the
// rest paid online, PayPro asked for the rest only); an order that ends unpaid gives its credit back,
// once; money refunded by bank on a credit order is at most what was paid in money; the balance never
// goes below zero under 50 concurrent checkouts; a buyer returns a code they never opened, within the
// product's window, for credit of what it was sold for, the code back in stock; an opened code, or one
// past the window, stays; concurrent returns of one code credit it once.
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { Db } from '../../app/db/client.server'
import { creditAccounts, creditEntries, emailOutbox, orderLines, refunds, stockAssignments, stockUnits } from '../../app/db/schema'
import { updateProduct } from '../../app/domain/catalogue/manage-products.server'
import { creditBalance, readCredit } from '../../app/domain/credit/credit.server'
import { returnableUnits, returnUnit } from '../../app/domain/credit/return-unit.server'
import { openEmail } from '../../app/domain/email/sealed-email.server'
import { checkoutRequest } from '../../app/domain/orders/checkout-input'
import { createOrder } from '../../app/domain/orders/create-order.server'
import { startPayproPayment } from '../../app/domain/payments/start-paypro-payment.server'
import { confirmPayproPayment } from '../../app/domain/payments/confirm-paypro-payment.server'
import { refundInput } from '../../app/domain/refunds/refund-input'
import { refundOrder } from '../../app/domain/refunds/refund-order.server'
import { importStock } from '../../app/domain/stock/manage-stock.server'
import { moveClockForTests, resetClockForTests } from '../../app/utils/clock'
import { codes, giftCardWithTwoOptions } from '../setup/catalogue'
import { useFakePayPro } from '../setup/fake-paypro'
import { cancelUnpaid, expireOrder, owner, payByTransfer, revealAllAsBuyer } from '../setup/orders'
import { checkoutBody, giftCard10, newCheckoutKey, orderRow, placeOrder } from '../setup/payments'
import { databaseKinds, useTestDatabase } from '../setup/test-db'
import { readReportRange } from '../../app/domain/reports/report-range'
import { salesReport } from '../../app/domain/reports/sales-report.server'
import { pakistanDate } from '../../app/utils/pakistan-time'
import { refusedWith } from '../setup/coupons'

const ALI = 'ali@example.pk'

/** A checkout as /api/checkout places it, by the buyer signed in as `signedIn` (their session's email) asking to use their credit. */
async function checkoutWithCredit(db: Db, signedIn: string | null, lines: unknown[] = [giftCard10], extra: Record<string, unknown> = {}) {
	const input = checkoutRequest.parse(checkoutBody(lines, { useCredit: true, ...extra }))
	const { order } = await createOrder(db, { ...input, checkoutKey: input.checkoutKey ?? newCheckoutKey(), creditEmail: input.useCredit ? signedIn : null })
	return order
}

/** Rs. `amount` of store credit for Ali: a paid order (Rs. 3,200) refunded by that much to credit. */
async function creditFor(db: Db, amount: number) {
	const paid = await payByTransfer(db, await placeOrder(db, checkoutBody([giftCard10], { paymentMethod: 'manual' })))
	await refundOrder(db, owner, paid.orderNumber, refundInput.parse({ amount, method: 'credit', reason: 'Out of stock at the supplier' }))
	return paid
}

const refusal = refusedWith

describe.each(databaseKinds)('store credit on %s', (kind) => {
	const database = useTestDatabase(kind)
	const { fake, paypro } = useFakePayPro()

	it('a refund to store credit is on the buyer’s ledger at once, and the refund email says it went to store credit', async () => {
		const { db } = database
		const paid = await creditFor(db, 3200)
		expect(await orderRow(db, paid.orderNumber)).toMatchObject({ paymentStatus: 'refunded', refundedAmount: 3200 })
		const credit = await readCredit(db, 'Ali@Example.pk ')
		expect(credit.balance).toBe(3200)
		expect(credit.entries).toEqual([expect.objectContaining({ kind: 'refund', amount: 3200, balanceAfter: 3200, orderNumber: paid.orderNumber, by: owner.label, reason: 'Out of stock at the supplier' })])
		const [refund] = await db.select().from(refunds)
		expect(refund).toMatchObject({ method: 'credit', amount: 3200 })
		const mails = (await db.select().from(emailOutbox).where(eq(emailOutbox.orderNumber, paid.orderNumber))).map(openEmail)
		const refundMail = mails.find((m) => m.subject.includes('refunded'))!
		expect(refundMail.text).toContain('Your store credit')
		expect(refundMail.text).toContain('The amount is in your store credit at once')
	})

	it('credit covering the whole total settles the order as paid at once, with no payment page; the ledger shows the spend', async () => {
		const { db } = database
		await creditFor(db, 3200)
		const order = await checkoutWithCredit(db, ALI)
		expect(order).toMatchObject({ paymentStatus: 'paid', creditUsed: 3200, totalAmount: 3200, paymentUrl: null, payproClaimedAt: null })
		expect(await creditBalance(db, ALI)).toBe(0)
		expect((await readCredit(db, ALI)).entries[0]).toMatchObject({ kind: 'spent', amount: -3200, balanceAfter: 0, orderNumber: order.orderNumber, by: 'buyer' })
	})

	it('credit covering part of the total: PayPro is asked for the rest only, and its payment of the rest pays the order', async () => {
		const { db } = database
		await creditFor(db, 1000)
		const order = await checkoutWithCredit(db, ALI)
		expect(order).toMatchObject({ paymentStatus: 'awaiting_payment', creditUsed: 1000, totalAmount: 3200 })
		await startPayproPayment(db, paypro, order)
		expect(fake.order(order.orderNumber)?.amount).toBe(2200)
		fake.pay(order.orderNumber)
		await confirmPayproPayment(db, paypro, order.orderNumber, { testPayments: false })
		expect(await orderRow(db, order.orderNumber)).toMatchObject({ paymentStatus: 'paid', creditUsed: 1000 })
		expect(await creditBalance(db, ALI)).toBe(0)
	})

	it('a buyer not signed in as the order’s email spends none of its credit, whatever they type', async () => {
		const { db } = database
		await creditFor(db, 3200)
		const stranger = await checkoutWithCredit(db, null)
		expect(stranger).toMatchObject({ creditUsed: 0, paymentStatus: 'awaiting_payment' })
		// Signed in as someone else, typing Ali's address.
		const other = await checkoutWithCredit(db, 'bilal@example.pk')
		expect(other).toMatchObject({ creditUsed: 0 })
		expect(await creditBalance(db, ALI)).toBe(3200)
	})

	it('an order that spent credit and expires, or is cancelled, unpaid gives the credit back once', async () => {
		const { db } = database
		await creditFor(db, 1500)
		const expiring = await checkoutWithCredit(db, ALI)
		expect(await creditBalance(db, ALI)).toBe(0)
		await expireOrder(db, expiring)
		expect(await creditBalance(db, ALI)).toBe(1500)
		// Cancelled after it expired: nothing more comes back.
		await cancelUnpaid(db, expiring)
		expect(await creditBalance(db, ALI)).toBe(1500)
		const cancelled = await checkoutWithCredit(db, ALI, [giftCard10], { paymentMethod: 'manual' })
		expect(cancelled.creditUsed).toBe(1500)
		await cancelUnpaid(db, cancelled)
		const { balance, entries } = await readCredit(db, ALI)
		expect(balance).toBe(1500)
		expect(entries.map((e) => [e.kind, e.amount])).toEqual([
			['spend_reversed', 1500],
			['spent', -1500],
			['spend_reversed', 1500],
			['spent', -1500],
			['refund', 1500],
		])
	})

	it('a refund of an order paid partly with credit gives back by bank at most what was paid in money; the rest goes to credit', async () => {
		const { db } = database
		await creditFor(db, 1000)
		const order = await payByTransfer(db, await checkoutWithCredit(db, ALI, [giftCard10], { paymentMethod: 'manual' }))
		expect(order).toMatchObject({ paymentStatus: 'paid', creditUsed: 1000 })
		const tooMuch = await refusal(refundOrder(db, owner, order.orderNumber, refundInput.parse({ amount: 3200, method: 'bank', reason: 'Buyer asked' })))
		expect(tooMuch.message).toMatch(/Only Rs\. 2,200 .* store credit/)
		await refundOrder(db, owner, order.orderNumber, refundInput.parse({ amount: 2200, method: 'bank', reason: 'Buyer asked' }))
		await refundOrder(db, owner, order.orderNumber, refundInput.parse({ amount: 1000, method: 'credit', reason: 'Buyer asked' }))
		expect(await orderRow(db, order.orderNumber)).toMatchObject({ paymentStatus: 'refunded', refundedAmount: 3200 })
		expect(await creditBalance(db, ALI)).toBe(1000)
	})

	it('50 concurrent checkouts spending one balance of Rs. 10,000 spend exactly it, never below zero', { timeout: 120_000 }, async () => {
		const { db } = database
		await creditFor(db, 3200)
		for (let i = 0; i < 2; i++) await creditFor(db, 3200)
		await creditFor(db, 400)
		expect(await creditBalance(db, ALI)).toBe(10_000)
		const placed = await Promise.all(Array.from({ length: 50 }, () => checkoutWithCredit(db, ALI)))
		const spent = placed.reduce((sum, o) => sum + o.creditUsed, 0)
		expect(spent).toBe(10_000)
		expect(placed.filter((o) => o.paymentStatus === 'paid')).toHaveLength(3)
		expect(placed.filter((o) => o.creditUsed === 400)).toHaveLength(1)
		const [account] = await db.select().from(creditAccounts).where(eq(creditAccounts.email, ALI))
		expect(account!.balance).toBe(0)
		const entries = await db.select().from(creditEntries).where(eq(creditEntries.email, ALI))
		expect(entries.reduce((sum, e) => sum + e.amount, 0)).toBe(0)
		expect(entries.every((e) => e.balanceAfter >= 0)).toBe(true)
	})

	it('the sales report counts credit issued and spent; revenue counts an order paid with credit once, at its total, and a refund to credit as a refund', async () => {
		const { db } = database
		await creditFor(db, 3200)
		const partly = await checkoutWithCredit(db, ALI, [giftCard10], { paymentMethod: 'manual' })
		expect(partly.creditUsed).toBe(3200)
		const expiring = await checkoutWithCredit(db, ALI)
		expect(expiring.creditUsed).toBe(0)
		const today = pakistanDate(new Date())
		const range = readReportRange({ from: today, to: today })
		if (!range.ok) throw new Error(range.message)
		const { totals } = await salesReport(db, owner, range.range)
		// Two paid orders of Rs. 3,200 (the first by transfer, the second by credit), one refunded to credit.
		expect(totals).toMatchObject({ orders: 2, revenue: 6400, refunds: 3200, net: 3200, creditIssued: 3200, creditSpent: 3200 })
	})

	describe('returning a code never opened', () => {
		/** A $10 card (Rs. 3,200) taking returns for `days`, two codes in stock, bought (2 units) and delivered from stock. */
		let made = 0
		async function deliveredPair(db: Db, days: number | null) {
			const { productId, ten } = await giftCardWithTwoOptions(db, `PSN Card ${++made}`)
			await updateProduct(db, owner, productId, { returnDays: days })
			await importStock(db, owner, productId, { variantId: ten, kind: 'code', units: codes(`RET${made}`, 2) })
			const order = await payByTransfer(db, await placeOrder(db, checkoutBody([{ id: productId, quantity: 2, variantId: ten }], { paymentMethod: 'manual' })))
			const units = await db.select().from(stockAssignments).where(eq(stockAssignments.orderId, order.id)).orderBy(stockAssignments.id)
			expect(units).toHaveLength(2)
			return { order, units }
		}

		it('within the window: store credit of what the unit sold for, the code back in stock, the order partly refunded', async () => {
			const { db } = database
			const { order, units } = await deliveredPair(db, 7)
			expect((await returnableUnits(db, (await orderRow(db, order.orderNumber))!)).map((u) => u.unitId)).toEqual(units.map((u) => u.id))
			const done = await returnUnit(db, order.orderNumber, units[1]!.id)
			expect(done).toMatchObject({ amount: 3200, method: 'credit', paymentStatus: 'partly_refunded' })
			expect(await creditBalance(db, ALI)).toBe(3200)
			expect((await readCredit(db, ALI)).entries[0]).toMatchObject({ kind: 'returned_unit', amount: 3200, orderNumber: order.orderNumber })
			const [unit] = await db.select().from(stockUnits).where(eq(stockUnits.id, units[1]!.unitId))
			expect(unit).toMatchObject({ status: 'available', slotsUsed: 0 })
			const [line] = await db.select().from(orderLines).where(eq(orderLines.orderId, order.id))
			expect(line!.refundedQuantity).toBe(1)
			// The same unit again: not the order's any more.
			expect((await refusal(returnUnit(db, order.orderNumber, units[1]!.id))).message).toMatch(/no longer on your order/)
		})

		it('after the window, on a product taking no returns, or once opened: refused, nothing credited', async () => {
			const { db } = database
			const { order, units } = await deliveredPair(db, 2)
			moveClockForTests(3 * 86_400_000)
			const late = await refusal(returnUnit(db, order.orderNumber, units[0]!.id))
			expect(late).toMatchObject({ status: 409 })
			expect(await returnableUnits(db, (await orderRow(db, order.orderNumber))!)).toEqual([])
			resetClockForTests()

			const none = await deliveredPair(db, null)
			expect((await refusal(returnUnit(db, none.order.orderNumber, none.units[0]!.id))).message).toBe('This product cannot be returned.')

			const opened = await deliveredPair(db, 30)
			await revealAllAsBuyer(db, opened.order)
			expect((await refusal(returnUnit(db, opened.order.orderNumber, opened.units[0]!.id))).message).toBe('You have opened this code, so it cannot be returned.')
			// Another order's unit is not this order's.
			expect((await refusal(returnUnit(db, opened.order.orderNumber, units[0]!.id))).message).toMatch(/no longer on your order/)
			expect(await creditBalance(db, ALI)).toBe(0)
		})

		it('concurrent returns of the same unit credit it once', async () => {
			const { db } = database
			const { order, units } = await deliveredPair(db, 7)
			const results = await Promise.allSettled(Array.from({ length: 5 }, () => returnUnit(db, order.orderNumber, units[0]!.id)))
			expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
			expect(await creditBalance(db, ALI)).toBe(3200)
			expect(await db.select().from(stockUnits).where(eq(stockUnits.status, 'available'))).toHaveLength(1)
		})
	})
})
