import { eq } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client.server'
import { staffRecoveryCodes, staffUsers } from '../../db/schema'
import { AppError } from '../../utils/app-error'
import { endPendingSignInsOf } from './pending-sign-ins.server'
import { destroyStaffSessions } from './sessions.server'

/** A lost phone: clears an account's two-factor sign-in and signs it out everywhere (the staff command, with its audit entry). */
export async function resetTwoFactor(tx: Db | Tx, email: string) {
	const [row] = await tx
		.update(staffUsers)
		.set({ totpSecret: null, totpPendingSecret: null, totpEnabledAt: null, totpLastStep: null, updatedAt: new Date() })
		.where(eq(staffUsers.email, email.trim().toLowerCase()))
		.returning({ id: staffUsers.id, email: staffUsers.email })
	if (!row) throw new AppError('NOT_FOUND', `No staff account for ${email}.`)
	await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, row.id))
	await endPendingSignInsOf(tx, row.id)
	await destroyStaffSessions(tx, row.id)
	return row
}
