import { useState } from 'react'
import { Form, Link, useRevalidator } from 'react-router'
import { Notice } from '~/components/admin/action-result'
import { AdminTime } from '~/components/admin/admin-time'
import { FilterActions, FilterSelect } from '~/components/admin/search-filters'
import { ConsoleToDoList } from '~/components/admin/console-to-do'
import { SetupChecklist } from '~/components/admin/setup-checklist'
import { consoleToDo } from '~/domain/orders/console-to-do.server'
import { StockAlertsPanel } from '~/components/admin/stock-alerts-panel'
import { stockQueue } from '~/domain/stock/order-stock.server'
import { lowStockVariants } from '~/domain/stock/stock-alerts.server'
import { FulfillmentForm } from '~/components/admin/fulfillment-form'
import { OrderProducts, PaymentBadge, TestPaymentBadge } from '~/components/admin/order-bits'
import { db } from '~/db/client.server'
import { listOrders } from '~/domain/orders/list-orders.server'
import { filtersQueryString, MIN_SEARCH_CHARACTERS, NOT_DELIVERED, orderCountSentence, OWES_DELIVERY, parseOrderListQuery, searchTooShort } from '~/domain/orders/order-list-query'
import type { StaffOrder } from '~/domain/orders/staff-order-view.server'
import { FULFILLMENT_STEPS, fulfillmentTitle, PAYMENT_FILTERS } from '~/domain/orders/status'
import { readConnections } from '~/domain/settings/connections.server'
import { setupChecklist } from '~/domain/settings/setup-checklist'
import { alertsChosen } from '~/domain/alerts/alert-settings.server'
import { readAppIcon } from '~/domain/installable/read-app-icon.server'
import { receivingAccountsStatus } from '~/domain/settings/receiving-accounts.server'
import { readStoreDetails } from '~/domain/settings/store-details.server'
import { logger } from '~/utils/logger.server'
import { formatRs } from '~/utils/money'
import { pageMeta } from '~/utils/seo'
import { asPage } from '~/http/http.server'
import { requireStaff } from '~/http/staff-auth.server'
import { useHydrated } from '~/utils/use-hydrated'
import { AppError } from '~/utils/app-error'
import { staffActor } from '~/domain/staff/audit.server'
import { findOrdersByCode } from '~/domain/stock/find-code-orders.server'
import type { Route } from './+types/dashboard'
import { listSuppliers } from '~/domain/suppliers/suppliers.server'

export const meta: Route.MetaFunction = ({ matches }) =>
	pageMeta(matches, { title: 'Orders', description: 'Every order: search, filter and update fulfillment.', extra: [{ name: 'robots', content: 'noindex' }] })

export async function loader({ request }: Route.LoaderArgs) {
	const staff = await requireStaff(request)
	// A day filter that is no day of the shop's years is its 400 page, with the sentence.
	const query = await asPage(async () => parseOrderListQuery(new URL(request.url).searchParams))
	// The owner's list of what is still sample data (only the owner can change it).
	const setup = staff.role === 'owner' ? await ownerSetupChecklist(staff.id) : null
	const [queue, low, toDo] = await Promise.all([stockQueue(db()), lowStockVariants(db()), consoleToDo(db())])
	const stock = { queue, low: low.map(({ newestUnitId: _, ...v }) => v) }
	const codeSearch = await searchByCode(staff, new URL(request.url).searchParams.get('code'))
	try {
		return { query, setup, stock, toDo, codeSearch, page: await listOrders(db(), query, { deliveryContent: false }), failed: false }
	} catch (error) {
		logger.error({ err: error }, 'listing orders failed')
		return { query, setup, stock, toDo, codeSearch, page: null, failed: true }
	}
}

/** "Which order got this code?": the orders found, or the sentence why not (no grant, nothing typed); null when not asked. */
async function searchByCode(staff: Parameters<typeof staffActor>[0], typed: string | null) {
	if (typed === null) return null
	const code = typed.slice(0, 300)
	try {
		const found = await findOrdersByCode(db(), staffActor(staff), code)
		return { code, found: found.map((f) => ({ ...f, deliveredAt: f.deliveredAt.toISOString(), replacedAt: f.replacedAt?.toISOString() ?? null, refundedAt: f.refundedAt?.toISOString() ?? null })), refused: null }
	} catch (error) {
		if (error instanceof AppError) return { code, found: [], refused: error.message }
		throw error
	}
}

async function ownerSetupChecklist(ownerId: number) {
	const [details, connections, chosen, icon, receiving, suppliers] = await Promise.all([readStoreDetails(db()), readConnections(db()), alertsChosen(db(), ownerId), readAppIcon(db()), receivingAccountsStatus(db()), listSuppliers(db())])
	const simulatorSuppliers = suppliers.filter((s) => s.simulator && s.active).map((s) => s.name)
	return setupChecklist(details, { paypro: connections.paypro.source, email: connections.email.source, publicUrl: connections.publicUrl.source }, { alertsChosen: chosen, ownAppIcon: icon !== null, receiving, simulatorSuppliers })
}

export default function Dashboard({ loaderData }: Route.ComponentProps) {
	const { query, setup, stock, toDo, codeSearch, page, failed } = loaderData
	const revalidator = useRevalidator()
	const hydrated = useHydrated()
	const [open, setOpen] = useState<string | null>(null)
	const [notice, setNotice] = useState<string | null>(null)
	const refreshing = revalidator.state === 'loading'
	const filtered = Boolean(query.q || query.status || query.fulfillment)

	function saved(message: string) {
		setOpen(null)
		setNotice(message)
		void revalidator.revalidate()
	}

	return (
		<div className="staff-orders">
			<div className="staff-orders-head">
				<h1>Orders</h1>
				<div className="staff-orders-tools">
					<button type="button" className="button ghost small" onClick={() => void revalidator.revalidate()} disabled={!hydrated || refreshing}>
						Refresh Orders
					</button>
					<a className="button ghost small" href={`/admin/orders.csv${filtersQueryString(query)}`} download>
						Export CSV
					</a>
				</div>
			</div>

			<ConsoleToDoList toDo={toDo} />
			{/* Paid buyers waiting come before the setup list: they are the urgent part. */}
			<StockAlertsPanel queue={stock.queue} low={stock.low} />
			<SetupChecklist steps={setup} />

			<Form method="get" className="staff-orders-filters" role="search" aria-label="Search orders">
				<div className="field">
					<label htmlFor="orders-q">Search</label>
					<input id="orders-q" type="search" name="q" defaultValue={query.q} placeholder="Order number or ID, name, email, phone" autoComplete="off" />
				</div>
				<FilterSelect id="orders-status" name="status" label="Payment" value={query.status} options={[['', 'All payments'], ...PAYMENT_FILTERS.map((s) => [s.state, s.label] as const)]} />
				<FilterSelect
					id="orders-fulfillment"
					name="fulfillment"
					label="Fulfillment"
					value={query.fulfillment}
					options={[['', 'All fulfillment'], [NOT_DELIVERED, 'Not delivered yet'], [OWES_DELIVERY, 'Paid, not delivered'], ...FULFILLMENT_STEPS.map((s) => [s.id, s.title] as const)]}
				/>
				<FilterActions clearTo={filtered ? '/admin-dashboard' : null} />
			</Form>

			<CodeSearch search={codeSearch} />

			<Notice message={notice} />
			{failed || !page ? (
				<p className="error-box" role="alert">
					Failed to fetch orders
				</p>
			) : (
				<>
					<p className="muted small" aria-live="polite">
						{orderCountSentence(page.total, page.orders.length, filtered, page.moreThan)}
					</p>
					{page.orders.length === 0 ? (
						<p className="empty-state">
							No orders found.
							{query.q && searchTooShort(query.q) ? ` To search by part of a name, email, phone or id, type at least ${MIN_SEARCH_CHARACTERS} letters or digits.` : null}
						</p>
					) : (
						// A table from 1200 px up; below that each order is a card (app.css), never a page that scrolls sideways.
						<div className="staff-orders-list">
							<table className="staff-orders-table">
								<thead>
									<tr>
										<th scope="col">Order #</th>
										<th scope="col">Customer</th>
										<th scope="col" className="staff-col-phone">Phone</th>
										<th scope="col">Products</th>
										<th scope="col">Amount</th>
										<th scope="col">Payment</th>
										<th scope="col">Fulfillment</th>
										<th scope="col">Date &amp; Time</th>
										<th scope="col">Actions</th>
									</tr>
								</thead>
								<tbody>
									{page.orders.map((order) => (
										<OrderRow
											key={order.id}
											order={order}
											open={open === order.orderNumber}
											hydrated={hydrated}
											onOpen={() => {
												setNotice(null)
												setOpen(open === order.orderNumber ? null : order.orderNumber)
											}}
											onCancel={() => setOpen(null)}
											onSaved={saved}
										/>
									))}
								</tbody>
							</table>
						</div>
					)}
					{page.newerCursor != null || page.olderCursor != null ? (
						<nav className="staff-pager" aria-label="Order pages">
							{page.newerCursor != null ? (
								<Link className="button ghost small" to={`/admin-dashboard${filtersQueryString(query, { after: page.newerCursor })}`}>
									← Newer
								</Link>
							) : (
								<span />
							)}
							{page.olderCursor != null ? (
								<Link className="button ghost small" to={`/admin-dashboard${filtersQueryString(query, { before: page.olderCursor })}`}>
									Older →
								</Link>
							) : null}
						</nav>
					) : null}
				</>
			)}
		</div>
	)
}

function OrderRow({
	order,
	open,
	hydrated,
	onOpen,
	onCancel,
	onSaved,
}: {
	order: StaffOrder
	open: boolean
	hydrated: boolean
	onOpen: () => void
	onCancel: () => void
	onSaved: (message: string) => void
}) {
	const panelId = `update-${order.id}`
	return (
		<>
			<tr className="staff-order-row">
				<td className="staff-cell-number">
					<Link to={`/admin/orders/${encodeURIComponent(order.orderNumber)}`} className="staff-order-number">
						{order.orderNumber}
					</Link>
					{order.paymentMethod === 'dm' ? <div className="small muted">DM order</div> : null}
				</td>
				<td className="staff-cell-customer">
					<div className="staff-customer-name">{order.customerName || <span className="muted">—</span>}</div>
					{order.customerEmail ? <div className="small muted staff-wrap">{order.customerEmail}</div> : null}
					{/* Where the table has no room for a Phone column, the phone sits here (app.css). */}
					{order.customerPhone ? <div className="small muted staff-customer-phone">{order.customerPhone}</div> : null}
				</td>
				<td className="staff-cell-phone">
					{order.customerPhone || <span className="muted">—</span>}
				</td>
				<td className="staff-cell-products">
					<OrderProducts items={order.items} />
				</td>
				<td className="staff-cell-amount staff-amount">{formatRs(order.totalAmount)}</td>
				<td className="staff-cell-payment" data-label="Payment">
					<PaymentBadge status={order.paymentStatus} />
					{order.testPayment ? <TestPaymentBadge /> : null}
					{order.paymentMethod === 'manual' ? (
						<>
							<div className="small muted">Bank transfer</div>
							{order.hasReceipt ? (
								<a className="receipt-flag small" href={`/admin/receipts/${encodeURIComponent(order.orderNumber)}`} target="_blank" rel="noreferrer">
									Receipt uploaded
								</a>
							) : (
								<div className="small muted">No receipt yet</div>
							)}
						</>
					) : null}
				</td>
				<td className="staff-cell-fulfillment" data-label="Fulfillment">
					<span className={`status-pill fulfillment-${order.deliveryStatus}`}>{fulfillmentTitle(order.deliveryStatus)}</span>
					{order.hasDeliveryContent ? <div className="small muted">Details saved</div> : null}
				</td>
				<td className="staff-cell-date">
					<AdminTime date={order.createdAt} />
				</td>
				<td className="staff-cell-actions">
					<button
						type="button"
						className="button ghost small"
						onClick={onOpen}
						disabled={!hydrated}
						aria-expanded={open}
						aria-controls={open ? panelId : undefined}
						aria-label={`Update order ${order.orderNumber}`}
					>
						Update
					</button>
				</td>
			</tr>
			{open ? (
				<tr className="staff-update-row">
					<td colSpan={9} id={panelId}>
						<h2 className="h3">Update order {order.orderNumber}</h2>
						<FulfillmentForm
							orderNumber={order.orderNumber}
							fulfillmentStatus={order.deliveryStatus}
							deliveryContent={null}
							contentMasked={order.hasDeliveryContent}
							onSaved={onSaved}
							onCancel={onCancel}
						/>
					</td>
				</tr>
			) : null}
		</>
	)
}

type CodeSearchAnswer = { code: string; found: { orderNumber: string; deliveredAt: string; replacedAt: string | null; refundedAt: string | null }[]; refused: string | null } | null

/** Which order a delivered code went to: the whole code typed, found by its keyed hash (the owner and staff who may reveal stock; each search recorded). */
function CodeSearch({ search }: { search: CodeSearchAnswer }) {
	return (
		<details className="staff-code-search" open={search ? true : undefined}>
			<summary>Find the order a code was delivered to</summary>
			<Form method="get" className="staff-orders-filters" role="search" aria-label="Find an order by a delivered code">
				<div className="field">
					<label htmlFor="orders-code">Delivered code</label>
					<input
						id="orders-code"
						type="search"
						name="code"
						defaultValue={search?.code ?? ''}
						placeholder="The whole code, as delivered"
						autoComplete="off"
						spellCheck={false}
						maxLength={200}
						aria-invalid={search?.refused ? true : undefined}
						aria-describedby={search?.refused ? 'orders-code-error' : 'orders-code-hint'}
					/>
					{search?.refused ? (
						<p className="field-error" id="orders-code-error" role="alert">
							{search.refused}
						</p>
					) : null}
					<p className="small muted" id="orders-code-hint">
						Codes delivered from stock. Case, spaces and dashes do not matter; part of a code finds nothing. Each search is recorded (not the code).
					</p>
				</div>
				<div className="staff-orders-filter-actions">
					<button type="submit" className="button primary small">
						Find order
					</button>
				</div>
			</Form>
			{search && !search.refused ? (
				search.found.length === 0 ? (
					<p className="empty-state" role="status">
						No order got that code from stock.
					</p>
				) : (
					<ul className="staff-code-orders" role="status">
						{search.found.map((f) => (
							<li key={`${f.orderNumber}-${f.deliveredAt}`}>
								<Link to={`/admin/orders/${encodeURIComponent(f.orderNumber)}`}>{`Order ${f.orderNumber}`}</Link> · delivered <AdminTime date={f.deliveredAt} />
								{f.replacedAt ? (
									<>
										{' '}
										· replaced <AdminTime date={f.replacedAt} />
									</>
								) : null}
								{f.refundedAt ? (
									<>
										{' '}
										· taken back by a refund <AdminTime date={f.refundedAt} />
									</>
								) : null}
							</li>
						))}
					</ul>
				)
			) : null}
		</details>
	)
}
