import { useLang, useLocalePath, useT } from '~/i18n/use-t'
import { optionLabel } from '~/i18n/option-label'
import { formatPakistanTime } from '~/utils/pakistan-time'
import { metaTranslate } from '~/i18n/meta-translate'
import { readCookie } from '~/http/cookies'
import { LANG_COOKIE, langOf, localePath } from '~/i18n/lang'
import { translator } from '~/i18n/messages.server'
import { data, Link, redirect } from 'react-router'
import { db } from '~/db/client.server'
import { orderPagePath } from '~/domain/buyers/next-path'
import { findOrder } from '~/domain/orders/find-order.server'
import { orderReceipt, type OrderReceipt } from '~/domain/orders/receipt.server'
import { buyerBadgeKey } from '~/domain/orders/status'
import { isOrderNumberShaped } from '~/domain/payments/receipt-rules'
import { readStoreDetails } from '~/domain/settings/store-details.server'
import { canSeeEverything, orderPageNotFound, PRIVATE_PAGE_HEADERS } from '~/http/order-access.server'
import { pageMeta } from '~/utils/seo'
import type { Route } from './+types/receipt'
import { OrderNotFound } from '~/components/order/order-not-found'

// A buyer's printable receipt. Only whoever may see the order in full gets it; anyone else, and any
// number that names no order, gets the same 404, so the page never tells that an order exists.

export async function loader({ request, params }: Route.LoaderArgs) {
	const url = new URL(request.url)
	const lang = langOf(url.pathname)
	const t = translator(lang)
	const notFound = () => orderPageNotFound(t)
	if (!isOrderNumberShaped(params.orderNumber)) return notFound()
	const order = await findOrder(db(), { internalOrderId: params.orderNumber })
	if (!order || !(await canSeeEverything(order, request))) return notFound()
	// The receipt follows the order's language (ADR-032), unless the buyer chose English with the switch.
	if (order.lang === 'ur' && lang === 'en' && readCookie(request.headers.get('cookie'), LANG_COOKIE) !== 'en') {
		throw redirect(localePath('ur', url.pathname), { headers: { 'Cache-Control': 'no-store', Vary: 'Cookie' } })
	}
	const english = orderReceipt(order, await readStoreDetails(db()))
	const receipt: OrderReceipt = {
		...english,
		heading: english.paid ? t('order.receipt.heading') : t('order.receipt.summaryHeading'),
		notice: english.notice ? t('order.receipt.notPaidText') : null,
		paymentMethod: t(order.paymentMethod === 'paypro' || order.paymentMethod === 'manual' || order.paymentMethod === 'dm' ? `order.method.${order.paymentMethod}` : 'order.method.other'),
		status: t(buyerBadgeKey(order)),
	}
	return data({ found: true as const, receipt }, { headers: PRIVATE_PAGE_HEADERS })
}

// Per buyer (their cookie or session) and never worth keeping: not in any cache.
export const headers: Route.HeadersFunction = () => PRIVATE_PAGE_HEADERS

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
	const t = metaTranslate(matches)
	return pageMeta(matches, {
		title: loaderData?.found ? `${loaderData.receipt.heading} ${loaderData.receipt.orderNumber}` : t('order.receipt.meta.title'),
		description: t('order.receipt.meta.description'),
		extra: [{ name: 'robots', content: 'noindex' }],
	})
}

export default function Receipt({ loaderData }: Route.ComponentProps) {
	const t = useT()
	const lp = useLocalePath()
	if (!loaderData.found) {
		return <OrderNotFound message={loaderData.message} />
	}
	const { receipt } = loaderData
	return (
		<div className="container page narrow receipt-page">
			<div className="receipt-toolbar">
				<button type="button" className="button primary" onClick={() => window.print()}>
					{t('order.receipt.print')}
				</button>
				<Link to={lp(orderPagePath(receipt.orderNumber))}>{t('order.receipt.back')}</Link>
			</div>
			<ReceiptDocument receipt={receipt} />
		</div>
	)
}

/** A long address breaks after its @ on a phone rather than inside the domain. */
function emailWithBreak(email: string) {
	const at = email.indexOf('@')
	if (at < 0) return email
	return (
		<>
			{email.slice(0, at + 1)}
			<wbr />
			{email.slice(at + 1)}
		</>
	)
}

function ReceiptDocument({ receipt }: { receipt: OrderReceipt }) {
	const t = useT()
	const lang = useLang()
	const { store } = receipt
	return (
		<article className={receipt.paid ? 'receipt' : 'receipt unpaid'} aria-labelledby="receipt-title">
			<header className="receipt-head">
				<div className="receipt-store">
					<p className="receipt-store-name">{store.name}</p>
					<p>
						<bdi>{store.supportEmail}</bdi>
					</p>
					<p>
						{t('order.receipt.whatsapp')}{' '}
						<a href={store.whatsapp.href} dir="ltr">
							{store.whatsapp.text}
						</a>
					</p>
					{store.phone ? (
						<p>
							{t('order.receipt.phone')}{' '}
							<a href={store.phone.href} dir="ltr">
								{store.phone.text}
							</a>
						</p>
					) : null}
				</div>
				<div className="receipt-title">
					<h1 id="receipt-title">{receipt.heading}</h1>
					<p className="receipt-number" dir="ltr">
						{receipt.orderNumber}
					</p>
				</div>
			</header>
			{receipt.notice ? (
				<p className="receipt-notice" role="note">
					<strong>{t('order.receipt.notPaid')}</strong> {receipt.notice}
				</p>
			) : null}
			<dl className="receipt-facts">
				<div>
					<dt>{t('order.receipt.orderNumber')}</dt>
					<dd>
						<bdi>{receipt.orderNumber}</bdi>
					</dd>
				</div>
				<div>
					<dt>{t('order.receipt.orderDate')}</dt>
					<dd>
						<time dateTime={receipt.orderDate}>{formatPakistanTime(receipt.orderDate, lang)}</time>
					</dd>
				</div>
				{receipt.paidDate ? (
					<div>
						<dt>{t('order.receipt.paidOn')}</dt>
						<dd>
							<time dateTime={receipt.paidDate}>{formatPakistanTime(receipt.paidDate, lang)}</time>
						</dd>
					</div>
				) : null}
				<div>
					<dt>{t('order.receipt.method')}</dt>
					<dd>{receipt.paymentMethod}</dd>
				</div>
				<div>
					<dt>{t('order.receipt.status')}</dt>
					<dd>{receipt.status}</dd>
				</div>
				<div className="receipt-billed">
					<dt>{t('order.receipt.billedTo')}</dt>
					<dd>
						{receipt.buyer.name}
						{receipt.buyer.email ? <bdi className="receipt-email">{emailWithBreak(receipt.buyer.email)}</bdi> : null}
					</dd>
				</div>
			</dl>
			<div className="receipt-table-box">
				<table className="receipt-lines">
					<thead>
						<tr>
							<th scope="col">{t('order.receipt.item')}</th>
							<th scope="col" className="num receipt-wide">
								{t('order.receipt.qty')}
							</th>
							<th scope="col" className="num receipt-wide">
								{t('order.receipt.unitPrice')}
							</th>
							<th scope="col" className="num">
								{t('order.receipt.amount')}
							</th>
						</tr>
					</thead>
					<tbody>
						{receipt.lines.map((line, index) => (
							<tr key={index}>
								<td>
									<span className="receipt-item">{line.name}</span>
									{line.option ? <span className="receipt-option" dir="auto">{optionLabel(t, line.option)}</span> : null}
									{/* Where the quantity and unit price columns are folded away (a phone), they show under the name. */}
									<span className="receipt-each">
										{line.quantity} × {line.unitPrice}
									</span>
								</td>
								<td className="num receipt-wide">{line.quantity}</td>
								<td className="num receipt-wide">{line.unitPrice}</td>
								<td className="num">{line.lineTotal}</td>
							</tr>
						))}
					</tbody>
					<tfoot>
						{receipt.discount ? (
							<tr className="receipt-discount">
								<th scope="row">{t('order.receipt.discount')}</th>
								<td className="receipt-wide" />
								<td className="receipt-wide" />
								<td className="num">{`−${receipt.discount}`}</td>
							</tr>
						) : null}
						<tr>
							<th scope="row">{t('order.receipt.total')}</th>
							<td className="receipt-wide" />
							<td className="receipt-wide" />
							<td className="num">{receipt.total}</td>
						</tr>
					</tfoot>
				</table>
			</div>
			<p className="receipt-thanks">{receipt.paid ? t('order.receipt.thanksPaid') : t('order.receipt.thanksOrder')}</p>
		</article>
	)
}
