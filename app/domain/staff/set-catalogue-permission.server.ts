import { eq } from 'drizzle-orm'
import type { Db } from '../../db/client.server'
import { staffUsers } from '../../db/schema'
import { AppError } from '../../utils/app-error'
import { recordAudit, type Actor } from './audit.server'

export interface StaffAccount {
	id: number
	email: string
	name: string
	role: 'owner' | 'staff'
	active: boolean
	canManageCatalogue: boolean
}

const account = {
	id: staffUsers.id,
	email: staffUsers.email,
	name: staffUsers.name,
	role: staffUsers.role,
	active: staffUsers.active,
	canManageCatalogue: staffUsers.canManageCatalogue,
}

/**
 * The owner lets a staff account manage the catalogue (products, prices, images, the library,
 * pages, reviews), or stops it; audited with before and after. Owners always may, so an owner
 * account has nothing to change. Setting what is already set changes and records nothing.
 */
export async function setCanManageCatalogue(db: Db, actor: Actor, { staffId, canManageCatalogue }: { staffId: number; canManageCatalogue: boolean }): Promise<StaffAccount> {
	return db.transaction(async (tx) => {
		const [before] = await tx.select(account).from(staffUsers).where(eq(staffUsers.id, staffId)).for('update').limit(1)
		if (!before) throw new AppError('NOT_FOUND', 'No staff account with that id.')
		if (before.role === 'owner') throw new AppError('BAD_REQUEST', `${before.email} is an owner: owners always manage the catalogue.`)
		if (before.canManageCatalogue === canManageCatalogue) return before
		const [after] = await tx.update(staffUsers).set({ canManageCatalogue, updatedAt: new Date() }).where(eq(staffUsers.id, staffId)).returning(account)
		await recordAudit(tx, actor, {
			action: canManageCatalogue ? 'staff.allow-catalogue' : 'staff.disallow-catalogue',
			target: `staff ${staffId}`,
			before: { staffId, email: before.email, canManageCatalogue: before.canManageCatalogue },
			after: { staffId, email: before.email, canManageCatalogue },
		})
		return after!
	})
}
