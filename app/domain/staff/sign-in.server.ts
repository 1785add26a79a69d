import { eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.server'
import { staffUsers, type StaffUser } from '../../db/schema'
import { AppError } from '../../utils/app-error'
import { hitRateLimit } from '../rate-limit.server'
import { rememberDevice, trustedDevice } from './devices.server'
import { dummyHash, hashPassword, needsRehash, verifyPassword } from './password.server'
import { createPendingSignIn } from './pending-sign-ins.server'
import { createSession, type SessionPolicy } from './sessions.server'
import { signInInput } from './sign-in-input'

// The spec's 'Invalid passkey. Access denied.' belongs to its shared passkey, which named accounts replace
// (Product decision 6): this form asks for an email and a password, so its refusal names those.
export const INVALID_CREDENTIALS = 'Invalid email or password. Access denied.'
export const TOO_MANY_ATTEMPTS = 'Too many sign-in attempts. Please wait 15 minutes and try again.'

const WINDOW = { windowSeconds: 900, message: TOO_MANY_ATTEMPTS }
/** Attempts per client address, per account from browsers it does not know, and per known browser. */
export const SIGN_IN_LIMITS = { address: 20, account: 10, device: 10 }

export interface SignInRequest {
	ip: string
	userAgent?: string | null
	/** The browser's device cookie, if it has one. */
	deviceToken?: string | null
}

export type SignInResult =
	| { kind: 'signed-in'; sessionId: string; deviceToken: string; staff: { id: number; email: string; name: string; role: StaffUser['role'] } }
	| { kind: 'two-factor'; pendingId: string }

export const addressLimitKey = (ip: string) => `login-ip:${ip}`
const accountLimitKey = (email: string) => `login-account:${email}`
const deviceLimitKey = (tokenHash: string) => `login-device:${tokenHash}`

/** The attempt counter for this account from this browser: its own when the browser has signed in to it before. */
export async function signInCounter(db: Db, email: string, deviceToken: string | null | undefined) {
	const device = await trustedDevice(db, deviceToken ?? null, email)
	return device ? { key: deviceLimitKey(device.tokenHash), limit: SIGN_IN_LIMITS.device } : { key: accountLimitKey(email), limit: SIGN_IN_LIMITS.account }
}

/**
 * The password step. Rate-limited per address, and per account only for browsers that have not
 * signed in to it before (those have a limit of their own). Accounts with two-factor sign-in get a
 * pending sign-in that waits for the code; the others a session.
 */
export async function signIn(db: Db, credentials: { email: string; password: string }, request: SignInRequest, policy: SessionPolicy): Promise<SignInResult> {
	const parsed = signInInput.safeParse(credentials)
	if (!parsed.success) throw new AppError('BAD_REQUEST', parsed.error.issues[0]!.message)
	const { email, password } = parsed.data
	await hitRateLimit(db, addressLimitKey(request.ip), { ...WINDOW, limit: SIGN_IN_LIMITS.address })
	const counter = await signInCounter(db, email, request.deviceToken)
	await hitRateLimit(db, counter.key, { ...WINDOW, limit: counter.limit })

	const [staff] = await db.select().from(staffUsers).where(eq(staffUsers.email, email)).limit(1)
	// A full hashing pool answers 503 with its sentence (verifyPassword throws it).
	const ok = await verifyPassword(password, staff?.passwordHash ?? (await dummyHash()))
	if (!staff || !staff.active || !ok) throw new AppError('UNAUTHORIZED', INVALID_CREDENTIALS)

	// Hashes from before today's parameters are upgraded while the password is at hand.
	if (needsRehash(staff.passwordHash)) await db.update(staffUsers).set({ passwordHash: await hashPassword(password) }).where(eq(staffUsers.id, staff.id))
	if (staff.totpEnabledAt) return { kind: 'two-factor', pendingId: await createPendingSignIn(db, staff.id) }
	return openSignedInSession(db, staff, counter.key, request, policy)
}

/** Both factors are in: clears this browser's counter (not the address's), remembers the browser, opens a session. */
export async function openSignedInSession(db: Db, staff: StaffUser, counterKey: string, request: SignInRequest, policy: SessionPolicy): Promise<SignInResult & { kind: 'signed-in' }> {
	await db.execute(sql`delete from rate_limits where key = ${counterKey}`)
	await db.update(staffUsers).set({ lastLoginAt: new Date() }).where(eq(staffUsers.id, staff.id))
	const deviceToken = await rememberDevice(db, staff.id, request.deviceToken ?? null)
	const sessionId = await createSession(db, staff.id, policy, { ip: request.ip, userAgent: request.userAgent })
	return { kind: 'signed-in', sessionId, deviceToken, staff: { id: staff.id, email: staff.email, name: staff.name, role: staff.role } }
}
