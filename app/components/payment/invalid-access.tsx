import { Link } from 'react-router'
import { MY_ORDERS_PATH } from '~/domain/buyers/next-path'

/** /payment-details opened by itself (no order from checkout in its navigation state). */
export function InvalidAccess() {
	return (
		<div className="container page narrow center">
			<h1>Invalid access</h1>
			<p className="muted">
				This page opens right after checkout. To pay for an order you placed, open it from My orders or from the link in your order email: its
				page shows the accounts to pay and where to upload your receipt.
			</p>
			<div className="order-actions centered">
				<Link to={MY_ORDERS_PATH} className="button primary">
					My orders
				</Link>
				<Link to="/products" className="button ghost">
					Browse Products
				</Link>
			</div>
		</div>
	)
}
