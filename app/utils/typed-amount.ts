import { westernDigits } from './digits'

// An amount as an owner types it into a console form (coupons, option prices and costs, refunds):
// "20%", "20 %", "Rs. 500", "Rs 1,500", "PKR 500", "500 rupees", "500/-", "US$ 4.99", in Western,
// Urdu or Arabic-Indic digits (`westernDigits`). The one reading of such a box: it says the number
// and what it was written as (its unit), and each form decides what it accepts and in which words.

export type AmountUnit = 'rupees' | 'percent' | 'dollars'

/** What was typed: a number (maybe with a fraction) and the unit written beside it, if any; or not a number at all. */
export type TypedAmount = { ok: true; amount: number; unit: AmountUnit | null } | { ok: false }

const MARKS: { unit: AmountUnit; before?: RegExp; after?: RegExp }[] = [
	{ unit: 'percent', after: /(?:%|\u066A|per\s*cent|pc)$/i },
	{ unit: 'dollars', before: /^(?:us\s*\$|usd|\$)/i, after: /(?:usd|dollars?|\$)$/i },
	{ unit: 'rupees', before: /^(?:rs\.?|pkr|rupees?)/i, after: /(?:\/-|rs\.?|pkr|rupees?)$/i },
]

/** Group separators between digits: spaces of every kind, commas, the Arabic thousands sign. */
const GROUPS = /[\s,\u066C]/g

/** "Rs. 1,500" → 1500 rupees; "20 %" → 20 percent; "1500" → 1500, no unit; "twenty" → not a number. */
export function readTypedAmount(typed: string | number): TypedAmount {
	if (typeof typed === 'number') return Number.isFinite(typed) ? { ok: true, amount: typed, unit: null } : { ok: false }
	// At most a short amount's worth of characters: a pasted paragraph is not an amount.
	if (typed.length > 40) return { ok: false }
	let text = westernDigits(typed.normalize('NFKC')).trim()
	let unit: AmountUnit | null = null
	for (const mark of MARKS) {
		const before = mark.before?.exec(text)
		const after = mark.after?.exec(text)
		if (before) text = text.slice(before[0].length).trim()
		else if (after) text = text.slice(0, text.length - after[0].length).trim()
		else continue
		unit = mark.unit
		break
	}
	text = text.replace(GROUPS, '').replace(/\u066B/g, '.')
	if (!/^\d+(?:\.\d+)?$/.test(text)) return { ok: false }
	return { ok: true, amount: Number(text), unit }
}

/** A whole number of rupees: "Rs. 1,500", "1500", "500 rupees"; null for anything else (a percent, dollars, a fraction, words). */
export function typedRupees(typed: string | number): number | null {
	const read = readTypedAmount(typed)
	return read.ok && (read.unit === null || read.unit === 'rupees') && Number.isSafeInteger(read.amount) ? read.amount : null
}
