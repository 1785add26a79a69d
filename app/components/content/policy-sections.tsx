import type { ReactNode } from 'react'
import type { PolicySection } from '~/content/policies'
import { useRootData } from '~/components/layout/root-data'
import { fillPlaceholders } from '~/utils/seo'

/** Renders policy sections with the store's name, email and WhatsApp filled in. */
export function PolicySections({ sections, headingLevel = 2 }: { sections: PolicySection[]; headingLevel?: 2 | 3 }) {
	const fill = useFill()
	const Heading = headingLevel === 2 ? 'h2' : 'h3'
	return (
		<>
			{sections.map((s) => (
				<section key={s.heading} className="policy-section">
					<Heading>{fill(s.heading)}</Heading>
					{s.paragraphs.map((p, i) => (
						<p key={i}>{fill(p)}</p>
					))}
					{s.bullets?.length ? (
						<ul>
							{s.bullets.map((b, i) => (
								<li key={i}>{fill(b)}</li>
							))}
						</ul>
					) : null}
				</section>
			))}
		</>
	)
}

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
	// The number never breaks across lines: a buyer reads it whole.
	return (text: string): ReactNode => {
		const [first = '', ...rest] = text.split('{whatsapp}')
		if (rest.length === 0) return fillPlaceholders(text, values)
		return [
			fillPlaceholders(first, values),
			...rest.flatMap((part, i) => [
				<span key={i} className="nowrap">
					{values.whatsapp}
				</span>,
				fillPlaceholders(part, values),
			]),
		]
	}
}

export function ContentGroups({ groups }: { groups: { heading: string; items: string[] }[] }) {
	return (
		<>
			{groups.map((g) => (
				<section key={g.heading} className="content-group">
					<h2>{g.heading}</h2>
					<ul className="check-list">
						{g.items.map((item) => (
							<li key={item}>{item}</li>
						))}
					</ul>
				</section>
			))}
		</>
	)
}
