import { useLocalePath, useT } from '~/i18n/use-t'
import { Link } from 'react-router'

/** While the order is looked up again (it may not be stored yet right after payment). */
export function OrderLoading() {
	const t = useT()
	return (
		<div className="container page narrow center order-page">
			<h1>{t('order.title')}</h1>
			<div className="order-card order-loading" role="status">
				<span className="spinner" aria-hidden="true" />
				<p>{t('order.loading')}</p>
			</div>
		</div>
	)
}

export function OrderNotFound({ message }: { message: string }) {
	const t = useT()
	const lp = useLocalePath()
	return (
		<div className="container page narrow center order-page">
			<h1>{t('order.notFound.title')}</h1>
			<p className="error-box" role="alert">
				{message}
			</p>
			<div className="order-actions centered">
				<Link to={lp('/products')} className="button primary">
					{t('order.backToProducts')}
				</Link>
				<Link to={lp('/contact')} className="button ghost">
					{t('order.contactSupport')}
				</Link>
			</div>
		</div>
	)
}

/** Live updates on or being looked for; without scripts there are none: a link to look again instead (the page also looks by itself while something is still to come). */
export function LiveIndicator({ live, refreshPath }: { live: boolean; refreshPath: string }) {
	const t = useT()
	return (
		<>
			<p className={live ? 'order-live on script-only' : 'order-live script-only'} role="status" data-testid="live-indicator">
				<span className="order-live-dot" aria-hidden="true" />
				{live ? t('order.live.on') : t('order.live.off')}
			</p>
			<p className="order-live noscript-only">
				<a href={refreshPath}>{t('order.live.refresh')}</a>
			</p>
		</>
	)
}
