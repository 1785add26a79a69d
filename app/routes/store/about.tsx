import { Link } from 'react-router'
import { contentMeta } from '~/components/content/content-meta'
import { useFill } from '~/components/content/fill'
import { aboutStory } from '~/content/site'
import { aboutStory as aboutStoryUr } from '~/content/ur/site'
import { contentMessages } from '~/domain/pages/content-messages.server'
import { langOf } from '~/i18n/lang'
import { useLocalePath, useT } from '~/i18n/use-t'
import type { Route } from './+types/about'

export const meta: Route.MetaFunction = ({ matches }) => contentMeta(matches, 'content.about.title', 'content.about.description')

/** The page's words in its language (the texts stay on the server; the page carries only its own). */
export function loader({ request }: Route.LoaderArgs) {
	const lang = langOf(new URL(request.url).pathname)
	return { story: lang === 'ur' ? aboutStoryUr : aboutStory, messages: contentMessages(lang, 'about') }
}

export default function About({ loaderData }: Route.ComponentProps) {
	const fill = useFill()
	const t = useT()
	const lp = useLocalePath()
	return (
		<div className="container page narrow">
			<h1>{t('content.about.title')}</h1>
			{loaderData.story.map((p, i) => (
				<p key={i}>{fill(p)}</p>
			))}
			<div className="stats">
				<div className="stat">
					<strong>4%</strong>
					<span>{t('content.about.statLabel')}</span>
				</div>
			</div>
			<Link to={lp('/palestine-initiative')} className="button primary">
				{t('content.about.palestineLink')}
			</Link>
		</div>
	)
}
