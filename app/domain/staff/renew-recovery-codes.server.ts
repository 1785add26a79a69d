import { eq } from 'drizzle-orm'
import type { Db } from '../../db/client.server'
import { staffUsers } from '../../db/schema'
import { AppError } from '../../utils/app-error'
import { hitRateLimit } from '../rate-limit.server'
import { recordAudit, type Actor } from './audit.server'
import { TOO_MANY_CODES } from './enable-two-factor.server'
import { appCodeInput, ENTER_APP_CODE } from './staff-input'
import { invalidInput } from '../../utils/field-errors'
import { looksLikeTotpCode, replaceRecoveryCodes, useSecondFactor } from './two-factor.server'

const CODE_DID_NOT_WORK = 'That code did not work. Please enter the newest code from your authenticator app.'

/** Ten new recovery codes in place of the old ones (all of which stop working), for a current code from the app. */
export async function renewRecoveryCodes(db: Db, actor: Actor & { staffId: number }, code: string): Promise<string[]> {
	const parsed = appCodeInput.safeParse({ code })
	if (!parsed.success) throw invalidInput(parsed.error)
	if (!looksLikeTotpCode(parsed.data.code)) throw new AppError('BAD_REQUEST', ENTER_APP_CODE, { code: ENTER_APP_CODE })
	await hitRateLimit(db, `two-factor:${actor.staffId}`, { limit: 10, windowSeconds: 900, message: TOO_MANY_CODES })
	return db.transaction(async (tx) => {
		const [staff] = await tx.select().from(staffUsers).where(eq(staffUsers.id, actor.staffId)).for('update').limit(1)
		if (!staff?.totpEnabledAt) throw new AppError('CONFLICT', 'Two-factor sign-in is off for your account.')
		if ((await useSecondFactor(tx, staff, parsed.data.code)) !== 'totp') throw new AppError('BAD_REQUEST', CODE_DID_NOT_WORK, { code: CODE_DID_NOT_WORK })
		const codes = await replaceRecoveryCodes(tx, staff.id)
		await recordAudit(tx, actor, { action: 'staff.2fa.recovery-codes', after: { staffId: staff.id, email: staff.email } })
		return codes
	})
}
