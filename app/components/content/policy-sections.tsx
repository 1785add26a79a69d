import type { PolicySection } from '~/content/policies'
import { useFill } from './fill'

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
