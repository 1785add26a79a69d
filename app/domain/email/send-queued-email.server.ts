import { eq, sql } from 'drizzle-orm'
import { emailFrom } from '../../integrations/email/provider.server'
import type { Db } from '../../db/client.server'
import { emailOutbox } from '../../db/schema'
import type { EmailProvider } from '../../integrations/email/types'
import { readStoreDetails } from '../settings/store-details.server'
import { openEmail } from './sealed-email.server'

/** Sends one outbox email; a failure is recorded and rethrown so the job retries with backoff. */
export async function sendQueuedEmail(db: Db, provider: EmailProvider, outboxId: number, { finalAttempt }: { finalAttempt: boolean }) {
	const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, outboxId)).limit(1)
	if (!row || row.status === 'sent') return
	// Opened here only, to be sent: a sealed email's code and link stay sealed in the outbox.
	const email = openEmail(row)
	try {
		const { messageId } = await provider.send({
			idempotencyKey: email.dedupeKey,
			to: { email: email.toEmail, name: email.toName },
			from: emailFrom(),
			fromName: (await readStoreDetails(db)).storeName,
			subject: email.subject,
			text: email.text,
			html: email.html ?? null,
			headers: email.headers ?? null,
			templateId: provider.name === 'brevo' ? email.templateId : null,
			params: email.params,
		})
		await db
			.update(emailOutbox)
			.set({ status: 'sent', sentAt: new Date(), providerMessageId: messageId, attempts: sql`${emailOutbox.attempts} + 1`, lastError: null })
			.where(eq(emailOutbox.id, outboxId))
	} catch (error) {
		const message = error instanceof Error ? error.message : String(error)
		await db
			.update(emailOutbox)
			.set({ status: finalAttempt ? 'failed' : 'pending', attempts: sql`${emailOutbox.attempts} + 1`, lastError: message.slice(0, 2000) })
			.where(eq(emailOutbox.id, outboxId))
		throw error
	}
}
