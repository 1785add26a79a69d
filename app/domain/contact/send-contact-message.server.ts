import { z } from 'zod'
import type { Db } from '../../db/client.server'
import type { Lang } from '../../i18n/lang'
import { contactMessages } from '../../db/schema'
import { invalidInput, topName } from '../../utils/field-errors'
import { nameSchema } from '../../utils/input'
import { hitRateLimit } from '../rate-limit.server'
import { contactMessageAlert } from '../alerts/event-alerts.server'
import { queueAlert } from '../alerts/queue-alert.server'

export const contactInput = z.object({
	name: nameSchema('content.contact.error.name', 80, 'content.contact.error.nameLong'),
	email: z.string().trim().max(254, 'content.contact.error.emailLong').email('content.contact.error.email'),
	subject: z.string().trim().max(120, 'content.contact.error.subjectLong').optional().default(''),
	message: z.string().trim().min(10, 'content.contact.error.messageShort').max(3000, 'content.contact.error.messageLong'),
})

/** Stores the message for staff to answer, and alerts those who chose it (the owner by default) in the same transaction. */
export async function sendContactMessage(
	db: Db,
	input: unknown,
	{ clientIp, limitPerHour, lang = 'en' }: { clientIp: string; limitPerHour: number; lang?: Lang },
) {
	const parsed = contactInput.safeParse(input)
	if (!parsed.success) {
		throw invalidInput(parsed.error, { name: topName, message: 'content.contact.error.check' })
	}
	await hitRateLimit(db, `contact:${clientIp}`, {
		limit: limitPerHour,
		windowSeconds: 3600,
		message: 'content.contact.error.tooMany',
	})
	const { name, email, subject, message } = parsed.data
	await db.transaction(async (tx) => {
		const [row] = await tx.insert(contactMessages).values({ name, email, subject: subject || null, message, lang }).returning({ id: contactMessages.id, email: contactMessages.email, subject: contactMessages.subject })
		await queueAlert(tx, contactMessageAlert(row!))
	})
}
