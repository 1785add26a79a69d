const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']
/** The Gregorian months as Urdu writes them, for dates on Urdu pages. */
const URDU_MONTHS = ['جنوری', 'فروری', 'مارچ', 'اپریل', 'مئی', 'جون', 'جولائی', 'اگست', 'ستمبر', 'اکتوبر', 'نومبر', 'دسمبر']
const LONG_MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December']

// The one place that knows Pakistan's time: UTC+5 all year (no daylight saving since 2009).
const PKT_OFFSET_MS = 5 * 60 * 60 * 1000

/**
 * '5 Jan 2025, 3:04 PM PKT'. Pakistan has kept UTC+5 without daylight saving since 2009; doing the
 * sum by hand gives server and browser the same text (Intl output differs between ICU versions).
 * `lang` 'ur': '5 جنوری 2025، 3:04 PM PKT' (the month in Urdu, Western digits).
 */
export function formatPakistanTime(iso: string, lang: 'en' | 'ur' = 'en'): string {
	const d = pakistanClock(iso)
	if (!d) return ''
	const hours = d.getUTCHours()
	const minutes = String(d.getUTCMinutes()).padStart(2, '0')
	return `${formatDay(d, lang)}${lang === 'ur' ? '،' : ','} ${hours % 12 || 12}:${minutes} ${hours < 12 ? 'AM' : 'PM'} PKT`
}

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
 * An instant from what a person typed as Pakistan time ('2026-12-01T09:30', a datetime-local field's
 * value, or '2026-12-01' for that day's start), or an ISO 8601 instant with its own offset ('…Z',
 * '…+05:00'). Null when it is not a real moment.
 */
export function parsePakistanDateTime(text: string): Date | null {
	const value = text.trim()
	const local = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(value)
	if (local) {
		const [y, mo, d, h = '0', mi = '0', s = '0'] = local.slice(1).map((p) => p ?? undefined) as string[]
		const utc = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s))
		const check = new Date(utc)
		// 2026-02-30 or 25:00 is no moment (Date.UTC would roll it over).
		if (check.getUTCMonth() !== Number(mo) - 1 || check.getUTCDate() !== Number(d) || Number(h) > 23 || Number(mi) > 59 || Number(s) > 59) return null
		return new Date(utc - PKT_OFFSET_MS)
	}
	if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/i.test(value)) return null
	const date = new Date(value)
	return Number.isNaN(date.getTime()) ? null : date
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

/** The start of a Pakistan calendar day ('2025-01-05') as an instant. */
export function pakistanDayStart(day: string): Date {
	return new Date(Date.parse(`${day}T00:00:00Z`) - PKT_OFFSET_MS)
}
