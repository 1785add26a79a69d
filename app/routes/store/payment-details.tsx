import { useEffect, useRef, useState } from 'react'
import { Link, redirect, useLocation, useNavigate } from 'react-router'
import { checkoutStateFor, paymentItems, readPaymentDetailsState, type PaymentDetailsState } from '~/components/payment/payment-details-state'
import { PaymentSummary } from '~/components/payment/payment-summary'
import { ReceiptPicker } from '~/components/payment/receipt-picker'
import { TransferAccounts } from '~/components/payment/transfer-accounts'
import { TransferReference } from '~/components/payment/transfer-payment'
import { NO_RECEIPT_MESSAGE, orderTrackingUrl, transferMessage } from '~/components/payment/transfer-message'
import { MY_ORDERS_PATH, orderPagePath } from '~/domain/buyers/next-path'
import { isOrderNumberShaped } from '~/domain/payments/receipt-rules'
import { useRootData } from '~/components/layout/root-data'
import { chatLink } from '~/utils/chat'
import { formatRs } from '~/utils/money'
import { pageMeta } from '~/utils/seo'
import { db } from '~/db/client.server'
import type { TransferAccount } from '~/domain/settings/store-details'
import { readStoreDetails } from '~/domain/settings/store-details.server'
import { useHydrated } from '~/utils/use-hydrated'
import { ErrorAlert } from '~/components/ui/error-alert'
import type { Route } from './+types/payment-details'

export async function loader({ request }: Route.LoaderArgs) {
	// A link that names the order (an old bookmark, a shared link): its own page has the transfer details
	// and the upload, for whoever may see it (ADR-005, ADR-017).
	const url = new URL(request.url)
	const orderNumber = (url.searchParams.get('order') ?? url.searchParams.get('internalOrderId'))?.trim()
	if (orderNumber && isOrderNumberShaped(orderNumber)) throw redirect(orderPagePath(orderNumber))
	return { accounts: (await readStoreDetails(db())).transferAccounts }
}

export const meta: Route.MetaFunction = ({ matches }) =>
	pageMeta(matches, {
		title: 'Payment Details',
		description: 'Pay for your order by bank or wallet transfer and upload your receipt.',
		extra: [{ name: 'robots', content: 'noindex' }],
	})

const FINISH_DELAY_MS = 2000

export default function PaymentDetails({ loaderData }: Route.ComponentProps) {
	const location = useLocation()
	// Navigation state lives in the browser only: the server (and so hydration) always sees none.
	const hydrated = useHydrated()
	const state = hydrated ? readPaymentDetailsState(location.state) : null
	if (!state) {
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
	return <ManualPayment key={state.orderNumber} state={state} accounts={loaderData.accounts} />
}

function ManualPayment({ state, accounts }: { state: PaymentDetailsState; accounts: TransferAccount[] }) {
	const navigate = useNavigate()
	const whatsapp = useRootData()?.config.whatsapp ?? ''
	const items = paymentItems(state)
	const trackingPath = orderPagePath(state.orderNumber)

	const [receipt, setReceipt] = useState<File | null>(null)
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
			window.alert(NO_RECEIPT_MESSAGE)
			return
		}
		setBusy(true)
		setError(null)
		try {
			const { uploadReceipt } = await import('~/components/payment/upload-receipt')
			const answer = await uploadReceipt(state.orderNumber, receipt)
			if (!answer.ok) {
				setError(answer.error)
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
			})
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
			<button type="button" className="button ghost back-button" onClick={() => navigate('/checkout', { state: checkoutStateFor(state) })}>
				<span aria-hidden="true">←</span> Back to Checkout
			</button>
			<h1>Payment Details</h1>
			<p className="lead">
				Send {formatRs(state.amount)} to one of the accounts below, then upload a screenshot of your receipt to confirm your order.
			</p>
			<div className="payment-layout">
				<div className="payment-column">
					<PaymentSummary orderNumber={state.orderNumber} items={items} amount={state.amount} />
					<div className="warning-box exact-amount">
						<p>
							<strong>Send the exact amount: {formatRs(state.amount)}.</strong> A different amount cannot be matched to your order and will
							delay it.
						</p>
						<TransferReference orderNumber={state.orderNumber} />
					</div>
				</div>
				<div className="payment-column">
					<section className="payment-panel" aria-labelledby="payment-methods-title">
						<h2 id="payment-methods-title">Payment Methods</h2>
						<TransferAccounts accounts={accounts} />
					</section>
					<form className="payment-panel" onSubmit={confirm} aria-labelledby="receipt-title" noValidate>
						<h2 id="receipt-title">Upload Receipt</h2>
						<p className="muted small">Upload a screenshot of your completed transfer. Our team checks it and confirms your order.</p>
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
							{busy ? 'Uploading...' : 'Confirm Payment'}
						</button>
						<div role="status">
							{sent ? (
								<div className="success-box payment-sent">
									{sent.popupBlocked ? (
										<>
											<p>Receipt uploaded: our team checks your transfer and confirms your order. You can also message us on WhatsApp (optional).</p>
											<p className="payment-sent-actions">
												<a className="button primary" href={sent.chatUrl} target="_blank" rel="noopener noreferrer" onClick={finishSoon}>
													Open WhatsApp
												</a>
												<Link to={trackingPath} className="button ghost">
													Track your order
												</Link>
											</p>
										</>
									) : (
										<p>Receipt uploaded: our team checks your transfer and confirms your order. WhatsApp is open if you want to message us. Taking you to your order...</p>
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
