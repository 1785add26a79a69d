import { useState } from 'react'
import { UnbrokenText } from '~/components/order/delivery-text'
import { Form, Link, isRouteErrorResponse, useActionData, useNavigation, useRevalidator } from 'react-router'
import { z } from 'zod'
import { ActionResult } from '~/components/admin/action-result'
import { AdminTime } from '~/components/admin/admin-time'
import { ConsoleTable } from '~/components/admin/console-table'
import { FulfillmentForm } from '~/components/admin/fulfillment-form'
import { OrderProducts, PaymentBadge, TestPaymentBadge } from '~/components/admin/order-bits'
import { db } from '~/db/client.server'
import { buyerChatLink } from '~/domain/orders/buyer-chat'
import { findOrder } from '~/domain/orders/find-order.server'
import { maskedDeliveryText, staffOrderView } from '~/domain/orders/staff-order-view.server'
import { revealOrderDelivery } from '~/domain/orders/reveal-order-delivery.server'
import { earlierReceipts } from '~/domain/payments/read-receipt.server'
import { renewalLinks } from '~/domain/orders/renewal-links.server'
import { fulfillmentTitle } from '~/domain/orders/status'
import { markDmOrderPaid } from '~/domain/payments/mark-dm-order-paid.server'
import { markDmPaidInput } from '~/domain/payments/staff-note'
import { useConsoleForm } from '~/components/admin/console-form'
import { TextField } from '~/components/admin/text-field'
import { getFormProps } from '@conform-to/react'
import { updateOrderFulfillment } from '~/domain/fulfillment/update-order-fulfillment.server'
import { fulfillmentForm } from '~/domain/fulfillment/fulfillment-input'
import { approveTestOrder } from '~/domain/payments/approve-test-order.server'
import { deliverOrderNow, orderStockUnits, replaceUnit } from '~/domain/stock/order-stock.server'
import { StockUnits } from '~/components/admin/order-stock-units'
import { orderHistory, staffActor, type Actor } from '~/domain/staff/audit.server'
import { replaceUnitForm } from '~/domain/stock/stock-input'
import { AppError } from '~/utils/app-error'
import { invalidInput } from '~/utils/field-errors'
import { parseId } from '~/utils/input'
import { readStoreDetails } from '~/domain/settings/store-details.server'
import { formatRs } from '~/utils/money'
import { pageMeta } from '~/utils/seo'
import { requireStaff } from '~/http/staff-auth.server'
import { notFound, pageFailure, readPageForm } from '~/http/http.server'
import { notUnderstood, refuseWith, staffActionResult } from '~/http/refusal.server'
import { useHydrated } from '~/utils/use-hydrated'
import { OrderMoney, MONEY_INTENTS } from '~/components/admin/order-money'
import { orderMoneyAction } from '~/http/order-money.server'
import { orderMoney } from '~/domain/refunds/order-money.server'
import type { Route } from './+types/order'
import { orderWhatsAppMessages } from '~/domain/whatsapp/order-whatsapp-messages.server'
import { orderProfit } from '~/domain/costs/order-profit.server'
import { may, staffMay } from '~/domain/staff/permissions'
import { OrderProfitFacts } from '~/components/admin/order-profit'
import { discountOf } from '~/domain/coupons/coupon'
import { codesOfOrders } from '~/domain/coupons/coupons.server'
import { orderTimeline } from '~/domain/orders/order-timeline.server'
import { revealSummaries } from '~/domain/orders/unit-reveals.server'
import { RevealLine } from '~/components/admin/order-stock-units'
import { translator } from '~/i18n/messages.server'
import { openClaimsOf } from '~/domain/claims/claims.server'

export const meta: Route.MetaFunction = ({ matches, params }) =>
	pageMeta(matches, { title: `Order ${params.orderNumber}`, description: 'One order: details, fulfillment and history.', extra: [{ name: 'robots', content: 'noindex' }] })

export async function loader({ request, params }: Route.LoaderArgs) {
	const staff = await requireStaff(request)
	const order = await findOrder(db(), { internalOrderId: params.orderNumber })
	if (!order) throw pageFailure(notFound(`Order ${params.orderNumber} not found.`))
	const history = await orderHistory(db(), order.orderNumber)
	return {
		// What it delivered is masked here until staff reveal it (audited): the page's HTML holds no code in full.
		order: { ...staffOrderView(order, { deliveryContent: false }), couponCode: (await codesOfOrders(db(), [order.id])).get(order.id) ?? null },
		maskedDelivery: maskedDeliveryText(order.deliveryContent),
		mayReveal: may(staff, 'reveal-stock'),
		// The reveals of what staff typed by hand (one whole, ADR-050); stock units carry theirs.
		handReveal: (await revealSummaries(db(), order.id)).get(null) ?? null,
		mayExportEvidence: staffMay(staff, 'owner'),
		// Cost, fee and profit: the owner's alone (other staff's pages never carry them).
		profit: staffMay(staff, 'owner') ? await orderProfit(db(), order) : null,
		chat: buyerChatLink(order, (await readStoreDetails(db())).storeName),
		stock: { units: await orderStockUnits(db(), order.id), owed: order.undeliveredUnits },
		renewal: await renewalLinks(db(), order),
		earlierReceipts: await earlierReceipts(db(), order),
		whatsapp: { asked: order.whatsappUpdates, messages: await orderWhatsAppMessages(db(), order.orderNumber) },
		money: await orderMoney(db(), order, staff),
		timeline: { entries: await orderTimeline(db(), order), title: translator('en')('events.title') },
		openClaims: await openClaimsOf(db(), order.id),
		history: history.map((h) => ({ id: h.id, actor: h.actor, action: h.action, before: h.before, after: h.after, note: h.note, createdAt: h.createdAt.toISOString() })),
	}
}

const actionInput = z.discriminatedUnion('intent', [
	z.object({ intent: z.literal('mark-paid'), note: z.string().default('') }),
	z.object({ intent: z.literal('deliver-stock') }),
	z.object({ intent: z.literal('fulfillment') }),
	z.object({ intent: z.literal('approve-test') }),
	z.object({ intent: z.literal('replace-unit') }),
	z.object({ intent: z.literal('cancel') }),
	z.object({ intent: z.literal('refund') }),
	z.object({ intent: z.literal('reinstate') }),
	z.object({ intent: z.literal('reopen-transfer') }),
	z.object({ intent: z.literal('reveal-delivery') }),
])

/**
 * A DM order's payment arrived as agreed in the chat: staff mark it paid (audited; the buyer is
 * emailed). An order owed stock is served now; a unit that did not work is replaced (audited; the
 * buyer's open page shows it).
 */
export async function action({ request, params }: Route.ActionArgs) {
	const staff = await requireStaff(request)
	// Delivery content may be up to 20,000 characters (several of them multi-byte): room for it, percent-encoded.
	const form = await readPageForm(request, { limit: 256 * 1024 })
	const parsed = actionInput.safeParse(form)
	if (!parsed.success) return notUnderstood()
	const orderNumber = params.orderNumber
	const input = parsed.data
	if (input.intent === 'replace-unit') return replaceOrderUnit(staffActor(staff), orderNumber, form)
	if (input.intent === 'reveal-delivery') return revealDelivery(staffActor(staff), orderNumber)
	if (input.intent === 'cancel' || input.intent === 'refund' || input.intent === 'reinstate' || input.intent === 'reopen-transfer') return orderMoneyAction(staff, orderNumber, input.intent, form)
	// A refusal names its form (`intent`) and comes back with what was typed, beside its field.
	const values: Record<string, string> | undefined = input.intent === 'fulfillment' ? { fulfillment_status: form.fulfillment_status ?? '', delivery_content: form.delivery_content ?? '' } : input.intent === 'mark-paid' ? { note: input.note } : undefined
	return staffActionResult(async () => {
		if (input.intent === 'fulfillment') {
			const fields = fulfillmentForm.safeParse(form)
			if (!fields.success) throw invalidInput(fields.error)
			// Content still masked on the page is not sent: the saved content stays as it is.
			const updates = form.delivery_content === undefined ? { fulfillment_status: fields.data.fulfillment_status } : fields.data
			const saved = await updateOrderFulfillment(db(), staffActor(staff), { orderNumber, updates })
			return `Order ${saved.order_number} updated: ${fulfillmentTitle(saved.fulfillment_status)}.`
		}
		if (input.intent === 'deliver-stock') {
			const { owed } = await deliverOrderNow(db(), staffActor(staff), orderNumber)
			return owed ? `Still waiting for ${owed} ${owed === 1 ? 'unit' : 'units'}: import more stock for this option.` : `Order ${orderNumber} is delivered from stock.`
		}
		if (input.intent === 'approve-test') {
			const { delivered, owed } = await approveTestOrder(db(), staffActor(staff), orderNumber)
			if (delivered) return `Test order ${orderNumber} approved and delivered from stock.`
			return owed ? `Test order ${orderNumber} approved. It waits for ${owed} ${owed === 1 ? 'unit' : 'units'} of stock.` : `Test order ${orderNumber} approved. Deliver it from the fulfillment form.`
		}
		const { changed } = await markDmOrderPaid(db(), staffActor(staff), orderNumber, input.note)
		return changed ? `Order ${orderNumber} is paid. The buyer has been emailed.` : `Order ${orderNumber} was already paid.`
	}, { intent: input.intent, values })
}

/** What the order delivered, in full, for this answer only (recorded in the audit log); a refusal says why. */
async function revealDelivery(actor: Actor, orderNumber: string) {
	try {
		const revealed = await revealOrderDelivery(db(), actor, orderNumber)
		return { ok: true as const, intent: 'reveal-delivery' as const, message: 'Delivery content revealed (recorded in the audit log).', revealed: revealed ?? '' }
	} catch (error) {
		if (error instanceof AppError) return refuseWith<Refused>(error, { intent: 'reveal-delivery' })
		throw error
	}
}

type Refused = { ok: false; message: string; intent?: string; fieldErrors?: Record<string, string>; values?: Record<string, string> }
type ReplaceRefusal = { ok: false; intent: 'replace-unit'; message: string; fieldErrors?: Record<string, string>; values?: Record<string, string>; assignmentId?: number }

/** Replace a unit: its refusal is shown beside the reason of that unit's form. */
async function replaceOrderUnit(actor: Actor, orderNumber: string, form: Record<string, string>) {
	const assignmentId = parseId(form.assignmentId) ?? undefined
	try {
		const fields = replaceUnitForm.safeParse(form)
		if (!fields.success) throw invalidInput(fields.error)
		await replaceUnit(db(), actor, orderNumber, fields.data.assignmentId, fields.data.reason)
		return { ok: true as const, message: 'Unit replaced. The buyer sees the new one on their order page.' }
	} catch (error) {
		if (error instanceof AppError) return refuseWith<ReplaceRefusal>(error, { intent: 'replace-unit', values: form, assignmentId })
		throw error
	}
}

const PAYMENT_METHOD: Record<string, string> = { paypro: 'PayPro (card or wallet)', manual: 'Bank or wallet transfer', dm: 'DM order' }
const WHATSAPP_EVENT_LABEL: Record<string, string> = {
	paid: 'Paid',
	delivered: 'Delivered',
	replaced: 'Item replaced',
	refunded: 'Refunded',
	cancelled: 'Cancelled',
	'transfer-rejected': 'Transfer rejected',
	'payment-reminder': 'Reminder to pay',
}

const ACTION_LABEL: Record<string, string> = {
	'fulfillment.update': 'Fulfillment updated',
	'payment.mark_paid': 'Marked paid',
	'order.create_dm': 'DM order created',
	'stock.replace': 'Unit replaced',
	'stock.deliver_now': 'Delivered from stock',
	'order.approve_test': 'Test order approved',
	'order.cancel': 'Cancelled',
	'order.refund': 'Refunded',
	'order.reinstate': 'Reinstated after cancel',
	'transfer.confirm': 'Transfer confirmed',
	'transfer.reject': 'Transfer rejected',
	'transfer.reopen': 'Rejected transfer reopened',
	'order.reveal-delivery': 'Delivery content revealed',
}

function describeChange(record: Record<string, unknown> | null): string {
	if (!record || Object.keys(record).length === 0) return '—'
	return Object.entries(record)
		.map(([k, v]) => `${k.replace(/_/g, ' ')}: ${v !== null && typeof v === 'object' ? JSON.stringify(v) : String(v)}`)
		.join(', ')
}

export default function AdminOrder({ loaderData }: Route.ComponentProps) {
	const { order, history, timeline, stock, renewal, chat, whatsapp, maskedDelivery, mayReveal, openClaims } = loaderData
	const revalidator = useRevalidator()
	const markPaidResult = useActionData<typeof action>()
	/** A refused Replace, shown beside its unit's reason. */
	const refusal = markPaidResult && !markPaidResult.ok ? (markPaidResult as Refused) : null
	const replaceRefusal = refusal?.intent === 'replace-unit' ? (refusal as ReplaceRefusal) : null
	// A refusal is shown beside what it refuses (a field, or "Deliver from stock now"), not above the page.
	const besideItsForm = Boolean(refusal && (refusal.intent === 'deliver-stock' || refusal.intent === 'reveal-delivery' || MONEY_INTENTS.has(refusal.intent ?? '') || Object.keys(refusal.fieldErrors ?? {}).length))
	const markingPaid = useNavigation().state === 'submitting'
	const { canMarkPaid } = order.actions
	const hydrated = useHydrated()
	const revealed = markPaidResult && markPaidResult.ok && 'revealed' in markPaidResult ? (markPaidResult.revealed as string) : null
	const [notice, setNotice] = useState<string | null>(null)
	// A new key puts the form back to what is saved (Cancel, or after a save).
	const [formKey, setFormKey] = useState(0)

	function saved(message: string) {
		setNotice(message)
		void revalidator.revalidate().then(() => setFormKey((k) => k + 1))
	}

	return (
		<div className="staff-order">
			<p>
				<Link to="/admin-dashboard">← All orders</Link>
			</p>
			<h1>Order {order.orderNumber}</h1>
			{renewal.renews || renewal.renewedBy.length ? (
				<p className="renewal-links">
					{renewal.renews ? (
						<span>
							Renews order <Link to={`/admin/orders/${encodeURIComponent(renewal.renews)}`}>#{renewal.renews}</Link>
						</span>
					) : null}
					{renewal.renewedBy.map((n) => (
						<span key={n}>
							Renewed by <Link to={`/admin/orders/${encodeURIComponent(n)}`}>#{n}</Link>
						</span>
					))}
				</p>
			) : null}
			{openClaims.length ? (
				<p className="warning-box" data-testid="order-open-claims">
					{openClaims.length === 1 ? 'The buyer says a unit of this order does not work.' : `The buyer says ${openClaims.length} units of this order do not work.`}{' '}
					<Link to={`/admin/claims#claim-${openClaims[0]}`}>{openClaims.length === 1 ? 'Answer the claim' : 'Answer the claims'}</Link>
				</p>
			) : null}
			{notice ? (
				<p className="success-box" role="status">
					{notice}
				</p>
			) : null}
			<ActionResult result={besideItsForm ? undefined : markPaidResult} />
			<div className="staff-order-grid">
				<section className="settings-section" aria-labelledby="order-customer">
					<h2 id="order-customer">Customer</h2>
					<dl className="staff-facts">
						<dt>Name</dt>
						<dd>{order.customerName || '—'}</dd>
						<dt>Email</dt>
						<dd className="staff-wrap">{order.customerEmail ? <a href={`mailto:${order.customerEmail}`}>{order.customerEmail}</a> : '—'}</dd>
						<dt>Phone</dt>
						<dd>{order.customerPhone || '—'}</dd>
						<dt>Placed</dt>
						<dd>
							<AdminTime date={order.createdAt} />
						</dd>
						{order.paymentMethod === 'dm' ? (
							<>
								<dt>Source</dt>
								<dd>DM order{order.durationDays ? `, ${order.durationDays} days` : ''}</dd>
							</>
						) : null}
					</dl>
					{chat ? (
						<a className="button primary small order-chat" href={chat} target="_blank" rel="noreferrer">
							WhatsApp the buyer
						</a>
					) : null}
				</section>
				<section className="settings-section" aria-labelledby="order-payment">
					<h2 id="order-payment">Payment</h2>
					<dl className="staff-facts">
						<dt>Amount</dt>
						<dd className="staff-amount">{formatRs(order.totalAmount)}</dd>
						{discountOf(order.items) > 0 ? (
							<>
								<dt>Discount</dt>
								<dd>
									{formatRs(discountOf(order.items))} off{order.couponCode ? ` with code ${order.couponCode}` : ''}
								</dd>
							</>
						) : null}
						<dt>Method</dt>
						<dd>{PAYMENT_METHOD[order.paymentMethod] ?? order.paymentMethod}</dd>
						<dt>Status</dt>
						<dd>
							<PaymentBadge status={order.paymentStatus} /> {order.testPayment ? <TestPaymentBadge /> : null}
						</dd>
						{order.payproTransactionId || order.paymentMethod === 'paypro' ? (
							<>
								<dt>PayPro Order ID</dt>
								<dd>{order.payproTransactionId ?? '—'}</dd>
							</>
						) : null}
						{order.earlierPayproIds.length ? (
							<>
								<dt>Earlier PayPro IDs</dt>
								<dd>{order.earlierPayproIds.join(', ')}</dd>
							</>
						) : null}
						<dt>Paid</dt>
						<dd>
							<AdminTime date={order.paidAt} />
						</dd>
						{order.hasReceipt ? (
							<>
								<dt>Receipt</dt>
								<dd>
									<a href={`/admin/receipts/${encodeURIComponent(order.orderNumber)}`} target="_blank" rel="noreferrer">
										View receipt
									</a>
								</dd>
							</>
						) : null}
						{order.transferTid ? (
							<>
								<dt>Transaction ID</dt>
								<dd className="transfer-tid">{order.transferTid}</dd>
								<dt>Paid from</dt>
								<dd>{order.transferPayer}</dd>
							</>
						) : null}
						{loaderData.earlierReceipts.length ? (
							<>
								<dt>Replaced receipts</dt>
								<dd>
									<ul className="replaced-receipts">
										{loaderData.earlierReceipts.map((receipt) => (
											<li key={receipt.id}>
												<a href={`/admin/receipts/${encodeURIComponent(order.orderNumber)}?file=${receipt.id}`} target="_blank" rel="noreferrer">
													Uploaded <AdminTime date={receipt.uploadedAt} />
												</a>
											</li>
										))}
									</ul>
								</dd>
							</>
						) : null}
						{order.rejectionReason ? (
							<>
								<dt>Rejected</dt>
								<dd>{order.rejectionReason}</dd>
							</>
						) : null}
					</dl>
					{order.testAwaitingApproval ? (
						<Form method="post" className="mark-paid-form">
							<input type="hidden" name="intent" value="approve-test" />
							<p className="muted small">Paid on the PayPro simulator: no money moved, so nothing was taken from stock. Approve it only if it is your own test or a sale you agreed.</p>
							<button type="submit" className="button primary small" disabled={markingPaid}>
								Approve test order
							</button>
						</Form>
					) : null}
					{loaderData.profit ? <OrderProfitFacts profit={loaderData.profit} total={order.totalAmount} paymentMethod={order.paymentMethod} /> : null}
					{canMarkPaid ? (
						<MarkPaidForm markingPaid={markingPaid} answer={refusal?.intent === 'mark-paid' ? refusal : null} />
					) : null}
				</section>
			</div>

			<section className="settings-section" aria-labelledby="order-items">
				<h2 id="order-items">Items</h2>
				<ConsoleTable
					rows={order.items}
					rowKey={(_, i) => i}
					columns={[
						{ header: 'Product', label: false, cell: (line) => <OrderProducts items={[line]} /> },
						{ header: 'Price', cell: (line) => formatRs(line.price) },
						{ header: 'Quantity', cell: (line) => line.quantity },
						{ header: 'Line total', cell: (line) => (line.discount ? `${formatRs(line.price * line.quantity - line.discount)} (${formatRs(line.discount)} off)` : formatRs(line.price * line.quantity)) },
					]}
					footer={
						<tr>
							<th scope="row" colSpan={3}>
								Total
							</th>
							<td className="staff-amount">{formatRs(order.totalAmount)}</td>
						</tr>
					}
				/>
			</section>

			<OrderMoney order={order} money={loaderData.money} busy={markingPaid} answer={refusal && MONEY_INTENTS.has(refusal.intent ?? '') ? refusal : null} />

			{loaderData.mayExportEvidence ? (
				<section className="settings-section" aria-labelledby="order-evidence">
					<h2 id="order-evidence">Evidence for a dispute</h2>
					<p className="small muted">Placed, paid, delivered (masked), emails sent, each reveal of each unit, refunds: the record a card dispute asks for.</p>
					<p>
						<a className="button ghost small" href={`/api/admin/orders/${encodeURIComponent(order.orderNumber)}/evidence?format=pdf`} download>
							Download evidence (PDF)
						</a>{' '}
						<a className="small" href={`/api/admin/orders/${encodeURIComponent(order.orderNumber)}/evidence`}>
							as JSON
						</a>
					</p>
				</section>
			) : null}

			{stock.units.length || stock.owed ? <StockUnits orderNumber={order.orderNumber} items={order.items} units={stock.units} owed={stock.owed} refusal={replaceRefusal} deliverRefusal={refusal?.intent === 'deliver-stock' ? refusal.message : null} /> : null}

			<section className="settings-section" aria-labelledby="order-fulfillment">
				<h2 id="order-fulfillment">Fulfillment</h2>
				<p>
					Status: <span className={`status-pill fulfillment-${order.deliveryStatus}`}>{fulfillmentTitle(order.deliveryStatus)}</span>
				</p>
				<h3>Delivery content</h3>
				{revealed != null ? (
					<UnbrokenText className="staff-delivery" text={revealed} />
				) : maskedDelivery ? (
					<>
						{maskedDelivery.text ? <UnbrokenText className="staff-delivery" text={maskedDelivery.text} /> : <p className="muted">Typed by staff: hidden until revealed.</p>}
						{maskedDelivery.text ? null : <RevealLine reveal={loaderData.handReveal ?? { first: null, count: 0 }} seen={false} />}
						{mayReveal ? (
							<Form method="post" className="reveal-delivery-form">
								<input type="hidden" name="intent" value="reveal-delivery" />
								<button type="submit" className="button ghost small" disabled={markingPaid} aria-describedby={refusal?.intent === 'reveal-delivery' ? 'reveal-delivery-error' : undefined}>
									Reveal in full
								</button>
								{refusal?.intent === 'reveal-delivery' ? (
									<p className="field-error" id="reveal-delivery-error" role="alert">
										{refusal.message}
									</p>
								) : null}
								<span className="small muted"> Recorded in the audit log and as a staff reveal of each unit: they then count as seen.</span>
							</Form>
						) : (
							<p className="small muted">Codes are masked: the owner, or staff the owner lets reveal stock, can see them in full.</p>
						)}
					</>
				) : (
					<p className="muted">None saved yet.</p>
				)}
				<h3>Update</h3>
				{hydrated ? (
					<FulfillmentForm
						key={`${formKey}-${revealed != null}`}
						orderNumber={order.orderNumber}
						fulfillmentStatus={order.deliveryStatus}
						deliveryContent={revealed}
						contentMasked={revealed == null && order.hasDeliveryContent}
						onSaved={saved}
						onCancel={() => setFormKey((k) => k + 1)}
					/>
				) : (
					<p className="muted">Loading the update form…</p>
				)}
			</section>

			{whatsapp.asked || whatsapp.messages.length > 0 ? (
				<section className="settings-section" aria-labelledby="order-whatsapp">
					<h2 id="order-whatsapp">WhatsApp updates</h2>
					{whatsapp.messages.length === 0 ? (
						<p className="muted">The buyer asked for updates on WhatsApp. None has been sent yet.</p>
					) : (
						<ConsoleTable
							rows={whatsapp.messages}
							rowKey={(m) => m.id}
							columns={[
								{ header: 'Queued', cell: (m) => <AdminTime date={m.createdAt} /> },
								{ header: 'Event', cell: (m) => WHATSAPP_EVENT_LABEL[m.event] ?? m.event },
								{ header: 'To', cell: (m) => `+${m.toPhone}` },
								{ header: 'Status', cell: (m) => (m.status === 'sent' && m.sentAt ? <>Sent <AdminTime date={m.sentAt} /></> : m.status === 'failed' ? <strong>Failed</strong> : `Pending${m.attempts ? ` (tried ${m.attempts}×)` : ''}`) },
								{ header: 'Error', className: 'staff-wrap', cell: (m) => m.lastError ?? <span className="muted">—</span> },
							]}
						/>
					)}
				</section>
			) : null}

			<section className="settings-section" aria-labelledby="order-timeline">
				<h2 id="order-timeline">{timeline.title}</h2>
				<ol className="order-timeline">
					{timeline.entries.map((e) => (
						<li key={e.id}>
							<span className="order-timeline-when muted">
								<AdminTime date={e.at} />
								{e.who ? <span className="staff-wrap"> · {e.who}</span> : null}
								{e.requestId ? (
									<span className="order-timeline-request" title="The request that made this change: its log lines carry the same requestId">
										<span className="order-timeline-dot"> · </span>request <code>{e.requestId}</code>
									</span>
								) : null}
							</span>
							<span className="order-timeline-what">
								<strong>{e.what}</strong>
								{e.details.map((d) => (
									<span key={d} className="staff-wrap">
										{' '}
										· {d}
									</span>
								))}
							</span>
						</li>
					))}
				</ol>
			</section>

			<section className="settings-section" aria-labelledby="order-history">
				<h2 id="order-history">History</h2>
				{history.length === 0 ? (
					<p className="muted">No staff actions yet.</p>
				) : (
					<ConsoleTable
						rows={history}
						rowKey={(h) => h.id}
						columns={[
							{ header: 'When', cell: (h) => <AdminTime date={h.createdAt} /> },
							{ header: 'Who', className: 'staff-wrap', cell: (h) => h.actor },
							{ header: 'What', cell: (h) => ACTION_LABEL[h.action] ?? h.action },
							{ header: 'Before → After', className: 'staff-wrap', cell: (h) => `${describeChange(h.before)} → ${describeChange(h.after)}` },
							{ header: 'Note', className: 'staff-wrap', cell: (h) => h.note ?? <span className="muted">—</span> },
						]}
					/>
				)}
			</section>
		</div>
	)
}

export function ErrorBoundary({ error, params }: Route.ErrorBoundaryProps) {
	const notFound = isRouteErrorResponse(error) && error.status === 404
	return (
		<div className="staff-order">
			<h1>{notFound ? 'Order not found' : 'Unexpected error occurred'}</h1>
			<p>{notFound ? `There is no order ${params.orderNumber ?? ''}. Check the number, or search for it on the orders list.` : 'The order could not be loaded. Please try again.'}</p>
			<p>
				<Link to="/admin-dashboard" className="button ghost small">
					Back to orders
				</Link>
			</p>
		</div>
	)
}

/** A DM order's payment, recorded once the money has arrived: the note checked with the server's schema before it is sent. */
function MarkPaidForm({ markingPaid, answer }: { markingPaid: boolean; answer: Refused | null }) {
	const [form, fields] = useConsoleForm(markDmPaidInput, { id: 'mark-paid', answer })
	return (
		<Form method="post" className="mark-paid-form" {...getFormProps(form)}>
			<input type="hidden" name="intent" value="mark-paid" />
			<p className="muted small">Payment for a DM order is arranged in the chat. Mark it paid once the money has arrived.</p>
			<TextField field={fields.note} label="How the buyer paid" placeholder="e.g. JazzCash, checked" autoComplete="off" />
			<button type="submit" className="button primary small" disabled={markingPaid}>
				{markingPaid ? 'Marking paid…' : 'Mark as paid'}
			</button>
		</Form>
	)
}
