import type { ConnectionSource } from './connections'
import { localMobile, SAMPLE, type StoreDetails } from './store-details'
import type { ReceivingAccountStatus } from './receiving-accounts.server'

/** One thing a new shop still runs on sample data for, and the console field that fixes it. */
export interface SetupStep {
	id: string
	/** What is still a sample, and what that means for buyers, in one sentence. */
	what: string
	fix: { href: string; label: string }
	/** Good to know, not sample data: listed apart and not counted. */
	info?: true
}

const samples = new Set<string>(SAMPLE.accountNumbers)

/**
 * What the dashboard lists until it is done: compared with the built-in sample values, never guessed.
 * `alertsChosen`: the owner has saved their alerts or connected Telegram (else a line says what reaches them by default).
 * `ownAppIcon`: the owner uploaded the app's icon.
 * `simulatorSuppliers`: the names of switched-on suppliers that are the shop's own simulator.
 */
export function setupChecklist(
	details: StoreDetails,
	connected: Record<'paypro' | 'email' | 'publicUrl', ConnectionSource>,
	{ alertsChosen, ownAppIcon, receiving = [], simulatorSuppliers = [] }: { alertsChosen: boolean; ownAppIcon: boolean; receiving?: Pick<ReceivingAccountStatus, 'method' | 'account' | 'atCeiling' | 'shown'>[]; simulatorSuppliers?: string[] },
): SetupStep[] {
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
	// Receiving accounts at their ceiling (ADR-049): which ones new buyers are shown instead.
	const full = receiving.filter((a) => a.atCeiling)
	if (full.length > 0) {
		const name = (a: (typeof receiving)[number]) => `${a.method} (${a.account})`
		const all = full.length === receiving.length
		steps.push({
			id: 'accountCeilings',
			...(all ? {} : { info: true as const }),
			what: all
				? `Every transfer account is at its ceiling (${full.map(name).join(', ')}), so buyers are shown all of them: raise a ceiling or add an account.`
				: `${full.map(name).join(', ')} ${full.length === 1 ? 'is' : 'are'} at ${full.length === 1 ? 'its' : 'their'} ceiling: new buyers are shown ${receiving.filter((a) => a.shown).map(name).join(', ')}.`,
			fix: { href: '/admin/store#transferAccounts', label: 'See the transfer accounts' },
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
	if (connected.paypro === 'none') {
		steps.push({ id: 'paypro', what: 'Card and wallet payments go to the built-in PayPro simulator: they are test payments and no money moves.', fix: { href: '/admin/connections#paypro', label: 'Connect your PayPro account' } })
	}
	// The demo's supplier (ADR-053) until the owner connects a real one in its place.
	if (simulatorSuppliers.length > 0) {
		steps.push({
			id: 'supplierSimulator',
			what: `Options out of stock are bought from “${simulatorSuppliers[0]}”, the built-in supplier SIMULATOR: its codes are made up and nothing real is bought (on a live shop, its units wait for staff instead).`,
			fix: { href: '/admin/suppliers', label: 'Connect a real supplier' },
		})
	}
	if (connected.email === 'none') {
		steps.push({ id: 'email', what: 'Emails to buyers, sign-in codes included, are kept in the outbox and the log, never sent.', fix: { href: '/admin/connections#email', label: 'Connect Brevo or an SMTP server' } })
	}
	if (connected.publicUrl === 'none') {
		steps.push({ id: 'publicUrl', what: 'The shop’s public address is not set: links in emails, the sitemap and shared previews point at the server’s own address.', fix: { href: '/admin/connections#public-url', label: 'Set the shop’s address' } })
	}
	if (!alertsChosen) {
		steps.push({
			id: 'alerts',
			info: true,
			what: 'Alerts reach you by email: transfer receipts to check, orders to deliver by hand, payments after a cancel, stock that ran out, failed emails or jobs and new contact messages. Choose what reaches you, or get them on Telegram as well.',
			fix: { href: '/admin/alerts', label: 'Choose your alerts' },
		})
	}
	return steps
}
