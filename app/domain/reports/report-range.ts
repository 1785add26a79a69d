import { parsePakistanDateTime, pakistanDate } from '../../utils/pakistan-time'

// The period a sales report covers (ADR-031): whole Pakistan calendar days, `from` and `to` both
// included, and the period of equal length just before it for the comparison.

export const REPORT_PRESETS = ['today', '7d', '30d', 'month'] as const
export type ReportPreset = (typeof REPORT_PRESETS)[number]

export const PRESET_LABELS: Record<ReportPreset, string> = { today: 'Today', '7d': 'Last 7 days', '30d': 'Last 30 days', month: 'This month' }

export const REPORT_BUCKETS = ['day', 'week', 'month'] as const
export type ReportBucket = (typeof REPORT_BUCKETS)[number]

/** The longest range a report answers: five years of days. */
export const MAX_REPORT_DAYS = 5 * 366

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

const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10)

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

const DAY = /^\d{4}-\d{2}-\d{2}$/

/**
 * The range from what was asked: a preset, or `from` and `to` (YYYY-MM-DD, Pakistan days), and
 * optionally `by`. Nothing asked: the last 30 days. A bad date, `from` after `to`, a range over five
 * years or an unknown `by` is refused with a sentence.
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
	for (const [name, value] of [
		['from', from],
		['to', to],
	] as const) {
		if (!DAY.test(value) || !parsePakistanDateTime(value)) return { ok: false, message: `The ${name} date “${value.slice(0, 20)}” is not a day: write it as YYYY-MM-DD, e.g. ${pakistanDate(now)}.` }
	}
	const start = parsePakistanDateTime(from)!
	const end = new Date(parsePakistanDateTime(to)!.getTime() + DAY_MS)
	if (end <= start) return { ok: false, message: `The from date (${from}) is after the to date (${to}).` }
	const days = Math.round((end.getTime() - start.getTime()) / DAY_MS)
	if (days > MAX_REPORT_DAYS) return { ok: false, message: `A report covers at most five years; ${from} to ${to} is ${days.toLocaleString('en-US')} days.` }
	const by = input.by?.trim() || ''
	if (by && !(REPORT_BUCKETS as readonly string[]).includes(by)) return { ok: false, message: `“${by.slice(0, 20)}” is not a way to group a report: use day, week or month.` }
	const previousStart = new Date(start.getTime() - days * DAY_MS)
	const preset = REPORT_PRESETS.find((p) => {
		const d = presetDays(p, now)
		return d.from === from && d.to === to
	})
	return {
		ok: true,
		range: {
			from,
			to,
			days,
			start,
			end,
			previous: { from: addDays(from, -days), to: addDays(from, -1), start: previousStart, end: start },
			bucket: (by as ReportBucket) || defaultBucket(days),
			preset: asked && asked !== 'custom' ? (asked as ReportPreset) : (preset ?? null),
		},
	}
}

/** The first day of each bucket from `from` to `to`, as the series lists them (weeks start on Monday). */
export function bucketStarts(range: Pick<ReportRange, 'from' | 'to' | 'bucket'>): string[] {
	const first = bucketOf(range.from, range.bucket)
	const out: string[] = []
	for (let day = first; day <= range.to; ) {
		out.push(day)
		day = range.bucket === 'day' ? addDays(day, 1) : range.bucket === 'week' ? addDays(day, 7) : nextMonth(day)
	}
	return out
}

/** The bucket a Pakistan day falls in. */
export function bucketOf(day: string, bucket: ReportBucket): string {
	if (bucket === 'day') return day
	if (bucket === 'month') return `${day.slice(0, 8)}01`
	const weekday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7 // Monday 0
	return addDays(day, -weekday)
}

function nextMonth(day: string): string {
	const d = new Date(`${day.slice(0, 8)}01T00:00:00Z`)
	d.setUTCMonth(d.getUTCMonth() + 1)
	return d.toISOString().slice(0, 10)
}
