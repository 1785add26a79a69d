import type { Logger } from 'pino'
import type { EmailProvider } from './types'

/** The log provider's message ids start with this: the outbox tells a logged email from a sent one by it. */
export const LOGGED_MESSAGE_PREFIX = 'log-'

/** The default: the email stays in the outbox for staff to read (text and HTML preview) and is logged without its body. */
export function logProvider(logger: Logger): EmailProvider {
	return {
		name: 'log',
		async send(email) {
			logger.info({ to: email.to.email, subject: email.subject, templateId: email.templateId }, 'email kept in the outbox (EMAIL_PROVIDER=log)')
			return { messageId: `${LOGGED_MESSAGE_PREFIX}${email.idempotencyKey}` }
		},
	}
}
