import { useLocalePath, useT } from '~/i18n/use-t'
import type { OrderView } from '~/domain/orders/order-view'
import { buyerBadgeKey, paymentBadge } from '~/domain/orders/status'
import { RECEIPT_RESULTS, type ReceiptResult } from '~/domain/payments/receipt-rules'
import { PAY_AGAIN_FAILED } from '~/domain/payments/pay-again-rules'
import type { TransferAccount } from '~/domain/settings/store-details'
import { ReceiptUploadForm } from '~/components/payment/receipt-upload-form'
import type { TypedTransfer } from '~/components/payment/transfer-facts-fields'
import { TestPaymentsNote } from '~/components/payment/test-payments-notice'
import { TransferPayment, TransferReference } from '~/components/payment/transfer-payment'
import { TransferAccounts } from '~/components/payment/transfer-accounts'
import { chatLink } from '~/utils/chat'
import { PayAgain } from './pay-again'
import { orderAgainPath } from '~/domain/orders/checkout-query'
import { formatRs } from '~/utils/money'
import { richText } from '~/components/ui/rich-text'
import { amountDue } from '~/domain/orders/amount-due'

/** What the order page was sent back with by a form posted without scripts. */
export interface PaymentFormResult {
	receipt: ReceiptResult | null
	payAgainFailed: boolean
	/** The refused receipt's TID and payer as typed (kept for the form), when there are any. */
	typed?: TypedTransfer | null
}

/**
 * §4 payment badge, the spec's waiting note, and what the buyer can do about an unpaid order: pay a
 * transfer (accounts, reference, receipt upload), continue or retry an online payment, switch to a
 * transfer, or after a rejected transfer send a new receipt, pay online or write to the shop. The
 * ways to pay show only to whoever may see the order in full (ADR-005, ADR-017). The first card of
 * the order page (ADR-041, the answer first): what happened and what to do next.
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
	const t = useT()
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
			<div className="order-payment-head">
				<h2 id="order-payment-title">{t('order.payment.title')}</h2>
				<p className="order-badge-row">
					<span className={`order-badge ${badge.tone}`} data-testid="payment-badge">
						{t(buyerBadgeKey(order))}
					</span>
				</p>
			</div>
			{actions.showsProcessingNote && online ? <p className="order-note">{t('order.payment.processing')}</p> : null}
			{order.testPaymentAwaitingStaff ? (
				<p className="order-note test-payment-note" data-testid="test-payment-awaiting">
					<strong>{t('order.payment.testStrong')}</strong> {t('order.payment.testText')}
				</p>
			) : null}
			{dmUnpaid ? (
				<div className="order-note dm-payment-note">
					<p>{t('order.payment.dm')}</p>
					<a className="button ghost small" href={chatLink(whatsapp, t('order.payment.dmChat', { orderNumber: order.orderNumber }))} target="_blank" rel="noopener noreferrer">
						{t('order.payment.dmButton')}
					</a>
				</div>
			) : null}
			{receiptInReview ? (
				<div className="order-note receipt-in-review">
					<p>
						<strong>{t('order.payment.reviewStrong')}</strong> {t('order.payment.reviewText')}
					</p>
					<p className="small">
						{t('order.payment.reviewQuestions')}{' '}
						<a href={chatLink(whatsapp, t('order.payment.reviewChat', { orderNumber: order.orderNumber }))} target="_blank" rel="noopener noreferrer">
							{t('order.payment.reviewChatLink')}
						</a>{' '}
						{t('order.payment.optional')}
					</p>
				</div>
			) : null}
			{receiptInReview && order.full ? (
				<details className="receipt-replace" open={formResult.receipt !== null && formResult.receipt !== 'uploaded'}>
					<summary>{t('order.payment.replaceSummary')}</summary>
					<ReceiptUploadForm orderNumber={order.orderNumber} result={formResult.receipt === 'uploaded' ? null : formResult.receipt} typed={formResult.typed} submitLabel={t('order.payment.replaceButton')} />
				</details>
			) : null}
			{!order.full && (formResult.receipt || formResult.payAgainFailed) ? (
				// Posted without the order's cookie or a sign-in: the forms' answer shows above the unlock form.
				<p className="error-box" role="alert">
					{t(formResult.receipt ? RECEIPT_RESULTS[formResult.receipt] : PAY_AGAIN_FAILED)}
				</p>
			) : null}
			{waitingForReceipt && !order.full ? (
				<p className="order-note">{t('order.payment.waitingTransfer')}</p>
			) : null}
			{waitingForReceipt && order.full ? (
				<TransferPayment orderNumber={order.orderNumber} amount={amountDue(order)} accounts={accounts} result={formResult.receipt} typed={formResult.typed} />
			) : null}
			{actions.canSendNewReceipt ? <RejectedTransfer order={order} whatsapp={whatsapp} accounts={accounts} formResult={formResult} /> : null}
			{actions.canPayAgain && order.full ? (
				<PayAgain order={order} failedBefore={formResult.payAgainFailed} />
			) : null}
			{order.paymentStatus === 'cancelled' ? <CancelledNote order={order} /> : closed ? <ClosedOrderNote order={order} /> : null}
			{order.paymentStatus === 'paid_after_cancel' ? (
				<p className="order-note" data-testid="paid-after-cancel-note">
					<strong>{t('order.payment.paidAfterCancelStrong')}</strong> {t('order.payment.paidAfterCancelText')}
				</p>
			) : null}
			{order.creditUsed > 0 ? (
				<p className="order-note" data-testid="credit-used-note">
					{amountDue(order) === 0 ? t('order.payment.creditUsedAll', { amount: formatRs(order.creditUsed) }) : t('order.payment.creditUsed', { amount: formatRs(order.creditUsed), due: formatRs(amountDue(order)) })}
				</p>
			) : null}
			{order.refundedAmount > 0 ? (
				<p className="order-note refund-note" data-testid="refund-note">
					<strong>{order.paymentStatus === 'refunded' ? t('order.payment.refunded') : t('order.payment.partlyRefunded')}:</strong>{' '}
					{t('order.payment.refundText', { amount: formatRs(order.refundedAmount), total: formatRs(order.totalAmount) })}
				</p>
			) : null}
			{online ? <TestPaymentsNote shown={testPayments} /> : null}
		</section>
	)
}

/**
 * Staff rejected the transfer: why, and the ways on. A new receipt (the money did go, or went again to
 * the accounts below), online payment instead, or the chat with the order number written in.
 */
function RejectedTransfer({ order, whatsapp, accounts, formResult }: { order: OrderView; whatsapp: string; accounts: TransferAccount[]; formResult: PaymentFormResult }) {
	const t = useT()
	const chat = (
		<a className="button ghost" href={chatLink(whatsapp, t('order.payment.rejectedChat', { orderNumber: order.orderNumber }))} target="_blank" rel="noopener noreferrer">
			{t('order.payment.rejectedChatLink')}
		</a>
	)
	return (
		<div className="rejected-transfer" id="after-rejection" data-testid="rejected-transfer">
			{order.rejectionReason ? <p className="error-box">{t('order.payment.rejected', { reason: order.rejectionReason })}</p> : null}
			{order.full ? (
				<>
					<p>{t('order.payment.rejectedWaysOn')}</p>
					{/* The quick ways on first; the new receipt's form (its TID, who paid, the screenshot) follows, starting on a phone's first screen. */}
					<div className="rejected-ways">
						<PayAgain order={order} failedBefore={formResult.payAgainFailed} onlineOnly />
						{chat}
					</div>
					<ReceiptUploadForm orderNumber={order.orderNumber} result={formResult.receipt} typed={formResult.typed} submitLabel={t('order.payment.newReceiptButton')} />
					<details className="rejected-accounts">
						<summary>{t('order.payment.accountsSummary')}</summary>
						<p>{richText(t('checkout.transfer.sendExactly'), { amount: <strong className="nowrap">{formatRs(amountDue(order))}</strong> })}</p>
						<TransferReference orderNumber={order.orderNumber} />
						<TransferAccounts accounts={accounts} />
					</details>
				</>
			) : (
				<>
					<p>{t('order.payment.rejectedUnlock')}</p>
					<div className="order-actions">{chat}</div>
				</>
			)}
		</div>
	)
}

/** Staff cancelled it: why, and that nothing is to be paid. */
function CancelledNote({ order }: { order: OrderView }) {
	const t = useT()
	const lp = useLocalePath()
	return (
		<div className="order-note closed-order-note" data-testid="cancelled-note">
			<p>
				<strong>{t('order.payment.cancelledStrong')}</strong> {t('order.payment.cancelledText')}
			</p>
			{order.cancelReason ? <p className="cancel-reason">{t('order.payment.reason', { reason: order.cancelReason })}</p> : null}
			<a className="button primary small" href={lp('/products')}>
				{t('order.browseProducts')}
			</a>
		</div>
	)
}

function ClosedOrderNote({ order }: { order: OrderView }) {
	const t = useT()
	const lp = useLocalePath()
	return (
		<div className="order-note closed-order-note" data-testid="closed-order-note">
			<p>
				<strong>{t('order.payment.closedStrong')}</strong> {t('order.payment.closedText')}
			</p>
			{order.full ? (
				<ul className="order-again-list">
					{order.items.map((line, index) => (
						<li key={index}>
							<a className="button primary small" href={lp(orderAgainPath(line))}>
								{t('order.payment.orderAgain', { name: line.name })}
							</a>
						</li>
					))}
				</ul>
			) : (
				<a className="button primary small" href={lp('/products')}>
					{t('order.browseProducts')}
				</a>
			)}
		</div>
	)
}
