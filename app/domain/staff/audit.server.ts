import { asc, eq } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client.server'
import { auditLog } from '../../db/schema'
import { grantsOf, type GrantedActor, type GrantHolder } from './permissions'

/** Who does a staff action: as the audit log names them, and what they may do (permissions.ts). */
export interface Actor extends GrantedActor {
	/** Readable: the staff member's email, or 'api key: name'. */
	label: string
}

/** A signed-in staff member as the audit log names them, with their role and grants (none when not given). */
export const staffActor = (staff: { id: number; email: string } & Partial<GrantHolder>): Actor => ({
	staffId: staff.id,
	label: staff.email,
	...(staff.role ? { role: staff.role, grants: grantsOf({ role: staff.role, grants: staff.grants ?? [] }) } : {}),
})

/** Records a staff action in the caller's transaction: it exists exactly when the change does. */
export async function recordAudit(
	tx: Db | Tx,
	actor: Actor,
	entry: {
		action: string
		orderNumber?: string | null
		/** What else the action changed, e.g. 'product 12', 'store settings', 'review 40'. */
		target?: string | null
		before?: Record<string, unknown> | null
		after?: Record<string, unknown> | null
		note?: string | null
	},
) {
	await tx.insert(auditLog).values({
		staffId: actor.staffId ?? null,
		apiKeyId: actor.apiKeyId ?? null,
		actor: actor.label,
		action: entry.action,
		orderNumber: entry.orderNumber ?? null,
		target: entry.target ?? null,
		before: entry.before ?? null,
		after: entry.after ?? null,
		note: entry.note ?? null,
	})
}

export async function orderHistory(db: Db, orderNumber: string) {
	return db.select().from(auditLog).where(eq(auditLog.orderNumber, orderNumber)).orderBy(asc(auditLog.createdAt), asc(auditLog.id))
}
