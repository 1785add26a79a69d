import { env } from '../../utils/env.server'
import { logger } from '../../utils/logger.server'
import { singleton } from '../../utils/singleton.server'
import { brevoProvider } from './brevo.server'
import { logProvider } from './log.server'
import { smtpProvider } from './smtp.server'
import type { EmailProvider } from './types'

const state = singleton('email-provider', () => ({ provider: null as EmailProvider | null }))

/** The configured provider (EMAIL_PROVIDER); tests may put their own in place. */
export function emailProvider(): EmailProvider {
	if (state.provider) return state.provider
	const e = env()
	state.provider =
		e.EMAIL_PROVIDER === 'brevo'
			? brevoProvider({ apiKey: e.BREVO_API_KEY!, baseUrl: e.BREVO_BASE_URL })
			: e.EMAIL_PROVIDER === 'smtp'
				? smtpProvider(e.SMTP_URL!)
				: logProvider(logger)
	return state.provider
}

export function setEmailProvider(provider: EmailProvider | null) {
	state.provider = provider
}
