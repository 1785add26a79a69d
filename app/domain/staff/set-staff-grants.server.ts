import { eq } from 'drizzle-orm'
import type { Db } from '../../db/client.server'
import { staffUsers, type StaffRole } from '../../db/schema'
import { AppError } from '../../utils/app-error'
import { recordAudit, type Actor } from './audit.server'
import { GRANT_TEXT, grantsOf, isGrant, requireOwner, STAFF_GRANTS, type Grant } from './permissions'

export interface StaffAccount {
	id: number
	email: string
	name: string
	role: StaffRole
	active: boolean
	grants: Grant[]
}

/** The account as it now is, and what changed (for the page's answer). */
export interface StaffGrantsSet {
	account: StaffAccount
	added: Grant[]
	removed: Grant[]
}

const account = { id: staffUsers.id, email: staffUsers.email, name: staffUsers.name, role: staffUsers.role, active: staffUsers.active, grants: staffUsers.grants }

/** "manage the catalogue, refund orders and see reports" */
export const grantsInWords = (grants: readonly Grant[]) => {
	const words = grants.map((g) => GRANT_TEXT[g])
	return words.length > 1 ? `${words.slice(0, -1).join(', ')} and ${words.at(-1)}` : (words[0] ?? '')
}

/** The grants as given, checked: each known, each once, in the one list's order. */
function checkedGrants(grants: readonly string[]): Grant[] {
	const unknown = grants.filter((g) => !isGrant(g))
	if (unknown.length) throw new AppError('BAD_REQUEST', `Unknown grant: ${unknown.join(', ')}. Choose from: ${STAFF_GRANTS.join(', ')}.`)
	return STAFF_GRANTS.filter((g) => grants.includes(g))
}

/**
 * The owner sets what a staff account may do beyond any staff member: the whole list, or only the
 * grants a record names (`{ catalogue: true }`), the others kept. Audited with before and after in
 * the same transaction. Owners hold every grant, so an owner account has nothing to change; setting
 * what is already set changes and records nothing.
 */
export async function setStaffGrants(db: Db, actor: Actor, staffId: number, grants: readonly string[] | Partial<Record<Grant, boolean>>): Promise<StaffGrantsSet> {
	requireOwner(actor)
	return db.transaction(async (tx) => {
		const [before] = await tx.select(account).from(staffUsers).where(eq(staffUsers.id, staffId)).for('update').limit(1)
		if (!before) throw new AppError('NOT_FOUND', 'No staff account with that id.')
		if (before.role === 'owner') throw new AppError('BAD_REQUEST', `${before.email} is an owner: owners always ${grantsInWords(STAFF_GRANTS)}.`)
		const held = grantsOf(before)
		const next = Array.isArray(grants) ? checkedGrants(grants) : STAFF_GRANTS.filter((g) => (grants as Partial<Record<Grant, boolean>>)[g] ?? held.includes(g))
		const added = next.filter((g) => !held.includes(g))
		const removed = held.filter((g) => !next.includes(g))
		if (!added.length && !removed.length) return { account: { ...before, grants: held }, added, removed }
		await tx.update(staffUsers).set({ grants: next, updatedAt: new Date() }).where(eq(staffUsers.id, staffId))
		await recordAudit(tx, actor, {
			action: 'staff.set-grants',
			target: `staff ${staffId}`,
			before: { staffId, email: before.email, grants: held },
			after: { staffId, email: before.email, grants: next },
		})
		return { account: { ...before, grants: next }, added, removed }
	})
}
