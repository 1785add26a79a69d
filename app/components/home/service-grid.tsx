import { services } from '~/content/site'
import { ServiceIcon } from '../ui/service-icon'

export function ServiceGrid({ headingLevel }: { headingLevel: 'h2' | 'h3' }) {
	const Heading = headingLevel
	return (
		<ul className="service-grid">
			{services.map((s) => (
				<li key={s.title} className="service-card">
					<ServiceIcon name={s.icon} />
					<Heading className="h3">{s.title}</Heading>
					<p className="muted">{s.description}</p>
				</li>
			))}
		</ul>
	)
}
