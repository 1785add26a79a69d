import { useFill } from '~/components/content/fill'
import { PromoVideo } from '~/components/home/promo-video'
import { palestineInitiative } from '~/content/site'
import { useRootData } from '~/components/layout/root-data'
import { pageMeta } from '~/utils/seo'
import type { Route } from './+types/palestine-initiative'

export const meta: Route.MetaFunction = ({ matches }) =>
	pageMeta(matches, {
		title: 'Palestine Initiative',
		description: '4% of the profit of every sale is donated to help people affected in Palestine and Gaza.',
	})

export default function PalestineInitiative() {
	const fill = useFill()
	const root = useRootData()
	const { title, intro, paragraphs, impact } = palestineInitiative
	return (
		<div className="container page narrow">
			<h1>{title}</h1>
			<p className="lead">{fill(intro)}</p>
			<PromoVideo videoId={root?.config.palestineVideoId ?? null} title="Palestine initiative video" poster="/images/palestine-poster.svg" />
			<div className="stats">
				{impact.map((i) => (
					<div key={i.label} className="stat">
						<strong>{i.figure}</strong>
						<span>{i.label}</span>
					</div>
				))}
			</div>
			{paragraphs.map((p, i) => (
				<p key={i}>{fill(p)}</p>
			))}
		</div>
	)
}
