import { eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.server'
import { staffUsers } from '../../db/schema'
import { AppError } from '../../utils/app-error'
import { hitRateLimit } from '../rate-limit.server'
import { verifyPassword } from './password.server'
import { createSession, type SessionPolicy } from './sessions.server'

export const INVALID_CREDENTIALS = 'Invalid passkey. Access denied.'
export const TOO_MANY_ATTEMPTS = 'Too many sign-in attempts. Please wait 15 minutes and try again.'

// A hash to verify against when the email is unknown, so both cases take the same time.
const DUMMY_HASH = 'scrypt$16384$8$1$c2FsdHNhbHRzYWx0c2FsdA$' + 'A'.repeat(86)

/** Checks the password (rate-limited per address and per account) and opens a session. */
export async function signIn(
	db: Db,
	{ email, password, ip, userAgent }: { email: string; password: string; ip: string; userAgent?: string | null },
	policy: SessionPolicy,
) {
	const normalised = email.trim().toLowerCase()
	const window = { windowSeconds: 900, message: TOO_MANY_ATTEMPTS }
	await hitRateLimit(db, `login-ip:${ip}`, { ...window, limit: 20 })
	await hitRateLimit(db, `login-account:${normalised}`, { ...window, limit: 10 })

	const [staff] = await db.select().from(staffUsers).where(eq(staffUsers.email, normalised)).limit(1)
	const ok = await verifyPassword(password, staff?.passwordHash ?? DUMMY_HASH).catch(() => false)
	if (!staff || !staff.active || !ok) throw new AppError('UNAUTHORIZED', INVALID_CREDENTIALS)

	// A successful sign-in clears the account's counter, not the address's.
	await db.execute(sql`delete from rate_limits where key = ${`login-account:${normalised}`}`)
	await db.update(staffUsers).set({ lastLoginAt: new Date() }).where(eq(staffUsers.id, staff.id))
	const sessionId = await createSession(db, staff.id, policy, { ip, userAgent })
	return { sessionId, staff: { id: staff.id, email: staff.email, name: staff.name, role: staff.role } }
}
