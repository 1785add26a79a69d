import crypto from 'node:crypto'
import { and, eq, gt, lt } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client.server'
import { staffSessions, staffUsers, type StaffRole } from '../../db/schema'
import { announceLiveEnded, staffSessionHolder } from '../realtime/live-ended.server'
import { pruneDevices } from './devices.server'
import { grantsOf, type Grant } from './permissions'
import { prunePendingSignIns } from './pending-sign-ins.server'

export const SESSION_COOKIE = 'staff_session'

export interface Staff {
	id: number
	email: string
	name: string
	role: StaffRole
	/** What the owner lets this account do (the owner holds every grant: see permissions.ts, `grantsOf`). */
	grants: Grant[]
	/** Signs in with a code from an authenticator app as well as the password. */
	twoFactorEnabled: boolean
}

export interface SessionPolicy {
	idleMinutes: number
	absoluteHours: number
}

const hashId = (id: string) => crypto.createHash('sha256').update(id).digest('hex')

/** How a session is stored and announced (its live streams are held under it): the hash of its id. */
export const sessionIdHash = hashId

export async function createSession(db: Db, staffId: number, policy: SessionPolicy, meta: { ip?: string; userAgent?: string | null } = {}): Promise<string> {
	const id = crypto.randomBytes(32).toString('base64url')
	await db.insert(staffSessions).values({
		idHash: hashId(id),
		staffId,
		expiresAt: new Date(Date.now() + policy.absoluteHours * 3_600_000),
		ip: meta.ip ?? null,
		userAgent: meta.userAgent?.slice(0, 300) ?? null,
	})
	return id
}

/** The signed-in staff member for a session id, refreshing its idle timer; null when expired or unknown. */
export async function staffForSession(db: Db, id: string | null, policy: SessionPolicy): Promise<Staff | null> {
	if (!id) return null
	const idleCutoff = new Date(Date.now() - policy.idleMinutes * 60_000)
	const [row] = await db
		.update(staffSessions)
		.set({ lastSeenAt: new Date() })
		.where(and(eq(staffSessions.idHash, hashId(id)), gt(staffSessions.expiresAt, new Date()), gt(staffSessions.lastSeenAt, idleCutoff)))
		.returning({ staffId: staffSessions.staffId })
	if (!row) return null
	const [staff] = await db
		.select({ id: staffUsers.id, email: staffUsers.email, name: staffUsers.name, role: staffUsers.role, grants: staffUsers.grants, totpEnabledAt: staffUsers.totpEnabledAt })
		.from(staffUsers)
		.where(and(eq(staffUsers.id, row.staffId), eq(staffUsers.active, true)))
		.limit(1)
	if (!staff) return null
	const { totpEnabledAt, grants, ...rest } = staff
	return { ...rest, grants: grantsOf({ role: rest.role, grants }), twoFactorEnabled: totpEnabledAt !== null }
}

/** Signs this browser out; live streams opened under the session close on every instance. */
export async function destroySession(db: Db, id: string | null) {
	if (!id) return
	await db.delete(staffSessions).where(eq(staffSessions.idHash, hashId(id)))
	await announceLiveEnded(db, [staffSessionHolder(hashId(id))])
}

/** Ends every session of a staff member (password reset or change, deactivation, sign out everywhere), with their live streams. */
export async function destroyStaffSessions(db: Db | Tx, staffId: number): Promise<number> {
	const ended = await db.delete(staffSessions).where(eq(staffSessions.staffId, staffId)).returning({ idHash: staffSessions.idHash })
	await announceLiveEnded(db, ended.map((s) => staffSessionHolder(s.idHash)))
	return ended.length
}

/** Sessions past their absolute expiry (an idle session is refused at once and removed here later), with expired pending sign-ins and devices. */
export async function pruneSessions(db: Db) {
	await db.delete(staffSessions).where(lt(staffSessions.expiresAt, new Date()))
	await prunePendingSignIns(db)
	await pruneDevices(db)
}
