import { eq } from 'drizzle-orm'
import type { Db } from '../../db/client.server'
import { staffUsers } from '../../db/schema'
import { AppError } from '../../utils/app-error'
import { recordAudit, type Actor } from './audit.server'

/**
 * The owner lets a staff account see the sales reports (revenue, costs, profit, top customers), or
 * stops it; audited with before and after, as the catalogue permission is.
 * Owners always may. Setting what is already set changes and records nothing.
 */
export async function setCanViewReports(db: Db, actor: Actor, { staffId, canViewReports }: { staffId: number; canViewReports: boolean }): Promise<{ id: number; email: string; canViewReports: boolean }> {
	return db.transaction(async (tx) => {
		const account = { id: staffUsers.id, email: staffUsers.email, role: staffUsers.role, canViewReports: staffUsers.canViewReports }
		const [before] = await tx.select(account).from(staffUsers).where(eq(staffUsers.id, staffId)).for('update').limit(1)
		if (!before) throw new AppError('NOT_FOUND', 'No staff account with that id.')
		if (before.role === 'owner') throw new AppError('BAD_REQUEST', `${before.email} is an owner: owners always may see reports.`)
		if (before.canViewReports === canViewReports) return before
		await tx.update(staffUsers).set({ canViewReports, updatedAt: new Date() }).where(eq(staffUsers.id, staffId))
		await recordAudit(tx, actor, {
			action: canViewReports ? 'staff.allow-reports' : 'staff.disallow-reports',
			target: `staff ${staffId}`,
			before: { staffId, email: before.email, canViewReports: before.canViewReports },
			after: { staffId, email: before.email, canViewReports },
		})
		return { id: before.id, email: before.email, canViewReports }
	})
}
