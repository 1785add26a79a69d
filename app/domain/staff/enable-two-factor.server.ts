import { eq } from 'drizzle-orm'
import type { Db } from '../../db/client.server'
import { staffUsers } from '../../db/schema'
import { AppError } from '../../utils/app-error'
import { decryptDelivery } from '../fulfillment/delivery-crypto.server'
import { hitRateLimit } from '../rate-limit.server'
import { recordAudit, type Actor } from './audit.server'
import { appCodeInput } from './staff-input'
import { invalidInput } from '../../utils/field-errors'
import { matchTotp, replaceRecoveryCodes } from './two-factor.server'

const CODE_MISMATCH = 'That code did not match. Check that your phone’s clock is right and enter the newest 6-digit code.'

export const TOO_MANY_CODES = 'Too many wrong codes. Please wait 15 minutes and try again.'

/** Turns two-factor sign-in on once a code from the app confirms the secret; returns the recovery codes, shown once. */
export async function enableTwoFactor(db: Db, actor: Actor & { staffId: number }, code: string): Promise<string[]> {
	const parsed = appCodeInput.safeParse({ code })
	if (!parsed.success) throw invalidInput(parsed.error)
	await hitRateLimit(db, `two-factor:${actor.staffId}`, { limit: 10, windowSeconds: 900, message: TOO_MANY_CODES })
	return db.transaction(async (tx) => {
		const [staff] = await tx.select().from(staffUsers).where(eq(staffUsers.id, actor.staffId)).for('update').limit(1)
		if (!staff) throw new AppError('NOT_FOUND', 'No staff account with that id.')
		if (staff.totpEnabledAt) throw new AppError('CONFLICT', 'Two-factor sign-in is already on for your account.')
		if (!staff.totpPendingSecret) throw new AppError('CONFLICT', 'This set-up has expired. Please reload the page and scan the new code.')
		const secret = decryptDelivery(staff.totpPendingSecret)!
		const step = matchTotp(secret, parsed.data.code)
		if (step === null) throw new AppError('BAD_REQUEST', CODE_MISMATCH, { code: CODE_MISMATCH })
		await tx
			.update(staffUsers)
			.set({ totpSecret: staff.totpPendingSecret, totpPendingSecret: null, totpEnabledAt: new Date(), totpLastStep: step, updatedAt: new Date() })
			.where(eq(staffUsers.id, staff.id))
		const codes = await replaceRecoveryCodes(tx, staff.id)
		await recordAudit(tx, actor, { action: 'staff.2fa.enable', after: { staffId: staff.id, email: staff.email } })
		return codes
	})
}
