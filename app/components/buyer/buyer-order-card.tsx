import { Link } from 'react-router'
import { DeliveryText, deliveryText } from '~/components/order/delivery-text'
import { PayAgain } from '~/components/order/pay-again'
import type { BuyerOrder, BuyerOrderLine } from '~/domain/buyers/my-orders'
import { orderPagePath } from '~/domain/buyers/next-path'
import { receiptPath } from '~/domain/orders/receipt-path'
import type { DeliveryState } from '~/domain/orders/order-state'
import { FULFILLMENT_STEPS, fulfillmentIndex, paymentBadge } from '~/domain/orders/status'
import { subscriptionDaysLeft } from '~/domain/orders/subscription'
import { Rs } from '../ui/price'

/** One order on My orders: what the order page says, in a card a phone shows whole; the codes stay folded until asked for. The server draws it (ADR-007). */
export function BuyerOrderCard({ order, lines, shown }: BuyerOrder) {
	const badge = paymentBadge(order.paymentStatus)
	const paid = order.actions.paid
	const titleId = `my-order-${order.orderNumber.replace(/[^\w-]/g, '')}`
	return (
		<article className="order-card my-order" aria-labelledby={titleId}>
			<div className="my-order-head">
				<h2 id={titleId} className="my-order-number">
					<Link to={orderPagePath(order.orderNumber)}>
						<span className="sr-only">Order </span>
						<span className="order-code">{order.orderNumber}</span>
					</Link>
				</h2>
				<span className={`order-badge small ${badge.tone}`} data-testid="payment-badge">
					{badge.label}
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
					{order.paymentStatus === 'refunded' ? 'Refunded' : 'Partly refunded'}: <Rs amount={order.refundedAmount} />
				</p>
			) : null}
			{order.paymentStatus === 'cancelled' && order.cancelReason ? <p className="my-order-refund muted">Cancelled: {order.cancelReason}</p> : null}
			{paid ? <Progress status={order.deliveryStatus} /> : <UnpaidNote order={order} />}
			<ul className="my-order-lines">
				{lines.map((line) => (
					<OrderLineRow key={line.lineIndex} line={line} />
				))}
			</ul>
			{order.subscriptionEndsAt && shown.subscriptionEndsDay ? <EndsOn iso={order.subscriptionEndsAt} day={shown.subscriptionEndsDay} label="Subscription" /> : null}
			<Deliverables order={order} paid={paid} />
			<div className="my-order-actions">
				<Link to={orderPagePath(order.orderNumber)} className="button ghost small">
					Order page
				</Link>
				<Link to={receiptPath(order.orderNumber)} className="button ghost small" aria-label={`Receipt for order ${order.orderNumber}`}>
					Receipt
				</Link>
			</div>
		</article>
	)
}

/** An unpaid order says what the order page offers: the same ways to pay, or where the payment stands. */
function UnpaidNote({ order }: { order: BuyerOrder['order'] }) {
	const transferPath = `${orderPagePath(order.orderNumber)}#pay-by-transfer`
	if (order.actions.canPayAgain) {
		return <PayAgain order={order} failedBefore={false} afterTransfer={transferPath} />
	}
	if (order.actions.canUploadReceipt) {
		return (
			<div className="my-order-note">
				<p className="muted small">Waiting for your bank or wallet transfer. The order page shows the accounts to pay and where to upload your receipt.</p>
				<Link to={transferPath} className="button primary small">
					Pay and upload receipt
				</Link>
			</div>
		)
	}
	if (order.actions.canReplaceReceipt) return <p className="muted small my-order-note">Receipt received, awaiting confirmation by our team.</p>
	return <p className="muted small my-order-note">The order page shows where your payment stands.</p>
}

/** The order page's tracker in one line and its bar. */
function Progress({ status }: { status: DeliveryState }) {
	const current = fulfillmentIndex(status)
	const percent = Math.round(((current + 1) / FULFILLMENT_STEPS.length) * 100)
	return (
		<div className="my-order-progress">
			<p className="small">
				Step {current + 1} of {FULFILLMENT_STEPS.length}: {FULFILLMENT_STEPS[current]!.title}
			</p>
			<div className="order-progress" aria-hidden="true">
				<span style={{ width: `${percent}%` }} />
			</div>
		</div>
	)
}

function OrderLineRow({ line }: { line: BuyerOrderLine }) {
	return (
		<li className="my-order-line">
			<div className="my-order-line-text">
				<p className="my-order-line-name">
					{line.name}
					{line.quantity > 1 ? ` × ${line.quantity}` : null}
				</p>
				{line.option ? <p className="muted small">{line.option}</p> : null}
				{line.endsAt && line.endsDay ? <EndsOn iso={line.endsAt} day={line.endsDay} /> : null}
			</div>
			{line.renewPath ? (
				<Link to={line.renewPath} className="button ghost small" aria-label={`Renew ${line.name}`}>
					Renew
				</Link>
			) : line.buyAgainPath ? (
				<Link to={line.buyAgainPath} className="button ghost small" aria-label={`Buy ${line.name} again`}>
					Buy again
				</Link>
			) : null}
		</li>
	)
}

/** 'Ends 5 Jan 2027 · 40 days left', as the order page says it. */
function EndsOn({ iso, day, label }: { iso: string; day: string; label?: string }) {
	const days = subscriptionDaysLeft(iso)
	const verb = days > 0 ? 'ends' : 'ended'
	return (
		// Server and browser may read the clock either side of a day's end.
		<p className={days > 0 ? 'line-ends' : 'line-ends ended'} data-testid="line-ends" suppressHydrationWarning>
			{label ? `${label} ${verb}` : verb === 'ends' ? 'Ends' : 'Ended'} <time dateTime={iso}>{day}</time>
			{days > 0 ? ` · ${days} ${days === 1 ? 'day' : 'days'} left` : null}
		</p>
	)
}

/** Codes and accounts behind a click, so a list of orders is not a wall of secrets. */
function Deliverables({ order, paid }: { order: BuyerOrder['order']; paid: boolean }) {
	const text = deliveryText(order.deliveryContent)
	if (text == null) {
		return paid ? <p className="muted small my-order-note">Your codes or account details appear here as soon as the order is completed.</p> : null
	}
	return (
		<details className="my-order-delivery">
			<summary>{order.partlyDelivered ? 'Codes and account details (partly delivered)' : 'Codes and account details'}</summary>
			{order.partlyDelivered ? <p className="muted small">The rest is on its way: it appears on the order page as soon as it is ready.</p> : null}
			<DeliveryText text={text} />
			<p className="muted small">Keep these details private.</p>
		</details>
	)
}
