import { env } from '../../utils/env.server'
import { logger } from '../../utils/logger.server'
import { singleton } from '../../utils/singleton.server'
import { brevoProvider } from './brevo.server'
import { logProvider } from './log.server'
import { smtpProvider } from './smtp.server'
import type { EmailProvider } from './types'

/** How emails leave the shop: Brevo's API or an SMTP server, from the environment or saved by the owner on the console. */
export type EmailAccount = { provider: 'brevo'; brevoKey: string; templateId: number | null; from: string } | { provider: 'smtp'; smtpUrl: string; from: string }

/** The sender when neither the environment (EMAIL_FROM) nor the console names one. */
export const DEFAULT_EMAIL_FROM = 'orders@gamevault.pk'
/** The Brevo template of the order-paid email when neither BREVO_TEMPLATE_ID nor the console names one. */
export const DEFAULT_BREVO_TEMPLATE_ID = 2

const state = singleton('email-provider', () => ({ provider: null as EmailProvider | null, saved: null as EmailAccount | null }))

/** Whether the environment chose the provider (EMAIL_PROVIDER), which then wins over the console's. */
export const emailSetInEnvironment = () => env().EMAIL_PROVIDER !== undefined

/** The account the owner connected on the console, as every instance reads it after a change (ADR-048). */
export function keepSavedEmailAccount(account: EmailAccount | null) {
	state.saved = account
	state.provider = null
}

/** The console's account, when the environment does not choose one. */
const savedAccount = () => (emailSetInEnvironment() ? null : state.saved)

/** The configured provider (EMAIL_PROVIDER, else the console's, else the log); tests may put their own in place. */
export function emailProvider(): EmailProvider {
	if (state.provider) return state.provider
	state.provider = providerFor(savedAccount())
	return state.provider
}

/** The provider for an account; with none, the environment's (the log when EMAIL_PROVIDER is unset). */
export function providerFor(account: EmailAccount | null): EmailProvider {
	const e = env()
	if (account?.provider === 'brevo') return brevoProvider({ apiKey: account.brevoKey, baseUrl: e.BREVO_BASE_URL })
	if (account?.provider === 'smtp') return smtpProvider(account.smtpUrl)
	return e.EMAIL_PROVIDER === 'brevo' ? brevoProvider({ apiKey: e.BREVO_API_KEY!, baseUrl: e.BREVO_BASE_URL }) : e.EMAIL_PROVIDER === 'smtp' ? smtpProvider(e.SMTP_URL!) : logProvider(logger)
}

/** The address emails are sent from. */
export const emailFrom = (): string => env().EMAIL_FROM ?? savedAccount()?.from ?? DEFAULT_EMAIL_FROM

/** The Brevo template the order-paid email is drawn with. */
export function brevoTemplateId(): number {
	const saved = savedAccount()
	return env().BREVO_TEMPLATE_ID ?? (saved?.provider === 'brevo' ? saved.templateId : null) ?? DEFAULT_BREVO_TEMPLATE_ID
}

export function setEmailProvider(provider: EmailProvider | null) {
	state.provider = provider
}
