import { z } from 'zod'
import { hasForbiddenCharacter, idSchema, NUL_MESSAGE } from '../../utils/input'

// A staff reply to a contact message (ADR-047): plain text, sent to the buyer by email.

export const CONTACT_REPLY_MAX = 5000

export const CONTACT_REPLY_MESSAGES = {
	empty: 'Write your reply before sending it.',
	long: `Keep the reply to ${CONTACT_REPLY_MAX.toLocaleString('en')} characters or fewer.`,
	notFound: 'That message is not in the inbox any more.',
} as const

/** The reply box as the console form checks it (conform) and the server reads it. */
export const contactReplyFields = z.object({
	body: z
		.string({ error: CONTACT_REPLY_MESSAGES.empty })
		.trim()
		.min(1, CONTACT_REPLY_MESSAGES.empty)
		.max(CONTACT_REPLY_MAX, CONTACT_REPLY_MESSAGES.long)
		.refine((v) => !hasForbiddenCharacter(v), NUL_MESSAGE),
})

export const contactReplyInput = contactReplyFields.extend({ messageId: idSchema(CONTACT_REPLY_MESSAGES.notFound) })
export type ContactReplyInput = z.infer<typeof contactReplyInput>
