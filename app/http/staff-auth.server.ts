import { redirect } from 'react-router'
import { db } from '../db/client.server'
import type { StaffRole } from '../db/schema'
import { SESSION_COOKIE, staffForSession, type Staff } from '../domain/staff/sessions.server'
import { readCookie } from './cookies'
import { env } from '../utils/env.server'
import { cookiesAreSecure } from './http.server'

export const sessionPolicy = () => ({ idleMinutes: env().STAFF_IDLE_MINUTES, absoluteHours: env().STAFF_SESSION_HOURS })

export function sessionIdFrom(request: Request): string | null {
	return readCookie(request.headers.get('cookie'), SESSION_COOKIE)
}

export function sessionCookie(request: Request, id: string) {
	return [`${SESSION_COOKIE}=${id}`, 'Path=/', 'HttpOnly', 'SameSite=Lax', `Max-Age=${env().STAFF_SESSION_HOURS * 3600}`, ...(cookiesAreSecure(request) ? ['Secure'] : [])].join('; ')
}

export function clearSessionCookie(request: Request) {
	return [`${SESSION_COOKIE}=`, 'Path=/', 'HttpOnly', 'SameSite=Lax', 'Max-Age=0', ...(cookiesAreSecure(request) ? ['Secure'] : [])].join('; ')
}

export async function currentStaff(request: Request): Promise<Staff | null> {
	return staffForSession(db(), sessionIdFrom(request), sessionPolicy())
}

const forbidden = () => new Response('This page is for the shop owner only.', { status: 403 })

/** Admin pages: the signed-in staff member, or a redirect to sign-in that comes back here. */
export async function requireStaff(request: Request, { role }: { role?: StaffRole } = {}): Promise<Staff> {
	const staff = await currentStaff(request)
	if (!staff) {
		const url = new URL(request.url)
		throw redirect(`/admin/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`)
	}
	if (role === 'owner' && staff.role !== 'owner') throw forbidden()
	if (request.method !== 'GET' && request.method !== 'HEAD') assertSameOrigin(request)
	return staff
}

/** Admin APIs: 401 JSON instead of a redirect. */
export async function requireStaffApi(request: Request, { role }: { role?: StaffRole } = {}): Promise<Staff> {
	const staff = await currentStaff(request)
	if (!staff) throw Response.json({ error: 'Please sign in to the staff console.' }, { status: 401 })
	if (role === 'owner' && staff.role !== 'owner') throw Response.json({ error: 'Only the shop owner may do this.' }, { status: 403 })
	if (request.method !== 'GET' && request.method !== 'HEAD') assertSameOrigin(request)
	return staff
}

/** State-changing requests signed by a staff cookie must come from the shop's own pages. */
export function assertSameOrigin(request: Request) {
	const own = new URL(request.url).origin
	const allowed = new Set([own, ...(env().PUBLIC_URL ? [new URL(env().PUBLIC_URL!).origin] : [])])
	const origin = request.headers.get('origin')
	const site = request.headers.get('sec-fetch-site')
	const crossOrigin = origin ? !allowed.has(origin) : site === 'cross-site' || site === 'same-site'
	if (crossOrigin) throw Response.json({ error: 'Cross-origin requests are not allowed.' }, { status: 403 })
}
