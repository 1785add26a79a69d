import { AppError } from '../utils/app-error'
import { env } from '../utils/env.server'
import { logger } from '../utils/logger.server'

/** A JSON body, or a 400 the route can return as is. */
export async function readJson(request: Request): Promise<unknown> {
	try {
		return await request.json()
	} catch {
		throw new AppError('BAD_REQUEST', 'The request body must be JSON.')
	}
}

/** Expected failures become their 4xx with a clear message; anything else is logged and a 500 with a generic one. */
export function errorResponse(error: unknown, fallback: string, extra: Record<string, unknown> = {}) {
	if (error instanceof AppError) {
		return Response.json({ ...extra, error: error.message, fieldErrors: error.fieldErrors }, { status: error.status })
	}
	logger.error({ err: error }, fallback)
	return Response.json({ ...extra, error: fallback }, { status: 500 })
}

export const cookiesAreSecure = (request: Request) => new URL(request.url).protocol === 'https:' || Boolean(env().PUBLIC_URL?.startsWith('https:'))
