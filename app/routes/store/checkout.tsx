import { useEffect, useRef, useState } from 'react'
import { Link, useLocation, useNavigate } from 'react-router'
import { OrderSummary } from '~/components/checkout/order-summary'
import { useCart } from '~/components/cart/cart-context'
import type { CheckoutState } from '~/domain/catalogue/buy-now-target'
import { fetchCartPrices } from '~/components/cart/cart-prices'
import { cartTotal, payableItems, sameLine, withPrice, withPriceOf, type CartItem } from '~/domain/cart/cart'
import type { CartLinePrice } from '~/domain/cart/cart-prices'
import { isValidName, NAME_LIVE_MESSAGE, NAME_SUBMIT_MESSAGE, REQUIRED_FIELDS_MESSAGE } from '~/domain/orders/checkout-input'
import { checkoutItems, checkoutKeyFor, toCheckoutLines } from '~/domain/orders/checkout-lines'
import { readCheckoutAnswer, type CheckoutAnswer, type CheckoutOutcome } from '~/domain/orders/checkout-response'
import { formatRs } from '~/utils/money'
import { pageMeta } from '~/utils/seo'
import { ErrorAlert } from '~/components/ui/error-alert'
import { TestPaymentsNotice } from '~/components/payment/test-payments-notice'
import type { Route } from './+types/checkout'

export const meta: Route.MetaFunction = ({ matches }) =>
	pageMeta(matches, { title: 'Checkout', description: 'Review your order and pay securely.', extra: [{ name: 'robots', content: 'noindex' }] })

const REDIRECT_DELAY_MS = 1500
const NOTHING_PAYABLE_MESSAGE = 'Nothing here can be bought online now: the items are no longer available.'

type PaymentMethod = 'paypro' | 'manual'
type PlacedOrder = Extract<CheckoutOutcome, { ok: true }>

export default function Checkout() {
	const location = useLocation()
	const navigate = useNavigate()
	const cart = useCart()
	const { refreshPrices } = cart
	const state = (location.state ?? null) as CheckoutState | null
	const single = !(Array.isArray(state?.cartItems) && state.cartItems.length > 0)
	// The product bought now is priced as the page that sent it; the server is asked what it costs now.
	const [singlePrice, setSinglePrice] = useState<CartLinePrice | null>(null)
	const items = checkoutItems(state).map((item): CartItem => {
		if (single) return singlePrice ? withPrice(item, singlePrice) : item
		// Cart lines show what the cart knows of their prices now (re-priced on load and when stale).
		const known = cart.items.find((c) => sameLine(c, item))
		return known ? withPriceOf(item, known) : item
	})

	const [form, setForm] = useState({ name: '', email: '', phone: '' })
	const [method, setMethod] = useState<PaymentMethod>('paypro')
	const [busy, setBusy] = useState(false)
	const [error, setError] = useState<string | null>(null)
	const [status, setStatus] = useState<string | null>(null)
	// An order the server priced differently from this page: shown with its total before the buyer goes on to pay.
	const [placed, setPlaced] = useState<PlacedOrder | null>(null)
	const redirectTimer = useRef<ReturnType<typeof setTimeout> | null>(null)
	useEffect(() => () => void (redirectTimer.current && clearTimeout(redirectTimer.current)), [])

	// Prices are asked once here (the cart's only when stale), and again after the server charged another total.
	const [askAgain, setAskAgain] = useState(0)
	useEffect(() => {
		if (!single) return refreshPrices(askAgain > 0)
		let current = true
		void fetchCartPrices(checkoutItems(state)).then((answer) => current && answer && setSinglePrice(answer.prices[0]!))
		return () => void (current = false)
	}, [state, single, askAgain, refreshPrices])

	if (items.length === 0) {
		return (
			<div className="container page narrow center">
				<h1>No items to checkout</h1>
				<Link to="/products" className="button primary">
					Browse Products
				</Link>
			</div>
		)
	}

	const payable = payableItems(items)
	const total = cartTotal(items)
	const shownTotal = placed ? placed.totalAmount : total
	const nameLiveError = form.name.trim() !== '' && !isValidName(form.name) ? NAME_LIVE_MESSAGE : null

	async function submit(event: React.FormEvent) {
		event.preventDefault()
		if (busy) return
		if (!form.name.trim() || !form.email.trim() || !form.phone.trim()) {
			window.alert(REQUIRED_FIELDS_MESSAGE)
			return
		}
		if (!isValidName(form.name)) {
			setError(NAME_SUBMIT_MESSAGE)
			return
		}
		if (payable.length === 0) {
			setError(NOTHING_PAYABLE_MESSAGE)
			return
		}
		setBusy(true)
		setError(null)
		setStatus(null)
		try {
			const productDetails = toCheckoutLines(payable)
			const checkoutKey = checkoutKeyFor(productDetails, safeSessionStorage())
			const res = await fetch('/api/checkout', {
				method: 'POST',
				headers: { 'Content-Type': 'application/json' },
				body: JSON.stringify({
					orderAmount: String(total),
					customerName: form.name.trim(),
					customerEmail: form.email.trim(),
					customerMobile: form.phone.trim(),
					productDetails,
					checkoutKey,
					paymentMethod: method,
				}),
			})
			const body = (await res.json().catch(() => null)) as CheckoutAnswer | null
			const outcome = readCheckoutAnswer(res, body)
			if (!outcome.ok) {
				setError(outcome.message)
				return
			}
			rememberContact({ email: form.email.trim(), name: form.name.trim(), orderId: outcome.orderNumber, product: payable[0]! })
			if (outcome.totalAmount !== total) {
				// A price changed after this page priced the lines: the server's total is the one charged, so the
				// buyer sees it (and the lines at their new prices) before going on to pay.
				setPlaced(outcome)
				setAskAgain((n) => n + 1)
				return
			}
			goToPayment(outcome)
		} catch (e) {
			setError(e instanceof Error && e.message ? e.message : 'Failed to create payment order')
		} finally {
			setBusy(false)
		}
	}

	function goToPayment(outcome: PlacedOrder) {
		// The order now holds these items and its page pays for them again after a failure ("Try again",
		// transfer), so the cart lets them go now rather than invite a second order for the same things.
		if (!single) cart.dispatch({ type: 'removeOrdered', items: payable })
		if (outcome.paymentMethod === 'manual') {
			navigate('/payment-details', {
				state: {
					orderType: single ? 'single' : 'cart',
					product: state?.product,
					selectedDuration: state?.selectedDuration,
					selectedDenomination: state?.selectedDenomination,
					selectedAccountType: state?.selectedAccountType,
					cartItems: payable,
					customerInfo: { name: form.name.trim(), email: form.email.trim(), phone: form.phone.trim() },
					amount: outcome.totalAmount,
					totalItems: payable.reduce((n, i) => n + i.quantity, 0),
					orderNumber: outcome.orderNumber,
				},
			})
			return
		}
		setStatus('Redirecting to secure payment page... Please do not close this window.')
		redirectTimer.current = setTimeout(() => window.location.assign(outcome.paymentUrl), REDIRECT_DELAY_MS)
	}

	const set = (field: keyof typeof form) => (e: React.ChangeEvent<HTMLInputElement>) => setForm((f) => ({ ...f, [field]: e.target.value }))
	const redirecting = status !== null

	return (
		<div className="container page checkout">
			<button type="button" className="button ghost back-button" onClick={() => navigate(-1)}>
				<span aria-hidden="true">←</span> Back to Product
			</button>
			<h1>Checkout</h1>
			<div className="checkout-layout">
				<OrderSummary items={items} single={single} total={shownTotal} />
				<section className="checkout-form-panel" aria-labelledby="customer-title">
					<h2 id="customer-title">Customer Information</h2>
					<ErrorAlert message={error} />
					<form onSubmit={submit} noValidate>
						<div className="field">
							<label htmlFor="checkout-name">Full Name</label>
							<input
								id="checkout-name"
								name="name"
								autoComplete="name"
								required
								maxLength={100}
								value={form.name}
								onChange={set('name')}
								aria-invalid={nameLiveError ? true : undefined}
								aria-describedby={nameLiveError ? 'checkout-name-error' : undefined}
							/>
							{nameLiveError ? (
								<p className="field-error" id="checkout-name-error">
									{nameLiveError}
								</p>
							) : null}
						</div>
						<div className="field">
							<label htmlFor="checkout-email">Email Address</label>
							<input id="checkout-email" name="email" type="email" autoComplete="email" inputMode="email" required maxLength={200} value={form.email} onChange={set('email')} />
						</div>
						<div className="field">
							<label htmlFor="checkout-phone">Phone Number</label>
							<input id="checkout-phone" name="phone" type="tel" autoComplete="tel" inputMode="tel" placeholder="0300 1234567" required maxLength={20} value={form.phone} onChange={set('phone')} />
						</div>
						<TestPaymentsNotice />
						<fieldset className="pay-methods">
							<legend>How would you like to pay?</legend>
							<label className={method === 'paypro' ? 'pay-method selected' : 'pay-method'}>
								<input type="radio" name="paymentMethod" value="paypro" checked={method === 'paypro'} onChange={() => setMethod('paypro')} />
								<span>
									<strong>Pay online</strong>
									<span className="muted small">Card, JazzCash, EasyPaisa and more through PayPro</span>
								</span>
							</label>
							<label className={method === 'manual' ? 'pay-method selected' : 'pay-method'}>
								<input type="radio" name="paymentMethod" value="manual" checked={method === 'manual'} onChange={() => setMethod('manual')} />
								<span>
									<strong>Bank or wallet transfer</strong>
									<span className="muted small">Send the amount yourself and upload the receipt</span>
								</span>
							</label>
						</fieldset>
						{placed ? (
							<div className="warning-box price-changed" role="alert">
								<p>
									A price changed while you were checking out. Your order’s total is now <strong>{formatRs(placed.totalAmount)}</strong>: that is
									the amount you pay.
								</p>
								<button type="button" className="button primary block" disabled={redirecting} onClick={() => goToPayment(placed)}>
									Continue to Payment {formatRs(placed.totalAmount)}
								</button>
							</div>
						) : (
							<>
								{payable.length === 0 ? <p className="field-error">{NOTHING_PAYABLE_MESSAGE}</p> : null}
								<button type="submit" className="button primary block" disabled={busy || redirecting || payable.length === 0}>
									{busy ? 'Processing...' : `Proceed to Payment ${formatRs(total)}`}
								</button>
							</>
						)}
						<p className="muted small checkout-status" role="status">
							{status}
						</p>
					</form>
					<p className="secure-note small">
						<svg className="secure-note-icon" aria-hidden="true" viewBox="0 0 24 24" width="16" height="16">
							<path fill="currentColor" d="M12 2a5 5 0 0 0-5 5v3H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-8a2 2 0 0 0-2-2h-1V7a5 5 0 0 0-5-5Zm-3 8V7a3 3 0 1 1 6 0v3H9Z" />
						</svg>{' '}
						Payments are processed securely by PayPro. We never see or store your card details.
					</p>
				</section>
			</div>
			<p className="muted small center">
				By proceeding, you agree to our <Link to="/terms-and-conditions">Terms &amp; Conditions</Link> and{' '}
				<Link to="/privacy-policy">Privacy Policy</Link>.
			</p>
		</div>
	)
}

function safeSessionStorage(): Storage | null {
	try {
		return window.sessionStorage
	} catch {
		return null
	}
}

/** §7 call 5: before the redirect, a contact-info object is kept for the buyer's own reference. */
function rememberContact(info: { email: string; name: string; orderId: string; product: { name: string; image: string } }) {
	try {
		window.localStorage.setItem('lastOrderContact', JSON.stringify({ email: info.email, name: info.name, orderId: info.orderId, productName: info.product.name, image: info.product.image }))
	} catch (error) {
		console.warn('Could not store the order contact info', error)
	}
}
