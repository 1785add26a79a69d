// The sales reports' days (ADR-057): the orders' triggers append each change to deltas that no two
// writers wait on, the minute sweep folds them into their days, and the report reads both. A burst
// of checkouts, payments and refunds at once all commit (none queues behind one day's row, none
// deadlocks), and the report reads the same figures before the fold, after it, and after counting
// every order again from scratch: its delivery times (read from the days' histograms, drizzle/0055)
// the same as percentile_cont over the orders, and its top customers the same as adding up the
// range's orders by buyer.
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { Db } from '../../app/db/client.server'
import { foldSalesDayDeltas } from '../../app/domain/reports/sales-rollups.server'
import { salesReport } from '../../app/domain/reports/sales-report.server'
import { readReportRange } from '../../app/domain/reports/report-range'
import { pakistanDate } from '../../app/utils/pakistan-time'
import { backdateOrders, moveDelivery, owner, payByProvider, payByTransfer, refundMoney } from '../setup/orders'
import { checkoutBody, giftCard10, placeOrder } from '../setup/payments'
import { databaseKinds, useTestDatabase } from '../setup/test-db'

describe.each(databaseKinds)('the sales days on %s', (kind) => {
	const database = useTestDatabase(kind)

	async function todaysReport(db: Db) {
		const today = pakistanDate(new Date())
		const range = readReportRange({ from: today, to: today })
		if (!range.ok) throw new Error(range.message)
		const { totals, byProduct, byPaymentMethod, funnel, deliveryTimes, topCustomers } = await salesReport(db, owner, range.range)
		return { totals, byProduct, byPaymentMethod, funnel, deliveryTimes, topCustomers }
	}
	const deltasLeft = async (db: Db) =>
		Number(
			(
				await db.execute<{ n: string }>(
					sql`select (select count(*) from sales_day_deltas) + (select count(*) from sales_day_line_deltas) + (select count(*) from orders_placed_day_deltas)
						+ (select count(*) from delivery_time_day_deltas) + (select count(*) from refund_day_deltas) as n`,
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

		// Six of them delivered by hand, 30 s to 280 s after payment, and two of those buyers back for a second order.
		for (const [i, order] of waiting.slice(0, 6).entries()) {
			await moveDelivery(db, order, 'completed', `CODE-${i}`)
			await backdateOrders(db, order.orderNumber, { deliveredAt: sql`paid_at + make_interval(secs => ${30 + 50 * i})` })
		}
		for (const n of [3, 4]) await payByProvider(db, await placeOrder(db, checkoutBody([giftCard10, giftCard10], { customerEmail: `rollup.online.${n}@example.pk` })))

		const before = await todaysReport(db)
		expect(before.totals).toMatchObject({ orders: 32, refunds: 10 * 500 })
		expect(before.funnel).toMatchObject({ placed: 42, paid: 32 })
		const live = await db.execute<{ n: string; median: number; p90: number }>(
			sql`select count(*) as n, percentile_cont(0.5) within group (order by extract(epoch from delivered_at - paid_at)) as median,
				percentile_cont(0.9) within group (order by extract(epoch from delivered_at - paid_at)) as p90
				from orders where delivered_at is not null and stock_delivered_at is null`,
		)
		expect(before.deliveryTimes.find((d) => d.how === 'hand')).toEqual({ how: 'hand', orders: 6, medianSeconds: Math.round(Number(live.rows[0]!.median)), p90Seconds: Math.round(Number(live.rows[0]!.p90)) })
		expect(before.deliveryTimes.find((d) => d.how === 'hand')).toMatchObject({ medianSeconds: 155, p90Seconds: 255 })
		const buyers = await db.execute<{ email: string; orders: string; revenue: string; refunds: string }>(
			sql`select lower(btrim(customer_email)) as email, count(*) as orders, sum(total_amount) as revenue, sum(refunded_amount) as refunds
				from orders where paid_at is not null group by 1 order by 3 desc, lower(btrim(customer_email)) collate "C" limit 10`,
		)
		expect(before.topCustomers).toEqual(buyers.rows.map((r) => ({ email: r.email, orders: Number(r.orders), revenue: Number(r.revenue), refunds: Number(r.refunds) })))
		expect(before.topCustomers.slice(0, 2).map((c) => [c.email, c.orders])).toEqual([
			['rollup.online.3@example.pk', 2],
			['rollup.online.4@example.pk', 2],
		])
		expect(await deltasLeft(db)).toBeGreaterThan(0)

		await foldSalesDayDeltas(db)
		expect(await deltasLeft(db)).toBe(0)
		expect(await todaysReport(db)).toEqual(before)

		await db.execute(sql`select recount_sales_days()`)
		expect(await todaysReport(db)).toEqual(before)
	})
})
