// Expected failures carry a code; routes map codes to HTTP statuses.
export type AppErrorCode = 'BAD_REQUEST' | 'NOT_FOUND' | 'RATE_LIMITED' | 'UNAUTHORIZED' | 'FORBIDDEN' | 'CONFLICT' | 'TOO_LARGE' | 'UPSTREAM'

const STATUS: Record<AppErrorCode, number> = {
	BAD_REQUEST: 400,
	UNAUTHORIZED: 401,
	FORBIDDEN: 403,
	NOT_FOUND: 404,
	CONFLICT: 409,
	TOO_LARGE: 413,
	RATE_LIMITED: 429,
	UPSTREAM: 502,
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
