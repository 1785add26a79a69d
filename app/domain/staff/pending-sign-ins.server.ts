import crypto from 'node:crypto'
import { and, eq, gt, lt, sql } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client.server'
import { staffPendingSignIns, staffUsers } from '../../db/schema'

// Between the password and the code: a short-lived ticket with its own attempt limit, never a session.
export const PENDING_COOKIE = 'staff_pending_sign_in'
export const PENDING_MINUTES = 5
export const PENDING_MAX_ATTEMPTS = 5

const hashId = (id: string) => crypto.createHash('sha256').update(id).digest('hex')

export async function createPendingSignIn(db: Db | Tx, staffId: number): Promise<string> {
	const id = crypto.randomBytes(32).toString('base64url')
	await db.insert(staffPendingSignIns).values({ idHash: hashId(id), staffId, expiresAt: new Date(Date.now() + PENDING_MINUTES * 60_000) })
	return id
}

const live = (id: string) => and(eq(staffPendingSignIns.idHash, hashId(id)), gt(staffPendingSignIns.expiresAt, new Date()), lt(staffPendingSignIns.attempts, PENDING_MAX_ATTEMPTS))

/** The account a pending sign-in is for (its email, to show on the code step), or null when it has ended. */
export async function pendingSignInFor(db: Db, id: string | null): Promise<{ staffId: number; email: string } | null> {
	if (!id || id.length > 100) return null
	const [row] = await db
		.select({ staffId: staffPendingSignIns.staffId, email: staffUsers.email })
		.from(staffPendingSignIns)
		.innerJoin(staffUsers, eq(staffUsers.id, staffPendingSignIns.staffId))
		.where(live(id))
		.limit(1)
	return row ?? null
}

/** Counts one code attempt; null when the pending sign-in has expired or used up its attempts. */
export async function takePendingAttempt(db: Db | Tx, id: string | null): Promise<{ staffId: number; attempts: number } | null> {
	if (!id || id.length > 100) return null
	const [row] = await db
		.update(staffPendingSignIns)
		.set({ attempts: sql`${staffPendingSignIns.attempts} + 1` })
		.where(live(id))
		.returning({ staffId: staffPendingSignIns.staffId, attempts: staffPendingSignIns.attempts })
	return row ?? null
}

export async function endPendingSignIn(db: Db | Tx, id: string | null) {
	if (id && id.length <= 100) await db.delete(staffPendingSignIns).where(eq(staffPendingSignIns.idHash, hashId(id)))
}

export async function endPendingSignInsOf(db: Db | Tx, staffId: number) {
	await db.delete(staffPendingSignIns).where(eq(staffPendingSignIns.staffId, staffId))
}

export async function prunePendingSignIns(db: Db) {
	await db.delete(staffPendingSignIns).where(lt(staffPendingSignIns.expiresAt, new Date()))
}
