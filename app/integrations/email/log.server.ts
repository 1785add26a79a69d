import type { Logger } from 'pino'
import type { EmailProvider } from './types'

/** The default: the email stays in the outbox for staff to read (text and HTML preview) and is logged without its body. */
export function logProvider(logger: Logger): EmailProvider {
	return {
		name: 'log',
		async send(email) {
			logger.info({ to: email.to.email, subject: email.subject, templateId: email.templateId }, 'email kept in the outbox (EMAIL_PROVIDER=log)')
			return { messageId: `log-${email.idempotencyKey}` }
		},
	}
}
