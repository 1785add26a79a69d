// Renewals: when a paid subscription line ends, and where it is renewed from.
// Browser-safe: the order page, My orders and the reminder email all use it.

import type { OrderLine } from '../../db/schema'
import { addCalendarMonths } from '../../utils/pakistan-time'
import { DAY_MS } from './subscription'

/** Opens checkout with the same product and option as line `lineIndex` of the order, at today's price. */
export const renewPath = (orderNumber: string, lineIndex: number) => `/renew/${encodeURIComponent(orderNumber)}/${lineIndex}`

/** Months are counted on Pakistan's calendar (the one dates module). */
export { addCalendarMonths }

/** The months a line runs for; 0 for anything that is not a subscription. */
export function lineMonths(line: Pick<OrderLine, 'selectedDuration'>): number {
	const months = line.selectedDuration?.months
	return typeof months === 'number' && Number.isInteger(months) && months > 0 ? months : 0
}

/** When a subscription line ends: its months from the day the order was delivered; null if not both. */
export function lineEndsAt(line: Pick<OrderLine, 'selectedDuration'>, deliveredAt: Date | string | null | undefined): Date | null {
	const months = lineMonths(line)
	if (!months || !deliveredAt) return null
	return addCalendarMonths(deliveredAt, months)
}

/**
 * The earliest an order can have been delivered (or, for a DM order, placed) and still run a
 * subscription: a line runs at most a few years, so older orders are not read for one.
 */
export const subscriptionsRunningSince = (now: number): Date => new Date(now - 5 * 366 * DAY_MS)

export interface LineEnd {
	lineIndex: number
	endsAt: Date
}

/** Each subscription line of a delivered order with its end. */
export function subscriptionLineEnds(lines: Pick<OrderLine, 'selectedDuration'>[], deliveredAt: Date | string | null | undefined): LineEnd[] {
	const ends: LineEnd[] = []
	lines.forEach((line, lineIndex) => {
		const endsAt = lineEndsAt(line, deliveredAt)
		if (endsAt) ends.push({ lineIndex, endsAt })
	})
	return ends
}

export type RenewalReminderKind = 'before' | 'due'

/**
 * Which reminder is due now for a line ending at `endsAt`: 'due' from the end for a week (a shop
 * that was down still says so, an old order is not written to years later), 'before' from
 * `daysBefore` days ahead until the end; null otherwise.
 */
export function renewalReminderDue(endsAt: Date, daysBefore: number, now: number = Date.now()): RenewalReminderKind | null {
	const end = endsAt.getTime()
	if (now >= end) return now < end + 7 * DAY_MS ? 'due' : null
	return now >= end - daysBefore * DAY_MS ? 'before' : null
}

/** The reminder's outbox key: each reminder of each line is sent once, ever. */
export const renewalReminderKey = (orderNumber: string, lineIndex: number, kind: RenewalReminderKind) => `renewal:${orderNumber}:${lineIndex}:${kind}`
