import { eq } from 'drizzle-orm'
import { z } from 'zod'
import type { Db } from '../../db/client.server'
import { staffUsers } from '../../db/schema'
import { AppError } from '../../utils/app-error'
import { recordAudit, staffActor } from './audit.server'
import { resetPassword } from './manage-staff.server'
import { verifyPassword } from './password.server'
import { destroyStaffSessions } from './sessions.server'
import { PASSWORD_MAX } from './sign-in-input'

// "Your account" on the console's settings page: a staff member changes their own password, or signs
// out everywhere. Both end every session of the account, this one too (as a buyer's "Sign out
// everywhere" does), with the live streams opened under them, on every instance.

export const OWN_ACCOUNT_MESSAGES = {
	missingCurrent: 'Please enter your current password.',
	wrongCurrent: 'That is not your current password.',
	tooShort: 'Passwords need at least 10 characters.',
	tooLong: `That password is too long: passwords have at most ${PASSWORD_MAX} characters.`,
	same: 'The new password is the same as the current one: please choose another.',
} as const

const changeInput = z.object({
	current: z.string().min(1, OWN_ACCOUNT_MESSAGES.missingCurrent).max(PASSWORD_MAX, OWN_ACCOUNT_MESSAGES.wrongCurrent),
	next: z.string().min(10, OWN_ACCOUNT_MESSAGES.tooShort).max(PASSWORD_MAX, OWN_ACCOUNT_MESSAGES.tooLong),
})

/** Changes the signed-in staff member's password after checking the current one; signs the account out everywhere. */
export async function changeOwnPassword(db: Db, staff: { id: number; email: string }, input: { current?: unknown; next?: unknown }): Promise<void> {
	const parsed = changeInput.safeParse(input)
	if (!parsed.success) throw new AppError('BAD_REQUEST', parsed.error.issues[0]!.message)
	const { current, next } = parsed.data
	const [row] = await db.select({ passwordHash: staffUsers.passwordHash }).from(staffUsers).where(eq(staffUsers.id, staff.id)).limit(1)
	if (!row) throw new AppError('NOT_FOUND', 'No staff account with that id.')
	if (!(await verifyPassword(current, row.passwordHash))) throw new AppError('BAD_REQUEST', OWN_ACCOUNT_MESSAGES.wrongCurrent)
	if (current.normalize('NFKC') === next.normalize('NFKC')) throw new AppError('BAD_REQUEST', OWN_ACCOUNT_MESSAGES.same)
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
