import { z } from 'zod'
import type { Db } from '../../db/client.server'
import { contactMessages } from '../../db/schema'
import { invalidInput, topName } from '../../utils/field-errors'
import { nameSchema } from '../../utils/input'
import { hitRateLimit } from '../rate-limit.server'

export const contactInput = z.object({
	name: nameSchema('Please enter your name.', 80, 'Your name can be at most 80 characters.'),
	email: z.string().trim().max(254, 'That email address is too long.').email('Please enter a valid email address.'),
	subject: z.string().trim().max(120, 'The subject can be at most 120 characters.').optional().default(''),
	message: z
		.string()
		.trim()
		.min(10, 'Please write a message of at least 10 characters.')
		.max(3000, 'Your message can be at most 3000 characters.'),
})

/** Stores the message for staff to answer. */
export async function sendContactMessage(
	db: Db,
	input: unknown,
	{ clientIp, limitPerHour }: { clientIp: string; limitPerHour: number },
) {
	const parsed = contactInput.safeParse(input)
	if (!parsed.success) {
		throw invalidInput(parsed.error, { name: topName, message: 'Please check the highlighted fields.' })
	}
	await hitRateLimit(db, `contact:${clientIp}`, {
		limit: limitPerHour,
		windowSeconds: 3600,
		message: 'You have sent several messages in a short time. Please try again in an hour, or message us on WhatsApp.',
	})
	const { name, email, subject, message } = parsed.data
	await db.insert(contactMessages).values({ name, email, subject: subject || null, message })
}
