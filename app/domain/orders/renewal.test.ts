import { describe, expect, test } from 'vitest'
import { addCalendarMonths, lineEndsAt, renewalReminderDue, renewalReminderKey, renewPath, subscriptionLineEnds } from './renewal'

const DAY = 24 * 60 * 60 * 1000
const months = (n: number) => ({ selectedDuration: { label: `${n} Months`, price: 1000, months: n } })

describe('subscription line end dates', () => {
	test('a line ends its months after delivery, on the same Pakistan day and time', () => {
		expect(addCalendarMonths('2026-01-10T09:30:00.000Z', 1).toISOString()).toBe('2026-02-10T09:30:00.000Z')
		expect(addCalendarMonths('2026-11-24T12:00:00.000Z', 3).toISOString()).toBe('2027-02-24T12:00:00.000Z')
		expect(addCalendarMonths('2026-03-15T00:00:00.000Z', 12).toISOString()).toBe('2027-03-15T00:00:00.000Z')
	})

	test('a day the month lacks becomes its last day', () => {
		expect(addCalendarMonths('2026-01-31T06:00:00.000Z', 1).toISOString()).toBe('2026-02-28T06:00:00.000Z')
		expect(addCalendarMonths('2028-01-31T06:00:00.000Z', 1).toISOString()).toBe('2028-02-29T06:00:00.000Z')
		expect(addCalendarMonths('2026-08-31T06:00:00.000Z', 1).toISOString()).toBe('2026-09-30T06:00:00.000Z')
	})

	test('months are counted on Pakistan’s calendar: 31 Jan 21:00 UTC is already 1 Feb in Karachi', () => {
		// 1 Feb 02:00 PKT + 1 month = 1 Mar 02:00 PKT = 28 Feb 21:00 UTC (not 28 Feb clamped from 31 Jan).
		expect(addCalendarMonths('2026-01-31T21:00:00.000Z', 1).toISOString()).toBe('2026-02-28T21:00:00.000Z')
	})

	test('only delivered lines with months have an end', () => {
		expect(lineEndsAt(months(1), null)).toBeNull()
		expect(lineEndsAt({ selectedDuration: null }, '2026-01-01T00:00:00.000Z')).toBeNull()
		expect(lineEndsAt({ selectedDuration: { label: 'Custom Duration', price: 0, months: 0 } }, '2026-01-01T00:00:00.000Z')).toBeNull()
		const ends = subscriptionLineEnds([{ selectedDuration: null }, months(2)], '2026-05-05T05:00:00.000Z')
		expect(ends).toEqual([{ lineIndex: 1, endsAt: new Date('2026-07-05T05:00:00.000Z') }])
	})

	test('the reminder due: before from N days ahead, then on the day for a week, nothing else', () => {
		const end = new Date('2026-12-24T10:00:00.000Z')
		expect(renewalReminderDue(end, 3, end.getTime() - 3 * DAY - 1)).toBeNull()
		expect(renewalReminderDue(end, 3, end.getTime() - 3 * DAY)).toBe('before')
		expect(renewalReminderDue(end, 3, end.getTime() - 1)).toBe('before')
		expect(renewalReminderDue(end, 3, end.getTime())).toBe('due')
		expect(renewalReminderDue(end, 7, end.getTime() - 5 * DAY)).toBe('before')
		expect(renewalReminderDue(end, 3, end.getTime() + 7 * DAY - 1)).toBe('due')
		expect(renewalReminderDue(end, 3, end.getTime() + 7 * DAY)).toBeNull()
	})

	test('keys and paths', () => {
		expect(renewalReminderKey('GV-1-2', 0, 'before')).toBe('renewal:GV-1-2:0:before')
		expect(renewPath('GV 1', 2)).toBe('/renew/GV%201/2')
	})
})
