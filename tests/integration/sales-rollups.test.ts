// The sales reports' days (ADR-057): the orders' triggers append each change to deltas that no two
// writers wait on, the minute sweep folds them into their days, and the report reads both. A burst
// of checkouts, payments and refunds at once all commit (none queues behind one day's row, none
// deadlocks), and the report reads the same figures before the fold, after it, and after counting
// every order again from scratch.
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { Db } from '../../app/db/client.server'
import { foldSalesDayDeltas } from '../../app/domain/reports/sales-rollups.server'
import { salesReport } from '../../app/domain/reports/sales-report.server'
import { readReportRange } from '../../app/domain/reports/report-range'
import { pakistanDate } from '../../app/utils/pakistan-time'
import { owner, payByProvider, payByTransfer, refundMoney } from '../setup/orders'
import { checkoutBody, giftCard10, placeOrder } from '../setup/payments'
import { databaseKinds, useTestDatabase } from '../setup/test-db'

describe.each(databaseKinds)('the sales days on %s', (kind) => {
	const database = useTestDatabase(kind)

	async function todaysReport(db: Db) {
		const today = pakistanDate(new Date())
		const range = readReportRange({ from: today, to: today })
		if (!range.ok) throw new Error(range.message)
		const { totals, byProduct, byPaymentMethod, funnel } = await salesReport(db, owner, range.range)
		return { totals, byProduct, byPaymentMethod, funnel }
	}
	const deltasLeft = async (db: Db) =>
		Number(
			(
				await db.execute<{ n: string }>(
					sql`select (select count(*) from sales_day_deltas) + (select count(*) from sales_day_line_deltas) + (select count(*) from orders_placed_day_deltas) as n`,
				)
			).rows[0]!.n,
		)

	it('checkouts, payments and refunds at once all commit, and the report reads the same before the fold, after it and after a recount', { timeout: 120_000 }, async () => {
		const { db } = database
		const transfer = (n: number) => checkoutBody([giftCard10], { paymentMethod: 'manual', customerEmail: `rollup.${n}@example.pk` })
		// Ten paid orders to refund while the burst runs.
		const paid = []
		for (let n = 0; n < 10; n++) paid.push(await payByTransfer(db, await placeOrder(db, transfer(n))))
		const waiting = await Promise.all(Array.from({ length: 20 }, (_, n) => placeOrder(db, checkoutBody([giftCard10], { customerEmail: `rollup.online.${n}@example.pk` }))))

		// At once: twenty payments, ten refunds and ten new checkouts, all touching today's days.
		const burst = await Promise.allSettled([
			...waiting.map((order) => payByProvider(db, order)),
			...paid.map((order) => refundMoney(db, order, 500)),
			...Array.from({ length: 10 }, (_, n) => placeOrder(db, transfer(100 + n))),
		])
		expect(burst.filter((r) => r.status === 'rejected').map((r) => String((r as PromiseRejectedResult).reason))).toEqual([])

		const before = await todaysReport(db)
		expect(before.totals).toMatchObject({ orders: 30, revenue: 30 * paid[0]!.totalAmount, refunds: 10 * 500 })
		expect(before.funnel).toMatchObject({ placed: 40, paid: 30 })
		expect(await deltasLeft(db)).toBeGreaterThan(0)

		await foldSalesDayDeltas(db)
		expect(await deltasLeft(db)).toBe(0)
		expect(await todaysReport(db)).toEqual(before)

		await db.execute(sql`select recount_sales_days()`)
		expect(await todaysReport(db)).toEqual(before)
	})
})
