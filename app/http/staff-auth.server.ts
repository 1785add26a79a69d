import { redirect } from 'react-router'
import { db } from '../db/client.server'
import { DEVICE_COOKIE, DEVICE_DAYS } from '../domain/staff/devices.server'
import { staffMay, type StaffPermission } from '../domain/staff/permissions'
import { AppError } from '../utils/app-error'
import { PENDING_COOKIE, PENDING_MINUTES } from '../domain/staff/pending-sign-ins.server'
import { SESSION_COOKIE, sessionIdHash, staffForSession, type Staff } from '../domain/staff/sessions.server'
import { staffSessionHolder, type LiveHolder } from '../domain/realtime/live-ended.server'
import { twoFactorRequired } from '../domain/staff/two-factor-requirement.server'
import { readCookie } from './cookies'
import { isCrossSite } from './request-guard'
import { env } from '../utils/env.server'
import { cookiesAreSecure, pageFailure } from './http.server'

export const sessionPolicy = () => ({ idleMinutes: env().STAFF_IDLE_MINUTES, absoluteHours: env().STAFF_SESSION_HOURS })

/** Where a staff member without two-factor sign-in is sent when the owner requires it. */
export const SECURITY_PAGE = '/admin/security'

/** A cookie's value; a badly encoded one counts as absent rather than failing the request. */
function cookieValue(request: Request, name: string): string | null {
	try {
		return readCookie(request.headers.get('cookie'), name)
	} catch {
		return null
	}
}

function cookie(request: Request, name: string, value: string, { path = '/', maxAge }: { path?: string; maxAge: number }) {
	return [`${name}=${value}`, `Path=${path}`, 'HttpOnly', 'SameSite=Lax', `Max-Age=${maxAge}`, ...(cookiesAreSecure(request) ? ['Secure'] : [])].join('; ')
}

export const sessionIdFrom = (request: Request) => cookieValue(request, SESSION_COOKIE)
export const sessionCookie = (request: Request, id: string) => cookie(request, SESSION_COOKIE, id, { maxAge: env().STAFF_SESSION_HOURS * 3600 })
export const clearSessionCookie = (request: Request) => cookie(request, SESSION_COOKIE, '', { maxAge: 0 })

// Only the sign-in page reads these; '/admin' (not '/admin/login') so its '/admin/login.data' requests carry them too.
const SIGN_IN_PATH = '/admin'
export const deviceTokenFrom = (request: Request) => cookieValue(request, DEVICE_COOKIE)
export const deviceCookie = (request: Request, token: string) => cookie(request, DEVICE_COOKIE, token, { path: SIGN_IN_PATH, maxAge: DEVICE_DAYS * 86_400 })

export const pendingSignInFrom = (request: Request) => cookieValue(request, PENDING_COOKIE)
export const pendingSignInCookie = (request: Request, id: string) => cookie(request, PENDING_COOKIE, id, { path: SIGN_IN_PATH, maxAge: PENDING_MINUTES * 60 })
export const clearPendingSignInCookie = (request: Request) => cookie(request, PENDING_COOKIE, '', { path: SIGN_IN_PATH, maxAge: 0 })

export async function currentStaff(request: Request): Promise<Staff | null> {
	return staffForSession(db(), sessionIdFrom(request), sessionPolicy())
}

/** The staff session a live stream is opened under, when the request carries a valid one: the stream ends with it. */
export async function staffStreamHolder(request: Request): Promise<LiveHolder | null> {
	const id = sessionIdFrom(request)
	if (!id) return null
	return (await currentStaff(request)) ? staffSessionHolder(sessionIdHash(id)) : null
}

/** What a page refused for a missing permission says. */
const PAGE_REFUSAL: Record<StaffPermission, string> = {
	staff: 'Please sign in to the staff console.',
	catalogue: 'This page is for the shop owner and staff the owner lets manage the catalogue.',
	'reveal-stock': 'This is for the shop owner and staff the owner lets reveal stock.',
	refunds: 'This is for the shop owner and staff the owner lets refund orders.',
	reports: 'This page is for the shop owner and staff the owner lets see reports.',
	suppliers: 'This page is for the shop owner and staff the owner lets manage suppliers.',
	owner: 'This page is for the shop owner only.',
}

export const TWO_FACTOR_REQUIRED = 'The shop owner requires two-factor sign-in for every staff account: set it up on the Security page (/admin/security) first.'

/** True when the owner requires two-factor sign-in and this staff member has not set it up. */
export const missingTwoFactor = async (staff: Staff) => !staff.twoFactorEnabled && (await twoFactorRequired(db()))

// Single-fetch data requests carry '.data' after the page's path.
const pagePath = (request: Request) => new URL(request.url).pathname.replace(/\.data$/, '').replace(/\/$/, '') || '/'

/**
 * The one gate of console pages: the signed-in staff member holding `permission` (any staff member
 * by default), a redirect to sign-in that comes back here, a redirect to set up two-factor sign-in
 * when the owner requires it, or a 403 page with a sentence. The console's APIs have theirs:
 * requireAdminActor (admin-api.server.ts).
 */
export async function requireStaff(request: Request, { permission = 'staff' }: { permission?: StaffPermission } = {}): Promise<Staff> {
	const staff = await currentStaff(request)
	if (!staff) {
		const url = new URL(request.url)
		throw redirect(`/admin/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`)
	}
	if (pagePath(request) !== SECURITY_PAGE && (await missingTwoFactor(staff))) throw redirect(SECURITY_PAGE)
	if (!staffMay(staff, permission)) throw pageFailure(new AppError('FORBIDDEN', PAGE_REFUSAL[permission]))
	if (request.method !== 'GET' && request.method !== 'HEAD') assertSameOrigin(request)
	return staff
}

/** A state-changing request signed by a staff cookie from another site: refused (the host also refuses every cross-site write: request-guard.ts). */
export function crossOriginRefusal(request: Request): AppError | null {
	const own = [new URL(request.url).origin, ...(env().PUBLIC_URL ? [new URL(env().PUBLIC_URL!).origin] : [])]
	return isCrossSite({ origin: request.headers.get('origin'), secFetchSite: request.headers.get('sec-fetch-site'), own }) ? new AppError('FORBIDDEN', 'Cross-origin requests are not allowed.') : null
}

/** Pages that write without the staff gate (sign-in, sign-out): a cross-site post is a 403 page. */
export function assertSameOrigin(request: Request) {
	const refused = crossOriginRefusal(request)
	if (refused) throw pageFailure(refused)
}
