import pino from 'pino'
import { currentRequestId } from './request-context.server'
import { singleton } from './singleton.server'

export const logger = singleton('logger', () =>
	pino({
		level: process.env.LOG_LEVEL ?? (process.env.NODE_ENV === 'test' ? 'silent' : 'info'),
		redact: ['req.headers.cookie', 'req.headers.authorization', 'req.headers["x-admin-key"]'],
		// Every line written while a request runs names it (its X-Request-Id, ADR-056).
		mixin: () => {
			const requestId = currentRequestId()
			return requestId ? { requestId } : {}
		},
	}),
)

/**
 * A request's address as the log keeps it: the words of a search (`q`, on the console's customers
 * and orders lists a buyer's email, name or phone) are left out, so buyers' contact details never
 * reach the log.
 */
export const loggedUrl = (url: string | undefined) => url?.replace(/([?&]q=)[^&#]*/gi, '$1[search]')
