import { Link } from 'react-router'
import { useLocalePath, useT } from '~/i18n/use-t'

/** The page a stranger, another buyer or a mistyped order number gets for an order's own pages (receipt, claim): the same 404, telling nothing. */
export function OrderNotFound({ message }: { message: string }) {
	const t = useT()
	const lp = useLocalePath()
	return (
		<div className="container page narrow center">
			<h1>{t('order.receipt.notFoundTitle')}</h1>
			<p>{message}</p>
			<Link to={lp('/')} className="button primary">
				{t('order.receipt.home')}
			</Link>
		</div>
	)
}
