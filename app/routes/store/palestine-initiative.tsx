import { contentMeta } from '~/components/content/content-meta'
import { useFill } from '~/components/content/fill'
import { PromoVideo } from '~/components/home/promo-video'
import { palestineInitiative } from '~/content/site'
import { palestineInitiative as palestineInitiativeUr } from '~/content/ur/site'
import { useRootData } from '~/components/layout/root-data'
import { contentMessages } from '~/domain/pages/content-messages.server'
import { langOf } from '~/i18n/lang'
import { useT } from '~/i18n/use-t'
import type { Route } from './+types/palestine-initiative'

export const meta: Route.MetaFunction = ({ matches }) => contentMeta(matches, 'content.palestine.title', 'content.palestine.description')

export function loader({ request }: Route.LoaderArgs) {
	const lang = langOf(new URL(request.url).pathname)
	return { text: lang === 'ur' ? palestineInitiativeUr : palestineInitiative, messages: contentMessages(lang, 'palestine') }
}

export default function PalestineInitiative({ loaderData }: Route.ComponentProps) {
	const fill = useFill()
	const t = useT()
	const root = useRootData()
	const { title, intro, paragraphs, impact } = loaderData.text
	return (
		<div className="container page narrow">
			<h1>{title}</h1>
			<p className="lead">{fill(intro)}</p>
			<PromoVideo videoId={root?.config.palestineVideoId ?? null} title={t('content.palestine.videoTitle')} poster="/images/palestine-poster.svg" />
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
