import { useLocalePath, useT } from '~/i18n/use-t'
import { aroundLink } from './around-link'
import { Link } from 'react-router'
import type { TransferAccount } from '~/domain/settings/store-details'
import { MY_ORDERS_PATH, orderPagePath } from '~/domain/buyers/next-path'
import type { OrderView } from '~/domain/orders/order-view'
import type { UnitClaimView } from '~/domain/claims/claim-rules'
import { DeliverablesCard } from './deliverables-card'
import { FulfillmentTracker } from './fulfillment-tracker'
import { OrderHelp } from './order-help'
import { OrderItems } from './order-items'
import { OrderSummary } from './order-summary'
import { PaymentStatus, type PaymentFormResult } from './payment-status'
import { SubscriptionCountdown } from './subscription-countdown'
import { UnlockOrderForm } from './unlock-order-form'

// §2 order view below its heading, in two parts (ADR-041, the answer first): the answer, on the
// first screen of a phone (what happened and what to do next), then the details. The public view
// (product decision 3) swaps contact details, items and deliverables for the unlock form. The server
// draws both (`renderStaticHtml`, again for every live update): the page's script only makes their
// buttons and forms work (`order-page-parts.ts`).

/**
 * What happened and what to do next: the payment card (its badge and the next step: pay, upload a
 * receipt, try again, the ways on after a rejected transfer, what happens to the money), then for a
 * paid order its codes or when they come; the public view's next step is unlocking the order.
 */
export function OrderAnswer({
	order,
	whatsapp,
	accounts,
	formResult,
	testPayments,
	unlockSentTo,
	claims,
	handReport = false,
	claimSent = false,
}: {
	order: OrderView
	whatsapp: string
	accounts: TransferAccount[]
	formResult: PaymentFormResult
	testPayments: boolean
	/** The address a sign-in code was asked for from this page (`signIn=sent&email=`), or null. */
	unlockSentTo: string | null
	/** The delivered units' claims (ADR-052), and whether one was just sent (`claim=sent`). */
	claims?: UnitClaimView[]
	/** Content delivered by hand, within its window: the way to report it is the chat (ADR-052). */
	handReport?: boolean
	claimSent?: boolean
}) {
	return (
		<>
			<PaymentStatus order={order} whatsapp={whatsapp} accounts={accounts} formResult={formResult} testPayments={testPayments} />
			{!order.full ? <UnlockOrderForm orderNumber={order.orderNumber} sentTo={unlockSentTo} /> : order.actions.paid ? <DeliverablesCard order={order} claims={claims} claimSent={claimSent} handReport={handReport ? whatsapp : null} /> : null}
		</>
	)
}

/** The rest, below the answer: summary, subscription, tracker, what was bought, and where to get help. */
export function OrderDetails({ order, whatsapp, supportEmail }: { order: OrderView; whatsapp: string; supportEmail: string }) {
	const t = useT()
	const lp = useLocalePath()
	const [before, after] = aroundLink(t('order.myOrdersNote'))
	return (
		<>
			<OrderSummary order={order} />
			<SubscriptionCountdown order={order} />
			<FulfillmentTracker status={order.deliveryStatus} />
			{order.full ? (
				<>
					{order.actions.paid ? null : <DeliverablesCard order={order} />}
					<OrderItems items={order.items} order={order} />
				</>
			) : null}
			<div className="order-actions">
				<Link to={lp('/products')} className="button primary">
					{t('order.continueShopping')}
				</Link>
				<button type="button" className="button ghost script-only" data-reload="">
					{t('order.refreshStatus')}
				</button>
				{/* Without scripts the button could not reload: a link to the page does. */}
				<a href={lp(orderPagePath(order.orderNumber))} className="button ghost noscript-only">
					{t('order.refreshStatus')}
				</a>
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
