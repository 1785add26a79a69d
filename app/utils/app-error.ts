import type { MessageKey } from '../i18n/catalogue'
import { inEnglish, saidOf } from '../i18n/english'
import type { Said } from '../i18n/words'

// Expected failures carry a code; routes map codes to HTTP statuses.
export type AppErrorCode =
	| 'BAD_REQUEST'
	| 'NOT_FOUND'
	| 'METHOD_NOT_ALLOWED'
	| 'RATE_LIMITED'
	| 'UNAUTHORIZED'
	| 'FORBIDDEN'
	| 'CONFLICT'
	| 'TOO_LARGE'
	| 'UNSUPPORTED_MEDIA_TYPE'
	| 'UPSTREAM'
	| 'UNAVAILABLE'

const STATUS: Record<AppErrorCode, number> = {
	BAD_REQUEST: 400,
	UNAUTHORIZED: 401,
	FORBIDDEN: 403,
	NOT_FOUND: 404,
	METHOD_NOT_ALLOWED: 405,
	CONFLICT: 409,
	TOO_LARGE: 413,
	UNSUPPORTED_MEDIA_TYPE: 415,
	RATE_LIMITED: 429,
	UPSTREAM: 502,
	UNAVAILABLE: 503,
}

/**
 * A refusal: its code, and what a person reads as words by key (`{ key, params }`, or a bare message
 * key; said in the page's language where it is shown) or, for the console's sentences not yet given
 * keys, as written.
 * `message` and `fieldErrors` are the English (logs, the APIs' JSON); `said` and `fieldSaid` the words.
 */
export class AppError extends Error {
	readonly said: Said
	readonly fieldSaid?: Record<string, Said>
	readonly fieldErrors?: Record<string, string>
	constructor(
		readonly code: AppErrorCode,
		said: Said,
		fieldErrors?: Record<string, Said>,
	) {
		const words = saidOf(said)
		super(inEnglish(words))
		this.said = words
		if (fieldErrors) {
			this.fieldSaid = Object.fromEntries(Object.entries(fieldErrors).map(([field, fieldSaid]) => [field, saidOf(fieldSaid)]))
			this.fieldErrors = Object.fromEntries(Object.entries(this.fieldSaid).map(([field, fieldSaid]) => [field, inEnglish(fieldSaid)]))
		}
	}
	/** The message key of what it says, when it says words by key. */
	get key(): MessageKey | undefined {
		return typeof this.said === 'string' ? undefined : this.said.key
	}
	get status() {
		return STATUS[this.code]
	}
}
