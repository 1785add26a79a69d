import { and, eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.server'
import { staffAlertSettings, staffUsers } from '../../db/schema'
import { formatRs } from '../../utils/money'
import { absoluteUrl } from '../../utils/origin.server'
import { formatPakistanDay, pakistanDate, pakistanDayStart, pakistanHour } from '../../utils/pakistan-time'
import { queueAlert } from './queue-alert.server'

export interface DayFigures {
	day: string
	orders: number
	paid: number
	revenue: number
	refunds: number
}

/**
 * One Pakistan day's figures, simply: orders placed that day, orders paid that day and what they
 * came to, money refunded that day (test payments left out). The reports page gives the full story.
 */
export async function dayFigures(db: Db, day: string): Promise<DayFigures> {
	const from = pakistanDayStart(day)
	const to = new Date(from.getTime() + 24 * 3600 * 1000)
	const result = await db.execute<{ orders: number; paid: number; revenue: number; refunds: number }>(sql`
		select
			(select count(*) from orders o where o.created_at >= ${from} and o.created_at < ${to} and not o.test_payment)::int as orders,
			(select count(*) from orders o where o.paid_at >= ${from} and o.paid_at < ${to} and not o.test_payment)::int as paid,
			(select coalesce(sum(o.total_amount), 0) from orders o where o.paid_at >= ${from} and o.paid_at < ${to} and not o.test_payment)::int as revenue,
			(select coalesce(sum(r.amount), 0) from refunds r join orders o on o.id = r.order_id where r.created_at >= ${from} and r.created_at < ${to} and not o.test_payment)::int as refunds`)
	const r = result.rows[0]!
	return { day, orders: Number(r.orders), paid: Number(r.paid), revenue: Number(r.revenue), refunds: Number(r.refunds) }
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
