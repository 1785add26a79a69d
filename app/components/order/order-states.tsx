import { Link } from 'react-router'

/** While the order is looked up again (it may not be stored yet right after payment). */
export function OrderLoading() {
	return (
		<div className="container page narrow center order-page">
			<h1>Order Status</h1>
			<div className="order-card order-loading" role="status">
				<span className="spinner" aria-hidden="true" />
				<p>Loading order details...</p>
			</div>
		</div>
	)
}

export function OrderNotFound({ message }: { message: string }) {
	return (
		<div className="container page narrow center order-page">
			<h1>Order Not Found</h1>
			<p className="error-box" role="alert">
				{message}
			</p>
			<div className="order-actions centered">
				<Link to="/products" className="button primary">
					Back to Products
				</Link>
				<Link to="/contact" className="button ghost">
					Contact Support
				</Link>
			</div>
		</div>
	)
}

export function LiveIndicator({ live }: { live: boolean }) {
	return (
		<p className={live ? 'order-live on' : 'order-live'} role="status" data-testid="live-indicator">
			<span className="order-live-dot" aria-hidden="true" />
			{live ? 'Live updates active' : 'Checking for updates...'}
		</p>
	)
}
