import { asc } from 'drizzle-orm'
import type { Db } from '../../db/client.server'
import { staffUsers } from '../../db/schema'
import { grantsOf } from './permissions'

/** Every staff account for the owner's settings page: never the password hash. */
export async function listStaff(db: Db) {
	const rows = await db
		.select({ id: staffUsers.id, email: staffUsers.email, name: staffUsers.name, role: staffUsers.role, grants: staffUsers.grants, active: staffUsers.active, lastLoginAt: staffUsers.lastLoginAt, createdAt: staffUsers.createdAt, twoFactorSince: staffUsers.totpEnabledAt })
		.from(staffUsers)
		.orderBy(asc(staffUsers.createdAt), asc(staffUsers.id))
	return rows.map((row) => ({ ...row, grants: grantsOf(row) }))
}
