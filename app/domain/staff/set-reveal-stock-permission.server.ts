import { eq } from 'drizzle-orm'
import type { Db } from '../../db/client.server'
import { staffUsers } from '../../db/schema'
import { AppError } from '../../utils/app-error'
import { recordAudit, type Actor } from './audit.server'

/**
 * The owner lets a staff account reveal stock (see an imported code or account in full on the
 * stock page, rate-limited and audited), or stops it; audited with before and after, as the
 * catalogue permission is. Owners always may. Setting what is already set changes and records nothing.
 */
export async function setCanRevealStock(db: Db, actor: Actor, { staffId, canRevealStock }: { staffId: number; canRevealStock: boolean }): Promise<{ id: number; email: string; canRevealStock: boolean }> {
	return db.transaction(async (tx) => {
		const account = { id: staffUsers.id, email: staffUsers.email, role: staffUsers.role, canRevealStock: staffUsers.canRevealStock }
		const [before] = await tx.select(account).from(staffUsers).where(eq(staffUsers.id, staffId)).for('update').limit(1)
		if (!before) throw new AppError('NOT_FOUND', 'No staff account with that id.')
		if (before.role === 'owner') throw new AppError('BAD_REQUEST', `${before.email} is an owner: owners always may reveal stock.`)
		if (before.canRevealStock === canRevealStock) return before
		await tx.update(staffUsers).set({ canRevealStock, updatedAt: new Date() }).where(eq(staffUsers.id, staffId))
		await recordAudit(tx, actor, {
			action: canRevealStock ? 'staff.allow-reveal-stock' : 'staff.disallow-reveal-stock',
			target: `staff ${staffId}`,
			before: { staffId, email: before.email, canRevealStock: before.canRevealStock },
			after: { staffId, email: before.email, canRevealStock },
		})
		return { id: before.id, email: before.email, canRevealStock }
	})
}
