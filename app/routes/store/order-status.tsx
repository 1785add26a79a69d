import { useEffect, useState } from 'react'
import { useLocalePath, useT } from '~/i18n/use-t'
import { orderPagePath } from '~/domain/buyers/next-path'
import { renderStaticHtml } from '~/utils/static-html.server'
import { data, redirect, useRevalidator } from 'react-router'
import { lookupKey, notFoundMessage, type OrderLookup } from '~/components/order/fetch-order'
import { OrderAnswer, OrderDetails } from '~/components/order/order-details'
import { ServerParts } from '~/components/order/server-parts'
import { LiveIndicator, OrderLoading, OrderNotFound } from '~/components/order/order-states'
import { NotifyButton } from '~/components/push/notify-button'
import { SavedCopyNotice } from '~/components/order/saved-copy-notice'
import { useLiveOrder } from '~/components/order/use-live-order'
import { usePurchaseTracking } from '~/components/order/use-purchase-tracking'
import { db } from '~/db/client.server'
import { findOrder } from '~/domain/orders/find-order.server'
import { handReportOpen, unitClaimsOf } from '~/domain/claims/claims.server'
import { tokenMatches } from '~/domain/orders/order-token.server'
import { accessCookie, orderViewer } from '~/http/order-access.server'
import { offlineCopyFrom, offlineCopyHeaders } from '~/http/offline-copy'
import { showsDeliveredContent } from '~/domain/orders/shows-delivered-content'
import { awaitingPayment, owesDelivery } from '~/domain/orders/order-facts'
import { lookUpOrderForPage, parseOrderQuery } from '~/domain/orders/order-for-request.server'
import { readReceiptResult } from '~/domain/payments/receipt-rules'
import { readStoreDetails } from '~/domain/settings/store-details.server'
import { typedBack } from '~/http/typed-back.server'
import { transferAccountsForOrderNumber } from '~/domain/settings/receiving-accounts.server'
import { cookiesAreSecure } from '~/http/http.server'
import { publicConfig } from '~/domain/payments/public-config.server'
import { pageMeta } from '~/utils/seo'
import { readCookie } from '~/http/cookies'
import { LANG_COOKIE, langOf, localePath, type Lang } from '~/i18n/lang'
import { translator } from '~/i18n/messages.server'
import { metaTranslate } from '~/i18n/meta-translate'
import { ReturnUnits } from '~/components/credit/return-units'
import { isPaid } from '~/domain/orders/order-facts'
import { returnableUnits } from '~/domain/credit/return-unit.server'
import type { Route } from './+types/order-status'

/**
 * The order page follows the order's language (ADR-032): an Urdu order opened at its English address
 * goes to its /ur twin, unless the buyer chose English with the language switch. An English order
 * opened at /ur stays in Urdu: the buyer asked for it.
 */
function pathFor(request: Request, pathname: string, orderLang: Lang): string {
	if (orderLang !== 'ur' || langOf(pathname) === 'ur') return pathname
	return readCookie(request.headers.get('cookie'), LANG_COOKIE) === 'en' ? pathname : localePath('ur', pathname)
}

async function unitClaimsFor(orderNumber: string) {
	const row = await findOrder(db(), { internalOrderId: orderNumber })
	return row ? { claims: await unitClaimsOf(db(), row), handReport: await handReportOpen(db(), row) } : { claims: [], handReport: false }
}

export async function loader({ request }: Route.LoaderArgs) {
	const url = new URL(request.url)
	const lang = langOf(url.pathname)
	const t = translator(lang)
	const { lookup, token, params } = parseOrderQuery(url)
	if (!lookup) return { lookup: null, key: '', order: null, retry: false, notFound: null }
	if (token) {
		const found = await findOrder(db(), lookup)
		if (found && tokenMatches(found, token)) {
			// The link's token becomes the order's cookie, so it does not stay in the address bar or history.
			params.delete('token')
			throw redirect(`${pathFor(request, url.pathname, found.lang)}?${params}`, {
				headers: { 'Set-Cookie': accessCookie(found.orderNumber, token, { secure: cookiesAreSecure(request) }), 'Cache-Control': 'no-store' },
			})
		}
	}
	// §7 call 7, first attempt (the browser makes the others only while the order may still be being written).
	const [{ order, retry }, store] = await Promise.all([lookUpOrderForPage(db(), lookup, await orderViewer(request)), readStoreDetails(db())])
	const key = lookupKey(lookup)
	if (!order) return { lookup, key, order: null, retry, notFound: retry ? null : notFoundMessage(lookup, t) }
	const wanted = pathFor(request, url.pathname, order.lang)
	if (wanted !== url.pathname) throw redirect(`${wanted}${url.search}`, { headers: { 'Cache-Control': 'no-store', Vary: 'Cookie' } })
	const receipt = readReceiptResult(params.get('receipt'))
	// A receipt refused without scripts: its TID and payer as the buyer typed them (never the file), to fix rather than type again.
	const typedReceipt = receipt && receipt !== 'uploaded' ? typedBack(request, 'receipt', order.orderNumber) : null
	const typed = typedReceipt ? { transactionId: typedReceipt.transactionId ?? '', payerAccount: typedReceipt.payerAccount ?? '' } : null
	// The accounts this order was shown (the first kept even once it is full), then those shown now (ADR-049).
	const accounts = await transferAccountsForOrderNumber(db(), order.orderNumber, store)
	// Each delivered unit's claim, read after the view recorded what the buyer has seen (ADR-052).
	// Content delivered by hand has no claim form: within the window, the way to report it is the chat (ADR-052).
	const { claims, handReport } = order.full && order.actions.paid ? await unitClaimsFor(order.orderNumber) : { claims: [], handReport: false }
	// The order as the server draws it (ADR-007), again on every live update: the page ships no order components.
	// An unpaid order is paid on this page: the transfer accounts come with it (they are the shop's public details).
	// What a form posted without scripts came back with is in the address (codes only: the address never carries text to show).
	// In two parts, the answer first (ADR-041): what happened and what to do next, then the details, with Notify me between.
	const location = { location: url.pathname + url.search }
	const answerHtml = renderStaticHtml(
		<>
			<SavedCopyNotice />
			<OrderAnswer
				order={order}
				whatsapp={store.whatsapp}
				accounts={accounts}
				formResult={{ receipt, payAgainFailed: params.get('payAgain') === 'failed', typed }}
				testPayments={publicConfig().testPayments}
				unlockSentTo={params.get('signIn') === 'sent' ? (params.get('email') ?? '') : null}
				claims={claims}
				handReport={handReport}
				claimSent={params.get('claim') === 'sent'}
			/>
		</>,
		location,
	)
	// Codes the buyer has not opened and may still return for store credit (ADR-051), for whoever sees the order in full.
	const returnable = order.full && isPaid(order) ? await returnableFor(order.orderNumber) : []
	const returned = /^\d{1,9}$/.test(params.get('returned') ?? '') ? Number(params.get('returned')) : null
	const html = renderStaticHtml(
		<>
			{order.full ? <ReturnUnits orderNumber={order.orderNumber} units={returnable} returned={returned} failed={params.get('returnFailed') === '1'} /> : null}
			<OrderDetails order={order} whatsapp={store.whatsapp} supportEmail={store.supportEmail} />
		</>,
		location,
	)
	return data(
		{
			lookup,
			key,
			order: {
				answerHtml,
				html,
				orderNumber: order.orderNumber,
				full: order.full,
				status: order.status,
				totalAmount: order.totalAmount,
				// Without scripts the page looks again by itself while something is still to come (a payment, a delivery).
				changing: awaitingPayment(order) || owesDelivery(order),
			},
			retry: false,
			notFound: null,
		},
		// Kept on the buyer's device for offline reading, unless it shows codes (ADR-034).
		{ headers: offlineCopyHeaders(!showsDeliveredContent(order)) },
	)
}

/** The order's units its buyer may return now (the row read again: the view the page shows has no ids). */
async function returnableFor(orderNumber: string) {
	const row = await findOrder(db(), { internalOrderId: orderNumber })
	return row ? returnableUnits(db(), row) : []
}

// The page differs per buyer (cookie) and changes by the minute.
export const headers: Route.HeadersFunction = ({ loaderHeaders }) => ({ 'Cache-Control': 'private, no-store', ...offlineCopyFrom(loaderHeaders) })

export const meta: Route.MetaFunction = ({ matches }) => {
	const t = metaTranslate(matches)
	return pageMeta(matches, { title: t('order.meta.title'), description: t('order.meta.description'), extra: [{ name: 'robots', content: 'noindex' }] })
}

type ShownOrder = NonNullable<Route.ComponentProps['loaderData']['order']>

export default function OrderStatus({ loaderData }: Route.ComponentProps) {
	const { lookup, key, order, retry, notFound } = loaderData
	const t = useT()
	if (!lookup) return <OrderNotFound message={t('order.notFound.noId')} />
	return <OrderTracking key={key} lookup={lookup} order={order} retry={retry} notFound={notFound} />
}

function OrderTracking({ lookup, order, retry, notFound }: { lookup: OrderLookup; order: ShownOrder | null; retry: boolean; notFound: string | null }) {
	const revalidator = useRevalidator()
	const t = useT()
	const lp = useLocalePath()
	const refresh = () => void revalidator.revalidate()
	const [error, setError] = useState<string | null>(null)
	const live = useLiveOrder(order?.orderNumber ?? null, order?.full ?? false, refresh)
	usePurchaseTracking(order)

	// The order may still be being written (right after a payment): look again, with the code for it loaded only then.
	const waiting = !order && retry
	useEffect(() => {
		if (!waiting) return
		const controller = new AbortController()
		void import('~/components/order/use-order-lookup').then(async ({ lookAgain }) => {
			const result = await lookAgain(lookup, controller.signal, t)
			if (result === 'found') void revalidator.revalidate()
			else if (result) setError(result.error)
		})
		return () => controller.abort()
		// eslint-disable-next-line react-hooks/exhaustive-deps -- one search per order asked for (the page's key)
	}, [waiting])

	if (notFound || error) return <OrderNotFound message={(notFound ?? error)!} />
	if (!order) return <OrderLoading />
	return (
		<div className="container page narrow order-page">
			<h1>{t('order.title')}</h1>
			{order.changing ? (
				<noscript>
					<meta httpEquiv="refresh" content="30" />
				</noscript>
			) : null}
			<ServerParts html={order.answerHtml} refresh={refresh} />
			{/* Below the answer: how the page keeps up, and whether this phone is told of the order (whoever may see it in full). */}
			<div className="order-head">
				<LiveIndicator live={live} refreshPath={lp(orderPagePath(order.orderNumber))} />
				{order.full ? <NotifyButton orderNumber={order.orderNumber} /> : null}
			</div>
			<ServerParts html={order.html} refresh={refresh} />
		</div>
	)
}
