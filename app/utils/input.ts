import { z } from 'zod'

// The one rule for text and ids that come from outside: text is Unicode without NUL (PostgreSQL stores
// no NUL, and a lone UTF-16 surrogate such as JSON's "\uD800" is not a character at all), a name has
// something visible in it, a parsed body names no `__proto__`, and an id is a positive `integer`
// column. Anything else is refused with a clear message before a query.

/** PostgreSQL's `integer` range: an id past it names no row. */
export const MAX_ID = 2_147_483_647

export const PRODUCT_ID_MESSAGE = 'productId must be a product id (a whole number).'

export const NUL_MESSAGE = 'The text contains a character that is not allowed. Please remove it and try again.'

// NUL, or a UTF-16 surrogate with no partner (a pair is one character: \p{Cs} matches only the lone ones).
const FORBIDDEN = /[\u0000\p{Cs}]/u

/** True when the text holds a NUL or a lone surrogate: not text PostgreSQL (or any encoder) can take. */
export const hasForbiddenCharacter = (value: string) => FORBIDDEN.test(value)
/** The older name of hasForbiddenCharacter. */
export const hasNul = hasForbiddenCharacter

export const PROTO_KEY_MESSAGE = 'The request has a field named "__proto__", which is not allowed. Please rename it.'

// Characters that show nothing: format characters (zero-width space, joiners, word joiner, BOM, soft
// hyphen), every kind of space and line break, and the fillers fonts draw blank (Hangul, Braille, Mongolian).
const INVISIBLE = /\u034F|\u1160|\u17B4|\u17B5|[\p{Cf}\p{Z}\s\u115F\u180E\u2800\u3164\uFFA0]/gu

/** True when nothing in the text can be seen: empty, spaces, or only zero-width characters. */
export const isInvisible = (value: string) => value.replace(INVISIBLE, '') === ''

/** A row id from a path, a query or a form: a whole number from 1 to MAX_ID, else null. */
export function parseId(value: unknown): number | null {
	const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : ''
	if (!/^\d{1,10}$/.test(text)) return null
	const id = Number(text)
	return id >= 1 && id <= MAX_ID ? id : null
}

/** A row id in a zod schema: numbers and numeric strings, refused (with `message`) past the integer range. */
export const idSchema = (message = 'Invalid id') =>
	z.union([z.number(), z.string()], { error: message }).transform((value, ctx) => {
		const id = parseId(value)
		if (id === null) {
			ctx.addIssue({ code: 'custom', message })
			return z.NEVER
		}
		return id
	})

/** Free text in a zod schema: trimmed, NUL and lone surrogates refused. */
export const textSchema = () => z.string().trim().refine((v) => !hasForbiddenCharacter(v), NUL_MESSAGE)

/**
 * A name that is required (a buyer's, a reviewer's, a staff member's, a product's, the store's): free
 * text with at most `max` characters and something visible in it; `message` when it is empty or made
 * only of invisible characters (zero-width spaces, joiners, BOM, spaces). `missing`: the message when
 * the field is not sent at all (else zod's, which the console API words as "Please give …").
 */
export const nameSchema = (message: string, max: number, maxMessage: string, { missing }: { missing?: string } = {}) =>
	z
		.string(missing ? { error: missing } : undefined)
		.trim()
		.refine((v) => !hasForbiddenCharacter(v), NUL_MESSAGE)
		.refine((v) => !isInvisible(v), message)
		.max(max, maxMessage)

/** Why a parsed JSON value or form cannot be taken, however deep: a forbidden character in a string or key, or a `__proto__` key. Null when it can. */
export function inputProblem(value: unknown): string | null {
	const pending: unknown[] = [value]
	while (pending.length > 0) {
		const next = pending.pop()
		if (typeof next === 'string') {
			if (hasForbiddenCharacter(next)) return NUL_MESSAGE
		} else if (next !== null && typeof next === 'object') {
			for (const key of Object.keys(next)) {
				if (hasForbiddenCharacter(key)) return NUL_MESSAGE
				if (key === '__proto__') return PROTO_KEY_MESSAGE
				pending.push((next as Record<string, unknown>)[key])
			}
		}
	}
	return null
}

/** True when any string (or key) inside a parsed JSON value or form carries a NUL or a lone surrogate, however deep. */
export const containsNul = (value: unknown) => inputProblem(value) === NUL_MESSAGE
