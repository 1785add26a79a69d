// A report's range is a real calendar range the shop can answer, and its series is bounded by
// construction: every valid range gives at most MAX_BUCKETS points, fast, whatever its edges.
import { describe, expect, it } from 'vitest'
import { bucketStarts, MAX_BUCKETS, MAX_REPORT_DAYS, readReportRange, type ReportBucket } from './report-range'

const read = (from: string, to: string, by?: string) => readReportRange({ from, to, by })

describe('a report range', () => {
	it('refuses years outside 2000–9998 with a sentence, before any series is made', () => {
		for (const [from, to, name] of [
			['9999-12-31', '9999-12-31', 'from'],
			['9998-12-31', '9999-01-01', 'to'],
			['0000-01-01', '0000-01-01', 'from'],
			['0027-01-01', '0027-01-31', 'from'],
			['1999-12-31', '2000-01-05', 'from'],
		] as const) {
			const answer = read(from, to)
			expect(answer, `${from}…${to}`).toEqual({ ok: false, message: expect.stringContaining(`The ${name} date “`) })
			expect(answer.ok ? '' : answer.message).toContain('Use a date from the year 2000 to 9998.')
		}
	})

	it('answers at most five years (1,830 days) and refuses one day more', () => {
		const longest = read('2021-01-01', '2026-01-04')
		expect(longest.ok && longest.range.days).toBe(MAX_REPORT_DAYS)
		expect(read('2021-01-01', '2026-01-05')).toEqual({ ok: false, message: expect.stringContaining('A report covers at most five years (1,830 days); 2021-01-01 to 2026-01-05 is 1,831 days.') })
	})

	it('answers the first and last days the shop knows, with the period before them', () => {
		const first = read('2000-01-01', '2000-01-31', 'week')
		expect(first.ok && first.range.previous).toMatchObject({ from: '1999-12-01', to: '1999-12-31' })
		expect(first.ok && bucketStarts(first.range)).toEqual(['1999-12-27', '2000-01-03', '2000-01-10', '2000-01-17', '2000-01-24', '2000-01-31'])
		const last = read('9998-12-01', '9998-12-31', 'month')
		expect(last.ok && bucketStarts(last.range)).toEqual(['9998-12-01'])
		const lastWeeks = read('9998-12-20', '9998-12-31', 'week')
		expect(lastWeeks.ok && bucketStarts(lastWeeks.range)).toEqual(['9998-12-14', '9998-12-21', '9998-12-28'])
		const lastDays = read('9998-12-30', '9998-12-31', 'day')
		expect(lastDays.ok && bucketStarts(lastDays.range)).toEqual(['9998-12-30', '9998-12-31'])
	})
})

describe('the series’ buckets', () => {
	it('are counted, not stepped to by comparing texts: any range ends, with at most MAX_BUCKETS points', () => {
		let spent = 0
		const timed = (range: Parameters<typeof bucketStarts>[0]) => {
			const started = performance.now()
			const starts = bucketStarts(range)
			spent += performance.now() - started
			return starts
		}
		const edges = [
			['2000-01-01', '2004-12-31'],
			['2021-01-01', '2026-01-04'],
			['9994-01-01', '9998-12-31'],
			['9998-12-31', '9998-12-31'],
			['2024-02-29', '2024-03-01'],
		] as const
		for (const [from, to] of edges) {
			for (const by of ['day', 'week', 'month'] as ReportBucket[]) {
				const answer = read(from, to, by)
				// By day, a range past a year is refused (below).
				if (by === 'day' && Date.parse(to) - Date.parse(from) >= MAX_BUCKETS * 86_400_000) {
					expect(answer.ok, `${from}…${to} by day`).toBe(false)
					continue
				}
				expect(answer.ok, `${from}…${to} by ${by}`).toBe(true)
				if (!answer.ok) continue
				const starts = timed(answer.range)
				expect(starts.length).toBeGreaterThan(0)
				expect(starts.length).toBeLessThanOrEqual(MAX_BUCKETS)
				expect(starts[0]! <= from && starts.at(-1)! <= to).toBe(true)
				// Each start is a real day, in order, one bucket apart.
				expect(new Set(starts).size).toBe(starts.length)
				expect([...starts].sort()).toEqual(starts)
				for (const day of starts) expect(/^\d{4}-\d{2}-\d{2}$/.test(day), day).toBe(true)
			}
		}
		const yearByDay = read('2024-01-01', '2024-12-31', 'day')
		expect(yearByDay.ok && timed(yearByDay.range)).toHaveLength(366)
		const fiveYearsByWeek = read('2021-01-01', '2026-01-04', 'week')
		expect(fiveYearsByWeek.ok && timed(fiveYearsByWeek.range)).toHaveLength(262)
		const fiveYearsByMonth = read('2021-01-01', '2025-12-31', 'month')
		expect(fiveYearsByMonth.ok && timed(fiveYearsByMonth.range)).toHaveLength(60)
		// Seventeen series: a few milliseconds of work.
		expect(spent).toBeLessThan(250)
	})

	it('by day, a year at most: a longer range by day is refused with what to do instead', () => {
		expect(read('2024-01-01', '2024-12-31', 'day').ok).toBe(true)
		expect(read('2024-01-01', '2025-01-01', 'day')).toEqual({ ok: false, message: 'A report by day covers at most 366 days; 2024-01-01 to 2025-01-01 is 367 days. Group it by week or month.' })
		const fiveYears = read('2021-01-01', '2026-01-04')
		expect(fiveYears.ok && fiveYears.range.bucket).toBe('month')
		expect(MAX_REPORT_DAYS).toBe(1830)
	})

	it('even from a range no reader gave (a day past the years, or reversed) is short and ends', () => {
		// The cap is named (and checked first: a loop that never ends would hold this test forever).
		expect(MAX_BUCKETS).toBe(366)
		expect(bucketStarts({ from: '9999-12-31', to: '9999-12-31', bucket: 'day' })).toEqual(['9999-12-31'])
		expect(bucketStarts({ from: '9999-12-01', to: '9999-12-31', bucket: 'month' })).toEqual(['9999-12-01'])
		expect(bucketStarts({ from: '2026-01-02', to: '2026-01-01', bucket: 'day' })).toEqual([])
		expect(bucketStarts({ from: '2000-01-01', to: '9998-12-31', bucket: 'day' })).toHaveLength(MAX_BUCKETS)
		expect(bucketStarts({ from: 'nonsense', to: '2026-01-01', bucket: 'week' })).toEqual([])
	})
})
