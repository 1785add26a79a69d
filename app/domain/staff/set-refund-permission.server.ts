import { eq } from 'drizzle-orm'
import type { Db } from '../../db/client.server'
import { staffUsers } from '../../db/schema'
import { AppError } from '../../utils/app-error'
import { recordAudit, type Actor } from './audit.server'

/**
 * The owner lets a staff account refund orders (give money back, reinstate a payment that came
 * after a cancel), or stops it; audited with before and after, as the catalogue permission is.
 * Owners always may. Setting what is already set changes and records nothing.
 */
export async function setCanRefund(db: Db, actor: Actor, { staffId, canRefund }: { staffId: number; canRefund: boolean }): Promise<{ id: number; email: string; canRefund: boolean }> {
	return db.transaction(async (tx) => {
		const account = { id: staffUsers.id, email: staffUsers.email, role: staffUsers.role, canRefund: staffUsers.canRefund }
		const [before] = await tx.select(account).from(staffUsers).where(eq(staffUsers.id, staffId)).for('update').limit(1)
		if (!before) throw new AppError('NOT_FOUND', 'No staff account with that id.')
		if (before.role === 'owner') throw new AppError('BAD_REQUEST', `${before.email} is an owner: owners always may refund.`)
		if (before.canRefund === canRefund) return before
		await tx.update(staffUsers).set({ canRefund, updatedAt: new Date() }).where(eq(staffUsers.id, staffId))
		await recordAudit(tx, actor, {
			action: canRefund ? 'staff.allow-refund' : 'staff.disallow-refund',
			target: `staff ${staffId}`,
			before: { staffId, email: before.email, canRefund: before.canRefund },
			after: { staffId, email: before.email, canRefund },
		})
		return { id: before.id, email: before.email, canRefund }
	})
}
