import { asc } from 'drizzle-orm'
import type { Db } from '../../db/client.server'
import { staffUsers } from '../../db/schema'

/** Every staff account for the owner's settings page: never the password hash. */
export async function listStaff(db: Db) {
	return db
		.select({ id: staffUsers.id, email: staffUsers.email, name: staffUsers.name, role: staffUsers.role, canManageCatalogue: staffUsers.canManageCatalogue, canRevealStock: staffUsers.canRevealStock, canRefund: staffUsers.canRefund, canViewReports: staffUsers.canViewReports, active: staffUsers.active, lastLoginAt: staffUsers.lastLoginAt, createdAt: staffUsers.createdAt, twoFactorSince: staffUsers.totpEnabledAt })
		.from(staffUsers)
		.orderBy(asc(staffUsers.createdAt), asc(staffUsers.id))
}
