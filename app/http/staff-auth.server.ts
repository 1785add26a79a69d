import { redirect } from 'react-router'
import { db } from '../db/client.server'
import type { StaffRole } from '../db/schema'
import { DEVICE_COOKIE, DEVICE_DAYS } from '../domain/staff/devices.server'
import { canManageCatalogue } from '../domain/staff/permissions'
import { PENDING_COOKIE, PENDING_MINUTES } from '../domain/staff/pending-sign-ins.server'
import { SESSION_COOKIE, sessionIdHash, staffForSession, type Staff } from '../domain/staff/sessions.server'
import { staffSessionHolder, type LiveHolder } from '../domain/realtime/live-ended.server'
import { twoFactorRequired } from '../domain/staff/two-factor-requirement.server'
import { readCookie } from './cookies'
import { isCrossSite } from './request-guard'
import { env } from '../utils/env.server'
import { cookiesAreSecure } from './http.server'

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

const forbidden = () => new Response('This page is for the shop owner only.', { status: 403 })

export const TWO_FACTOR_REQUIRED = 'The shop owner requires two-factor sign-in for every staff account: set it up on the Security page (/admin/security) first.'

/** True when the owner requires two-factor sign-in and this staff member has not set it up. */
export const missingTwoFactor = async (staff: Staff) => !staff.twoFactorEnabled && (await twoFactorRequired(db()))

// Single-fetch data requests carry '.data' after the page's path.
const pagePath = (request: Request) => new URL(request.url).pathname.replace(/\.data$/, '').replace(/\/$/, '') || '/'

/** Admin pages: the signed-in staff member, or a redirect to sign-in that comes back here. */
export async function requireStaff(request: Request, { role }: { role?: StaffRole } = {}): Promise<Staff> {
	const staff = await currentStaff(request)
	if (!staff) {
		const url = new URL(request.url)
		throw redirect(`/admin/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`)
	}
	if (pagePath(request) !== SECURITY_PAGE && (await missingTwoFactor(staff))) throw redirect(SECURITY_PAGE)
	if (role === 'owner' && staff.role !== 'owner') throw forbidden()
	if (request.method !== 'GET' && request.method !== 'HEAD') assertSameOrigin(request)
	return staff
}

/** Console pages that change the catalogue: the owner, or staff the owner lets manage it; others get a 403 page. */
export async function requireCatalogueStaff(request: Request): Promise<Staff> {
	const staff = await requireStaff(request)
	if (!canManageCatalogue(staff)) throw new Response('This page is for the shop owner and staff the owner lets manage the catalogue.', { status: 403 })
	return staff
}

/** Admin APIs: 401 JSON instead of a redirect. */
export async function requireStaffApi(request: Request, { role }: { role?: StaffRole } = {}): Promise<Staff> {
	const staff = await currentStaff(request)
	if (!staff) throw Response.json({ error: 'Please sign in to the staff console.' }, { status: 401 })
	if (await missingTwoFactor(staff)) throw Response.json({ error: TWO_FACTOR_REQUIRED }, { status: 403 })
	if (role === 'owner' && staff.role !== 'owner') throw Response.json({ error: 'Only the shop owner may do this.' }, { status: 403 })
	if (request.method !== 'GET' && request.method !== 'HEAD') assertSameOrigin(request)
	return staff
}

/** State-changing requests signed by a staff cookie must come from the shop's own pages (the host also refuses every cross-site write: request-guard.ts). */
export function assertSameOrigin(request: Request) {
	const own = [new URL(request.url).origin, ...(env().PUBLIC_URL ? [new URL(env().PUBLIC_URL!).origin] : [])]
	if (isCrossSite({ origin: request.headers.get('origin'), secFetchSite: request.headers.get('sec-fetch-site'), own })) throw Response.json({ error: 'Cross-origin requests are not allowed.' }, { status: 403 })
}
