import { asc, eq } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client.server'
import { auditLog } from '../../db/schema'

export interface Actor {
	staffId?: number | null
	apiKeyId?: number | null
	/** Readable: the staff member's email, or 'api key: name'. */
	label: string
}

/** A signed-in staff member as the audit log names them. */
export const staffActor = (staff: { id: number; email: string }): Actor => ({ staffId: staff.id, label: staff.email })

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
