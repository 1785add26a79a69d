import crypto from 'node:crypto'
import { and, eq, gt, lt } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client.server'
import { staffDevices, staffUsers } from '../../db/schema'

// OWASP "device cookies": a browser that has signed in to an account keeps its own attempt limit,
// so an attacker's failures lock out untrusted browsers only, never the owner's own.
export const DEVICE_COOKIE = 'staff_device'
export const DEVICE_DAYS = 180

export const hashDeviceToken = (token: string) => crypto.createHash('sha256').update(token).digest('hex')

/** The device a cookie names, when it signed in to the account with this email and has not expired. */
export async function trustedDevice(db: Db | Tx, token: string | null, email: string): Promise<{ tokenHash: string; staffId: number } | null> {
	if (!token || token.length > 100) return null
	const [device] = await db
		.select({ tokenHash: staffDevices.tokenHash, staffId: staffDevices.staffId })
		.from(staffDevices)
		.innerJoin(staffUsers, eq(staffUsers.id, staffDevices.staffId))
		.where(and(eq(staffDevices.tokenHash, hashDeviceToken(token)), eq(staffUsers.email, email), gt(staffDevices.expiresAt, new Date())))
		.limit(1)
	return device ?? null
}

/** After a sign-in: the browser's device for this account, renewed, or a new one. Returns the cookie value. */
export async function rememberDevice(db: Db | Tx, staffId: number, token: string | null): Promise<string> {
	const expiresAt = new Date(Date.now() + DEVICE_DAYS * 86_400_000)
	if (token && token.length <= 100) {
		const [renewed] = await db
			.update(staffDevices)
			.set({ lastUsedAt: new Date(), expiresAt })
			.where(and(eq(staffDevices.tokenHash, hashDeviceToken(token)), eq(staffDevices.staffId, staffId), gt(staffDevices.expiresAt, new Date())))
			.returning({ staffId: staffDevices.staffId })
		if (renewed) return token
	}
	const next = crypto.randomBytes(32).toString('base64url')
	await db.insert(staffDevices).values({ tokenHash: hashDeviceToken(next), staffId, expiresAt })
	return next
}

export async function pruneDevices(db: Db) {
	await db.delete(staffDevices).where(lt(staffDevices.expiresAt, new Date()))
}
