import { eq } from 'drizzle-orm'
import type { Db } from '../../db/client.server'
import { staffUsers } from '../../db/schema'
import { AppError } from '../../utils/app-error'
import { hitRateLimit } from '../rate-limit.server'
import { recordAudit } from './audit.server'
import { endPendingSignIn, PENDING_MAX_ATTEMPTS, takePendingAttempt } from './pending-sign-ins.server'
import type { SessionPolicy } from './sessions.server'
import { secondFactorInput } from './sign-in-input'
import { addressLimitKey, openSignedInSession, SIGN_IN_LIMITS, signInCounter, TOO_MANY_ATTEMPTS, type SignInRequest } from './sign-in.server'
import { unusedRecoveryCodes, useSecondFactor } from './two-factor.server'

export const WRONG_CODE = 'That code did not work. Please enter the newest code from your authenticator app, or a recovery code.'
export const SIGN_IN_AGAIN = 'Your sign-in has ended (it lasts 5 minutes and allows 5 codes). Please sign in again.'

/** The code step of a two-factor sign-in: a code from the app or a recovery code opens the session. */
export async function completeTwoFactorSignIn(db: Db, { pendingId, code }: { pendingId: string | null; code: string }, request: SignInRequest, policy: SessionPolicy) {
	const parsed = secondFactorInput.safeParse({ code })
	if (!parsed.success) throw new AppError('BAD_REQUEST', parsed.error.issues[0]!.message)
	await hitRateLimit(db, addressLimitKey(request.ip), { windowSeconds: 900, message: TOO_MANY_ATTEMPTS, limit: SIGN_IN_LIMITS.address })
	const attempt = await takePendingAttempt(db, pendingId)
	if (!attempt) throw new AppError('UNAUTHORIZED', SIGN_IN_AGAIN)
	const [staff] = await db.select().from(staffUsers).where(eq(staffUsers.id, attempt.staffId)).limit(1)
	if (!staff?.active || !staff.totpEnabledAt) {
		await endPendingSignIn(db, pendingId)
		throw new AppError('UNAUTHORIZED', SIGN_IN_AGAIN)
	}

	const used = await useSecondFactor(db, staff, parsed.data.code)
	if (!used) {
		if (attempt.attempts >= PENDING_MAX_ATTEMPTS) {
			await endPendingSignIn(db, pendingId)
			throw new AppError('UNAUTHORIZED', SIGN_IN_AGAIN)
		}
		throw new AppError('UNAUTHORIZED', WRONG_CODE)
	}
	await endPendingSignIn(db, pendingId)
	if (used === 'recovery') {
		await recordAudit(db, { staffId: staff.id, label: staff.email }, { action: 'staff.2fa.recovery-code-used', after: { staffId: staff.id, recoveryCodesLeft: await unusedRecoveryCodes(db, staff.id) } })
	}
	const counter = await signInCounter(db, staff.email, request.deviceToken)
	return { ...(await openSignedInSession(db, staff, counter.key, request, policy)), used }
}
