import { useEffect, useRef, useState } from 'react'
import { Link, useNavigate } from 'react-router'
import { checkoutStateFor, paymentItems, readPaymentDetailsState, type PaymentDetailsState } from '~/components/payment/payment-details-state'
import { InvalidAccess } from './invalid-access'
import { PaymentSummary } from '~/components/payment/payment-summary'
import { ReceiptPicker } from '~/components/payment/receipt-picker'
import { TransferFactsFields } from '~/components/payment/transfer-facts-fields'
import { TransferAccounts } from '~/components/payment/transfer-accounts'
import { TransferReference } from '~/components/payment/transfer-payment'
import { orderTrackingUrl, transferMessage } from '~/components/payment/transfer-message'
import { say } from '~/i18n/words'
import { useLocalePath, useT } from '~/i18n/use-t'
import { orderPagePath } from '~/domain/buyers/next-path'
import { useRootData } from '~/components/layout/root-data'
import { chatLink } from '~/utils/chat'
import { formatRs } from '~/utils/money'
import type { TransferAccount } from '~/domain/settings/store-details'
import { ErrorAlert } from '~/components/ui/error-alert'

const FINISH_DELAY_MS = 2000

/** /payment-details right after checkout (loaded with that navigation): the order its navigation state describes, else 'Invalid access'. */
export default function PaymentDetailsFromState({ navigationState, accounts }: { navigationState: unknown; accounts: TransferAccount[] }) {
	const state = readPaymentDetailsState(navigationState)
	return state ? <ManualPayment key={state.orderNumber} state={state} accounts={accounts} /> : <InvalidAccess />
}

/** The amount, the accounts, the reference and the receipt upload. */
function ManualPayment({ state, accounts }: { state: PaymentDetailsState; accounts: TransferAccount[] }) {
	const navigate = useNavigate()
	const t = useT()
	const lp = useLocalePath()
	const whatsapp = useRootData()?.config.whatsapp ?? ''
	const items = paymentItems(state)
	// The order was placed in this page's language: its page is in it too.
	const trackingPath = lp(orderPagePath(state.orderNumber))

	const [receipt, setReceipt] = useState<File | null>(null)
	const [transfer, setTransfer] = useState({ transactionId: '', payerAccount: '' })
	const [busy, setBusy] = useState(false)
	const [error, setError] = useState<string | null>(null)
	// Set once the receipt is on the server; the chat link is kept when the browser blocked the popup.
	const [sent, setSent] = useState<{ chatUrl: string; popupBlocked: boolean } | null>(null)
	const finishTimer = useRef<ReturnType<typeof setTimeout> | null>(null)
	useEffect(() => () => void (finishTimer.current && clearTimeout(finishTimer.current)), [])

	function finishSoon() {
		if (finishTimer.current) return
		// §2's pause before leaving, without its alert: the receipt is already with us, nothing needs attaching again.
		finishTimer.current = setTimeout(() => navigate(trackingPath), FINISH_DELAY_MS)
	}

	async function confirm(event: React.FormEvent) {
		event.preventDefault()
		if (busy || sent) return
		if (!receipt) {
			window.alert(t('checkout.receipt.missing'))
			return
		}
		setBusy(true)
		setError(null)
		try {
			const { typedTransferFacts, uploadReceipt } = await import('~/components/payment/upload-receipt')
			const facts = typedTransferFacts(null, transfer)
			if (!facts.ok) {
				setError(t(facts.key))
				return
			}
			const answer = await uploadReceipt(state.orderNumber, receipt, facts.facts)
			if (!answer.ok) {
				setError(say(t, answer.error))
				return
			}
			const message = transferMessage({
				customer: state.customerInfo,
				items,
				total: state.amount,
				orderNumber: state.orderNumber,
				payproOrderId: state.payproOrderId,
				date: new Date(),
				trackingUrl: orderTrackingUrl(window.location.origin, state.orderNumber),
			}, t)
			const chatUrl = chatLink(whatsapp, message)
			const popup = window.open(chatUrl, '_blank')
			if (popup) {
				try {
					popup.opener = null
				} catch {
					// The shop's opener policy already cuts the link to the chat tab.
				}
				finishSoon()
			}
			setSent({ chatUrl, popupBlocked: !popup })
		} finally {
			setBusy(false)
		}
	}

	return (
		<div className="container page payment-details">
			<button type="button" className="button ghost back-button" onClick={() => navigate(lp('/checkout'), { state: checkoutStateFor(state) })}>
				<span aria-hidden="true" className="back-arrow">←</span> {t('checkout.back.checkout')}
			</button>
			<h1>{t('checkout.payment.title')}</h1>
			<p className="lead">{t('checkout.payment.lead', { amount: formatRs(state.amount) })}</p>
			<div className="payment-layout">
				<div className="payment-column">
					<PaymentSummary orderNumber={state.orderNumber} items={items} amount={state.amount} discount={typeof state.discount === 'number' ? state.discount : 0} />
					<div className="warning-box exact-amount">
						<p>
							<strong>{t('checkout.payment.exactAmount', { amount: formatRs(state.amount) })}</strong> {t('checkout.payment.exactAmountWhy')}
						</p>
						<TransferReference orderNumber={state.orderNumber} />
					</div>
				</div>
				<div className="payment-column">
					<section className="payment-panel" aria-labelledby="payment-methods-title">
						<h2 id="payment-methods-title">{t('checkout.payment.methods')}</h2>
						<TransferAccounts accounts={accounts} />
					</section>
					<form className="payment-panel" onSubmit={confirm} aria-labelledby="receipt-title" noValidate>
						<h2 id="receipt-title">{t('checkout.payment.uploadTitle')}</h2>
						<p className="muted small">{t('checkout.payment.uploadHint')}</p>
						<TransferFactsFields
							disabled={busy || sent !== null}
							values={transfer}
							onChange={(name, value) => {
								setTransfer((before) => ({ ...before, [name]: value }))
								setError(null)
							}}
						/>
						<ReceiptPicker
							file={receipt}
							onChange={(file) => {
								setReceipt(file)
								setError(null)
							}}
							disabled={busy || sent !== null}
						/>
						<ErrorAlert message={error} />
						<button type="submit" className="button primary block confirm-payment" disabled={!receipt || busy || sent !== null}>
							{busy ? t('checkout.payment.uploading') : t('checkout.payment.confirm')}
						</button>
						<div role="status">
							{sent ? (
								<div className="success-box payment-sent">
									{sent.popupBlocked ? (
										<>
											<p>{t('checkout.payment.sentBlocked')}</p>
											<p className="payment-sent-actions">
												<a className="button primary" href={sent.chatUrl} target="_blank" rel="noopener noreferrer" onClick={finishSoon}>
													{t('checkout.payment.openWhatsapp')}
												</a>
												<Link to={trackingPath} className="button ghost">
													{t('checkout.payment.track')}
												</Link>
											</p>
										</>
									) : (
										<p>{t('checkout.payment.sentOpen')}</p>
									)}
								</div>
							) : null}
						</div>
					</form>
				</div>
			</div>
		</div>
	)
}
