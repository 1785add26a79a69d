import { eq } from 'drizzle-orm'
import type { Db } from '../../db/client.server'
import { staffRecoveryCodes, staffUsers } from '../../db/schema'
import { AppError } from '../../utils/app-error'
import { hitRateLimit } from '../rate-limit.server'
import { recordAudit, type Actor } from './audit.server'
import { TOO_MANY_CODES } from './enable-two-factor.server'
import { verifyPassword } from './password.server'
import { disableTwoFactorInput, WRONG_PROOF } from './staff-input'
import { invalidInput } from '../../utils/field-errors'
import { twoFactorRequired } from './two-factor-requirement.server'
import { useSecondFactor } from './two-factor.server'

/** Turns two-factor sign-in off for the signed-in staff member, who proves it is them with their password or a code. */
export async function disableTwoFactor(db: Db, actor: Actor & { staffId: number }, proof: string) {
	const parsed = disableTwoFactorInput.safeParse({ proof })
	if (!parsed.success) throw invalidInput(parsed.error)
	if (await twoFactorRequired(db)) throw new AppError('CONFLICT', 'The shop owner requires two-factor sign-in for every staff account, so it cannot be turned off.')
	await hitRateLimit(db, `two-factor:${actor.staffId}`, { limit: 10, windowSeconds: 900, message: TOO_MANY_CODES })
	return db.transaction(async (tx) => {
		const [staff] = await tx.select().from(staffUsers).where(eq(staffUsers.id, actor.staffId)).for('update').limit(1)
		if (!staff?.totpEnabledAt) throw new AppError('CONFLICT', 'Two-factor sign-in is already off for your account.')
		const proven = (await useSecondFactor(tx, staff, proof)) !== null
		if (!proven && !(await verifyPassword(proof, staff.passwordHash))) throw new AppError('BAD_REQUEST', WRONG_PROOF, { proof: WRONG_PROOF })
		await tx.update(staffUsers).set({ totpSecret: null, totpPendingSecret: null, totpEnabledAt: null, totpLastStep: null, updatedAt: new Date() }).where(eq(staffUsers.id, staff.id))
		await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, staff.id))
		await recordAudit(tx, actor, { action: 'staff.2fa.disable', before: { staffId: staff.id, email: staff.email } })
	})
}
