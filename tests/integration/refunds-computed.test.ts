// A refund is computed from the units staff tick (ADR-039), on PGlite and PostgreSQL: each unit gives
// back what it was sold for after the order's discount, never its undiscounted price; staff may give
// less, never more (400 with a sentence); ticking everything left refunds the order in full; a
// delivered unit ticked by itself is the one taken back; and the sales report's refunds move by
// exactly the money given back.
import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { Db } from '../../app/db/client.server'
import { orderLines, orders, refunds, stockAssignments } from '../../app/db/schema'
import { createProductInput } from '../../app/domain/catalogue/product-input'
import { createProduct } from '../../app/domain/catalogue/manage-products.server'
import { couponInput } from '../../app/domain/coupons/coupon'
import { createCoupon } from '../../app/domain/coupons/coupons.server'
import { confirmTransfer } from '../../app/domain/payments/review-transfer.server'
import { refundInput } from '../../app/domain/refunds/refund-input'
import { refundOrder } from '../../app/domain/refunds/refund-order.server'
import { readReportRange } from '../../app/domain/reports/report-range'
import { salesReport } from '../../app/domain/reports/sales-report.server'
import type { Actor } from '../../app/domain/staff/audit.server'
import { importStock } from '../../app/domain/stock/manage-stock.server'
import { orderStockUnits } from '../../app/domain/stock/order-stock.server'
import { AppError } from '../../app/utils/app-error'
import { pakistanDate } from '../../app/utils/pakistan-time'
import { checkoutBody, orderRow, placeOrder } from '../setup/payments'
import { databaseKinds, useTestDatabase } from '../setup/test-db'

const owner: Actor = { staffId: null, label: 'owner@example.pk' }
const refund = (input: Record<string, unknown>) => refundInput.parse({ method: 'bank', reason: 'Buyer asked', ...input })
const codes = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => ({ code: `${prefix}-${String(i + 1).padStart(4, '0')}-XQ7K` }))

/** Today's refunds in the sales report (Pakistan's day, as the report counts it). */
async function refundsToday(db: Db) {
	const today = pakistanDate(new Date())
	const range = readReportRange({ from: today, to: today })
	if (!range.ok) throw new Error(range.message)
	return (await salesReport(db, range.range)).totals.refunds
}

const refusal = async (promise: Promise<unknown>) => {
	const error = await promise.then(
		() => null,
		(e: unknown) => e,
	)
	expect(error).toBeInstanceOf(AppError)
	return { status: (error as AppError).status, message: (error as AppError).message, fields: (error as AppError).fieldErrors }
}

describe.each(databaseKinds)('refunds computed from the units ticked on %s', (kind) => {
	const database = useTestDatabase(kind)

	/**
	 * 3 × $10 (Rs. 3,200) and 1 × $25 (Rs. 7,800) with a 10% code, paid by a confirmed transfer and
	 * delivered from stock: Rs. 17,400 − Rs. 1,740 = Rs. 15,660; each $10 sold for Rs. 2,880, the $25 for Rs. 7,020.
	 */
	async function discountedOrder(db: Db) {
		const product = await createProduct(
			db,
			owner,
			createProductInput.parse({
				name: 'PSN Card',
				platform: 'playstation',
				kind: 'gift_card',
				description: 'Delivered by email.',
				variants: [
					{ label: '$10 USD', value: 10, price: 3200 },
					{ label: '$25 USD', value: 25, price: 7800 },
				],
			}),
		)
		const [ten, twentyFive] = product.variants.map((v) => v.id)
		await importStock(db, owner, product.id, { variantId: ten!, kind: 'code', units: codes('TEN', 3) })
		await importStock(db, owner, product.id, { variantId: twentyFive!, kind: 'code', units: codes('TWF', 1) })
		await createCoupon(db, owner, couponInput.parse({ code: 'TENOFF', type: 'percent', value: 10 }))
		const placed = await placeOrder(
			db,
			checkoutBody(
				[
					{ id: product.id, quantity: 3, variantId: ten },
					{ id: product.id, quantity: 1, variantId: twentyFive },
				],
				{ couponCode: 'TENOFF', paymentMethod: 'manual' },
			),
		)
		await db.update(orders).set({ paymentStatus: 'awaiting_confirmation', receiptPath: `receipts/${placed.orderNumber}.png`, receiptUploadedAt: new Date() }).where(eq(orders.id, placed.id))
		await confirmTransfer(db, owner, placed.orderNumber, 'Seen on the statement')
		const order = (await orderRow(db, placed.orderNumber))!
		const [tens, twentyFives] = await db.select().from(orderLines).where(eq(orderLines.orderId, order.id)).orderBy(orderLines.position)
		return { order, tens: tens!, twentyFives: twentyFives! }
	}

	it('ticking one unit of a discounted line refunds what it was sold for after the discount, and the report’s refunds move by exactly that', async () => {
		const { db } = database
		const { order, tens, twentyFives } = await discountedOrder(db)
		expect(order).toMatchObject({ totalAmount: 15660, paymentStatus: 'paid', deliveryStatus: 'completed' })
		expect([tens.lineTotal, twentyFives.lineTotal]).toEqual([8640, 7020])
		const before = await refundsToday(db)

		// No amount typed: the server computes it from the unit ticked.
		const one = await refundOrder(db, owner, order.orderNumber, refund({ lines: [{ lineId: tens.id, quantity: 1 }] }))
		expect(one).toMatchObject({ amount: 2880, paymentStatus: 'partly_refunded', refundedAmount: 2880, refundable: 15660 - 2880 })
		expect(await refundsToday(db)).toBe(before + 2880)

		// Everything left, ticked: refunded in full, to the rupee.
		const rest = await refundOrder(db, owner, order.orderNumber, refund({ lines: [{ lineId: tens.id, quantity: 2 }, { lineId: twentyFives.id, quantity: 1 }] }))
		expect(rest).toMatchObject({ amount: 2 * 2880 + 7020, paymentStatus: 'refunded', refundedAmount: 15660, refundable: 0 })
		expect(await refundsToday(db)).toBe(before + 15660)
	})

	it('refuses an amount above what the ticked units were sold for (their undiscounted price too), and takes a lower one', async () => {
		const { db } = database
		const { order, tens, twentyFives } = await discountedOrder(db)

		for (const amount of [3200, 2881]) {
			expect(await refusal(refundOrder(db, owner, order.orderNumber, refund({ amount, lines: [{ lineId: tens.id, quantity: 1 }] })))).toEqual({
				status: 400,
				message: `Rs. ${amount.toLocaleString('en-US')} is more than the units ticked were sold for: Rs. 2,880. Tick more units, or lower the amount.`,
				fields: { amount: expect.any(String) },
			})
		}
		expect(await db.select().from(refunds).where(eq(refunds.orderId, order.id))).toHaveLength(0)
		expect(await orderRow(db, order.orderNumber)).toMatchObject({ paymentStatus: 'paid', refundedAmount: 0 })

		// A goodwill part of the unit's price: taken, the unit is refunded.
		expect(await refundOrder(db, owner, order.orderNumber, refund({ amount: 1000, lines: [{ lineId: tens.id, quantity: 1 }] }))).toMatchObject({ amount: 1000, paymentStatus: 'partly_refunded', refundable: 14660 })
		// The remaining units are worth Rs. 12,780: that, not the Rs. 14,660 left, is the most they give back.
		const all = [{ lineId: tens.id, quantity: 2 }, { lineId: twentyFives.id, quantity: 1 }]
		expect((await refusal(refundOrder(db, owner, order.orderNumber, refund({ amount: 14660, lines: all })))).message).toBe('Rs. 14,660 is more than the units ticked were sold for: Rs. 12,780. Tick more units, or lower the amount.')
		expect(await refundOrder(db, owner, order.orderNumber, refund({ lines: all }))).toMatchObject({ amount: 12780, paymentStatus: 'partly_refunded', refundable: 1880 })
		// Every unit is back; what is left is money alone.
		expect(await refundOrder(db, owner, order.orderNumber, refund({ amount: 1880 }))).toMatchObject({ paymentStatus: 'refunded', refundable: 0 })
	})

	it('takes back the delivered unit staff ticked, not the latest; refuses a unit the line does not hold', async () => {
		const { db } = database
		const { order, tens } = await discountedOrder(db)
		const held = (await orderStockUnits(db, order.id)).filter((u) => u.lineIndex === tens.position)
		expect(held).toHaveLength(3)
		const [first, second] = held

		const done = await refundOrder(db, owner, order.orderNumber, refund({ lines: [{ lineId: tens.id, quantity: 1, delivered: [first!.assignmentId] }] }))
		expect(done).toMatchObject({ amount: 2880, lines: [{ lineId: tens.id, quantity: 1, undelivered: 0, voided: 1, returned: 0 }] })
		const after = await db.select().from(stockAssignments).where(and(eq(stockAssignments.orderId, order.id), eq(stockAssignments.lineId, tens.id)))
		expect(after.filter((a) => a.refundedAt).map((a) => a.id)).toEqual([first!.assignmentId])

		// The same unit again, or one more unit than ticked with nothing owed: sentences naming what to do.
		expect(await refusal(refundOrder(db, owner, order.orderNumber, refund({ lines: [{ lineId: tens.id, quantity: 1, delivered: [first!.assignmentId] }] })))).toMatchObject({
			status: 400,
			message: 'A unit ticked on PSN Card is not held by this order any more (refunded or replaced meanwhile): reload the order and tick again.',
			fields: { lines: expect.any(String) },
		})
		expect((await refusal(refundOrder(db, owner, order.orderNumber, refund({ lines: [{ lineId: tens.id, quantity: 2, delivered: [second!.assignmentId] }] })))).message).toBe('Only 0 of PSN Card are not delivered yet: tick the delivered units taken back.')
		expect(() => refund({ lines: [{ lineId: tens.id, quantity: 1, delivered: [second!.assignmentId, held[2]!.assignmentId] }] })).toThrow('delivered must name units of the line')
		expect(() => refund({})).toThrow('Please tick the units refunded, or enter the amount to refund in whole rupees (1 or more).')
	})
})
