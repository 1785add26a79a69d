const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']
/** The Gregorian months as Urdu writes them, for dates on Urdu pages. */
const URDU_MONTHS = ['جنوری', 'فروری', 'مارچ', 'اپریل', 'مئی', 'جون', 'جولائی', 'اگست', 'ستمبر', 'اکتوبر', 'نومبر', 'دسمبر']
const LONG_MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December']

// The one place that knows Pakistan's time: UTC+5 all year (no daylight saving since 2009).
const PKT_OFFSET_MS = 5 * 60 * 60 * 1000

/**
 * '5 Jan 2025, 3:04 PM PKT'. Pakistan has kept UTC+5 without daylight saving since 2009; doing the
 * sum by hand gives server and browser the same text (Intl output differs between ICU versions).
 * `lang` 'ur': '5 جنوری 2025، سہ پہر 3:04', the way an Urdu reader says the hour: the part of the
 * day before a 12-hour clock (URDU_DAY_PARTS), Western digits, and no zone (Urdu pages are read in Pakistan).
 */
export function formatPakistanTime(iso: string, lang: 'en' | 'ur' = 'en'): string {
	const d = pakistanClock(iso)
	if (!d) return ''
	const hours = d.getUTCHours()
	const clock = `${hours % 12 || 12}:${String(d.getUTCMinutes()).padStart(2, '0')}`
	if (lang === 'ur') return `${formatDay(d, lang)}، ${urduDayPart(hours)} ${clock}`
	return `${formatDay(d, lang)}, ${clock} ${hours < 12 ? 'AM' : 'PM'} PKT`
}

/**
 * The parts of the day Urdu names an hour by, from the hour each starts at: رات (night) until 4,
 * صبح (morning) until noon, دوپہر (midday) until 3, سہ پہر (afternoon) until 5, شام (evening) until 8, then رات.
 */
const URDU_DAY_PARTS: ReadonlyArray<readonly [number, string]> = [
	[20, 'رات'],
	[17, 'شام'],
	[15, 'سہ پہر'],
	[12, 'دوپہر'],
	[4, 'صبح'],
	[0, 'رات'],
]

/** 'صبح', 'شام'…: the part of the day a Pakistan-clock hour (0–23) falls in, as Urdu says it. */
export const urduDayPart = (hour: number): string => URDU_DAY_PARTS.find(([from]) => hour >= from)![1]

/** '5 Jan 2025' ('5 جنوری 2025' in Urdu): the Pakistan calendar day of an instant, as reviews show it. */
export function formatPakistanDay(iso: string, lang: 'en' | 'ur' = 'en'): string {
	const d = pakistanClock(iso)
	if (!d) return ''
	return formatDay(d, lang)
}

const formatDay = (d: Date, lang: 'en' | 'ur') => `${d.getUTCDate()} ${(lang === 'ur' ? URDU_MONTHS : MONTHS)[d.getUTCMonth()]} ${d.getUTCFullYear()}`

/** '05/01/2025, 15:04': day/month/year and the 24-hour time in Pakistan, as the chat message writes it. */
export function formatPakistanNumeric(date: Date): string {
	const d = pakistanClock(date)!
	const two = (n: number) => String(n).padStart(2, '0')
	return `${two(d.getUTCDate())}/${two(d.getUTCMonth() + 1)}/${d.getUTCFullYear()}, ${two(d.getUTCHours())}:${two(d.getUTCMinutes())}`
}

/** 'January 5, 2025': the Pakistan calendar day, as a policy page's "last updated" shows it. */
export function formatPakistanLongDay(iso: string): string {
	const d = pakistanClock(iso)
	if (!d) return ''
	return `${LONG_MONTHS[d.getUTCMonth()]} ${d.getUTCDate()}, ${d.getUTCFullYear()}`
}

/**
 * `months` calendar months after `from`, on Pakistan's calendar, at the same time of day. A day the
 * month lacks becomes its last day (31 Jan + 1 month = 28 or 29 Feb).
 */
export function addCalendarMonths(from: Date | string, months: number): Date {
	const local = new Date(new Date(from).getTime() + PKT_OFFSET_MS)
	const day = local.getUTCDate()
	const target = new Date(local.getTime())
	target.setUTCDate(1)
	target.setUTCMonth(target.getUTCMonth() + months)
	const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate()
	target.setUTCDate(Math.min(day, lastDay))
	return new Date(target.getTime() - PKT_OFFSET_MS)
}

/** '2025-01-05 15:04': an instant on Pakistan's calendar and 24-hour clock, sortable, as the console's CSV files write it. */
export function pakistanStamp(instant: Date | string): string {
	const d = pakistanClock(instant)
	return d ? d.toISOString().slice(0, 16).replace('T', ' ') : ''
}

/**
 * A calendar date the database hands back (a SQL date, already a Pakistan day) as 'YYYY-MM-DD':
 * PostgreSQL gives text, PGlite a Date at UTC midnight. Not for instants: those go through pakistanDate.
 */
export function calendarDayText(value: unknown): string {
	return value instanceof Date ? value.toISOString().slice(0, 10) : String(value).slice(0, 10)
}

/** Pakistan's calendar date, '2025-01-05'. */
export function pakistanDate(date: Date): string {
	return new Date(date.getTime() + PKT_OFFSET_MS).toISOString().slice(0, 10)
}

/** The instant shifted to Pakistan's wall clock, read with the UTC getters; null if not a date. */
function pakistanClock(instant: string | Date): Date | null {
	const time = new Date(instant).getTime()
	return Number.isNaN(time) ? null : new Date(time + PKT_OFFSET_MS)
}

/**
 * The years a typed date may fall in, everywhere the shop reads one (coupons, reports, the order
 * list's filters, the console API): 2000 to 9998. Earlier is no shop date (and years 0–99 would be
 * read as 1900–1999 by JavaScript's Date), later has no next day or month to step to.
 */
export const FIRST_YEAR = 2000
export const LAST_YEAR = 9998
/** What a reader is told when a date falls outside the shop's years. */
export const YEARS_MESSAGE = `Use a date from the year ${FIRST_YEAR} to ${LAST_YEAR}.`

/** Whether an instant's Pakistan calendar year is one of the shop's years. */
export function inShopYears(date: Date): boolean {
	const d = pakistanClock(date)
	if (!d) return false
	const year = d.getUTCFullYear()
	return year >= FIRST_YEAR && year <= LAST_YEAR
}

/** A typed date: the instant, or why it is none ('format': not a real moment; 'years': outside the shop's years). */
export type DateReading = { ok: true; date: Date } | { ok: false; problem: 'format' | 'years' }

const LOCAL_MOMENT = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?)?$/
const OFFSET_MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/i
const DAY_ONLY = /^\d{4}-\d{2}-\d{2}$/

/**
 * An instant from what a person typed as Pakistan time ('2026-12-01T09:30', a datetime-local field's
 * value, or '2026-12-01' for that day's start), or an ISO 8601 instant with its own offset ('…Z',
 * '…+05:00'). The year is read as typed (never JavaScript's 0027 → 1927) and must be one of the
 * shop's years (FIRST_YEAR to LAST_YEAR) on Pakistan's calendar.
 */
export function readPakistanDateTime(text: string): DateReading {
	const value = text.trim()
	if (value.length > 40) return { ok: false, problem: 'format' }
	const local = LOCAL_MOMENT.exec(value)
	if (local) {
		const [y, mo, d, h = '0', mi = '0', s = '0'] = local.slice(1).map((p) => p ?? undefined) as string[]
		const year = Number(y)
		if (year < FIRST_YEAR || year > LAST_YEAR) return { ok: false, problem: 'years' }
		const utc = Date.UTC(year, Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s))
		const check = new Date(utc)
		// 2026-02-30 or 25:00 is no moment (Date.UTC would roll it over).
		if (check.getUTCMonth() !== Number(mo) - 1 || check.getUTCDate() !== Number(d) || Number(h) > 23 || Number(mi) > 59 || Number(s) > 59) return { ok: false, problem: 'format' }
		return { ok: true, date: new Date(utc - PKT_OFFSET_MS) }
	}
	if (!OFFSET_MOMENT.test(value)) return { ok: false, problem: 'format' }
	// ISO 8601 text keeps its four-digit year (no 1900s quirk); the year that counts is Pakistan's.
	const date = new Date(value)
	if (Number.isNaN(date.getTime())) return { ok: false, problem: 'format' }
	return inShopYears(date) ? { ok: true, date } : { ok: false, problem: 'years' }
}

/** readPakistanDateTime's instant, or null when it is none (not a moment, or outside the shop's years). */
export function parsePakistanDateTime(text: string): Date | null {
	const read = readPakistanDateTime(text)
	return read.ok ? read.date : null
}

/** A Pakistan calendar day as typed, 'YYYY-MM-DD' only: the day's start, or why it is none. */
export function readPakistanDay(text: string): DateReading {
	const value = text.trim()
	return DAY_ONLY.test(value) ? readPakistanDateTime(value) : { ok: false, problem: 'format' }
}

/** An instant as a datetime-local field shows it in Pakistan time: '2026-12-01T09:30'. */
export function pakistanDateTimeInput(date: Date | string): string {
	const d = pakistanClock(date)
	return d ? d.toISOString().slice(0, 16) : ''
}

/** The hour (0–23) on Pakistan's clock at this instant. */
export function pakistanHour(date: Date): number {
	return new Date(date.getTime() + PKT_OFFSET_MS).getUTCHours()
}

/** The first instant after `date` at which Pakistan's clock reads `hour`:00. */
export function nextPakistanHour(date: Date, hour: number): Date {
	const local = new Date(date.getTime() + PKT_OFFSET_MS)
	const at = Date.UTC(local.getUTCFullYear(), local.getUTCMonth(), local.getUTCDate(), hour) - PKT_OFFSET_MS
	return new Date(at > date.getTime() ? at : at + 24 * 3600 * 1000)
}

/** The start of a Pakistan calendar day ('2025-01-05', read with readPakistanDay first) as an instant; `after` days later. */
export function pakistanDayStart(day: string, after = 0): Date {
	return new Date(Date.parse(`${day}T00:00:00Z`) + after * 86_400_000 - PKT_OFFSET_MS)
}
