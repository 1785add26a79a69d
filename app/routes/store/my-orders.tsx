import { useLocalePath, useT } from '~/i18n/use-t'
import { data, Form, Link, redirect, useNavigation, useRevalidator } from 'react-router'
import { z } from 'zod'
import { BuyerEmailField } from '~/components/buyer/buyer-email-field'
import { BuyerOrderCard } from '~/components/buyer/buyer-order-card'
import { ServerParts } from '~/components/order/server-parts'
import { LazyNotifyButton } from '~/components/push/lazy-notify-button'
import { SignInCodeForm } from '~/components/buyer/sign-in-code-form'
import { ErrorAlert } from '~/components/ui/error-alert'
import { db } from '~/db/client.server'
import { MY_ORDERS_LIMIT, type BuyerOrder } from '~/domain/buyers/my-orders'
import { ordersForBuyer } from '~/domain/buyers/my-orders.server'
import { MY_ORDERS_PATH, safeNextPath } from '~/domain/buyers/next-path'
import { endAllBuyerSessions, endBuyerSession, requestBuyerSignIn } from '~/domain/buyers/sign-in.server'
import { clearBuyerSessionCookie, clearPendingSignInCookie, currentBuyer, pendingSignInCookie, pendingSignInEmail, retryAfterHeaders } from '~/http/buyer-session.server'
import { readPageForm } from '~/http/http.server'
import { AppError } from '~/utils/app-error'
import { FORGET_OFFLINE_COPIES, offlineCopyFrom, offlineCopyHeaders } from '~/http/offline-copy'
import { SavedCopyNotice } from '~/components/order/saved-copy-notice'
import { showsDeliveredContent } from '~/domain/orders/shows-delivered-content'
import { pageMeta } from '~/utils/seo'
import { langOf, localePath } from '~/i18n/lang'
import { sayIn, translator } from '~/i18n/messages.server'
import { renderStaticHtml } from '~/utils/static-html.server'
import { metaTranslate } from '~/i18n/meta-translate'
import type { Route } from './+types/my-orders'
import { readCredit } from '~/domain/credit/credit.server'
import type { CreditView } from '~/domain/credit/credit'
import { StoreCredit } from '~/components/credit/store-credit'


// My orders: a buyer proves they own an email address (a one-time link or code sent to it) and sees
// every order placed with it. Signed out, the page asks for the address; signed in, it lists the
// orders, with Sign out here or everywhere. Every form posts here and works without scripts.

const privateHeaders = { 'Cache-Control': 'private, no-store' }


const intentSchema = z.enum(['request', 'another-address', 'sign-out', 'sign-out-everywhere'])

export async function loader({ request }: Route.LoaderArgs) {
	const buyer = await currentBuyer(request)
	const url = new URL(request.url)
	const lang = langOf(url.pathname)
	const params = url.searchParams
	// Where signing in leads back to: a product's reviews ("Sign in with your order email to review as a buyer"), else here.
	const next = safeNextPath(params.get('next'))
	// A code asked for and not yet typed: the page still shows its box after a reload.
	const pending = pendingSignInEmail(request)
	if (!buyer) {
		const signedOut = params.get('signedOut')
		const notice = signedOut === 'here' ? translator(lang)('order.my.signedOutHere') : signedOut === 'everywhere' ? translator(lang)('order.my.signedOutEverywhere') : null
		// Just signed out: the service worker drops the order pages it kept on this device (ADR-034).
		return data({ buyer: null, notice, pending, next }, { headers: notice ? { ...privateHeaders, ...FORGET_OFFLINE_COPIES } : privateHeaders })
	}
	if (next !== MY_ORDERS_PATH && next !== localePath(lang, MY_ORDERS_PATH)) throw redirect(next, { headers: { 'Cache-Control': 'no-store' } })
	const [{ orders, more }, credit] = await Promise.all([ordersForBuyer(db(), buyer.email, lang), readCredit(db(), buyer.email)])
	// Kept on the buyer's device for offline reading, unless an order on it shows codes (ADR-034).
	const keep = offlineCopyHeaders(!orders.some((entry) => showsDeliveredContent(entry.order)))
	const headers = pending ? { ...privateHeaders, ...keep, 'Set-Cookie': clearPendingSignInCookie(request) } : { ...privateHeaders, ...keep }
	// The cards as the server draws them (ADR-007): the page ships no order components, only what makes their buttons and forms work.
	return data({ buyer: { email: buyer.email }, ordersHtml: renderStaticHtml(<OrderList orders={orders} more={more} opened={params.get('revealed')} credit={credit} />, { location: url.pathname }) }, { headers })
}

export async function action({ request, context }: Route.ActionArgs) {
	const lang = langOf(new URL(request.url).pathname)
	const form = await readPageForm(request, { limit: 4 * 1024, lang })
	const t = translator(lang)
	const intent = intentSchema.safeParse(form.intent)
	if (!intent.success) return data({ sent: false as const, message: null, error: t('order.my.notUnderstood'), email: '' }, { status: 400, headers: privateHeaders })

	if (intent.data === 'request') {
		const email = String(form.email ?? '')
			.trim()
			.slice(0, 200)
		try {
			await requestBuyerSignIn(db(), { email: form.email, clientIp: context.clientIp, next: safeNextPath(form.next), lang })
			// The one answer, whether or not the address is on an order.
			return data({ sent: true as const, message: t('order.signIn.sent'), error: null, email }, { headers: { ...privateHeaders, 'Set-Cookie': pendingSignInCookie(request, email) } })
		} catch (error) {
			if (!(error instanceof AppError)) throw error
			return data({ sent: false as const, message: null, error: sayIn(lang, error.said), email }, { status: error.status, headers: { ...privateHeaders, ...retryAfterHeaders(error) } })
		}
	}

	if (intent.data === 'another-address') {
		throw redirect(localePath(lang, MY_ORDERS_PATH), { status: 303, headers: { 'Set-Cookie': clearPendingSignInCookie(request), 'Cache-Control': 'no-store' } })
	}

	const buyer = await currentBuyer(request)
	if (buyer && intent.data === 'sign-out') await endBuyerSession(db(), buyer.idHash)
	if (buyer && intent.data === 'sign-out-everywhere') await endAllBuyerSessions(db(), buyer.email)
	throw redirect(`${localePath(lang, MY_ORDERS_PATH)}?signedOut=${intent.data === 'sign-out' ? 'here' : 'everywhere'}`, {
		status: 303,
		// The browser's own cache holds nothing of the session's either (the pages are no-store; this also empties the back-forward cache).
		headers: { 'Set-Cookie': clearBuyerSessionCookie(request), 'Cache-Control': 'no-store', 'Clear-Site-Data': '"cache"' },
	})
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => ({ ...privateHeaders, ...offlineCopyFrom(loaderHeaders) })

export const meta: Route.MetaFunction = ({ matches }) => {
	const t = metaTranslate(matches)
	return pageMeta(matches, { title: t('order.my.meta.title'), description: t('order.my.meta.description'), extra: [{ name: 'robots', content: 'noindex' }] })
}

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
	const t = useT()
	// Sent just now, or earlier and the page reloaded since (a refused new request shows the form again).
	const sentTo = result ? (result.sent ? result.email : null) : pending
	return (
		<div className="container page narrow my-orders">
			<h1>{t('order.my.title')}</h1>
			{notice && !result ? (
				<p className="success-box" role="status">
					{notice}
				</p>
			) : null}
			<p className="muted">{t('order.my.intro')}</p>
			{sentTo !== null ? (
				<>
					<div className="order-card my-orders-sent">
						<p role="status">{t('order.signIn.sent')}</p>
						<p className="muted small">{t('order.unlock.openOrType')}</p>
						<SignInCodeForm email={sentTo} next={next} />
					</div>
					<Form method="post" replace className="my-orders-another">
						<input type="hidden" name="intent" value="another-address" />
						<span className="muted small">{t('order.my.wrongAddress')}</span>{' '}
						<button type="submit" className="link-button small">
							{t('order.unlock.another')}
						</button>
					</Form>
				</>
			) : (
				<Form method="post" className="order-card my-orders-request" noValidate replace>
					<input type="hidden" name="intent" value="request" />
					<input type="hidden" name="next" value={next} />
					<p>{t('order.my.askText')}</p>
					{next.startsWith('/product/') || next.startsWith('/ur/product/') ? <p className="muted small">{t('order.my.reviewNote')}</p> : null}
					<ErrorAlert message={result?.error} />
					<BuyerEmailField id="my-orders-email" defaultValue={result?.email} invalid={Boolean(result?.error)} />
					<button type="submit" className="button primary" disabled={submitting === 'request'}>
						{submitting === 'request' ? t('order.unlock.sending') : t('order.unlock.send')}
					</button>
				</Form>
			)}
		</div>
	)
}

function SignedIn({ email, ordersHtml, submitting }: { email: string; ordersHtml: string; submitting: string | null }) {
	const revalidator = useRevalidator()
	const t = useT()
	return (
		<div className="container page narrow my-orders">
			<div className="my-orders-head">
				<h1>{t('order.my.title')}</h1>
				<p className="muted">
					{t('order.my.signedInAs').replace('{email}', '')}
					<strong className="break-anywhere">
						<bdi>{email}</bdi>
					</strong>
				</p>
			</div>
			<LazyNotifyButton />
			<ServerParts html={ordersHtml} refresh={() => void revalidator.revalidate()} />
			<div className="my-orders-sign-out">
				<SignOutForm intent="sign-out" label={t('order.my.signOut')} submitting={submitting} />
				<SignOutForm intent="sign-out-everywhere" label={t('order.my.signOutEverywhere')} submitting={submitting} />
			</div>
			<p className="muted small">{t('order.my.everywhereNote')}</p>
		</div>
	)
}

/** The buyer's orders, newest first: drawn by the server. */
/** `opened`: the order whose unit was just revealed (its codes show unfolded); `credit`: the buyer's store credit. */
function OrderList({ orders, more, opened, credit }: { orders: BuyerOrder[]; more: boolean; opened: string | null; credit: CreditView }) {
	const t = useT()
	const lp = useLocalePath()
	return (
		<>
			<SavedCopyNotice />
			{credit.balance > 0 || credit.entries.length > 0 ? <StoreCredit credit={credit} /> : null}
			{orders.length === 0 ? (
				<div className="empty-panel">
					<p className="empty-panel-title">{t('order.my.emptyTitle')}</p>
					<p className="empty-panel-text">{t('order.my.emptyText')}</p>
					<Link to={lp('/products')} className="button primary">
						{t('order.my.browse')}
					</Link>
				</div>
			) : (
				<ol className="my-orders-list" aria-label={t('order.my.listLabel')}>
					{orders.map((entry) => (
						<li key={entry.order.orderNumber}>
							<BuyerOrderCard {...entry} opened={entry.order.orderNumber === opened} />
						</li>
					))}
				</ol>
			)}
			{more ? <p className="muted small">{t('order.my.more', { limit: MY_ORDERS_LIMIT })}</p> : null}
		</>
	)
}

/** Sign out, here or everywhere: its button says it is signing out while it is sent, and both wait while any form is. */
function SignOutForm({ intent, label, submitting }: { intent: 'sign-out' | 'sign-out-everywhere'; label: string; submitting: string | null }) {
	const t = useT()
	return (
		<Form method="post" replace>
			<input type="hidden" name="intent" value={intent} />
			<button type="submit" className="button ghost" disabled={submitting !== null}>
				{submitting === intent ? t('order.my.signingOut') : label}
			</button>
		</Form>
	)
}
