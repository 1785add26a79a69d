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

export class AppError extends Error {
	constructor(
		readonly code: AppErrorCode,
		message: string,
		readonly fieldErrors?: Record<string, string>,
	) {
		super(message)
	}
	get status() {
		return STATUS[this.code]
	}
}
