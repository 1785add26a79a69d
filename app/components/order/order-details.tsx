import { Link } from 'react-router'
import type { TransferAccount } from '~/domain/settings/store-details'
import { MY_ORDERS_PATH } from '~/domain/buyers/next-path'
import type { OrderView } from '~/domain/orders/order-view'
import { DeliverablesCard } from './deliverables-card'
import { FulfillmentTracker } from './fulfillment-tracker'
import { OrderHelp } from './order-help'
import { OrderItems } from './order-items'
import { LiveIndicator } from './order-states'
import { OrderSummary } from './order-summary'
import { PaymentStatus, type PaymentFormResult } from './payment-status'
import { SubscriptionCountdown } from './subscription-countdown'
import { UnlockOrderForm } from './unlock-order-form'

/** §2 order view; the public view (product decision 3) swaps contact details, items and deliverables for the unlock form. */
export function OrderDetails({
	order,
	live,
	whatsapp,
	supportEmail,
	accounts,
	formResult,
	onChanged,
}: {
	order: OrderView
	live: boolean
	whatsapp: string
	supportEmail: string
	accounts: TransferAccount[]
	formResult: PaymentFormResult
	onChanged: () => void
}) {
	return (
		<div className="container page narrow order-page">
			<div className="order-head">
				<h1>Order Status</h1>
				<LiveIndicator live={live} />
			</div>
			<OrderSummary order={order} />
			<PaymentStatus order={order} whatsapp={whatsapp} accounts={accounts} formResult={formResult} onChanged={onChanged} />
			<SubscriptionCountdown order={order} />
			<FulfillmentTracker status={order.deliveryStatus} />
			{order.full ? (
				<>
					<DeliverablesCard order={order} />
					<OrderItems items={order.items} order={order} />
				</>
			) : (
				<UnlockOrderForm orderNumber={order.orderNumber} />
			)}
			<div className="order-actions">
				<Link to="/products" className="button primary">
					Continue Shopping
				</Link>
				<button type="button" className="button ghost" onClick={() => window.location.reload()}>
					Refresh Status
				</button>
			</div>
			<p className="muted small order-my-orders">
				Bought here before? <Link to={MY_ORDERS_PATH}>My orders</Link> shows every order placed with your email.
			</p>
			<OrderHelp orderNumber={order.orderNumber} whatsapp={whatsapp} supportEmail={supportEmail} />
		</div>
	)
}
