import { eq, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type { Db, Tx } from '../../db/client.server'
import { staffUsers, type StaffRole } from '../../db/schema'
import { AppError } from '../../utils/app-error'
import { invalidInput } from '../../utils/field-errors'
import { generatePassword, hashPassword } from './password.server'
import { destroyStaffSessions } from './sessions.server'
import { recordAudit, type Actor } from './audit.server'
import { newPasswordSchema } from './sign-in-input'
import { newStaffInput } from './staff-input'

export { newStaffInput }

/**
 * Creates a staff account; without a password one is generated and returned once. With an `actor`
 * (the console) the audit entry is written in the same transaction; it never holds the password.
 */
export async function createStaff(db: Db | Tx, input: z.input<typeof newStaffInput>, actor?: Actor): Promise<{ id: number; email: string; role: StaffRole; password: string }> {
	const parsed = newStaffInput.safeParse(input)
	if (!parsed.success) throw invalidInput(parsed.error)
	const password = parsed.data.password ?? generatePassword()
	const passwordHash = await hashPassword(password)
	return db.transaction(async (tx) => {
		const [row] = await tx
			.insert(staffUsers)
			.values({ email: parsed.data.email, name: parsed.data.name, role: parsed.data.role, passwordHash })
			.onConflictDoNothing({ target: staffUsers.email })
			.returning({ id: staffUsers.id, email: staffUsers.email, role: staffUsers.role })
		if (!row) throw new AppError('CONFLICT', `A staff account for ${parsed.data.email} already exists.`)
		if (actor) await recordAudit(tx, actor, { action: 'staff.create', after: { staffId: row.id, email: row.email, name: parsed.data.name, role: row.role } })
		return { ...row, password }
	})
}

/** Sets a new password (generated when none is given) and signs the account out everywhere. */
export async function resetPassword(db: Db | Tx, email: string, password?: string): Promise<string> {
	const chosen = password === undefined ? null : newPasswordSchema.safeParse(password)
	if (chosen && !chosen.success) throw invalidInput(chosen.error, { root: 'password' })
	const next = password ?? generatePassword()
	const [row] = await db
		.update(staffUsers)
		.set({ passwordHash: await hashPassword(next), updatedAt: new Date() })
		.where(eq(staffUsers.email, email.trim().toLowerCase()))
		.returning({ id: staffUsers.id })
	if (!row) throw new AppError('NOT_FOUND', `No staff account for ${email}.`)
	await destroyStaffSessions(db, row.id)
	return next
}

/**
 * First start: with no staff at all, creates the owner from ADMIN_EMAIL / ADMIN_PASSWORD, or with a
 * generated password that the caller prints once. Returns null when staff already exist.
 */
export async function bootstrapOwner(db: Db, { email, password }: { email?: string; password?: string }) {
	const [{ count }] = (await db.execute<{ count: number }>(sql`select count(*)::int as count from staff_users`)).rows as [{ count: number }]
	if (Number(count) > 0) return null
	try {
		const created = await createStaff(db, { email: email ?? 'owner@shop.local', name: 'Owner', role: 'owner', password })
		return { email: created.email, password: created.password, generated: !password }
	} catch (error) {
		// Another instance created it at the same moment.
		if (error instanceof AppError && error.code === 'CONFLICT') return null
		throw error
	}
}
