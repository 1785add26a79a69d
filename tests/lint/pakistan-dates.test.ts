import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, test } from 'vitest'

// Every date a person reads is Pakistan's (UTC+5): one formatter writes them, app/utils/pakistan-time.ts
// (formatPakistanTime, formatPakistanDay, pakistanDate, pakistanStamp…), in the reader's language.
// Cutting an ISO instant to its first ten characters gives the UTC day ("Refunded on 2026-12-05" for
// 4:57 in the morning of 6 December in Pakistan), and the browser's toLocale…String without a time
// zone gives the reader's device's day: neither may appear in app/ outside the formatter itself.

const ROOT = path.resolve(import.meta.dirname, '../..')
const OWNER = 'app/utils/pakistan-time.ts'

const RULES: Array<{ pattern: RegExp; why: string }> = [
	{ pattern: /toISOString\(\)\s*\.\s*(slice|substring|substr)\(\s*0\s*,\s*(10|16|19)\s*\)/, why: 'an ISO instant cut to its UTC day or time' },
	{ pattern: /toISOString\(\)\s*\.\s*split\(\s*['"]T['"]\s*\)/, why: 'an ISO instant split to its UTC day' },
	{ pattern: /\.(toLocaleDateString|toLocaleTimeString)\((?![^)]*timeZone)/, why: 'a date in the device’s time zone' },
	{ pattern: /Intl\.DateTimeFormat\((?![^)]*timeZone)/, why: 'a date format in the device’s time zone' },
	{ pattern: /\b(createdAt|updatedAt|paidAt|expiresAt|endsAt|startsAt|deliveredAt|sentAt)\??\.(slice|substring)\(\s*0\s*,\s*(10|16)\s*\)/, why: 'an instant’s text cut to its UTC day' },
]

/** The lines of `code` that write a date outside Pakistan time, with why. */
export function utcDates(code: string): string[] {
	return code.split('\n').flatMap((line, i) => RULES.filter((r) => r.pattern.test(line)).map((r) => `${i + 1}: ${r.why}: ${line.trim()}`))
}

function sources(dir: string): string[] {
	return fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
		const rel = `${dir}/${entry.name}`
		if (entry.isDirectory()) return sources(rel)
		return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [rel] : []
	})
}

describe('dates are written in Pakistan time, through the one formatter', () => {
	test('the rule catches the UTC day, the device’s day and a cut instant', () => {
		expect(utcDates('const on = at.toISOString().slice(0, 10)')).toHaveLength(1)
		expect(utcDates("const until = `until ${d.toISOString().split('T')[0]}`")).toHaveLength(1)
		expect(utcDates("el.textContent = date.toLocaleDateString('ur-PK')")).toHaveLength(1)
		expect(utcDates("new Intl.DateTimeFormat('en-GB', { day: 'numeric' })")).toHaveLength(1)
		expect(utcDates('`${r.createdAt.slice(0, 10)}: ${r.reason}`')).toHaveLength(1)
		// With Pakistan's zone named, or through the formatter, a date passes.
		expect(utcDates("date.toLocaleDateString('en-GB', { timeZone: 'Asia/Karachi' })")).toEqual([])
		expect(utcDates('const on = formatPakistanDay(at.toISOString(), lang)')).toEqual([])
		expect(utcDates("const n = total.toLocaleString('en-US')")).toEqual([])
	})

	test('no file in app/ but the formatter writes a date its own way', () => {
		const found = sources('app')
			.filter((file) => file !== OWNER)
			.flatMap((file) => utcDates(fs.readFileSync(path.join(ROOT, file), 'utf8')).map((hit) => `${file}:${hit}`))
		expect(found).toEqual([])
	})
})
