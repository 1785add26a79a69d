import { readCookie } from './cookies'

// What a buyer typed in a form posted without scripts (the receipt's TID and payer, a claim's text),
// kept for the page the refusal sends them back to, so they fix one field instead of typing all again.
// Never in the address (it carries codes only, and would keep the text in history and logs): in a
// short-lived cookie of this browser, HttpOnly, naming the form and the order it was typed for. The
// page reads it only when its address says the form was refused; a sent form forgets it. Never the file.

const COOKIE = 'typed_back'
/** Seconds the typed values wait for the page they were sent back to. */
const KEPT_SECONDS = 120
/** Bytes of JSON kept at most (a cookie holds about 4 KB, and base64 adds a third). */
const MAX_JSON_BYTES = 2800

export type TypedForm = 'receipt' | 'claim'

interface Kept {
	form: TypedForm
	/** The order (and for a claim, its unit) the values were typed for. */
	for: string
	values: Record<string, string>
}

const jsonBytes = (kept: Kept) => Buffer.byteLength(JSON.stringify(kept))

/** The values cut to fit a cookie: the longest loses its end first (a few rounds at most). */
function fitted(kept: Kept): Kept {
	const values = { ...kept.values }
	for (let round = 0; round < 8 && jsonBytes({ ...kept, values }) > MAX_JSON_BYTES; round++) {
		const longest = Object.keys(values).sort((a, b) => values[b]!.length - values[a]!.length)[0]
		if (!longest) break
		const over = jsonBytes({ ...kept, values }) - MAX_JSON_BYTES
		// Every character is a byte or more: cutting as many characters as bytes over takes off enough.
		const chars = [...values[longest]!]
		values[longest] = chars.slice(0, Math.max(0, chars.length - over)).join('')
	}
	return { ...kept, values }
}

/** The Set-Cookie header that keeps what was typed in a refused form. */
export function keepTyped(form: TypedForm, typedFor: string, values: Record<string, string | undefined>, { secure }: { secure: boolean }): string {
	const given = Object.fromEntries(Object.entries(values).filter((entry): entry is [string, string] => typeof entry[1] === 'string' && entry[1].length > 0))
	const kept = fitted({ form, for: typedFor, values: given })
	const value = Buffer.from(JSON.stringify(kept)).toString('base64url')
	return [`${COOKIE}=${value}`, 'Path=/', 'HttpOnly', 'SameSite=Lax', `Max-Age=${KEPT_SECONDS}`, ...(secure ? ['Secure'] : [])].join('; ')
}

/** The Set-Cookie header that forgets typed values (the form was sent). */
export const forgetTyped = ({ secure }: { secure: boolean }): string => [`${COOKIE}=`, 'Path=/', 'HttpOnly', 'SameSite=Lax', 'Max-Age=0', ...(secure ? ['Secure'] : [])].join('; ')

/** What was typed in this form for this order (or unit), as sent back after a refusal; null when nothing is kept for it. */
export function typedBack(request: Request, form: TypedForm, typedFor: string): Record<string, string> | null {
	const raw = readCookie(request.headers.get('cookie'), COOKIE)
	if (!raw || raw.length > 6000) return null
	try {
		const kept = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as Partial<Kept>
		if (kept.form !== form || kept.for !== typedFor || typeof kept.values !== 'object' || kept.values === null) return null
		return Object.fromEntries(Object.entries(kept.values).filter((entry): entry is [string, string] => typeof entry[1] === 'string'))
	} catch {
		return null
	}
}

/** What a claim's typed text is kept for: the order and its unit. */
export const claimTypedFor = (orderNumber: string, unitId: number) => `${orderNumber}#${unitId}`
