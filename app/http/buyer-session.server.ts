import { db } from '../db/client.server'
import { BUYER_SESSION_COOKIE, BUYER_SESSION_DAYS, buyerForSession, SIGN_IN_MINUTES } from '../domain/buyers/sign-in.server'
import { RateLimited } from '../domain/rate-limit.server'
import { readCookie } from './cookies'
import { cookiesAreSecure } from './http.server'

// The buyer's session cookie (issue: buyers find their orders again): HttpOnly, 30 days, its own
// name, apart from the staff session and from the per-order access cookies.

/** A refusal that was a limit says when to ask again (Retry-After, in seconds). */
export const retryAfterHeaders = (error: unknown): Record<string, string> => (error instanceof RateLimited ? { 'Retry-After': String(error.retryAfterSeconds) } : {})

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

// A sign-in asked for on My orders and not yet finished: the address the code went to, so a reload
// still shows the code box (never the code). It lasts as long as the code does.
const PENDING_SIGN_IN_COOKIE = 'buyer_sign_in_pending'

function pendingCookie(request: Request, value: string, maxAge: number) {
	return [`${PENDING_SIGN_IN_COOKIE}=${encodeURIComponent(value)}`, 'Path=/my-orders', 'HttpOnly', 'SameSite=Lax', `Max-Age=${maxAge}`, ...(cookiesAreSecure(request) ? ['Secure'] : [])].join('; ')
}

export const pendingSignInCookie = (request: Request, email: string) => pendingCookie(request, email, SIGN_IN_MINUTES * 60)
export const clearPendingSignInCookie = (request: Request) => pendingCookie(request, '', 0)

/** The address a pending sign-in's code went to, or null. */
export function pendingSignInEmail(request: Request): string | null {
	const email = readCookie(request.headers.get('cookie'), PENDING_SIGN_IN_COOKIE)
	return email && email.length <= 200 && /^[^\s@]+@[^\s@]+$/.test(email) ? email : null
}
