import { Link, data } from 'react-router'
import { pageMeta } from '~/utils/seo'
import { metaTranslate } from '~/i18n/meta-translate'
import { useLocalePath, useT } from '~/i18n/use-t'
import type { Route } from './+types/not-found'

export function loader() {
	throw data(null, { status: 404 })
}

export const meta: Route.MetaFunction = ({ matches }) => {
	const t = metaTranslate(matches)
	return pageMeta(matches, { title: t('common.notFound.title'), description: t('common.notFound.description') })
}

export function ErrorBoundary() {
	const t = useT()
	const lp = useLocalePath()
	return (
		<div className="container page narrow center">
			<h1>{t('common.notFound.title')}</h1>
			<p>{t('common.notFound.detail')}</p>
			<Link to={lp('/')} className="button primary">
				{t('common.notFound.home')}
			</Link>
		</div>
	)
}

export default function NotFound() {
	return null
}
