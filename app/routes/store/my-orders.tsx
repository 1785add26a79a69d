import { data, Form, Link, redirect, useNavigation, useRevalidator } from 'react-router'
import { z } from 'zod'
import { BuyerEmailField } from '~/components/buyer/buyer-email-field'
import { BuyerOrderCard } from '~/components/buyer/buyer-order-card'
import { ServerParts } from '~/components/order/server-parts'
import { NotifyButton } from '~/components/push/notify-button'
import { SignInCodeForm } from '~/components/buyer/sign-in-code-form'
import { ErrorAlert } from '~/components/ui/error-alert'
import { db } from '~/db/client.server'
import { MY_ORDERS_LIMIT, type BuyerOrder } from '~/domain/buyers/my-orders'
import { ordersForBuyer } from '~/domain/buyers/my-orders.server'
import { BUYER_SIGN_IN_MESSAGES, MY_ORDERS_PATH, safeNextPath } from '~/domain/buyers/next-path'
import { endAllBuyerSessions, endBuyerSession, requestBuyerSignIn } from '~/domain/buyers/sign-in.server'
import { clearBuyerSessionCookie, clearPendingSignInCookie, currentBuyer, pendingSignInCookie, pendingSignInEmail } from '~/http/buyer-session.server'
import { readPageForm } from '~/http/http.server'
import { AppError } from '~/utils/app-error'
import { FORGET_OFFLINE_COPIES, offlineCopyFrom, offlineCopyHeaders } from '~/http/offline-copy'
import { SavedCopyNotice } from '~/components/order/saved-copy-notice'
import { showsDeliveredContent } from '~/domain/orders/shows-delivered-content'
import { pageMeta } from '~/utils/seo'
import { renderStaticHtml } from '~/utils/static-html.server'
import type { Route } from './+types/my-orders'

// My orders: a buyer proves they own an email address (a one-time link or code sent to it) and sees
// every order placed with it. Signed out, the page asks for the address; signed in, it lists the
// orders, with Sign out here or everywhere. Every form posts here and works without scripts.

const privateHeaders = { 'Cache-Control': 'private, no-store' }

const SIGNED_OUT = {
	here: 'You are signed out on this device.',
	everywhere: 'You are signed out on every device.',
} as const
const NOT_UNDERSTOOD = 'This form was not understood. Please reload the page and try again.'

const intentSchema = z.enum(['request', 'another-address', 'sign-out', 'sign-out-everywhere'])

export async function loader({ request }: Route.LoaderArgs) {
	const buyer = await currentBuyer(request)
	const params = new URL(request.url).searchParams
	// Where signing in leads back to: a product's reviews ("Sign in with your order email to review as a buyer"), else here.
	const next = safeNextPath(params.get('next'))
	// A code asked for and not yet typed: the page still shows its box after a reload.
	const pending = pendingSignInEmail(request)
	if (!buyer) {
		const signedOut = params.get('signedOut')
		const notice = signedOut === 'here' || signedOut === 'everywhere' ? SIGNED_OUT[signedOut] : null
		// Just signed out: the service worker drops the order pages it kept on this device (ADR-034).
		return data({ buyer: null, notice, pending, next }, { headers: notice ? { ...privateHeaders, ...FORGET_OFFLINE_COPIES } : privateHeaders })
	}
	if (next !== MY_ORDERS_PATH) throw redirect(next, { headers: { 'Cache-Control': 'no-store' } })
	const { orders, more } = await ordersForBuyer(db(), buyer.email)
	// Kept on the buyer's device for offline reading, unless an order on it shows codes (ADR-034).
	const keep = offlineCopyHeaders(!orders.some((entry) => showsDeliveredContent(entry.order)))
	const headers = pending ? { ...privateHeaders, ...keep, 'Set-Cookie': clearPendingSignInCookie(request) } : { ...privateHeaders, ...keep }
	// The cards as the server draws them (ADR-007): the page ships no order components, only what makes their buttons and forms work.
	return data({ buyer: { email: buyer.email }, ordersHtml: renderStaticHtml(<OrderList orders={orders} more={more} />) }, { headers })
}

export async function action({ request, context }: Route.ActionArgs) {
	const form = await readPageForm(request, { limit: 4 * 1024 })
	const intent = intentSchema.safeParse(form.intent)
	if (!intent.success) return data({ sent: false as const, message: null, error: NOT_UNDERSTOOD, email: '' }, { status: 400, headers: privateHeaders })

	if (intent.data === 'request') {
		const email = String(form.email ?? '')
			.trim()
			.slice(0, 200)
		try {
			await requestBuyerSignIn(db(), { email: form.email, clientIp: context.clientIp, next: safeNextPath(form.next) })
			// The one answer, whether or not the address is on an order.
			return data({ sent: true as const, message: BUYER_SIGN_IN_MESSAGES.sent, error: null, email }, { headers: { ...privateHeaders, 'Set-Cookie': pendingSignInCookie(request, email) } })
		} catch (error) {
			if (!(error instanceof AppError)) throw error
			return data({ sent: false as const, message: null, error: error.message, email }, { status: error.status, headers: privateHeaders })
		}
	}

	if (intent.data === 'another-address') {
		throw redirect(MY_ORDERS_PATH, { status: 303, headers: { 'Set-Cookie': clearPendingSignInCookie(request), 'Cache-Control': 'no-store' } })
	}

	const buyer = await currentBuyer(request)
	if (buyer && intent.data === 'sign-out') await endBuyerSession(db(), buyer.idHash)
	if (buyer && intent.data === 'sign-out-everywhere') await endAllBuyerSessions(db(), buyer.email)
	throw redirect(`${MY_ORDERS_PATH}?signedOut=${intent.data === 'sign-out' ? 'here' : 'everywhere'}`, {
		status: 303,
		// The browser's own cache holds nothing of the session's either (the pages are no-store; this also empties the back-forward cache).
		headers: { 'Set-Cookie': clearBuyerSessionCookie(request), 'Cache-Control': 'no-store', 'Clear-Site-Data': '"cache"' },
	})
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => ({ ...privateHeaders, ...offlineCopyFrom(loaderHeaders) })

export const meta: Route.MetaFunction = ({ matches }) =>
	pageMeta(matches, { title: 'My orders', description: 'Every order placed with your email address, with its codes and renewals.', extra: [{ name: 'robots', content: 'noindex' }] })

export default function MyOrders({ loaderData, actionData }: Route.ComponentProps) {
	const navigation = useNavigation()
	const submitting = navigation.state === 'submitting' ? String(navigation.formData?.get('intent') ?? '') : null
	if (!loaderData.buyer) return <SignedOut notice={loaderData.notice} pending={loaderData.pending} next={loaderData.next} result={actionData ?? null} submitting={submitting} />
	return <SignedIn email={loaderData.buyer.email} ordersHtml={loaderData.ordersHtml} submitting={submitting} />
}

function SignedOut({
	notice,
	pending,
	next,
	result,
	submitting,
}: {
	notice: string | null
	pending: string | null
	next: string
	result: { sent: boolean; message: string | null; error: string | null; email: string } | null
	submitting: string | null
}) {
	// Sent just now, or earlier and the page reloaded since (a refused new request shows the form again).
	const sentTo = result ? (result.sent ? result.email : null) : pending
	return (
		<div className="container page narrow my-orders">
			<h1>My orders</h1>
			{notice && !result ? (
				<p className="success-box" role="status">
					{notice}
				</p>
			) : null}
			<p className="muted">Every order placed with your email address in one place: payment, delivery, your codes and when subscriptions end.</p>
			{sentTo !== null ? (
				<>
					<div className="order-card my-orders-sent">
						<p role="status">{BUYER_SIGN_IN_MESSAGES.sent}</p>
						<p className="muted small">Open the link in the email, or type the code here.</p>
						<SignInCodeForm email={sentTo} next={next} />
					</div>
					<Form method="post" replace className="my-orders-another">
						<input type="hidden" name="intent" value="another-address" />
						<span className="muted small">Wrong address?</span>{' '}
						<button type="submit" className="link-button small">
							Use another email address
						</button>
					</Form>
				</>
			) : (
				<Form method="post" className="order-card my-orders-request" noValidate replace>
					<input type="hidden" name="intent" value="request" />
					<input type="hidden" name="next" value={next} />
					<p>Enter the email address you used at checkout: we will email it a sign-in link and a code.</p>
					{next.startsWith('/product/') ? <p className="muted small">Signed in, you go back to the product to write your review as a buyer.</p> : null}
					<ErrorAlert message={result?.error} />
					<BuyerEmailField id="my-orders-email" defaultValue={result?.email} invalid={Boolean(result?.error)} />
					<button type="submit" className="button primary" disabled={submitting === 'request'}>
						{submitting === 'request' ? 'Sending...' : 'Email me a sign-in code'}
					</button>
				</Form>
			)}
		</div>
	)
}

function SignedIn({ email, ordersHtml, submitting }: { email: string; ordersHtml: string; submitting: string | null }) {
	const revalidator = useRevalidator()
	return (
		<div className="container page narrow my-orders">
			<div className="my-orders-head">
				<h1>My orders</h1>
				<p className="muted">
					Signed in as <strong className="break-anywhere">{email}</strong>
				</p>
			</div>
			<NotifyButton />
			<ServerParts html={ordersHtml} refresh={() => void revalidator.revalidate()} />
			<div className="my-orders-sign-out">
				<Form method="post" replace>
					<input type="hidden" name="intent" value="sign-out" />
					<button type="submit" className="button ghost" disabled={submitting !== null}>
						{submitting === 'sign-out' ? 'Signing out…' : 'Sign out'}
					</button>
				</Form>
				<Form method="post" replace>
					<input type="hidden" name="intent" value="sign-out-everywhere" />
					<button type="submit" className="button ghost" disabled={submitting !== null}>
						{submitting === 'sign-out-everywhere' ? 'Signing out…' : 'Sign out everywhere'}
					</button>
				</Form>
			</div>
			<p className="muted small">Sign out everywhere ends this address’s sign-ins on every phone and computer.</p>
		</div>
	)
}

/** The buyer's orders, newest first: drawn by the server. */
function OrderList({ orders, more }: { orders: BuyerOrder[]; more: boolean }) {
	return (
		<>
			<SavedCopyNotice />
			{orders.length === 0 ? (
				<div className="empty-panel">
					<p className="empty-panel-title">No orders yet</p>
					<p className="empty-panel-text">No order was placed with this email address. An order placed with another address is under that address.</p>
					<Link to="/products" className="button primary">
						Browse products
					</Link>
				</div>
			) : (
				<ol className="my-orders-list" aria-label="Your orders, newest first">
					{orders.map((entry) => (
						<li key={entry.order.orderNumber}>
							<BuyerOrderCard {...entry} />
						</li>
					))}
				</ol>
			)}
			{more ? <p className="muted small">These are your {MY_ORDERS_LIMIT} newest orders. An older order opens from the link in its email.</p> : null}
		</>
	)
}
