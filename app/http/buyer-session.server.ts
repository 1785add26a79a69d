import { db } from '../db/client.server'
import { BUYER_SESSION_COOKIE, BUYER_SESSION_DAYS, buyerForSession } from '../domain/buyers/sign-in.server'
import { readCookie } from './cookies'
import { cookiesAreSecure } from './http.server'

// The buyer's session cookie (issue: buyers find their orders again): HttpOnly, 30 days, its own
// name, apart from the staff session and from the per-order access cookies.

function cookie(request: Request, value: string, maxAge: number) {
	return [`${BUYER_SESSION_COOKIE}=${value}`, 'Path=/', 'HttpOnly', 'SameSite=Lax', `Max-Age=${maxAge}`, ...(cookiesAreSecure(request) ? ['Secure'] : [])].join('; ')
}

export const buyerSessionCookie = (request: Request, sessionId: string) => cookie(request, sessionId, BUYER_SESSION_DAYS * 86_400)
export const clearBuyerSessionCookie = (request: Request) => cookie(request, '', 0)

/** The session cookie's value; a malformed cookie header counts as none. */
export function buyerSessionId(request: Request): string | null {
	try {
		return readCookie(request.headers.get('cookie'), BUYER_SESSION_COOKIE)
	} catch {
		return null
	}
}

/** The signed-in buyer of this request, or null. */
export const currentBuyer = (request: Request) => buyerForSession(db(), buyerSessionId(request))
