import { describe, expect, it } from 'vitest'
import { formatPakistanDay, formatPakistanLongDay, formatPakistanNumeric, formatPakistanTime } from './pakistan-time'

describe('Pakistan time (UTC+5, no daylight saving)', () => {
	it('gives the Pakistan calendar day, which is already the next day after 19:00 UTC', () => {
		expect(formatPakistanDay('2026-11-22T18:59:00Z')).toBe('22 Nov 2026')
		expect(formatPakistanDay('2026-11-22T19:00:00Z')).toBe('23 Nov 2026')
		expect(formatPakistanDay('2025-07-08T00:00:00Z')).toBe('8 Jul 2025')
		expect(formatPakistanDay('not a date')).toBe('')
	})

	it('writes the numeric form with two-digit parts and a 24-hour clock', () => {
		expect(formatPakistanNumeric(new Date('2025-12-31T20:05:00Z'))).toBe('01/01/2026, 01:05')
		expect(formatPakistanNumeric(new Date('2026-03-04T09:30:00Z'))).toBe('04/03/2026, 14:30')
	})

	it('agrees with the ICU Asia/Karachi calendar for the day and the numeric form', () => {
		const day = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'Asia/Karachi' })
		const numeric = new Intl.DateTimeFormat('en-GB', { timeZone: 'Asia/Karachi', day: '2-digit', month: '2-digit', year: 'numeric', hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })
		for (let t = Date.UTC(2024, 0, 1, 3, 17); t < Date.UTC(2027, 0, 1); t += 7.3 * 3_600_000) {
			const date = new Date(t)
			expect(formatPakistanDay(date.toISOString())).toBe(day.format(date).replace('Sept', 'Sep'))
			expect(formatPakistanNumeric(date)).toBe(numeric.format(date))
		}
	})

	it('keeps the full time form', () => {
		expect(formatPakistanTime('2025-01-05T10:04:00Z')).toBe('5 Jan 2025, 3:04 PM PKT')
		// On Urdu pages: the month in Urdu, Western digits, the part of the day in Urdu and no zone.
		expect(formatPakistanTime('2025-01-05T10:04:00Z', 'ur')).toBe('5 جنوری 2025، سہ پہر 3:04')
		expect(formatPakistanDay('2025-12-31T19:30:00Z', 'ur')).toBe('1 جنوری 2026')
	})

	it('shows an instant late at night UTC on the next day, as Pakistan reads it, in both languages', () => {
		// 23:57 UTC on 5 December is 4:57 in the morning of 6 December in Pakistan.
		expect(formatPakistanTime('2026-12-05T23:57:00Z')).toBe('6 Dec 2026, 4:57 AM PKT')
		expect(formatPakistanDay('2026-12-05T23:57:00Z')).toBe('6 Dec 2026')
		expect(formatPakistanTime('2026-12-05T23:57:00Z', 'ur')).toBe('6 دسمبر 2026، صبح 4:57')
		expect(formatPakistanDay('2026-12-05T23:57:00Z', 'ur')).toBe('6 دسمبر 2026')
		expect(formatPakistanLongDay('2026-12-05T23:57:00Z')).toBe('December 6, 2026')
	})

	it('names the hour by the part of the day on Urdu pages', () => {
		const at = (hour: number) => formatPakistanTime(new Date(Date.UTC(2026, 0, 10, hour - 5, 30)).toISOString(), 'ur')
		expect(at(0)).toBe('10 جنوری 2026، رات 12:30')
		expect(at(3)).toBe('10 جنوری 2026، رات 3:30')
		expect(at(4)).toBe('10 جنوری 2026، صبح 4:30')
		expect(at(11)).toBe('10 جنوری 2026، صبح 11:30')
		expect(at(12)).toBe('10 جنوری 2026، دوپہر 12:30')
		expect(at(15)).toBe('10 جنوری 2026، سہ پہر 3:30')
		expect(at(18)).toBe('10 جنوری 2026، شام 6:30')
		expect(at(21)).toBe('10 جنوری 2026، رات 9:30')
		for (const text of [at(0), at(18)]) expect(text).not.toMatch(/AM|PM|PKT|[\u2066-\u2069\u200e\u200f]/)
	})
})

describe('a typed date (one rule for every date the shop reads)', () => {
	it('reads the year as typed: 0027 is no 1927, and years outside 2000–9998 are refused as such', async () => {
		const { readPakistanDateTime, readPakistanDay, parsePakistanDateTime, FIRST_YEAR, LAST_YEAR } = await import('./pakistan-time')
		expect([FIRST_YEAR, LAST_YEAR]).toEqual([2000, 9998])
		for (const text of ['0027-01-01', '0027-01-01T00:00', '0000-01-01', '1999-12-31T23:59', '9999-12-31', '9999-01-01T00:00', '0027-01-01T00:00:00Z', '9998-12-31T23:30:00-05:00', '1999-12-31T18:59:00Z']) {
			expect(readPakistanDateTime(text), text).toEqual({ ok: false, problem: 'years' })
			expect(parsePakistanDateTime(text), text).toBeNull()
		}
		for (const text of ['2026-02-30', '2026-13-01', '25:00', '+010000-01-01', 'tomorrow', '2026-01-01T24:00', '']) expect(readPakistanDateTime(text), text).toEqual({ ok: false, problem: 'format' })
		expect(readPakistanDateTime('2000-01-01')).toEqual({ ok: true, date: new Date('1999-12-31T19:00:00.000Z') })
		expect(readPakistanDateTime('9998-12-31T23:59')).toEqual({ ok: true, date: new Date('9998-12-31T18:59:00.000Z') })
		// An instant with its own offset counts by its Pakistan day: 19:00 UTC on 31 December 1999 is 2000 in Pakistan.
		expect(readPakistanDateTime('1999-12-31T19:00:00Z')).toEqual({ ok: true, date: new Date('1999-12-31T19:00:00.000Z') })
		expect(readPakistanDay('2026-12-01T09:30')).toEqual({ ok: false, problem: 'format' })
		expect(readPakistanDay('2026-12-01')).toEqual({ ok: true, date: new Date('2026-11-30T19:00:00.000Z') })
	})
})
