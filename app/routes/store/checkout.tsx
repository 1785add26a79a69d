import { use, useLayoutEffect, useRef, useState } from 'react'
import { flushSync } from 'react-dom'
import { Link, data, redirect, useLocation } from 'react-router'
import type { CheckoutState } from '~/domain/catalogue/buy-now-target'
import { checkoutRequest } from '~/domain/orders/checkout-input'
import { CUSTOMER_FIELDS } from '~/domain/orders/checkout-fields'
import { checkoutItems, toCheckoutLines } from '~/domain/orders/checkout-lines'
import { NOT_SOLD_MESSAGE, RENEWAL_NOT_FOUND } from '~/domain/orders/checkout-query'
import { pageMeta } from '~/utils/seo'
import { ServerHtml } from '~/components/layout/server-html'
import type { CheckoutCredit, Refused, Values } from '~/components/checkout/checkout-form'
import { currentBuyer } from '~/http/buyer-session.server'
import { creditBalance } from '~/domain/credit/credit.server'
import { BuyQuestionsStep, NotAvailable } from '~/components/checkout/checkout-refusal'
import { db } from '~/db/client.server'
import { startPayproPayment } from '~/domain/payments/start-paypro-payment.server'
import { payproClient } from '~/integrations/paypro/paypro.server'
import { checkoutLineFor, type CheckoutLineAnswer } from '~/http/checkout-line.server'
import { readPageForm } from '~/http/http.server'
import { placeOrder } from '~/http/place-order.server'
import { fieldErrorsOf, topName } from '~/utils/field-errors'
import { AppError } from '~/utils/app-error'
import { COUPON_REFUSALS } from '~/domain/coupons/coupon'
import { quoteCoupon } from '~/domain/coupons/coupons.server'
import { renderStaticHtml } from '~/utils/static-html.server'
import { publicConfig } from '~/domain/payments/public-config.server'
import type { Route } from './+types/checkout'
import { langOf, localePath } from '~/i18n/lang'
import { orderPagePath } from '~/domain/buyers/next-path'
import { useLocalePath, useT } from '~/i18n/use-t'
import { metaTranslate } from '~/i18n/meta-translate'
import { refusalWords, sayIn } from '~/i18n/messages.server'
import type { Said } from '~/i18n/words'
import { whatsappConnected } from '~/domain/whatsapp/whatsapp-settings.server'
import { isPaid } from '~/domain/orders/order-facts'

export const meta: Route.MetaFunction = ({ matches }) => {
	const t = metaTranslate(matches)
	return pageMeta(matches, { title: t('checkout.meta.title'), description: t('checkout.meta.description'), extra: [{ name: 'robots', content: 'noindex' }] })
}

const noStore = { 'Cache-Control': 'private, no-store' }

// The page's line comes from the navigation (Buy Now, the cart, the terms page, with scripts) or
// from the address (/checkout?product=…, the product page's form without scripts, and renewals).
export async function loader({ request }: Route.LoaderArgs) {
	const line = await checkoutLineFor(request)
	const { pathname, search } = new URL(request.url)
	// The parts drawn here speak the page's language: they are drawn at its address.
	const location = pathname + search
	const status = line.kind === 'not-sold' || line.kind === 'renewal-not-found' ? 404 : line.kind === 'renewal-not-sold' ? 410 : 200
	// One key per page shown: submitting its form twice places one order.
	const checkoutKey = crypto.randomUUID()
	// "Send updates on WhatsApp" is offered only once the owner has connected WhatsApp (ADR-035).
	const whatsapp = await whatsappConnected(db())
	const credit = await creditOf(request)
	const formHtml = line.kind === 'line' ? await drawnForm(line, checkoutKey, location, whatsapp, credit) : null
	return data({ line: line.kind === 'line' ? line : null, instead: instead(line, location), checkoutKey, formHtml, whatsapp, credit }, { status, headers: noStore })
}

/** The signed-in buyer's store credit, offered when they have some (ADR-051). */
async function creditOf(request: Request): Promise<CheckoutCredit | null> {
	const buyer = await currentBuyer(request)
	if (!buyer) return null
	const balance = await creditBalance(db(), buyer.email)
	return balance > 0 ? { balance, email: buyer.email } : null
}

/**
 * The form for a line named in the address, drawn here as HTML (ADR-007): the page shows it as drawn and
 * loads its script at the buyer's first touch (it works without scripts meanwhile).
 */
async function drawnForm(line: Extract<CheckoutLineAnswer, { kind: 'line' }>, checkoutKey: string, location: string, whatsapp: boolean, credit: CheckoutCredit | null) {
	const [{ CheckoutForm }, { CartProvider }] = await Promise.all([import('~/components/checkout/checkout-form'), import('~/components/cart/cart-context')])
	return renderStaticHtml(
		<CartProvider storageKey="">
			<CheckoutForm state={line.state} renewal={line.renewal} prefill={line.customer} checkoutKey={checkoutKey} refused={null} noItems={null} testPayments={publicConfig().testPayments} whatsapp={whatsapp} credit={credit} />
		</CartProvider>,
		{ location },
	)
}

/** What the page shows instead of its form for a line it cannot sell as named: drawn here, as HTML (ADR-007). */
function instead(line: CheckoutLineAnswer, location: string): { className: string; html: string } | null {
	const draw = (node: React.ReactNode) => renderStaticHtml(node, { location })
	switch (line.kind) {
		case 'none':
		case 'line':
			return null
		case 'ask':
			return { className: 'container page narrow checkout-questions', html: draw(<BuyQuestionsStep questions={line.questions} />) }
		case 'not-sold':
			return { className: 'container page narrow center', html: draw(<NotAvailable kind={line.kind} productId={line.productId} message={null} />) }
		case 'renewal-not-found':
			return { className: 'container page narrow center', html: draw(<NotAvailable kind={line.kind} productId={null} message={null} />) }
		case 'renewal-not-sold':
			return { className: 'container page narrow center', html: draw(<NotAvailable kind={line.kind} productId={line.productId} message={line.message} />) }
	}
}

/** The page's form without scripts: the same order as /api/checkout, then on to pay. */
export async function action({ request, context }: Route.ActionArgs) {
	const line = await checkoutLineFor(request)
	const lang = langOf(new URL(request.url).pathname)
	const form = await readPageForm(request, { limit: 16 * 1024, lang })
	const values: Values = {
		customerName: form.customerName ?? '',
		customerEmail: form.customerEmail ?? '',
		customerMobile: form.customerMobile ?? '',
		paymentMethod: form.paymentMethod === 'manual' ? 'manual' : 'paypro',
		couponCode: form.couponCode ?? '',
		...(form.whatsappUpdates ? { whatsappUpdates: form.whatsappUpdates } : {}),
		...(form.useCredit ? { useCredit: form.useCredit } : {}),
	}
	// Refused in the page's language: the rules' words, each field's too.
	const refuse = (status: number, fieldErrors: Record<string, Said>, message: Said | null) =>
		data<Refused>({ values, fieldErrors: Object.fromEntries(Object.entries(fieldErrors).map(([field, m]) => [field, sayIn(lang, m)])), message: message === null ? null : sayIn(lang, message) }, { status, headers: noStore })
	const refuseWith = (error: AppError) => {
		const { message, fieldErrors = {} } = refusalWords(lang, error)
		return data<Refused>({ values, fieldErrors, message }, { status: error.status, headers: noStore })
	}
	if (line.kind !== 'line') return refuse(400, {}, line.kind === 'renewal-not-found' ? RENEWAL_NOT_FOUND : NOT_SOLD_MESSAGE)
	// "Apply": the server prices the code and draws the form again with the discount (or its sentence).
	if (form.intent === 'apply') {
		try {
			if (!values.couponCode?.trim()) throw new AppError('BAD_REQUEST', COUPON_REFUSALS.malformed, { couponCode: COUPON_REFUSALS.malformed })
			const coupon = await quoteCoupon(db(), context.clientIp, { productDetails: toCheckoutLines(checkoutItems(line.state)), couponCode: values.couponCode })
			return data<Refused>({ values, fieldErrors: {}, message: null, coupon }, { headers: noStore })
		} catch (error) {
			if (error instanceof AppError) return refuseWith(error)
			throw error
		}
	}
	const parsed = checkoutRequest.safeParse({
		...values,
		productDetails: toCheckoutLines(checkoutItems(line.state)),
		checkoutKey: form.checkoutKey || undefined,
		couponCode: values.couponCode,
		whatsappUpdates: values.whatsappUpdates,
		useCredit: values.useCredit,
		lang,
		...(line.renewal ? { renewsOrderNumber: line.renewal.orderNumber } : {}),
	})
	if (!parsed.success) {
		const fieldErrors = fieldErrorsOf(parsed.error, { name: topName, root: '' })
		const onFields = CUSTOMER_FIELDS.some((f) => f in fieldErrors)
		return refuse(400, fieldErrors, onFields ? null : parsed.error.issues[0]!.message)
	}
	try {
		const { order, setCookie } = await placeOrder(request, context.clientIp, parsed.data)
		const headers = { 'Set-Cookie': setCookie, 'Cache-Control': 'no-store' }
		// A transfer order's page shows where to send the money and takes the receipt; a settled one (nothing to pay) is paid already.
		if (order.paymentMethod === 'manual' || isPaid(order)) return redirect(localePath(order.lang, orderPagePath(order.orderNumber)), { headers })
		return redirect(await startPayproPayment(db(), payproClient(), order), { headers })
	} catch (error) {
		if (error instanceof AppError) return refuseWith(error)
		throw error
	}
}

type CheckoutFormModule = typeof import('~/components/checkout/checkout-form')
let checkoutForm: CheckoutFormModule | undefined
let loadingCheckoutForm: Promise<CheckoutFormModule> | undefined
// The form and the cart's rules it needs load only when there is a line to show: an empty checkout
// (reached from the address alone) never downloads them. The server has them at once, so its HTML
// always holds the form (which works without scripts).
const loadCheckoutForm = () => (loadingCheckoutForm ??= import('~/components/checkout/checkout-form').then((m) => (checkoutForm = m)))
if (import.meta.env.SSR) void loadCheckoutForm()

export default function Checkout({ loaderData, actionData }: Route.ComponentProps) {
	const location = useLocation()
	// Only a line the shop's own pages sent (Buy Now, the cart): a redirect leaves a state of its own ({ _isRedirect }).
	const navigated = isCheckoutState(location.state) ? location.state : null
	const { line, instead, checkoutKey, formHtml, whatsapp, credit } = loaderData
	// The drawn form's values once its script has loaded (the buyer's first touch), and where they were.
	const [woken, setWoken] = useState<Woken | null>(null)
	useLayoutEffect(() => {
		if (!woken) return
		const field = woken.focus ? (document.getElementById(woken.focus.id) as HTMLInputElement | null) : null
		field?.focus()
		if (field && woken.focus?.start != null) field.setSelectionRange(woken.focus.start, woken.focus.end)
		if (woken.submit) document.querySelector<HTMLFormElement>('.checkout-form-panel form')?.requestSubmit()
	}, [woken])
	if (!navigated && instead) return <ServerHtml className={instead.className} html={instead.html} />
	if (!navigated && !line) return <NoItems />
	// A line named in the address: the form as the server drew it, until the buyer touches it (or it was refused).
	if (!navigated && line && formHtml && !actionData && !woken) return <DrawnForm html={formHtml} onWake={setWoken} />
	const { CheckoutForm } = checkoutForm ?? use(loadCheckoutForm())
	if (navigated || !line) return <CheckoutForm state={navigated} renewal={null} prefill={null} checkoutKey={null} refused={null} noItems={<NoItems />} whatsapp={whatsapp} credit={credit} />
	const refused = (actionData ?? (woken ? { values: woken.values, fieldErrors: {}, message: null } : null)) as Refused | null
	return <CheckoutForm state={line.state} renewal={line.renewal} prefill={line.customer} checkoutKey={checkoutKey} refused={refused} noItems={<NoItems />} whatsapp={whatsapp} credit={credit} />
}

/** What the buyer had typed and chosen in the drawn form, the field they were in, and whether they sent it. */
interface Woken {
	values: Values
	focus: { id: string; start: number | null; end: number | null } | null
	submit: boolean
}

/**
 * Checkout's form as the server drew it. The buyer's first touch (a tap, a field focused, the form sent)
 * loads the form's script; the script's form then takes the place of this one with what was typed and
 * chosen, the focus and the caret kept, once no finger is down (so a tap is never split between the two).
 * The form sent meanwhile is sent by the script's form; if the script cannot load, as drawn (it works without).
 */
function DrawnForm({ html, onWake }: { html: string; onWake: (woken: Woken) => void }) {
	const root = useRef<HTMLDivElement>(null)
	const pressed = useRef(false)
	const loaded = useRef(false)
	const sending = useRef(false)

	function swap() {
		const form = root.current?.querySelector('form')
		if (!loaded.current || pressed.current || !form) return
		const active = document.activeElement
		const focus = active instanceof HTMLInputElement && form.contains(active) && active.id ? { id: active.id, start: caret(active, 'selectionStart'), end: caret(active, 'selectionEnd') } : null
		// The form's own fields by name: the customer's, the payment method chosen (and the page's key).
		const values = Object.fromEntries(new FormData(form)) as unknown as Values
		// Read and replaced in one go: a key typed after this reading but before a later commit would
		// land in this form just as it goes (a field typed fast on a slow phone came back empty).
		flushSync(() => onWake({ values, focus, submit: sending.current }))
	}
	function wake() {
		void loadCheckoutForm().then(
			() => {
				loaded.current = true
				swap()
			},
			() => {
				// Without the script the form still works as drawn: one sent meanwhile goes as it is.
				if (sending.current) root.current?.querySelector('form')?.submit()
			},
		)
	}
	// A tap's click comes after the finger lifts, on a phone a task or more later: the swap waits for it (a label's
	// click has then checked its radio), or, when none comes (the finger moved), a moment.
	const settle = useRef<ReturnType<typeof setTimeout>>(undefined)
	const swapIn = (ms: number) => {
		clearTimeout(settle.current)
		settle.current = setTimeout(swap, ms)
	}
	const release = () => {
		pressed.current = false
		swapIn(300)
	}

	return (
		<div ref={root} style={{ display: 'contents' }}>
			<ServerHtml
				html={html}
				style={{ display: 'contents' }}
				onFocus={wake}
				onKeyDown={wake}
				onPointerDown={() => {
					pressed.current = true
					wake()
				}}
				onPointerUp={release}
				onPointerCancel={release}
				onClick={() => swapIn(0)}
				onSubmit={(event) => {
					// "Apply" goes to the server as drawn: the page comes back with the code priced.
					if ((event.nativeEvent as SubmitEvent).submitter?.getAttribute('value') === 'apply') return
					event.preventDefault()
					sending.current = true
					wake()
				}}
			/>
		</div>
	)
}

/** An input's caret, where it has one (an email field has none). */
function caret(input: HTMLInputElement, end: 'selectionStart' | 'selectionEnd') {
	try {
		return input[end]
	} catch {
		return null
	}
}

/** Checkout with nothing to buy: reached from the address alone, or with a line no longer sold. */
function NoItems() {
	const t = useT()
	const lp = useLocalePath()
	return (
		<div className="container page narrow center">
			<h1>{t('checkout.noItems')}</h1>
			<Link to={lp('/products')} className="button primary">
				{t('checkout.browseProducts')}
			</Link>
		</div>
	)
}

function isCheckoutState(value: unknown): value is CheckoutState {
	if (typeof value !== 'object' || value === null) return false
	const state = value as Partial<CheckoutState>
	return (Array.isArray(state.cartItems) && state.cartItems.length > 0) || (typeof state.product === 'object' && state.product !== null)
}
