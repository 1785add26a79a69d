import type { Env } from '../../utils/env.server'
import { localMobile, SAMPLE, type StoreDetails } from './store-details'

/** One thing a new shop still runs on sample data for, and where it is fixed: a console field, or environment variables. */
export interface SetupStep {
	id: string
	/** What is still a sample, and what that means for buyers, in one sentence. */
	what: string
	fix: { href: string; label: string } | { env: string[]; note: string }
}

const samples = new Set<string>(SAMPLE.accountNumbers)

/** What the dashboard lists until it is done: compared with the built-in sample values, never guessed. */
export function setupChecklist(details: StoreDetails, e: Pick<Env, 'PAYPRO_CLIENT_ID' | 'EMAIL_PROVIDER' | 'PUBLIC_URL'>, { ownAppIcon }: { ownAppIcon: boolean }): SetupStep[] {
	const steps: SetupStep[] = []
	const field = (id: keyof StoreDetails, label: string) => ({ href: `/admin/store#${id}`, label })
	if (details.storeName === SAMPLE.storeName) {
		steps.push({ id: 'storeName', what: `The store’s name is the sample “${SAMPLE.storeName}”: every page, email, receipt and transfer account shows it.`, fix: field('storeName', 'Set the store name') })
	}
	if (details.whatsapp === SAMPLE.whatsapp) {
		steps.push({ id: 'whatsapp', what: `The WhatsApp number is the sample ${localMobile(SAMPLE.whatsapp)}: every chat button and WhatsApp link opens a chat with it, and the contact page, footer and policies show it.`, fix: field('whatsapp', 'Set the WhatsApp number') })
	}
	if (details.supportPhone === SAMPLE.supportPhone) {
		steps.push({ id: 'supportPhone', what: `The support number is the sample ${SAMPLE.supportPhone}: the contact page, the footer and receipts show it when it differs from WhatsApp.`, fix: field('supportPhone', 'Set the support number') })
	}
	if (details.supportEmail === SAMPLE.supportEmail) {
		steps.push({ id: 'supportEmail', what: `The support email is the sample ${SAMPLE.supportEmail}: the contact page, footer, policies, order pages and receipts show it, and buyers who write to it reach no one.`, fix: field('supportEmail', 'Set the support email') })
	}
	if (details.instagram === SAMPLE.instagram) {
		steps.push({ id: 'instagram', what: `The Instagram account is the sample @${SAMPLE.instagram}: the footer and the products page link to it.`, fix: field('instagram', 'Set the Instagram account') })
	}
	const sampleAccounts = details.transferAccounts.filter((a) => samples.has(a.account))
	if (sampleAccounts.length > 0) {
		steps.push({
			id: 'transferAccounts',
			what: `${sampleAccounts.length === 1 ? `The ${sampleAccounts[0]!.method} account` : `${sampleAccounts.length} of the bank and wallet accounts`} shown for transfers ${sampleAccounts.length === 1 ? 'is a sample' : 'are samples'} (${sampleAccounts.map((a) => a.method).join(', ')}): buyers would send money nowhere.`,
			fix: { href: '/admin/store#transferAccounts', label: 'Set the transfer accounts' },
		})
	}
	if (details.banner === SAMPLE.banner) {
		steps.push({ id: 'banner', what: `The announcement above every page is the sample “${SAMPLE.banner}”.`, fix: field('banner', 'Write the announcement, or leave it empty') })
	}
	if (details.promoVideoId === null) {
		steps.push({ id: 'promoVideoId', what: 'The Game Pass video on the home and Game Pass pages is the sample poster.', fix: field('promoVideoId', 'Set the Game Pass video') })
	}
	if (details.palestineVideoId === null) {
		steps.push({ id: 'palestineVideoId', what: 'The Palestine initiative page shows the sample poster instead of a video.', fix: field('palestineVideoId', 'Set the Palestine initiative video') })
	}
	if (!ownAppIcon) {
		steps.push({ id: 'appIcon', what: 'The app icon is the built-in logo: a buyer who installs the shop sees it on their home screen.', fix: { href: '/admin/store#app-icon', label: 'Upload the app icon' } })
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
