import { eq } from 'drizzle-orm'
import { z } from 'zod'
import type { Db } from '../../db/client.server'
import { staffUsers } from '../../db/schema'
import { AppError } from '../../utils/app-error'
import { readStoreSetting, writeStoreSetting } from '../store-settings.server'
import { recordAudit, type Actor } from './audit.server'
import { requireOwner } from './permissions'

const KEY = 'staff.requireTwoFactor'

/** Whether the owner requires two-factor sign-in for every staff account. */
export const twoFactorRequired = (db: Db) => readStoreSetting(db, KEY, z.boolean(), false)

/** The owner turns the requirement on or off; on only once their own account uses two-factor sign-in. */
export async function setTwoFactorRequired(db: Db, actor: Actor & { staffId: number }, required: boolean) {
	requireOwner(actor)
	return db.transaction(async (tx) => {
		if (required) {
			const [me] = await tx.select({ totpEnabledAt: staffUsers.totpEnabledAt }).from(staffUsers).where(eq(staffUsers.id, actor.staffId)).limit(1)
			if (!me?.totpEnabledAt) throw new AppError('CONFLICT', 'Turn on two-factor sign-in for your own account first (Security page), then require it for everyone.')
		}
		const before = await readStoreSetting(tx, KEY, z.boolean(), false)
		if (before === required) return { required, changed: false }
		await writeStoreSetting(tx, KEY, required)
		await recordAudit(tx, actor, { action: 'settings.require-two-factor', before: { required: before }, after: { required } })
		return { required, changed: true }
	})
}
