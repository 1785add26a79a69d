import { eq } from 'drizzle-orm'
import type { Db } from '../../db/client.server'
import { staffUsers } from '../../db/schema'
import { AppError } from '../../utils/app-error'
import { recordAudit, type Actor } from './audit.server'
import { destroyStaffSessions } from './sessions.server'
import { requireOwner } from './permissions'

/** Deactivates (signing out at once) or reactivates another staff account. */
export async function setStaffActive(db: Db, actor: Actor, { staffId, active }: { staffId: number; active: boolean }) {
	requireOwner(actor)
	if (actor.staffId === staffId) throw new AppError('BAD_REQUEST', 'You cannot deactivate or reactivate your own account.')
	return db.transaction(async (tx) => {
		const [before] = await tx.select({ email: staffUsers.email, active: staffUsers.active }).from(staffUsers).where(eq(staffUsers.id, staffId)).for('update').limit(1)
		if (!before) throw new AppError('NOT_FOUND', 'No staff account with that id.')
		if (before.active === active) return { email: before.email, active }
		await tx.update(staffUsers).set({ active, updatedAt: new Date() }).where(eq(staffUsers.id, staffId))
		if (!active) await destroyStaffSessions(tx, staffId)
		await recordAudit(tx, actor, { action: active ? 'staff.reactivate' : 'staff.deactivate', before: { staffId, email: before.email, active: before.active }, after: { staffId, email: before.email, active } })
		return { email: before.email, active }
	})
}
