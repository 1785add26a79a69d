import { useT } from '~/i18n/use-t'
import { useLocalePath } from '~/i18n/use-t'
import { metaTranslate } from '~/i18n/meta-translate'
import { pageMeta } from '~/utils/seo'
import type { Route } from './+types/offline'

// What the shop's service worker shows for a page it cannot reach and has no saved copy of (ADR-034),
// at /offline and /ur/offline. The worker keeps this page when it installs and answers with it, without
// its scripts, at the address the buyer asked for: "Try again" reloads that address.

export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'no-cache' })

export const meta: Route.MetaFunction = ({ matches }) => {
	const t = metaTranslate(matches)
	return pageMeta(matches, { title: t('offline.title'), description: t('offline.description'), extra: [{ name: 'robots', content: 'noindex' }] })
}

export default function Offline() {
	const t = useT()
	const lp = useLocalePath()
	return (
		<div className="container page narrow center offline-page">
			<h1>{t('offline.title')}</h1>
			<p>{t('offline.body')}</p>
			<p className="muted">{t('offline.saved')}</p>
			<p className="offline-actions">
				<a className="button primary" href="">
					{t('offline.tryAgain')}
				</a>
				<a className="button ghost" href={lp('/my-orders')}>
					{t('offline.myOrders')}
				</a>
			</p>
		</div>
	)
}
