import type { ReactNode } from 'react'
import { useRootData } from '~/components/layout/root-data'
import { fillPlaceholders } from '~/utils/seo'

/** Fills the store's name, email and WhatsApp number into the shop's texts. */
export function useFill() {
	const root = useRootData()
	return fillFor({ storeName: root?.config.storeName ?? '', supportEmail: root?.config.supportEmail ?? '', whatsappText: root?.config.contacts.whatsapp.text ?? '' })
}

/** Fills the store's name, email and WhatsApp number into a text (the server's static sections call it directly). */
export function fillFor(store: { storeName: string; supportEmail: string; whatsappText: string }) {
	const values = {
		storeName: store.storeName,
		supportEmail: store.supportEmail,
		// The WhatsApp number itself: texts say "on WhatsApp at {whatsapp}".
		whatsapp: store.whatsappText,
	}
	// The number never breaks across lines and reads left to right, in Urdu text too: a buyer reads it whole.
	return (text: string): ReactNode => {
		const [first = '', ...rest] = text.split('{whatsapp}')
		if (rest.length === 0) return fillPlaceholders(text, values)
		return [
			fillPlaceholders(first, values),
			...rest.flatMap((part, i) => [
				<bdi key={i} className="nowrap" dir="ltr">
					{values.whatsapp}
				</bdi>,
				fillPlaceholders(part, values),
			]),
		]
	}
}
