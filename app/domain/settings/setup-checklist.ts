import type { Env } from '../../utils/env.server'
import { SAMPLE, type StoreDetails } from './store-details'

/** One thing a new shop still runs on sample data for, and where it is fixed: a console field, or environment variables. */
export interface SetupStep {
	id: string
	/** What is still a sample, and what that means for buyers, in one sentence. */
	what: string
	fix: { href: string; label: string } | { env: string[]; note: string }
}

const samples = new Set<string>(SAMPLE.accountNumbers)

/** What the dashboard lists until it is done: compared with the built-in sample values, never guessed. */
export function setupChecklist(details: StoreDetails, e: Pick<Env, 'PAYPRO_CLIENT_ID' | 'EMAIL_PROVIDER' | 'PUBLIC_URL'>): SetupStep[] {
	const steps: SetupStep[] = []
	if (details.whatsapp === SAMPLE.whatsapp) {
		steps.push({ id: 'whatsapp', what: 'The WhatsApp number is the sample 0300 1234567: every chat button and WhatsApp link opens a chat with it.', fix: { href: '/admin/store#whatsapp', label: 'Set the WhatsApp number' } })
	}
	if (details.supportPhone === SAMPLE.supportPhone) {
		steps.push({ id: 'supportPhone', what: 'The support number shown on the contact page and in the policies is the sample +92 300 1234567.', fix: { href: '/admin/store#supportPhone', label: 'Set the support number' } })
	}
	const sampleAccounts = details.transferAccounts.filter((a) => samples.has(a.account))
	if (sampleAccounts.length > 0) {
		steps.push({
			id: 'transferAccounts',
			what: `${sampleAccounts.length === 1 ? `The ${sampleAccounts[0]!.method} account` : `${sampleAccounts.length} of the bank and wallet accounts`} shown for transfers ${sampleAccounts.length === 1 ? 'is a sample' : 'are samples'} (${sampleAccounts.map((a) => a.method).join(', ')}): buyers would send money nowhere.`,
			fix: { href: '/admin/store#transferAccounts', label: 'Set the transfer accounts' },
		})
	}
	if (!e.PAYPRO_CLIENT_ID) {
		steps.push({ id: 'paypro', what: 'Card and wallet payments go to the built-in PayPro simulator: they are test payments and no money moves.', fix: { env: ['PAYPRO_CLIENT_ID', 'PAYPRO_CLIENT_SECRET', 'PAYPRO_MERCHANT_ID', 'PAYPRO_CALLBACK_USERNAME', 'PAYPRO_CALLBACK_PASSWORD'], note: 'the credentials from PayPro’s merchant panel' } })
	}
	if (e.EMAIL_PROVIDER === 'log') {
		steps.push({ id: 'email', what: 'Emails to buyers are kept in the outbox and the log, never sent.', fix: { env: ['EMAIL_PROVIDER'], note: 'brevo with BREVO_API_KEY, or smtp with SMTP_URL' } })
	}
	if (!e.PUBLIC_URL) {
		steps.push({ id: 'publicUrl', what: 'The shop’s public address is not set: links in emails, the sitemap and shared previews use whatever address each request came to.', fix: { env: ['PUBLIC_URL'], note: 'e.g. https://yourshop.pk' } })
	}
	return steps
}
