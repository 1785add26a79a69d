// Sales reports (issue 24, ADR-031): the figures of a seeded history (discounts, a partial refund
// with a unit returned to stock, a refund of an earlier period's order, an expired order, a test
// payment, PayPro, transfer and DM orders) against totals computed by hand, on PGlite and
// PostgreSQL; the day boundary at midnight Pakistan time; the range rules.
import { sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { Db } from '../../app/db/client.server'
import { readReportRange, type ReportRange } from '../../app/domain/reports/report-range'
import { salesReport } from '../../app/domain/reports/sales-report.server'
import { pkt, seedOrder, seedRefund } from '../setup/report-history'
import { databaseKinds, useTestDatabase } from '../setup/test-db'

function rangeOf(from: string, to: string, by?: string): ReportRange {
	const read = readReportRange({ from, to, by })
	if (!read.ok) throw new Error(read.message)
	return read.range
}

describe('the report range', () => {
	const now = pkt('2026-11-27T10:00:00')
	it('reads presets on the Pakistan calendar, with the previous period of equal length', () => {
		const today = readReportRange({ range: 'today' }, now)
		expect(today.ok && [today.range.from, today.range.to, today.range.previous.from, today.range.previous.to]).toEqual(['2026-11-27', '2026-11-27', '2026-11-26', '2026-11-26'])
		const week = readReportRange({ range: '7d' }, now)
		expect(week.ok && [week.range.from, week.range.days, week.range.previous.from, week.range.previous.to]).toEqual(['2026-11-21', 7, '2026-11-14', '2026-11-20'])
		const month = readReportRange({ range: 'month' }, now)
		expect(month.ok && [month.range.from, month.range.to, month.range.days, month.range.previous.from]).toEqual(['2026-11-01', '2026-11-27', 27, '2026-10-05'])
		// 00:30 in Pakistan is still the previous day in UTC: the preset follows Pakistan.
		const earlyMorning = readReportRange({ range: 'today' }, new Date('2026-11-26T19:30:00Z'))
		expect(earlyMorning.ok && earlyMorning.range.from).toBe('2026-11-27')
	})

	it('groups by day up to 62 days, by week beyond, by month beyond a year', () => {
		expect(rangeOf('2026-01-01', '2026-03-03').bucket).toBe('day') // 62 days
		expect(rangeOf('2026-01-01', '2026-03-04').bucket).toBe('week')
		expect(rangeOf('2025-01-01', '2026-01-01').bucket).toBe('week') // 366 days
		expect(rangeOf('2025-01-01', '2026-01-02').bucket).toBe('month')
		expect(rangeOf('2026-01-01', '2026-01-31', 'week').bucket).toBe('week')
	})

	it('refuses bad dates, from after to, more than five years and an unknown grouping with a sentence', () => {
		expect(readReportRange({ from: '2026-02-30', to: '2026-03-01' })).toEqual({ ok: false, message: expect.stringContaining('The from date “2026-02-30” is not a day') })
		expect(readReportRange({ from: 'yesterday', to: '2026-03-01' })).toEqual({ ok: false, message: expect.stringContaining('is not a day') })
		expect(readReportRange({ from: '2026-03-02', to: '2026-03-01' })).toEqual({ ok: false, message: 'The from date (2026-03-02) is after the to date (2026-03-01).' })
		expect(readReportRange({ from: '2020-01-01', to: '2026-03-01' })).toEqual({ ok: false, message: expect.stringContaining('at most five years') })
		expect(readReportRange({ from: '2026-01-01' })).toEqual({ ok: false, message: 'Give both dates: from and to, as YYYY-MM-DD.' })
		expect(readReportRange({ from: '2026-01-01', to: '2026-01-02', by: 'hour' })).toEqual({ ok: false, message: '“hour” is not a way to group a report: use day, week or month.' })
		expect(readReportRange({ range: 'forever' })).toEqual({ ok: false, message: expect.stringContaining('is not a report range') })
	})
})

describe.each(databaseKinds)('sales report figures on %s', (kind) => {
	const database = useTestDatabase(kind)

	async function twoProducts(db: Db) {
		const { rows } = await db.execute<{ id: number; platform: string }>(sql`select id, platform from products order by id limit 2`)
		return rows.map((r) => ({ id: Number(r.id), platform: r.platform }))
	}

	it('adds up revenue, refunds, net, cost, profit, discounts, methods, the funnel, delivery times and customers as computed by hand', async () => {
		const db = database.db
		const [p1, p2] = await twoProducts(db)
		// This week (1–7 Nov): three paid orders, one per method.
		const a = await seedOrder(db, { number: 'GV-A', method: 'paypro', status: 'partly_refunded', total: 5000, created: '2026-11-02T10:00:00', paid: '2026-11-02T10:05:00', delivered: '2026-11-02T10:15:00', fromStock: true, email: 'Ali@Example.pk', cost: 4000, fee: 100, refunded: 2500, lines: [{ product: p1!.id, quantity: 2, unitPrice: 2500, unitCost: 2000 }] })
		await seedOrder(db, { number: 'GV-B', method: 'manual', status: 'paid', total: 2700, created: '2026-11-03T12:00:00', paid: '2026-11-03T14:00:00', delivered: '2026-11-03T16:00:00', email: 'ali@example.pk', cost: 2000, lines: [{ product: p2!.id, quantity: 1, unitPrice: 3000, discount: 300, unitCost: 2000 }] })
		await seedOrder(db, { number: 'GV-C', method: 'dm', status: 'paid', total: 1500, created: '2026-11-06T09:00:00', paid: '2026-11-06T09:30:00', email: 'sara@example.pk', cost: null, lines: [{ product: p1!.id, quantity: 1, unitPrice: 1500, unitCost: null }] })
		// Placed and never paid: one expired, one still waiting; a test payment left out of everything.
		await seedOrder(db, { number: 'GV-D', method: 'paypro', status: 'expired', total: 900, created: '2026-11-04T08:00:00' })
		await seedOrder(db, { number: 'GV-E', method: 'paypro', status: 'awaiting_payment', total: 1000, created: '2026-11-05T08:00:00' })
		const f = await seedOrder(db, { number: 'GV-F', method: 'paypro', status: 'paid', total: 9999, created: '2026-11-04T08:00:00', paid: '2026-11-04T08:01:00', test: true, cost: 100, lines: [{ product: p2!.id, quantity: 1, unitPrice: 9999 }] })
		// The week before (25–31 Oct): one order, refunded in part this week.
		const g = await seedOrder(db, { number: 'GV-G', method: 'paypro', status: 'partly_refunded', total: 4000, created: '2026-10-28T11:00:00', paid: '2026-10-28T11:01:00', email: 'old@example.pk', cost: 3000, fee: 80, refunded: 500, lines: [{ product: p2!.id, quantity: 1, unitPrice: 4000, unitCost: 3000 }] })
		// One of A's two units refunded and returned to stock unopened: its cost (2000) comes back.
		await seedRefund(db, a.id, 2500, '2026-11-05T12:00:00', [{ lineId: a.lineIds[0]!, quantity: 1, returned: 1 }])
		await seedRefund(db, g.id, 500, '2026-11-02T13:00:00')
		await seedRefund(db, f.id, 9999, '2026-11-04T09:00:00', [{ lineId: f.lineIds[0]!, quantity: 1, undelivered: 1 }])

		const report = await salesReport(db, { label: 'test' }, rangeOf('2026-11-01', '2026-11-07'))
		// revenue 5000 + 2700 + 1500; cost (4000 + 100) + 2000 + unknown; refunds 2500 + 500;
		// profit 9200 − 6100 − 3000 + 2000 back.
		expect(report.totals).toEqual({ orders: 3, revenue: 9200, refunds: 3000, discounts: 300, net: 6200, cost: 6100, profit: 2100, averageOrder: 3067, ordersWithoutCost: 1, creditIssued: 0, creditSpent: 0 })
		expect(report.previous).toEqual({ from: '2026-10-25', to: '2026-10-31' })
		expect(report.previousTotals).toEqual({ orders: 1, revenue: 4000, refunds: 0, discounts: 0, net: 4000, cost: 3080, profit: 920, averageOrder: 4000, ordersWithoutCost: 0, creditIssued: 0, creditSpent: 0 })
		expect(report.series.map((p) => p.date)).toEqual(['2026-11-01', '2026-11-02', '2026-11-03', '2026-11-04', '2026-11-05', '2026-11-06', '2026-11-07'])
		expect(report.series.find((p) => p.date === '2026-11-02')).toEqual({ date: '2026-11-02', orders: 1, revenue: 5000, refunds: 500, profit: 5000 - 4100 - 500 })
		expect(report.series.find((p) => p.date === '2026-11-05')).toEqual({ date: '2026-11-05', orders: 0, revenue: 0, refunds: 2500, profit: -2500 + 2000 })
		expect(report.series.reduce((s, p) => s + p.profit, 0)).toBe(report.totals.profit)
		expect(report.byPaymentMethod.map((m) => [m.key, m.label, m.orders, m.revenue])).toEqual([
			['paypro', 'PayPro', 1, 5000],
			['manual', 'Bank transfer', 1, 2700],
			['dm', 'DM', 1, 1500],
		])
		expect(report.byProduct.map((p) => [p.productId, p.units, p.revenue, p.discount, p.cost])).toEqual([
			[p1!.id, 3, 6500, 0, 4000],
			[p2!.id, 1, 2700, 300, 2000],
		])
		expect(report.byPlatform.reduce((s, p) => s + p.revenue, 0)).toBe(9200)
		expect(report.funnel).toMatchObject({ placed: 5, paid: 3, delivered: 2, expired: 1 })
		expect(report.funnel.byMethod.find((m) => m.method === 'paypro')).toMatchObject({ placed: 3, paid: 1, expired: 1, paidShare: 1 / 3 })
		expect(report.funnel.byMethod.find((m) => m.method === 'manual')).toMatchObject({ placed: 1, paid: 1, paidShare: 1 })
		expect(report.deliveryTimes).toEqual([
			{ how: 'stock', orders: 1, medianSeconds: 600, p90Seconds: 600 },
			{ how: 'hand', orders: 1, medianSeconds: 7200, p90Seconds: 7200 },
		])
		// One buyer however they typed their email.
		expect(report.topCustomers).toEqual([
			{ email: 'ali@example.pk', orders: 2, revenue: 7700, refunds: 2500 },
			{ email: 'sara@example.pk', orders: 1, revenue: 1500, refunds: 0 },
		])
	})

	it('puts an order paid at 23:59 Pakistan time on that day and one paid at 00:01 on the next', async () => {
		const db = database.db
		await seedOrder(db, { number: 'GV-LATE', method: 'paypro', status: 'paid', total: 100, created: '2026-10-31T23:50:00', paid: '2026-10-31T23:59:00' })
		await seedOrder(db, { number: 'GV-EARLY', method: 'paypro', status: 'paid', total: 200, created: '2026-10-31T23:55:00', paid: '2026-11-01T00:01:00' })
		const day = await salesReport(db, { label: 'test' }, rangeOf('2026-11-01', '2026-11-01'))
		expect(day.totals.revenue).toBe(200)
		expect(day.previousTotals.revenue).toBe(100)
		expect(day.series).toEqual([{ date: '2026-11-01', orders: 1, revenue: 200, refunds: 0, profit: 200 }])
		// Both were placed on 31 Oct in Pakistan (18:50 and 18:55 UTC): that day's funnel has them.
		expect((await salesReport(db, { label: 'test' }, rangeOf('2026-10-31', '2026-10-31'))).funnel).toMatchObject({ placed: 2, paid: 2 })
		expect((await salesReport(db, { label: 'test' }, rangeOf('2026-11-01', '2026-11-01'))).funnel).toMatchObject({ placed: 0 })
		// By month: both months named by their first day.
		const months = await salesReport(db, { label: 'test' }, rangeOf('2026-10-01', '2026-11-30', 'month'))
		expect(months.series.map((p) => [p.date, p.revenue])).toEqual([
			['2026-10-01', 100],
			['2026-11-01', 200],
		])
	})
})
