import { eq } from 'drizzle-orm'
import type { Db } from '../../db/client.server'
import { contactMessages } from '../../db/schema'
import { AppError } from '../../utils/app-error'
import { recordAudit, type Actor } from '../staff/audit.server'

/** Marks a contact message as answered (or back to open). */
export async function markMessageHandled(db: Db, actor: Actor, { messageId, handled }: { messageId: number; handled: boolean }) {
	await db.transaction(async (tx) => {
		const [row] = await tx.update(contactMessages).set({ handled }).where(eq(contactMessages.id, messageId)).returning({ id: contactMessages.id })
		if (!row) throw new AppError('NOT_FOUND', 'No message with that id.')
		await recordAudit(tx, actor, { action: handled ? 'contact.handled' : 'contact.reopened', after: { messageId, handled } })
	})
}
