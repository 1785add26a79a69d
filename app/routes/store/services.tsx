import { Link } from 'react-router'
import { contentMeta } from '~/components/content/content-meta'
import { ServiceGrid } from '~/components/home/service-grid'
import { contentMessages } from '~/domain/pages/content-messages.server'
import { langOf } from '~/i18n/lang'
import { useLocalePath, useT } from '~/i18n/use-t'
import type { Route } from './+types/services'

export const meta: Route.MetaFunction = ({ matches }) => contentMeta(matches, 'content.services.title', 'content.services.description')

export function loader({ request }: Route.LoaderArgs) {
	return { messages: contentMessages(langOf(new URL(request.url).pathname), 'services') }
}

export default function Services() {
	const t = useT()
	const lp = useLocalePath()
	return (
		<div className="container page">
			<h1>{t('content.services.title')}</h1>
			<ServiceGrid headingLevel="h2" t={t} />
			<p className="center">
				<Link to={lp('/products')} className="button primary">
					{t('content.services.browseAll')}
				</Link>
			</p>
		</div>
	)
}
