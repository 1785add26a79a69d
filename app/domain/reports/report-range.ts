import { pakistanDate, pakistanDayStart, readPakistanDay, YEARS_MESSAGE } from '../../utils/pakistan-time'

// The period a sales report covers (ADR-031): whole Pakistan calendar days, `from` and `to` both
// included, and the period of equal length just before it for the comparison.

export const REPORT_PRESETS = ['today', '7d', '30d', 'month'] as const
export type ReportPreset = (typeof REPORT_PRESETS)[number]

export const PRESET_LABELS: Record<ReportPreset, string> = { today: 'Today', '7d': 'Last 7 days', '30d': 'Last 30 days', month: 'This month' }

export const REPORT_BUCKETS = ['day', 'week', 'month'] as const
export type ReportBucket = (typeof REPORT_BUCKETS)[number]

/** The longest range a report answers: five years of days (1,830, the documented "at most five years"). */
export const MAX_REPORT_DAYS = 5 * 366

/**
 * The most points a series may have: a year of days. Past a year, a report is grouped by week (at
 * most 262 over five years) or month: drawn and listed on one page, a point a day for five years
 * held the server for a quarter of a second a page, and no one reads 1,830 bars.
 */
export const MAX_BUCKETS = 366

const DAY_MS = 86_400_000

export interface ReportRange {
	/** Pakistan calendar days, both included: '2026-11-01'. */
	from: string
	to: string
	days: number
	/** Instants: the start of `from` and the start of the day after `to`, in Pakistan time. */
	start: Date
	end: Date
	/** The period of equal length just before. */
	previous: { from: string; to: string; start: Date; end: Date }
	/** How the series groups: by day, or by week (more than 62 days) or month (more than a year) unless asked. */
	bucket: ReportBucket
	/** The preset it matches, if any. */
	preset: ReportPreset | null
}

export type RangeResult = { ok: true; range: ReportRange } | { ok: false; message: string }

const addDays = (day: string, n: number) => pakistanDate(pakistanDayStart(day, n))

/** The bucket a range of this many days is drawn in when none is asked for. */
export const defaultBucket = (days: number): ReportBucket => (days > 366 ? 'month' : days > 62 ? 'week' : 'day')

/** The days a preset covers on `now`'s Pakistan calendar. */
export function presetDays(preset: ReportPreset, now: Date): { from: string; to: string } {
	const today = pakistanDate(now)
	if (preset === 'today') return { from: today, to: today }
	if (preset === '7d') return { from: addDays(today, -6), to: today }
	if (preset === '30d') return { from: addDays(today, -29), to: today }
	return { from: `${today.slice(0, 8)}01`, to: today }
}

/**
 * The range from what was asked: a preset, or `from` and `to` (YYYY-MM-DD, Pakistan days, in the
 * shop's years: FIRST_YEAR to LAST_YEAR), and optionally `by`. Nothing asked: the last 30 days. A bad
 * date, a year outside the shop's, `from` after `to`, a range over five years or an unknown `by` is
 * refused with a sentence.
 */
export function readReportRange(input: { range?: string | null; from?: string | null; to?: string | null; by?: string | null }, now = new Date()): RangeResult {
	let from = input.from?.trim() || ''
	let to = input.to?.trim() || ''
	const asked = input.range?.trim() || ''
	if (asked && asked !== 'custom') {
		if (!(REPORT_PRESETS as readonly string[]).includes(asked)) return { ok: false, message: `“${asked.slice(0, 20)}” is not a report range: use today, 7d, 30d, month, or from and to dates.` }
		;({ from, to } = presetDays(asked as ReportPreset, now))
	} else if (!from && !to) {
		;({ from, to } = presetDays('30d', now))
	} else if (!from || !to) {
		return { ok: false, message: 'Give both dates: from and to, as YYYY-MM-DD.' }
	}
	const days: Date[] = []
	for (const [name, value] of [
		['from', from],
		['to', to],
	] as const) {
		const read = readPakistanDay(value)
		if (!read.ok && read.problem === 'years') return { ok: false, message: `The ${name} date “${value.slice(0, 20)}” is outside the shop’s years. ${YEARS_MESSAGE}` }
		if (!read.ok) return { ok: false, message: `The ${name} date “${value.slice(0, 20)}” is not a day: write it as YYYY-MM-DD, e.g. ${pakistanDate(now)}.` }
		days.push(read.date)
	}
	const start = days[0]!
	const end = new Date(days[1]!.getTime() + DAY_MS)
	if (end <= start) return { ok: false, message: `The from date (${from}) is after the to date (${to}).` }
	const dayCount = Math.round((end.getTime() - start.getTime()) / DAY_MS)
	if (dayCount > MAX_REPORT_DAYS) return { ok: false, message: `A report covers at most five years (${MAX_REPORT_DAYS.toLocaleString('en-US')} days); ${from} to ${to} is ${dayCount.toLocaleString('en-US')} days.` }
	const by = input.by?.trim() || ''
	if (by && !(REPORT_BUCKETS as readonly string[]).includes(by)) return { ok: false, message: `“${by.slice(0, 20)}” is not a way to group a report: use day, week or month.` }
	const bucket = (by as ReportBucket) || defaultBucket(dayCount)
	if (bucket === 'day' && dayCount > MAX_BUCKETS) return { ok: false, message: `A report by day covers at most ${MAX_BUCKETS} days; ${from} to ${to} is ${dayCount.toLocaleString('en-US')} days. Group it by week or month.` }
	const previousStart = new Date(start.getTime() - dayCount * DAY_MS)
	const preset = REPORT_PRESETS.find((p) => {
		const d = presetDays(p, now)
		return d.from === from && d.to === to
	})
	return {
		ok: true,
		range: {
			from,
			to,
			days: dayCount,
			start,
			end,
			previous: { from: addDays(from, -dayCount), to: addDays(from, -1), start: previousStart, end: start },
			bucket,
			preset: asked && asked !== 'custom' ? (asked as ReportPreset) : (preset ?? null),
		},
	}
}

/**
 * The first day of each bucket from `from` to `to`, as the series lists them (weeks start on Monday).
 * Bounded by construction: the number of buckets is counted first from the two days (never by
 * comparing texts), capped at MAX_BUCKETS, and the list is made by that count.
 */
export function bucketStarts(range: Pick<ReportRange, 'from' | 'to' | 'bucket'>): string[] {
	const fromMs = Date.parse(`${range.from}T00:00:00Z`)
	const toMs = Date.parse(`${range.to}T00:00:00Z`)
	if (Number.isNaN(fromMs) || Number.isNaN(toMs) || toMs < fromMs) return []
	const first = bucketOf(range.from, range.bucket)
	const firstMs = Date.parse(`${first}T00:00:00Z`)
	const count = Math.min(MAX_BUCKETS, bucketCount(first, range.to, range.bucket, firstMs, toMs))
	return Array.from({ length: count }, (_, i) => (range.bucket === 'month' ? addMonths(first, i) : addDays(first, i * (range.bucket === 'week' ? 7 : 1))))
}

/** How many buckets run from the bucket start `first` to the day `to`, both included. */
function bucketCount(first: string, to: string, bucket: ReportBucket, firstMs: number, toMs: number): number {
	if (bucket === 'day') return Math.floor((toMs - firstMs) / DAY_MS) + 1
	if (bucket === 'week') return Math.floor((toMs - firstMs) / (7 * DAY_MS)) + 1
	const [fy, fm] = first.split('-').map(Number) as [number, number]
	const [ty, tm] = to.split('-').map(Number) as [number, number]
	return (ty - fy) * 12 + (tm - fm) + 1
}

/** The bucket a Pakistan day falls in. */
export function bucketOf(day: string, bucket: ReportBucket): string {
	if (bucket === 'day') return day
	if (bucket === 'month') return `${day.slice(0, 8)}01`
	const weekday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7 // Monday 0
	return addDays(day, -weekday)
}

/** The first day of the month `n` months after the month of `day`. */
function addMonths(day: string, n: number): string {
	const [y, m] = day.split('-').map(Number) as [number, number]
	const months = y * 12 + (m - 1) + n
	return `${String(Math.floor(months / 12)).padStart(4, '0')}-${String((months % 12) + 1).padStart(2, '0')}-01`
}
