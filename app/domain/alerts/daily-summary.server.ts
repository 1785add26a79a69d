import { and, eq } from 'drizzle-orm'
import type { Db } from '../../db/client.server'
import { staffAlertSettings, staffUsers } from '../../db/schema'
import { formatRs } from '../../utils/money'
import { absoluteUrl } from '../../utils/origin.server'
import { formatPakistanDay, pakistanDate, pakistanDayStart, pakistanHour } from '../../utils/pakistan-time'
import { readReportRange } from '../reports/report-range'
import { salesReport } from '../reports/sales-report.server'
import { queueAlert } from './queue-alert.server'

export interface DayFigures {
	day: string
	orders: number
	paid: number
	revenue: number
	refunds: number
}

/**
 * One Pakistan day's figures, as the reports count them (app/domain/reports, ADR-031): orders placed that
 * day, orders paid that day and what they came to, money refunded that day; test payments left out.
 */
export async function dayFigures(db: Db, day: string): Promise<DayFigures> {
	const read = readReportRange({ from: day, to: day, by: 'day' })
	if (!read.ok) throw new Error(read.message)
	const { totals, funnel } = await salesReport(db, { label: 'daily summary' }, read.range)
	return { day, orders: funnel.placed, paid: totals.orders, revenue: totals.revenue, refunds: totals.refunds }
}

/** The hourly job: members whose summary hour it is (Pakistan time) get yesterday's figures, once per day. */
export async function queueDailySummaries(db: Db, now = new Date()): Promise<number> {
	const members = await db
		.select({ staffId: staffAlertSettings.staffId })
		.from(staffAlertSettings)
		.innerJoin(staffUsers, eq(staffUsers.id, staffAlertSettings.staffId))
		.where(and(eq(staffUsers.active, true), eq(staffAlertSettings.summaryHour, pakistanHour(now))))
	if (members.length === 0) return 0
	const yesterday = pakistanDate(new Date(now.getTime() - 24 * 3600 * 1000))
	const f = await dayFigures(db, yesterday)
	const label = formatPakistanDay(pakistanDayStart(yesterday).toISOString())
	let queued = 0
	for (const m of members) {
		queued += await queueAlert(
			db,
			{
				event: 'daily-summary',
				staffId: m.staffId,
				key: `summary:${yesterday}`,
				subject: `Yesterday (${label}): ${f.paid} paid, ${formatRs(f.revenue)}`,
				text: [`Orders placed: ${f.orders}`, `Orders paid: ${f.paid}`, `Revenue: ${formatRs(f.revenue)}`, `Refunds: ${formatRs(f.refunds)}`, `Net: ${formatRs(f.revenue - f.refunds)}`, absoluteUrl('/admin-dashboard')].join('\n'),
			},
			{ now },
		)
	}
	return queued
}
