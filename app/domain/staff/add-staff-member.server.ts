import type { z } from 'zod'
import type { Db } from '../../db/client.server'
import { recordAudit, type Actor } from './audit.server'
import { createStaff, type newStaffInput } from './manage-staff.server'

/** Creates a staff account with a generated password, returned once; the audit entry never holds it. */
export async function addStaffMember(db: Db, actor: Actor, input: Omit<z.input<typeof newStaffInput>, 'password'>) {
	return db.transaction(async (tx) => {
		const created = await createStaff(tx, { email: input.email, name: input.name, role: input.role })
		await recordAudit(tx, actor, { action: 'staff.create', after: { staffId: created.id, email: created.email, name: input.name.trim(), role: created.role } })
		return created
	})
}
