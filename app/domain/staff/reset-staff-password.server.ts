import { eq } from 'drizzle-orm'
import type { Db } from '../../db/client.server'
import { staffUsers } from '../../db/schema'
import { AppError } from '../../utils/app-error'
import { recordAudit, type Actor } from './audit.server'
import { resetPassword } from './manage-staff.server'
import { requireOwner } from './permissions'

/** Gives another staff member a new generated password (returned once) and signs them out everywhere. */
export async function resetStaffPassword(db: Db, actor: Actor, staffId: number) {
	requireOwner(actor)
	// Resetting your own password here would end the session that has to show it.
	if (actor.staffId === staffId) throw new AppError('BAD_REQUEST', 'You cannot reset your own password here: use `npm run staff -- reset-password`.')
	return db.transaction(async (tx) => {
		const [staff] = await tx.select({ email: staffUsers.email }).from(staffUsers).where(eq(staffUsers.id, staffId)).limit(1)
		if (!staff) throw new AppError('NOT_FOUND', 'No staff account with that id.')
		const password = await resetPassword(tx, staff.email)
		await recordAudit(tx, actor, { action: 'staff.reset-password', after: { staffId, email: staff.email } })
		return { email: staff.email, password }
	})
}
