import { desc, eq } from 'drizzle-orm'
import type { Db } from '../../db/client.server'
import { emailOutbox, type EmailStatus } from '../../db/schema'
import { LOGGED_MESSAGE_PREFIX } from '../../integrations/email/log.server'
import { openEmail, openText } from './sealed-email.server'

/** A sign-in code in a subject ('493817 is your … sign-in code') is masked wherever emails are listed. */
export const maskCodes = (subject: string) => subject.replace(/\b\d{6}\b/g, '••••••')

const MASK = '••••••'

/** The one-time secrets an email carries (a sign-in code, the token in a sign-in link): staff never see them. */
function secretsOf(params: Record<string, string> | null | undefined): string[] {
	const secrets: string[] = []
	if (params?.CODE) secrets.push(params.CODE)
	if (params?.SIGN_IN_URL) {
		try {
			const token = new URL(params.SIGN_IN_URL).searchParams.get('token')
			if (token) secrets.push(token)
		} catch {
			// not a link
		}
	}
	return secrets.filter((s) => s.length >= 6)
}

/** `text` with every one-time secret of the email replaced by dots (the sent email still carries them). */
export function maskSecrets(text: string, params: Record<string, string> | null | undefined): string {
	let masked = text
	for (const secret of secretsOf(params)) masked = masked.split(secret).join(MASK)
	return masked
}

/**
 * What really happened to an email: 'logged' when the log provider took it (EMAIL_PROVIDER=log:
 * kept in the outbox and the log, never sent to the buyer), else its status.
 */
export function outboxDelivery(status: EmailStatus, providerMessageId: string | null): EmailStatus | 'logged' {
	return status === 'sent' && providerMessageId?.startsWith(LOGGED_MESSAGE_PREFIX) ? 'logged' : status
}

/** The email outbox for staff, newest first; the body is left out (it carries the order's private link). */
export async function listOutbox(db: Db, limit = 200) {
	const rows = await db
		.select({
			id: emailOutbox.id,
			toEmail: emailOutbox.toEmail,
			toName: emailOutbox.toName,
			subject: emailOutbox.subject,
			status: emailOutbox.status,
			attempts: emailOutbox.attempts,
			lastError: emailOutbox.lastError,
			orderNumber: emailOutbox.orderNumber,
			createdAt: emailOutbox.createdAt,
			sentAt: emailOutbox.sentAt,
			providerMessageId: emailOutbox.providerMessageId,
		})
		.from(emailOutbox)
		.orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
		.limit(limit)
	return rows.map(({ providerMessageId, ...r }) => ({ ...r, subject: maskCodes(openText(r.subject)), lastError: r.lastError && maskCodes(r.lastError), delivery: outboxDelivery(r.status, providerMessageId) }))
}

/** One email as it was queued, for a member of staff who opens its preview. */
export async function outboxEmailPreview(db: Db, id: number) {
	const [row] = await db
		.select({ id: emailOutbox.id, toEmail: emailOutbox.toEmail, subject: emailOutbox.subject, text: emailOutbox.text, html: emailOutbox.html, templateId: emailOutbox.templateId, params: emailOutbox.params })
		.from(emailOutbox)
		.where(eq(emailOutbox.id, id))
		.limit(1)
	if (!row) return null
	// One-time codes and sign-in links are never readable in the console: masked, as the list masks them.
	const { params, ...email } = openEmail(row)
	return {
		...email,
		subject: maskCodes(maskSecrets(email.subject, params)),
		text: maskSecrets(email.text, params),
		html: email.html === null ? null : maskSecrets(email.html, params),
	}
}
