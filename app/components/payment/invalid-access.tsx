import { Link } from 'react-router'
import { MY_ORDERS_PATH } from '~/domain/buyers/next-path'
import { useLocalePath, useT } from '~/i18n/use-t'

/** /payment-details opened by itself (no order from checkout in its navigation state). */
export function InvalidAccess() {
	const t = useT()
	const lp = useLocalePath()
	return (
		<div className="container page narrow center">
			<h1>{t('checkout.invalidAccess.title')}</h1>
			<p className="muted">{t('checkout.invalidAccess.text')}</p>
			<div className="order-actions centered">
				<Link to={lp(MY_ORDERS_PATH)} className="button primary">
					{t('checkout.invalidAccess.myOrders')}
				</Link>
				<Link to={lp('/products')} className="button ghost">
					{t('checkout.browseProducts')}
				</Link>
			</div>
		</div>
	)
}
