import { and, eq } from 'drizzle-orm'
import type { Db } from '../../db/client.server'
import { emailOutbox } from '../../db/schema'
import { AppError } from '../../utils/app-error'
import { enqueueJob } from '../jobs/queue.server'
import { recordAudit, type Actor } from '../staff/audit.server'

/** Sends a failed email again: back to pending, with a send job of its own (the first one's key is spent). */
export async function retryEmail(db: Db, actor: Actor, outboxId: number) {
	await db.transaction(async (tx) => {
		const [email] = await tx
			.update(emailOutbox)
			.set({ status: 'pending' })
			.where(and(eq(emailOutbox.id, outboxId), eq(emailOutbox.status, 'failed')))
			.returning({ id: emailOutbox.id, toEmail: emailOutbox.toEmail, orderNumber: emailOutbox.orderNumber })
		if (!email) throw new AppError('CONFLICT', 'Only a failed email can be sent again.')
		await enqueueJob(tx, { kind: 'send-email', payload: { outboxId }, dedupeKey: `email:${outboxId}:retry:${Date.now()}` })
		await recordAudit(tx, actor, { action: 'email.retry', orderNumber: email.orderNumber, before: { outboxId, status: 'failed' }, after: { outboxId, status: 'pending' } })
	})
}
