import { useEffect, useLayoutEffect, useRef, useState } from 'react'
import { Link, useNavigate } from 'react-router'
import { CheckoutSummary } from './checkout-summary'
import { useCart } from '~/components/cart/cart-context'
import type { CheckoutState } from '~/domain/catalogue/buy-now-target'
import type { OptionFacts } from '~/domain/catalogue/option-parts'
import { fetchCartPrices } from '~/components/cart/cart-prices'
import { cartTotal, payableItems, sameLine, withPrice, withPriceOf, type CartItem } from '~/domain/cart/cart'
import type { CartLinePrice } from '~/domain/cart/cart-prices'
import { CUSTOMER_FIELDS, customerFieldProblems, isValidName, MAX_PHONE_LENGTH, type CustomerField } from '~/domain/orders/checkout-fields'
import { checkoutItems, checkoutKeyFor, toCheckoutLines } from '~/domain/orders/checkout-lines'
import { readCheckoutAnswer, type CheckoutAnswer, type CheckoutOutcome } from '~/domain/orders/checkout-response'
import { formatRs } from '~/utils/money'
import type { CouponQuote } from '~/domain/coupons/coupon'
import { ErrorAlert } from '~/components/ui/error-alert'
import { bringIntoView } from '~/components/ui/bring-into-view'
import { TestPaymentsNotice, TestPaymentsText } from '~/components/payment/test-payments-notice'
import { useLang, useLocalePath, useT } from '~/i18n/use-t'
import { optionLabel } from '~/i18n/option-label'
import { richText } from '~/components/ui/rich-text'

// Checkout's form, its summary and the cart's rules they need: a script of its own, loaded by the
// checkout page only when it has a line to show (ADR-007), not with an empty checkout.

const REDIRECT_DELAY_MS = 1500

/** The subscription a renewal's checkout renews (the order and its line, as the address named them). */
export interface Renewal {
	orderNumber: string
	productName: string
	option: OptionFacts | null
}

export type PaymentMethod = 'paypro' | 'manual'
type PlacedOrder = Extract<CheckoutOutcome, { ok: true }>

export type Values = Record<CustomerField, string> & { paymentMethod: PaymentMethod; couponCode?: string; whatsappUpdates?: string; useCredit?: string }

/** The signed-in buyer's store credit (ADR-051): offered at checkout when they have some. */
export type CheckoutCredit = { balance: number; email: string }
/**
 * A refusal of the page's own form (no scripts): the values kept and each field's message; or its
 * "Apply" answered: the discount code the server priced (`coupon`), or its sentence on `couponCode`.
 */
export type Refused = { values: Values; fieldErrors: Record<string, string>; message: string | null; coupon?: CouponQuote | null }

/** The fields a refusal may name: the buyer's, and the discount code. */
const REFUSABLE_FIELDS = [...CUSTOMER_FIELDS, 'couponCode']

const FIELD_IDS: Record<CustomerField, string> = { customerName: 'checkout-name', customerEmail: 'checkout-email', customerMobile: 'checkout-phone' }

export function CheckoutForm({
	state,
	renewal,
	prefill,
	checkoutKey: pageKey,
	refused,
	noItems,
	testPayments,
	whatsapp = false,
	credit = null,
}: {
	state: CheckoutState | null
	renewal: Renewal | null
	prefill: { name: string; email: string; phone: string } | null
	/** The page's own key (address lines), sent by its form without scripts and by the script alike. */
	checkoutKey: string | null
	refused: Refused | null
	/** What the page shows when the line cannot be bought any more (the page's own, so it loads with the page). */
	noItems: React.ReactNode
	/** Whether payments are tests, for the form the server draws without the root's data; else read from it. */
	testPayments?: boolean
	/** The owner has connected WhatsApp: the buyer may ask for updates there (ADR-035). */
	whatsapp?: boolean
	/** The signed-in buyer's store credit, when they have some: "Use my store credit". */
	credit?: CheckoutCredit | null
}) {
	const navigate = useNavigate()
	const t = useT()
	const lang = useLang()
	const lp = useLocalePath()
	const cart = useCart()
	const { refreshPrices } = cart
	const single = !(Array.isArray(state?.cartItems) && state.cartItems.length > 0)
	// The product bought now is priced as the page that sent it; the server is asked what it costs now.
	const [singlePrice, setSinglePrice] = useState<CartLinePrice | null>(null)
	const items = checkoutItems(state).map((item): CartItem => {
		if (single) return singlePrice ? withPrice(item, singlePrice) : item
		// Cart lines show what the cart knows of their prices now (re-priced on load and when stale).
		const known = cart.items.find((c) => sameLine(c, item))
		return known ? withPriceOf(item, known) : item
	})

	const [form, setForm] = useState<Record<CustomerField, string>>(() => ({
		customerName: refused?.values.customerName ?? prefill?.name ?? '',
		customerEmail: refused?.values.customerEmail ?? prefill?.email ?? credit?.email ?? '',
		customerMobile: refused?.values.customerMobile ?? prefill?.phone ?? '',
	}))
	const [method, setMethod] = useState<PaymentMethod>(refused?.values.paymentMethod ?? 'paypro')
	const [wantsWhatsApp, setWantsWhatsApp] = useState(Boolean(refused?.values.whatsappUpdates))
	const [useCredit, setUseCredit] = useState(Boolean(refused?.values.useCredit))
	// The discount code typed, and the one the server priced (only the server prices a code).
	const [couponCode, setCouponCode] = useState(refused?.values.couponCode ?? '')
	const [applied, setApplied] = useState<CouponQuote | null>(refused?.coupon ?? null)
	const [applying, setApplying] = useState(false)
	const [busy, setBusy] = useState(false)
	// A refusal: each field's one message beside it, and a message of its own only when no field is to blame.
	const [fieldErrors, setFieldErrors] = useState<Record<string, string>>(refused?.fieldErrors ?? {})
	const [error, setError] = useState<string | null>(refused?.message ?? null)
	const [refusals, setRefusals] = useState(0)
	const [status, setStatus] = useState<string | null>(null)
	// An order the server priced differently from this page: shown with its total before the buyer goes on to pay.
	const [placed, setPlaced] = useState<PlacedOrder | null>(null)
	const redirectTimer = useRef<ReturnType<typeof setTimeout> | null>(null)
	const formRef = useRef<HTMLFormElement>(null)
	useEffect(() => () => void (redirectTimer.current && clearTimeout(redirectTimer.current)), [])

	// What the buyer typed or chose before the scripts started is what the form holds from now on.
	useLayoutEffect(() => {
		const el = formRef.current
		if (!el) return
		const typed = Object.fromEntries(CUSTOMER_FIELDS.map((f) => [f, (el.elements.namedItem(f) as HTMLInputElement | null)?.value ?? '']))
		setForm((f) => (CUSTOMER_FIELDS.some((k) => typed[k] !== f[k]) ? { ...f, ...typed } : f))
		const checked = el.querySelector<HTMLInputElement>('input[name="paymentMethod"]:checked')?.value
		if (checked === 'paypro' || checked === 'manual') setMethod(checked)
		const updates = el.elements.namedItem('whatsappUpdates') as HTMLInputElement | null
		if (updates) setWantsWhatsApp(updates.checked)
		const spend = el.elements.namedItem('useCredit') as HTMLInputElement | null
		if (spend) setUseCredit(spend.checked)
		const code = (el.elements.namedItem('couponCode') as HTMLInputElement | null)?.value
		if (code) setCouponCode((c) => c || code)
	}, [])

	// After a refusal the first field to correct takes the focus and comes into view with its message
	// (a refusal of the whole form is the alert's own to show, beside the button pressed).
	useEffect(() => {
		if (refusals === 0) return
		const first = CUSTOMER_FIELDS.find((f) => fieldErrors[f])
		const field = first ? document.getElementById(FIELD_IDS[first]) : null
		if (field) bringIntoView(field)
		// eslint-disable-next-line react-hooks/exhaustive-deps -- only when a refusal arrives
	}, [refusals])

	// Prices are asked once here (the cart's only when stale), and again after the server charged another total.
	const [askAgain, setAskAgain] = useState(0)
	useEffect(() => {
		if (!single) return refreshPrices(askAgain > 0)
		let current = true
		void fetchCartPrices(checkoutItems(state), lang).then((answer) => current && answer && setSinglePrice(answer.prices[0]!))
		return () => void (current = false)
	}, [state, single, askAgain, refreshPrices, lang])

	if (items.length === 0) return noItems

	const payable = payableItems(items)
	const total = cartTotal(items)
	// With a code applied, the server's total (its discount on its own prices) is the one to pay.
	const payTotal = applied ? applied.totalAmount : total
	const shownTotal = placed ? placed.totalAmount : payTotal
	/** A discount took the whole total: the order is settled as placed, with no payment step (nothing of PayPro's to say). */
	// Store credit ticked: it pays up to the whole total, the button says what is left (ADR-051).
	const toPay = credit && useCredit ? Math.max(0, payTotal - credit.balance) : payTotal
	const nothingToPay = (Boolean(applied) || toPay !== payTotal) && toPay === 0
	const nameLive = form.customerName.trim() !== '' && !isValidName(form.customerName) ? t('checkout.nameLive') : null
	// One message per field: the refusal's, else (for the name) the spec's live message.
	const messageOf = (field: CustomerField) => fieldErrors[field] ?? (field === 'customerName' ? nameLive : null)
	const firstRefused = refused ? CUSTOMER_FIELDS.find((f) => refused.fieldErrors[f]) : undefined

	function refuse(errors: Record<string, string>, message: string | null) {
		setFieldErrors(errors)
		setError(REFUSABLE_FIELDS.some((f) => errors[f]) ? null : message)
		if (errors.couponCode) setApplied(null)
		setRefusals((n) => n + 1)
	}

	/** "Apply": the server prices the code on these lines (and this buyer, when typed in already). */
	async function applyCode() {
		const code = couponCode.trim()
		if (applying || !code) return
		setApplying(true)
		setFieldErrors(({ couponCode: _, ...rest }) => rest)
		try {
			const res = await fetch('/api/checkout/coupon', {
				method: 'POST',
				headers: { 'Content-Type': 'application/json' },
				body: JSON.stringify({ productDetails: toCheckoutLines(payable), couponCode: code, customerEmail: form.customerEmail.trim(), customerMobile: form.customerMobile.trim(), lang }),
			})
			const body = (await res.json().catch(() => null)) as (CouponQuote & { error?: string }) | null
			if (res.ok && body) {
				setApplied(body)
				setPlaced(null)
			} else {
				setApplied(null)
				setFieldErrors((errors) => ({ ...errors, couponCode: body?.error || t('checkout.coupon.checkFailed') }))
			}
		} catch {
			setFieldErrors((errors) => ({ ...errors, couponCode: t('checkout.coupon.checkFailed') }))
		} finally {
			setApplying(false)
		}
	}

	async function submit(event: React.FormEvent) {
		event.preventDefault()
		if (busy) return
		// "Apply" (or Enter, which presses the form's first button) with a code typed prices the code.
		if ((event.nativeEvent as SubmitEvent).submitter?.getAttribute('value') === 'apply' && couponCode.trim()) return void applyCode()
		// A code typed but not applied yet: it is priced first, so the buyer sees the total before paying it.
		if (couponCode.trim() && applied?.code.toLowerCase() !== couponCode.trim().toLowerCase()) return void applyCode()
		// Every field's problem at once (blank, a name with digits, an address or a number that is not one).
		const problems = Object.entries(customerFieldProblems(form))
		if (problems.length > 0) {
			if (CUSTOMER_FIELDS.some((f) => !form[f].trim())) window.alert(t('checkout.requiredFields'))
			refuse(Object.fromEntries(problems.map(([f, key]) => [f, t(key)])), null)
			return
		}
		if (payable.length === 0) {
			refuse({}, t('checkout.nothingPayable'))
			return
		}
		setBusy(true)
		setFieldErrors({})
		setError(null)
		setStatus(null)
		try {
			const productDetails = toCheckoutLines(payable)
			const checkoutKey = pageKey ?? checkoutKeyFor(productDetails, safeSessionStorage())
			const res = await fetch('/api/checkout', {
				method: 'POST',
				headers: { 'Content-Type': 'application/json' },
				body: JSON.stringify({
					orderAmount: String(total),
					customerName: form.customerName.trim(),
					customerEmail: form.customerEmail.trim(),
					customerMobile: form.customerMobile.trim(),
					productDetails,
					checkoutKey,
					paymentMethod: method,
					...(whatsapp && wantsWhatsApp ? { whatsappUpdates: true } : {}),
					...(credit && useCredit ? { useCredit: true } : {}),
					...(applied ? { couponCode: applied.code } : {}),
					...(renewal ? { renewsOrderNumber: renewal.orderNumber } : {}),
					lang,
				}),
			})
			const body = (await res.json().catch(() => null)) as CheckoutAnswer | null
			const outcome = readCheckoutAnswer(res, body, {
				failed: t('checkout.failed'),
				noPaymentUrl: t('checkout.noPaymentUrl'),
				creationFailed: t('checkout.creationFailed'),
				requestFailed: (status, statusText) => t('checkout.requestFailed', { status, statusText }),
			})
			if (!outcome.ok) {
				refuse(outcome.fieldErrors ?? {}, outcome.message)
				return
			}
			rememberContact({ email: form.customerEmail.trim(), name: form.customerName.trim(), orderId: outcome.orderNumber, product: payable[0]! })
			if (outcome.totalAmount !== payTotal) {
				// A price changed after this page priced the lines: the server's total is the one charged, so the
				// buyer sees it (and the lines at their new prices) before going on to pay.
				setPlaced(outcome)
				setAskAgain((n) => n + 1)
				return
			}
			goToPayment(outcome)
		} catch (e) {
			refuse({}, e instanceof Error && e.message ? e.message : t('checkout.failed'))
		} finally {
			setBusy(false)
		}
	}

	function goToPayment(outcome: PlacedOrder) {
		// The order now holds these items and its page pays for them again after a failure ("Try again",
		// transfer), so the cart lets them go now rather than invite a second order for the same things.
		if (!single) cart.dispatch({ type: 'removeOrdered', items: payable })
		if (outcome.paymentMethod === 'manual') {
			navigate(lp('/payment-details'), {
				state: {
					orderType: single ? 'single' : 'cart',
					product: state?.product,
					selectedDuration: state?.selectedDuration,
					selectedDenomination: state?.selectedDenomination,
					selectedAccountType: state?.selectedAccountType,
					cartItems: payable,
					customerInfo: { name: form.customerName.trim(), email: form.customerEmail.trim(), phone: form.customerMobile.trim() },
					amount: outcome.totalAmount,
					...(applied && outcome.totalAmount === applied.totalAmount ? { discount: applied.discount } : {}),
					totalItems: payable.reduce((n, i) => n + i.quantity, 0),
					orderNumber: outcome.orderNumber,
				},
			})
			return
		}
		setStatus(t('checkout.redirecting'))
		redirectTimer.current = setTimeout(() => window.location.assign(outcome.paymentUrl), REDIRECT_DELAY_MS)
	}

	const set = (field: CustomerField) => (e: React.ChangeEvent<HTMLInputElement>) => {
		setForm((f) => ({ ...f, [field]: e.target.value }))
		// The buyer is correcting this field: its refusal gives way (the name's live check still speaks).
		setFieldErrors((errors) => (field in errors ? Object.fromEntries(Object.entries(errors).filter(([k]) => k !== field)) : errors))
	}
	const redirecting = status !== null
	const field = (name: CustomerField, label: string, props: React.InputHTMLAttributes<HTMLInputElement>) => {
		const message = messageOf(name)
		const id = FIELD_IDS[name]
		return (
			<div className="field">
				<label htmlFor={id}>{label}</label>
				<input
					id={id}
					name={name}
					required
					value={form[name]}
					onChange={set(name)}
					aria-invalid={message ? true : undefined}
					aria-describedby={message ? `${id}-error` : undefined}
					autoFocus={firstRefused === name}
					{...props}
				/>
				{message ? (
					<p className="field-error" id={`${id}-error`}>
						{message}
					</p>
				) : null}
			</div>
		)
	}
	const product = state?.product

	return (
		<div className="container page checkout">
			{renewal ? (
				<Link to={lp(`/order-status?internalOrderId=${encodeURIComponent(renewal.orderNumber)}`)} className="button ghost back-button">
					<span aria-hidden="true" className="back-arrow">←</span> {t('checkout.back.order')}
				</Link>
			) : !single ? (
				// The cart is a drawer: back to the page it was opened on, with it open again.
				<button
					type="button"
					className="button ghost back-button"
					onClick={() => {
						navigate(-1)
						cart.dispatch({ type: 'open' })
					}}
				>
					<span aria-hidden="true" className="back-arrow">←</span> {t('checkout.back.cart')}
				</button>
			) : product ? (
				<Link to={lp(`/product/${product.id}`)} className="button ghost back-button">
					<span aria-hidden="true" className="back-arrow">←</span> {t('checkout.back.product')}
				</Link>
			) : null}
			<h1>{renewal ? t('checkout.renewTitle') : t('checkout.title')}</h1>
			{renewal ? (
				<p className="renewal-note" role="note">
					{richText(t('checkout.renewing'), {
						product: <strong>{[renewal.productName, renewal.option && optionLabel(t, renewal.option)].filter(Boolean).join(', ')}</strong>,
						order: (
							<Link to={lp(`/order-status?internalOrderId=${encodeURIComponent(renewal.orderNumber)}`)}>
								<bdi>#{renewal.orderNumber}</bdi>
							</Link>
						),
					})}
				</p>
			) : null}
			<div className="checkout-layout">
				<CheckoutSummary items={items} single={single} total={shownTotal} discount={applied && !placed ? applied : null} />
				<section className="checkout-form-panel" aria-labelledby="customer-title">
					<h2 id="customer-title">{t('checkout.customer.title')}</h2>
					<form ref={formRef} method="post" onSubmit={submit} noValidate>
						{pageKey ? <input type="hidden" name="checkoutKey" value={pageKey} /> : null}
						{field('customerName', t('checkout.field.name'), { autoComplete: 'name', maxLength: 100 })}
						{field('customerEmail', t('checkout.field.email'), { type: 'email', autoComplete: 'email', inputMode: 'email', maxLength: 200 })}
						{field('customerMobile', t('checkout.field.phone'), { type: 'tel', dir: 'ltr', autoComplete: 'tel', inputMode: 'tel', placeholder: '0300 1234567', maxLength: MAX_PHONE_LENGTH })}
						{whatsapp ? (
							<div className="field whatsapp-updates">
								<label className="checkbox-label">
									<input type="checkbox" name="whatsappUpdates" value="true" checked={wantsWhatsApp} onChange={(e) => setWantsWhatsApp(e.target.checked)} aria-describedby="checkout-whatsapp-hint" />
									<span>{t('checkout.whatsapp.label')}</span>
								</label>
								<p className="muted small" id="checkout-whatsapp-hint">
									{t('checkout.whatsapp.hint')}
								</p>
							</div>
						) : null}
						{credit ? (
							<div className="field store-credit">
								<label className="checkbox-label">
									<input type="checkbox" name="useCredit" value="true" checked={useCredit} onChange={(e) => setUseCredit(e.target.checked)} aria-describedby="checkout-credit-hint" />
									<span>{t('checkout.credit.use', { amount: formatRs(credit.balance) })}</span>
								</label>
								<p className="muted small" id="checkout-credit-hint">
									{t('checkout.credit.hint', { email: credit.email })}
								</p>
							</div>
						) : null}
						<fieldset className="pay-methods">
							<legend>{t('checkout.method.legend')}</legend>
							<label className={method === 'paypro' ? 'pay-method selected' : 'pay-method'}>
								<input type="radio" name="paymentMethod" value="paypro" checked={method === 'paypro'} onChange={() => setMethod('paypro')} />
								<span>
									<strong>{t('checkout.method.online')}</strong>
									<span className="muted small">{t('checkout.method.onlineHint')}</span>
								</span>
							</label>
							<label className={method === 'manual' ? 'pay-method selected' : 'pay-method'}>
								<input type="radio" name="paymentMethod" value="manual" checked={method === 'manual'} onChange={() => setMethod('manual')} />
								<span>
									<strong>{t('checkout.method.transfer')}</strong>
									<span className="muted small">{t('checkout.method.transferHint')}</span>
								</span>
							</label>
						</fieldset>
						<div className="field coupon-field">
							<label htmlFor="checkout-coupon">{t('checkout.coupon.label')}</label>
							<div className="coupon-apply">
								<input
									id="checkout-coupon"
									name="couponCode"
									value={couponCode}
									onChange={(e) => {
										setCouponCode(e.target.value)
										if (applied) setApplied(null)
										setFieldErrors(({ couponCode: _, ...rest }) => rest)
									}}
									autoComplete="off"
									autoCapitalize="characters"
									spellCheck={false}
									dir="ltr"
									maxLength={40}
									aria-invalid={fieldErrors.couponCode ? true : undefined}
									aria-describedby={fieldErrors.couponCode ? 'checkout-coupon-error' : applied ? 'checkout-coupon-applied' : undefined}
								/>
								<button type="submit" name="intent" value="apply" className="button ghost" formNoValidate disabled={applying || busy}>
									{applying ? t('checkout.coupon.checking') : t('checkout.coupon.apply')}
								</button>
							</div>
							{fieldErrors.couponCode ? (
								<p className="field-error" id="checkout-coupon-error" role="alert">
									{fieldErrors.couponCode}
								</p>
							) : applied ? (
								<p className="coupon-applied small" id="checkout-coupon-applied" role="status">
									{richText(t('checkout.coupon.applied'), { code: <bdi>{applied.code}</bdi>, amount: <bdi>{formatRs(applied.discount)}</bdi> })}
								</p>
							) : null}
						</div>
						{/* PayPro's notes are for online payment only (hidden by CSS too, for a choice made without scripts). */}
						{nothingToPay ? null : (
							<div className="online-only">
								{testPayments === undefined ? <TestPaymentsNotice /> : testPayments ? <TestPaymentsText /> : null}
							</div>
						)}
						{placed ? (
							<div className="warning-box price-changed" role="alert">
								<p>{richText(t('checkout.priceChanged'), { total: <strong>{formatRs(placed.totalAmount)}</strong> })}</p>
								<button type="button" className="button primary block" disabled={redirecting} onClick={() => goToPayment(placed)}>
									{t('checkout.continueToPayment', { amount: formatRs(placed.totalAmount) })}
								</button>
							</div>
						) : (
							<>
								{/* A refusal of the whole form (blocked, too many tries, a line gone) beside the button pressed: focused and in view. */}
								<ErrorAlert key={refusals} message={error} id="form-error" />
								{payable.length === 0 ? <p className="field-error">{t('checkout.nothingPayable')}</p> : null}
								<button type="submit" className="button primary block" disabled={busy || redirecting || payable.length === 0}>
									{busy ? t('checkout.processing') : nothingToPay ? t('checkout.placeFree', { amount: formatRs(0) }) : t('checkout.proceed', { amount: formatRs(toPay) })}
								</button>
							</>
						)}
						<p className="muted small checkout-status" role="status">
							{status}
						</p>
					</form>
					{nothingToPay ? null : (
						<p className="secure-note small online-only">
							<svg className="secure-note-icon" aria-hidden="true" viewBox="0 0 24 24" width="16" height="16">
								<path fill="currentColor" d="M12 2a5 5 0 0 0-5 5v3H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-8a2 2 0 0 0-2-2h-1V7a5 5 0 0 0-5-5Zm-3 8V7a3 3 0 1 1 6 0v3H9Z" />
							</svg>{' '}
							{t('checkout.secureNote')}
						</p>
					)}
				</section>
			</div>
			<p className="muted small center">
				{richText(t('checkout.agree'), {
					terms: <Link to={lp('/terms-and-conditions')}>{t('checkout.agree.terms')}</Link>,
					privacy: <Link to={lp('/privacy-policy')}>{t('checkout.agree.privacy')}</Link>,
				})}
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
