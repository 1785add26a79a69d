import { useLang, useLocalePath, useT } from '~/i18n/use-t'
import { optionLabel } from '~/i18n/option-label'
import { Link } from 'react-router'
import { RevealableDelivery, deliveryText } from '~/components/order/delivery-text'
import { hasHidden, isDelivery, isHiddenHand } from '~/domain/orders/delivered-units'
import { PayAgain } from '~/components/order/pay-again'
import { endsWords } from '~/components/order/ends-words'
import type { BuyerOrder, BuyerOrderLine } from '~/domain/buyers/my-orders'
import { orderPagePath } from '~/domain/buyers/next-path'
import { receiptPath } from '~/domain/orders/receipt-path'
import type { DeliveryState } from '~/domain/orders/order-state'
import { buyerBadgeKey, FULFILLMENT_STEPS, fulfillmentIndex, paymentBadge } from '~/domain/orders/status'
import { subscriptionDaysLeft } from '~/domain/orders/subscription'
import { Rs } from '../ui/price'

/** One order on My orders: what the order page says, in a card a phone shows whole; the codes stay folded until asked for. The server draws it (ADR-007). */
export function BuyerOrderCard({ order, lines, shown, opened = false }: BuyerOrder & { opened?: boolean }) {
	const t = useT()
	const lp = useLocalePath()
	const badge = paymentBadge(order.paymentStatus)
	const paid = order.actions.paid
	const titleId = `my-order-${order.orderNumber.replace(/[^\w-]/g, '')}`
	return (
		<article className="order-card my-order" aria-labelledby={titleId}>
			<div className="my-order-head">
				<h2 id={titleId} className="my-order-number">
					<Link to={lp(orderPagePath(order.orderNumber))}>
						<span className="sr-only">{t('order.card.order')} </span>
						<span className="order-code" dir="ltr">{order.orderNumber}</span>
					</Link>
				</h2>
				<span className={`order-badge small ${badge.tone}`} data-testid="payment-badge">
					{t(buyerBadgeKey(order))}
				</span>
			</div>
			<p className="my-order-meta">
				<time dateTime={order.createdAt} className="muted">
					{shown.placedAt}
				</time>
				<strong className="order-total"><Rs amount={order.totalAmount} /></strong>
			</p>
			{order.refundedAmount > 0 ? (
				<p className="my-order-refund" data-testid="my-order-refund">
					{order.paymentStatus === 'refunded' ? t('order.payment.refunded') : t('order.payment.partlyRefunded')}: <Rs amount={order.refundedAmount} />
				</p>
			) : null}
			{order.paymentStatus === 'cancelled' && order.cancelReason ? <p className="my-order-refund muted">{t('order.card.cancelled', { reason: order.cancelReason })}</p> : null}
			{paid ? <Progress status={order.deliveryStatus} /> : <UnpaidNote order={order} />}
			<ul className="my-order-lines">
				{lines.map((line) => (
					<OrderLineRow key={line.lineIndex} line={line} />
				))}
			</ul>
			{order.subscriptionEndsAt && shown.subscriptionEndsDay ? <EndsOn iso={order.subscriptionEndsAt} day={shown.subscriptionEndsDay} subscription /> : null}
			<Deliverables order={order} paid={paid} opened={opened} />
			<div className="my-order-actions">
				<Link to={lp(orderPagePath(order.orderNumber))} className="button ghost small">
					{t('order.card.orderPage')}
				</Link>
				<Link to={lp(receiptPath(order.orderNumber))} className="button ghost small" aria-label={t('order.card.receiptLabel', { orderNumber: order.orderNumber })}>
					{t('order.card.receipt')}
				</Link>
			</div>
		</article>
	)
}

/** An unpaid order says what the order page offers: the same ways to pay, or where the payment stands. */
function UnpaidNote({ order }: { order: BuyerOrder['order'] }) {
	const t = useT()
	const lp = useLocalePath()
	const transferPath = lp(`${orderPagePath(order.orderNumber)}#pay-by-transfer`)
	if (order.actions.canPayAgain) {
		return <PayAgain order={order} failedBefore={false} afterTransfer={transferPath} />
	}
	if (order.actions.canUploadReceipt) {
		return (
			<div className="my-order-note">
				<p className="muted small">{t('order.card.waitingTransfer')}</p>
				<Link to={transferPath} className="button primary small">
					{t('order.card.payAndUpload')}
				</Link>
			</div>
		)
	}
	if (order.actions.canSendNewReceipt) {
		// Staff rejected the transfer: the order page's ways on (a new receipt, online payment, the chat).
		return (
			<div className="my-order-note" data-testid="my-order-rejected">
				<p className="muted small">{t('order.card.rejected')}</p>
				<Link to={lp(`${orderPagePath(order.orderNumber)}#after-rejection`)} className="button primary small">
					{t('order.card.waysOn')}
				</Link>
			</div>
		)
	}
	if (order.actions.canReplaceReceipt) return <p className="muted small my-order-note">{t('order.card.inReview')}</p>
	return <p className="muted small my-order-note">{t('order.card.seeOrderPage')}</p>
}

/** The order page's tracker in one line and its bar. */
function Progress({ status }: { status: DeliveryState }) {
	const t = useT()
	const current = fulfillmentIndex(status)
	const percent = Math.round(((current + 1) / FULFILLMENT_STEPS.length) * 100)
	return (
		<div className="my-order-progress">
			<p className="small">
				{t('order.progress.step', { step: current + 1, count: FULFILLMENT_STEPS.length, title: t(`order.step.${FULFILLMENT_STEPS[current]!.id}`) })}
			</p>
			<div className="order-progress" aria-hidden="true">
				<span style={{ width: `${percent}%` }} />
			</div>
		</div>
	)
}

function OrderLineRow({ line }: { line: BuyerOrderLine }) {
	const t = useT()
	const lp = useLocalePath()
	return (
		<li className="my-order-line">
			<div className="my-order-line-text">
				<p className="my-order-line-name">
					{line.name}
					{line.quantity > 1 ? ` × ${line.quantity}` : null}
				</p>
				{line.option ? <p className="muted small" dir="auto">{optionLabel(t, line.option)}</p> : null}
				{line.endsAt && line.endsDay ? <EndsOn iso={line.endsAt} day={line.endsDay} /> : null}
			</div>
			{line.renewPath ? (
				<Link to={lp(line.renewPath)} className="button ghost small" aria-label={t('order.card.renewLabel', { name: line.name })}>
					{t('order.renew')}
				</Link>
			) : line.buyAgainPath ? (
				<Link to={lp(line.buyAgainPath)} className="button ghost small" aria-label={t('order.card.buyAgainLabel', { name: line.name })}>
					{t('order.card.buyAgain')}
				</Link>
			) : null}
		</li>
	)
}

/** 'Ends 5 Jan 2027 · 40 days left', as the order page says it. */
function EndsOn({ iso, day, subscription = false }: { iso: string; day: string; subscription?: boolean }) {
	const t = useT()
	const days = subscriptionDaysLeft(iso)
	return (
		// Server and browser may read the clock either side of a day's end.
		<p className={days > 0 ? 'line-ends' : 'line-ends ended'} data-testid="line-ends" suppressHydrationWarning>
			{endsWords(t, days, <time dateTime={iso}>{day}</time>, subscription)}
		</p>
	)
}

/** Units still hidden (ADR-050) are no secret: their Reveal shows open; so do those just revealed. */
const hiddenUnits = (content: unknown) => isHiddenHand(content) || (isDelivery(content) && hasHidden(content))

/** Codes and accounts behind a click, so a list of orders is not a wall of secrets. */
function Deliverables({ order, paid, opened }: { order: BuyerOrder['order']; paid: boolean; opened: boolean }) {
	const t = useT()
	const text = deliveryText(order.deliveryContent, t, useLang())
	if (text == null) {
		return paid ? <p className="muted small my-order-note">{t('order.card.codesSoon')}</p> : null
	}
	return (
		<details className="my-order-delivery" open={opened || hiddenUnits(order.deliveryContent) || undefined}>
			<summary>{order.partlyDelivered ? t('order.card.codesPartly') : t('order.card.codes')}</summary>
			{order.partlyDelivered ? <p className="muted small">{t('order.card.rest')}</p> : null}
			<RevealableDelivery content={order.deliveryContent} orderNumber={order.orderNumber} from="my-orders" />
			<p className="muted small">{t('order.card.private')}</p>
		</details>
	)
}
