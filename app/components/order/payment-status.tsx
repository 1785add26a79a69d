import type { OrderView } from '~/domain/orders/order-view'
import { paymentBadge } from '~/domain/orders/status'
import { RECEIPT_RESULTS, type ReceiptResult } from '~/domain/payments/receipt-rules'
import { PAY_AGAIN_FAILED } from '~/domain/payments/pay-again-rules'
import type { TransferAccount } from '~/domain/settings/store-details'
import { ReceiptUploadForm } from '~/components/payment/receipt-upload-form'
import { TestPaymentsNote } from '~/components/payment/test-payments-notice'
import { TransferPayment } from '~/components/payment/transfer-payment'
import { chatLink } from '~/utils/chat'
import { PayAgain } from './pay-again'
import { orderAgainPath } from '~/domain/orders/checkout-query'
import { formatRs } from '~/utils/money'

/** What the order page was sent back with by a form posted without scripts. */
export interface PaymentFormResult {
	receipt: ReceiptResult | null
	payAgainFailed: boolean
}

/**
 * §4 payment badge, the spec's waiting note, and what the buyer can do about an unpaid order: pay a
 * transfer (accounts, reference, receipt upload), continue or retry an online payment, or switch to
 * a transfer. The ways to pay show only to whoever may see the order in full (ADR-005, ADR-017).
 */
export function PaymentStatus({
	order,
	whatsapp,
	accounts,
	formResult,
	testPayments,
}: {
	order: OrderView
	whatsapp: string
	accounts: TransferAccount[]
	formResult: PaymentFormResult
	testPayments: boolean
}) {
	const { actions } = order
	const badge = paymentBadge(order.paymentStatus)
	const online = order.paymentMethod === 'paypro'
	// A DM order is paid as agreed in the chat: staff mark it paid, so there is nothing to wait 10-20 seconds for.
	const dmUnpaid = order.paymentMethod === 'dm' && actions.canMarkPaid
	const waitingForReceipt = actions.canUploadReceipt
	const receiptInReview = actions.canReplaceReceipt
	// Left unpaid past the shop's time limit (or cancelled): nothing is owed, and the buyer can order again.
	const closed = actions.closed
	return (
		<section className="order-card" aria-labelledby="order-payment-title">
			<h2 id="order-payment-title">Payment Status</h2>
			<p className="order-badge-row">
				<span className={`order-badge ${badge.tone}`} data-testid="payment-badge">
					{badge.label}
				</span>
			</p>
			{actions.showsProcessingNote && online ? <p className="order-note">Processing might take 10-20 seconds, Kindly wait.</p> : null}
			{order.testPaymentAwaitingStaff ? (
				<p className="order-note test-payment-note" data-testid="test-payment-awaiting">
					<strong>This was a test payment: no money moved.</strong> Your order waits for our staff to approve it before anything is delivered.
				</p>
			) : null}
			{dmUnpaid ? (
				<div className="order-note dm-payment-note">
					<p>Payment arranged with our team on WhatsApp. Pay as agreed in the chat; this page turns to Payment Successful once our team confirms it.</p>
					<a className="button ghost small" href={chatLink(whatsapp, `Hi! I'm paying for my order ${order.orderNumber}.`)} target="_blank" rel="noopener noreferrer">
						Open the WhatsApp chat
					</a>
				</div>
			) : null}
			{receiptInReview ? (
				<div className="order-note receipt-in-review">
					<p>
						<strong>Receipt received, awaiting confirmation.</strong> Our team checks your transfer and confirms your order here; we also email you once it is
						paid.
					</p>
					<p className="small">
						Questions about it?{' '}
						<a href={chatLink(whatsapp, `Hi! I uploaded the payment receipt for my order ${order.orderNumber}.`)} target="_blank" rel="noopener noreferrer">
							Message us on WhatsApp
						</a>{' '}
						(optional).
					</p>
				</div>
			) : null}
			{receiptInReview && order.full ? (
				<details className="receipt-replace" open={formResult.receipt !== null && formResult.receipt !== 'uploaded'}>
					<summary>Sent the wrong screenshot? Upload another</summary>
					<ReceiptUploadForm orderNumber={order.orderNumber} result={formResult.receipt === 'uploaded' ? null : formResult.receipt} submitLabel="Replace receipt" />
				</details>
			) : null}
			{!order.full && (formResult.receipt || formResult.payAgainFailed) ? (
				// Posted without the order's cookie or a sign-in: the forms' answer shows above the unlock form.
				<p className="error-box" role="alert">
					{formResult.receipt ? RECEIPT_RESULTS[formResult.receipt] : PAY_AGAIN_FAILED}
				</p>
			) : null}
			{waitingForReceipt && !order.full ? (
				<p className="order-note">Waiting for the payment by bank or wallet transfer. Unlock the order below to see how to pay and upload the receipt.</p>
			) : null}
			{waitingForReceipt && order.full ? (
				<TransferPayment orderNumber={order.orderNumber} amount={order.totalAmount} accounts={accounts} result={formResult.receipt} />
			) : null}
			{actions.canPayAgain && order.full ? (
				<PayAgain order={order} failedBefore={formResult.payAgainFailed} />
			) : null}
			{order.paymentStatus === 'cancelled' ? <CancelledNote order={order} /> : closed ? <ClosedOrderNote order={order} /> : null}
			{order.paymentStatus === 'paid_after_cancel' ? (
				<p className="order-note" data-testid="paid-after-cancel-note">
					<strong>Your payment arrived after this order was cancelled.</strong> It is safe with us: our team will deliver the order or refund you, and email you either way.
				</p>
			) : null}
			{order.refundedAmount > 0 ? (
				<p className="order-note refund-note" data-testid="refund-note">
					<strong>{order.paymentStatus === 'refunded' ? 'Refunded' : 'Partly refunded'}:</strong> {formatRs(order.refundedAmount)} of {formatRs(order.totalAmount)} has been given back to you.
				</p>
			) : null}
			{online ? <TestPaymentsNote shown={testPayments} /> : null}
			{order.rejectionReason ? <p className="error-box">Your transfer could not be confirmed: {order.rejectionReason}</p> : null}
		</section>
	)
}

/** Staff cancelled it: why, and that nothing is to be paid. */
function CancelledNote({ order }: { order: OrderView }) {
	return (
		<div className="order-note closed-order-note" data-testid="cancelled-note">
			<p>
				<strong>This order was cancelled by our team.</strong> Please do not pay for it: its payment link no longer works.
			</p>
			{order.cancelReason ? <p className="cancel-reason">Reason: {order.cancelReason}</p> : null}
			<a className="button primary small" href="/products">
				Browse Products
			</a>
		</div>
	)
}

function ClosedOrderNote({ order }: { order: OrderView }) {
	return (
		<div className="order-note closed-order-note" data-testid="closed-order-note">
			<p>
				<strong>This order was closed because it was not paid in time.</strong> Nothing was charged. To buy it now, place a new order at today&apos;s price:
			</p>
			{order.full ? (
				<ul className="order-again-list">
					{order.items.map((line, index) => (
						<li key={index}>
							<a className="button primary small" href={orderAgainPath(line)}>
								Order {line.name} again
							</a>
						</li>
					))}
				</ul>
			) : (
				<a className="button primary small" href="/products">
					Browse Products
				</a>
			)}
		</div>
	)
}
