import { data, Link } from 'react-router'
import { db } from '~/db/client.server'
import { orderPagePath } from '~/domain/buyers/next-path'
import { findOrder } from '~/domain/orders/find-order.server'
import { orderReceipt, type OrderReceipt } from '~/domain/orders/receipt.server'
import { isOrderNumberShaped } from '~/domain/payments/receipt-rules'
import { readStoreDetails } from '~/domain/settings/store-details.server'
import { canSeeEverything } from '~/http/order-access.server'
import { pageMeta } from '~/utils/seo'
import type { Route } from './+types/receipt'

// A buyer's printable receipt. Only whoever may see the order in full gets it; anyone else, and any
// number that names no order, gets the same 404, so the page never tells that an order exists.

const NOT_FOUND = 'We could not find that receipt. Open it from your order page, with the link we sent you or signed in with the email you ordered with.'
const privateHeaders = { 'Cache-Control': 'private, no-store' }

export async function loader({ request, params }: Route.LoaderArgs) {
	const notFound = () => data({ found: false as const, message: NOT_FOUND }, { status: 404, headers: privateHeaders })
	if (!isOrderNumberShaped(params.orderNumber)) return notFound()
	const order = await findOrder(db(), { internalOrderId: params.orderNumber })
	if (!order || !(await canSeeEverything(order, request))) return notFound()
	const receipt = orderReceipt(order, await readStoreDetails(db()))
	return data({ found: true as const, receipt }, { headers: privateHeaders })
}

// Per buyer (their cookie or session) and never worth keeping: not in any cache.
export const headers: Route.HeadersFunction = () => privateHeaders

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
	pageMeta(matches, {
		title: loaderData?.found ? `${loaderData.receipt.heading} ${loaderData.receipt.orderNumber}` : 'Receipt',
		description: 'Your receipt: what you bought, what you paid and when.',
		extra: [{ name: 'robots', content: 'noindex' }],
	})

export default function Receipt({ loaderData }: Route.ComponentProps) {
	if (!loaderData.found) {
		return (
			<div className="container page narrow center">
				<h1>Receipt not found</h1>
				<p>{loaderData.message}</p>
				<Link to="/" className="button primary">
					Return to Home
				</Link>
			</div>
		)
	}
	const { receipt } = loaderData
	return (
		<div className="container page narrow receipt-page">
			<div className="receipt-toolbar">
				<button type="button" className="button primary" onClick={() => window.print()}>
					Print or save as PDF
				</button>
				<Link to={orderPagePath(receipt.orderNumber)}>Back to your order</Link>
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
	const { store } = receipt
	return (
		<article className={receipt.paid ? 'receipt' : 'receipt unpaid'} aria-labelledby="receipt-title">
			<header className="receipt-head">
				<div className="receipt-store">
					<p className="receipt-store-name">{store.name}</p>
					<p>{store.supportEmail}</p>
					<p>
						WhatsApp <a href={store.whatsapp.href}>{store.whatsapp.text}</a>
					</p>
					{store.phone ? (
						<p>
							Phone <a href={store.phone.href}>{store.phone.text}</a>
						</p>
					) : null}
				</div>
				<div className="receipt-title">
					<h1 id="receipt-title">{receipt.heading}</h1>
					<p className="receipt-number">{receipt.orderNumber}</p>
				</div>
			</header>
			{receipt.notice ? (
				<p className="receipt-notice" role="note">
					<strong>Not paid.</strong> {receipt.notice}
				</p>
			) : null}
			<dl className="receipt-facts">
				<div>
					<dt>Order number</dt>
					<dd>{receipt.orderNumber}</dd>
				</div>
				<div>
					<dt>Order date</dt>
					<dd>
						<time dateTime={receipt.orderDate.iso}>{receipt.orderDate.text}</time>
					</dd>
				</div>
				{receipt.paidDate ? (
					<div>
						<dt>Paid on</dt>
						<dd>
							<time dateTime={receipt.paidDate.iso}>{receipt.paidDate.text}</time>
						</dd>
					</div>
				) : null}
				<div>
					<dt>Payment method</dt>
					<dd>{receipt.paymentMethod}</dd>
				</div>
				<div>
					<dt>Status</dt>
					<dd>{receipt.status}</dd>
				</div>
				<div className="receipt-billed">
					<dt>Billed to</dt>
					<dd>
						{receipt.buyer.name}
						{receipt.buyer.email ? <span className="receipt-email">{emailWithBreak(receipt.buyer.email)}</span> : null}
					</dd>
				</div>
			</dl>
			<div className="receipt-table-box">
				<table className="receipt-lines">
					<thead>
						<tr>
							<th scope="col">Item</th>
							<th scope="col" className="num receipt-wide">
								Qty
							</th>
							<th scope="col" className="num receipt-wide">
								Unit price
							</th>
							<th scope="col" className="num">
								Amount
							</th>
						</tr>
					</thead>
					<tbody>
						{receipt.lines.map((line, index) => (
							<tr key={index}>
								<td>
									<span className="receipt-item">{line.name}</span>
									{line.option ? <span className="receipt-option">{line.option}</span> : null}
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
								<th scope="row">Discount</th>
								<td className="receipt-wide" />
								<td className="receipt-wide" />
								<td className="num">{`−${receipt.discount}`}</td>
							</tr>
						) : null}
						<tr>
							<th scope="row">Total</th>
							<td className="receipt-wide" />
							<td className="receipt-wide" />
							<td className="num">{receipt.total}</td>
						</tr>
					</tfoot>
				</table>
			</div>
			<p className="receipt-thanks">{receipt.paid ? 'Thank you for your purchase' : 'Thank you for your order'}</p>
		</article>
	)
}
