import type { Db, Tx } from '../../db/client.server'
import { emailOutbox } from '../../db/schema'
import { enqueueJob } from '../jobs/queue.server'
import { sealEmail } from './sealed-email.server'
import { withoutDirectionMarks } from '../../utils/plain-text'

export interface QueuedEmail {
	/** One email per key, ever: a replayed event cannot send a second one. */
	dedupeKey: string
	toEmail: string
	toName: string | null
	subject: string
	text: string
	templateId: number | null
	params: Record<string, string>
	orderNumber?: string
	/** The HTML part (the text part is always sent too); none for a provider template. */
	html?: string | null
	/** Extra headers, e.g. List-Unsubscribe and List-Unsubscribe-Post on emails a buyer may opt out of. */
	headers?: Record<string, string> | null
	/** One-time secrets inside (a sign-in code or link): the outbox keeps subject, text, HTML and parameters sealed (sealed-email.server.ts). */
	sealed?: boolean
}

/** A subject as plain text, one line, without direction marks (mail clients show them as boxes). */
export const plainSubject = (subject: string) => withoutDirectionMarks(subject).replace(/\s+/g, ' ').trim()

/**
 * Writes the email to the outbox and schedules its sending, inside the caller's transaction:
 * if the change that causes the email commits, the email goes out (once), even after a crash.
 */
export async function queueEmail(tx: Db | Tx, { sealed, ...email }: QueuedEmail): Promise<boolean> {
	const plain = { ...email, subject: plainSubject(email.subject) }
	const [row] = await tx
		.insert(emailOutbox)
		.values({ ...(sealed ? sealEmail(plain) : plain), orderNumber: email.orderNumber ?? null })
		.onConflictDoNothing({ target: emailOutbox.dedupeKey })
		.returning({ id: emailOutbox.id })
	if (!row) return false
	await enqueueJob(tx, { kind: 'send-email', payload: { outboxId: row.id }, dedupeKey: `email:${row.id}` })
	return true
}
