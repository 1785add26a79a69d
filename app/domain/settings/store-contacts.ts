import { chatLink } from '../../utils/chat'
import { supportPhoneText, type StoreDetails } from './store-details'

// How the store's contacts are shown to buyers: each as the text a buyer reads and the link that
// opens it, made together here so that a number shown is always the number its link opens.
// Browser-safe: pages, the footer, policies, the receipt and emails all ask this one place.

/** What a buyer reads (+92 345 7778899) and what tapping it opens (https://wa.me/923457778899). */
export interface ContactLink {
	text: string
	href: string
}

export interface StoreContacts {
	/** The WhatsApp number, opening a chat with it. */
	whatsapp: ContactLink
	/** The support number, opening a call to it; null when it is the WhatsApp number (shown once). */
	phone: ContactLink | null
	email: ContactLink
	instagram: ContactLink
}

type ContactDetails = Pick<StoreDetails, 'whatsapp' | 'supportPhone' | 'supportEmail' | 'instagram'>

/** The WhatsApp number as shown and as linked, with a prefilled message when there is one. */
export function whatsappContact(whatsapp: string, message?: string): ContactLink {
	return { text: supportPhoneText(whatsapp) ?? `+${whatsapp}`, href: chatLink(whatsapp, message) }
}

/** A support number as shown (+92 42 35761234) and as a tel: link (+924235761234). */
export function phoneContact(supportPhone: string): ContactLink {
	const text = supportPhoneText(supportPhone) ?? supportPhone
	return { text, href: `tel:${text.replace(/[^\d+]/g, '')}` }
}

export function storeContacts(details: ContactDetails): StoreContacts {
	const whatsapp = whatsappContact(details.whatsapp)
	const phone = phoneContact(details.supportPhone)
	return {
		whatsapp,
		phone: phone.text === whatsapp.text ? null : phone,
		email: { text: details.supportEmail, href: `mailto:${details.supportEmail}` },
		instagram: { text: `@${details.instagram}`, href: `https://instagram.com/${details.instagram}` },
	}
}

/** What page texts fill in for {storeName}, {supportEmail} and {whatsapp}: {whatsapp} is the WhatsApp number. */
export function contactTokens(details: ContactDetails & Pick<StoreDetails, 'storeName'>): Record<'storeName' | 'supportEmail' | 'whatsapp', string> {
	return { storeName: details.storeName, supportEmail: details.supportEmail, whatsapp: whatsappContact(details.whatsapp).text }
}
