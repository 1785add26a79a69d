import { useLocalePath, useT } from '~/i18n/use-t'
import { aroundLink } from './around-link'
import { Link } from 'react-router'
import type { TransferAccount } from '~/domain/settings/store-details'
import { MY_ORDERS_PATH } from '~/domain/buyers/next-path'
import type { OrderView } from '~/domain/orders/order-view'
import { DeliverablesCard } from './deliverables-card'
import { FulfillmentTracker } from './fulfillment-tracker'
import { OrderHelp } from './order-help'
import { OrderItems } from './order-items'
import { OrderSummary } from './order-summary'
import { PaymentStatus, type PaymentFormResult } from './payment-status'
import { SubscriptionCountdown } from './subscription-countdown'
import { UnlockOrderForm } from './unlock-order-form'

/**
 * §2 order view below its heading; the public view (product decision 3) swaps contact details, items
 * and deliverables for the unlock form. The server draws it (`renderStaticHtml`, again for every live
 * update): the page's script only makes its buttons and forms work (`order-page-parts.ts`).
 */
export function OrderDetails({
	order,
	whatsapp,
	supportEmail,
	accounts,
	formResult,
	testPayments,
	unlockSentTo,
}: {
	order: OrderView
	whatsapp: string
	supportEmail: string
	accounts: TransferAccount[]
	formResult: PaymentFormResult
	testPayments: boolean
	/** The address a sign-in code was asked for from this page (`signIn=sent&email=`), or null. */
	unlockSentTo: string | null
}) {
	const t = useT()
	const lp = useLocalePath()
	const [before, after] = aroundLink(t('order.myOrdersNote'))
	return (
		<>
			<OrderSummary order={order} />
			<PaymentStatus order={order} whatsapp={whatsapp} accounts={accounts} formResult={formResult} testPayments={testPayments} />
			<SubscriptionCountdown order={order} />
			<FulfillmentTracker status={order.deliveryStatus} />
			{order.full ? (
				<>
					<DeliverablesCard order={order} />
					<OrderItems items={order.items} order={order} />
				</>
			) : (
				<UnlockOrderForm orderNumber={order.orderNumber} sentTo={unlockSentTo} />
			)}
			<div className="order-actions">
				<Link to={lp('/products')} className="button primary">
					{t('order.continueShopping')}
				</Link>
				<button type="button" className="button ghost" data-reload="">
					{t('order.refreshStatus')}
				</button>
			</div>
			<p className="muted small order-my-orders">
				{before}
				<Link to={lp(MY_ORDERS_PATH)}>{t('order.myOrdersLink')}</Link>
				{after}
			</p>
			<OrderHelp orderNumber={order.orderNumber} whatsapp={whatsapp} supportEmail={supportEmail} />
		</>
	)
}
