import { z } from 'zod'

// The one rule for text and ids that come from outside: PostgreSQL stores no NUL character, and an
// id is a positive `integer` column. Anything else is refused with a clear message before a query.

/** PostgreSQL's `integer` range: an id past it names no row. */
export const MAX_ID = 2_147_483_647

export const PRODUCT_ID_MESSAGE = 'productId must be a product id (a whole number).'

export const NUL_MESSAGE = 'The text contains a character that is not allowed. Please remove it and try again.'

export const hasNul = (value: string) => value.includes('\0')

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

/** Free text in a zod schema: trimmed, NUL refused. */
export const textSchema = () => z.string().trim().refine((v) => !hasNul(v), NUL_MESSAGE)

/** True when any string (or key) inside a parsed JSON value or form carries a NUL, however deep. */
export function containsNul(value: unknown): boolean {
	const pending: unknown[] = [value]
	while (pending.length > 0) {
		const next = pending.pop()
		if (typeof next === 'string') {
			if (hasNul(next)) return true
		} else if (next !== null && typeof next === 'object') {
			for (const [key, inner] of Object.entries(next)) {
				if (hasNul(key)) return true
				pending.push(inner)
			}
		}
	}
	return false
}
