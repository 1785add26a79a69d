import { eq } from 'drizzle-orm'
import type { Db } from '../../db/client.server'
import { staffUsers } from '../../db/schema'
import { AppError } from '../../utils/app-error'
import { hitRateLimit } from '../rate-limit.server'
import { recordAudit, staffActor } from './audit.server'
import { resetPassword } from './manage-staff.server'
import { verifyPassword } from './password.server'
import { destroyStaffSessions } from './sessions.server'
import { changePasswordInput, OWN_ACCOUNT_MESSAGES } from './staff-input'
import { invalidInput } from '../../utils/field-errors'

// "Your account" on the console's settings page: a staff member changes their own password, or signs
// out everywhere. Both end every session of the account, this one too (as a buyer's "Sign out
// everywhere" does), with the live streams opened under them, on every instance.

export { OWN_ACCOUNT_MESSAGES }

/** Changes the signed-in staff member's password after checking the current one; signs the account out everywhere. */
export async function changeOwnPassword(db: Db, staff: { id: number; email: string }, input: { current?: unknown; next?: unknown }): Promise<void> {
	const parsed = changePasswordInput.safeParse(input)
	if (!parsed.success) throw invalidInput(parsed.error)
	const { current, next } = parsed.data
	// A session someone else got hold of must not become a way to guess the password.
	await hitRateLimit(db, `own-password:${staff.id}`, { limit: 10, windowSeconds: 900, message: OWN_ACCOUNT_MESSAGES.tooManyTries })
	const [row] = await db.select({ passwordHash: staffUsers.passwordHash }).from(staffUsers).where(eq(staffUsers.id, staff.id)).limit(1)
	if (!row) throw new AppError('NOT_FOUND', 'No staff account with that id.')
	if (!(await verifyPassword(current, row.passwordHash))) throw new AppError('BAD_REQUEST', OWN_ACCOUNT_MESSAGES.wrongCurrent, { current: OWN_ACCOUNT_MESSAGES.wrongCurrent })
	if (current.normalize('NFKC') === next.normalize('NFKC')) throw new AppError('BAD_REQUEST', OWN_ACCOUNT_MESSAGES.same, { next: OWN_ACCOUNT_MESSAGES.same })
	await db.transaction(async (tx) => {
		await resetPassword(tx, staff.email, next)
		await recordAudit(tx, staffActor(staff), { action: 'staff.change-own-password', target: `staff ${staff.id}`, after: { staffId: staff.id, email: staff.email } })
	})
}

/** Ends every session of the signed-in staff member, this one included, with their open live streams. */
export async function signOutEverywhere(db: Db, staff: { id: number; email: string }): Promise<number> {
	return db.transaction(async (tx) => {
		const ended = await destroyStaffSessions(tx, staff.id)
		await recordAudit(tx, staffActor(staff), { action: 'staff.sign-out-everywhere', target: `staff ${staff.id}`, after: { staffId: staff.id, email: staff.email, sessions: ended } })
		return ended
	})
}
