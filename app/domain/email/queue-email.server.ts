import type { Db, Tx } from '../../db/client.server'
import { emailOutbox } from '../../db/schema'
import { enqueueJob } from '../jobs/queue.server'
import { sealEmail } from './sealed-email.server'

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

/** The marks that steer text direction (isolates, embeddings, LRM/RLM): many mail clients show them as boxes in a subject. */
const DIRECTION_MARKS = /[\u200e\u200f\u202a-\u202e\u2066-\u2069]/g

/** A subject as plain text: no direction marks (an Urdu subject reads right to left, an order number in it left to right without them), one line. */
export const plainSubject = (subject: string) => subject.replace(DIRECTION_MARKS, '').replace(/\s+/g, ' ').trim()

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
