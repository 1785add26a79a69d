import { getFormProps, getTextareaProps } from '@conform-to/react'
import { Form, Link, data, useActionData, useNavigation } from 'react-router'
import { z } from 'zod'
import { Notice } from '~/components/admin/action-result'
import { AdminTime } from '~/components/admin/admin-time'
import { FieldError, useConsoleForm } from '~/components/admin/console-form'
import { ConsoleTable, type Column } from '~/components/admin/console-table'
import { PaymentBadge, TestPaymentBadge } from '~/components/admin/order-bits'
import { RowAction } from '~/components/admin/row-action'
import { ErrorAlert } from '~/components/ui/error-alert'
import { db } from '~/db/client.server'
import { BLOCK_KIND_LABELS, blockInput } from '~/domain/buyers/blocklist'
import { blockBuyer, unblockBuyer } from '~/domain/buyers/blocklist.server'
import { CUSTOMER_MESSAGES, customerNoteFields, formatPhone, type CustomerDetail } from '~/domain/customers/customers'
import { addCustomerNote, deleteCustomerNote, readCustomer } from '~/domain/customers/customers.server'
import { fulfillmentTitle } from '~/domain/orders/status'
import { staffActor } from '~/domain/staff/audit.server'
import { staffMay } from '~/domain/staff/permissions'
import { asPage, idFromPath, readPageIntent } from '~/http/http.server'
import type { Outcome } from '~/http/outcome'
import { notUnderstood, refuse, refuseWith } from '~/http/refusal.server'
import { requireStaff } from '~/http/staff-auth.server'
import { AppError } from '~/utils/app-error'
import { invalidInput } from '~/utils/field-errors'
import { idSchema } from '~/utils/input'
import { formatRs } from '~/utils/money'
import { formatPakistanDay } from '~/utils/pakistan-time'
import { pageMeta } from '~/utils/seo'
import customersStyles from '~/styles/console-customers.css?url'
import type { Route } from './+types/customer'
import { readCredit } from '~/domain/credit/credit.server'
import type { CreditEntryView } from '~/domain/credit/credit'

export const meta: Route.MetaFunction = ({ matches }) =>
	pageMeta(matches, { title: 'Customer', description: 'A buyer: their orders, notes from staff, and blocks.', extra: [{ name: 'robots', content: 'noindex' }] })

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: customersStyles }]

export async function loader({ request, params }: Route.LoaderArgs) {
	const staff = await requireStaff(request, { permission: 'staff' })
	const id = idFromPath(params.id, CUSTOMER_MESSAGES.notFound)
	const detail = await asPage(() => readCustomer(db(), id))
	const credit = await readCredit(db(), detail.customer.email)
	return { detail, credit, mayBlock: staffMay(staff, 'owner') }
}

const intents = z.discriminatedUnion('intent', [
	z.object({ intent: z.literal('note'), body: z.string() }),
	z.object({ intent: z.literal('delete-note'), noteId: idSchema(CUSTOMER_MESSAGES.noteNotFound) }),
	z.object({ intent: z.literal('block'), target: z.string(), note: z.string().optional() }),
	z.object({ intent: z.literal('unblock'), blockId: idSchema('That block is not on the list any more.') }),
])

export async function action({ request, params }: Route.ActionArgs) {
	const staff = await requireStaff(request, { permission: 'staff' })
	const id = idFromPath(params.id, CUSTOMER_MESSAGES.notFound)
	const { form, input } = await readPageIntent(request, intents)
	if (!input) return notUnderstood<Outcome>()
	const actor = staffActor(staff)
	try {
		switch (input.intent) {
			case 'note': {
				const fields = customerNoteFields.safeParse({ body: input.body })
				if (!fields.success) throw invalidInput(fields.error)
				await addCustomerNote(db(), actor, id, fields.data.body)
				return data<Outcome>({ ok: true, intent: 'note', message: 'Note added.', at: Date.now() })
			}
			case 'delete-note':
				await deleteCustomerNote(db(), actor, id, input.noteId)
				return data<Outcome>({ ok: true, intent: 'delete-note', message: 'Note deleted.', at: Date.now() })
			case 'block':
			case 'unblock': {
				// The blocklist is the owner's (as on /admin/blocklist).
				if (!staffMay(staff, 'owner')) return refuse<Outcome>(403, { message: 'Only the shop owner may block or unblock a buyer.', intent: input.intent })
				const { customer, blocks } = await readCustomer(db(), id)
				if (input.intent === 'unblock') {
					if (!blocks.some((b) => b.id === input.blockId)) throw new AppError('NOT_FOUND', 'That block is not on the list any more.')
					await unblockBuyer(db(), actor, input.blockId)
					return data<Outcome>({ ok: true, intent: 'unblock', message: 'The block is lifted.', at: Date.now() })
				}
				// Only this buyer's own email or one of their phones.
				const [kind, ...rest] = input.target.split(':')
				const value = rest.join(':')
				const theirs = (kind === 'email' && value === customer.email) || (kind === 'phone' && customer.phones.includes(value))
				if (!theirs) throw new AppError('BAD_REQUEST', 'Choose their email or one of their phone numbers to block.', { target: 'Choose their email or one of their phone numbers to block.' })
				const fields = blockInput.safeParse({ kind, value, note: input.note })
				if (!fields.success) throw invalidInput(fields.error)
				const block = await blockBuyer(db(), actor, fields.data)
				return data<Outcome>({ ok: true, intent: 'block', message: `Blocked ${BLOCK_KIND_LABELS[block.kind].toLowerCase()} ${block.value}: their checkouts and sign-ins are refused from now on.`, at: Date.now() })
			}
		}
	} catch (error) {
		if (error instanceof AppError) return refuseWith<Outcome>(error, { intent: input.intent, values: form })
		throw error
	}
}

type Order = CustomerDetail['orders'][number]

const orderColumns: Column<Order>[] = [
	{ header: 'Order', cell: (o) => <Link to={`/admin/orders/${encodeURIComponent(o.orderNumber)}`}>{o.orderNumber}</Link> },
	{ header: 'Placed', cell: (o) => <AdminTime date={o.createdAt} /> },
	{
		header: 'Total',
		className: 'num',
		cell: (o) => (
			<>
				{formatRs(o.total)}
				{o.refunded ? <span className="muted small customer-refunded">{formatRs(o.refunded)} refunded</span> : null}
			</>
		),
	},
	{
		header: 'Payment',
		cell: (o) => (
			<>
				<PaymentBadge status={o.paymentStatus} /> {o.testPayment ? <TestPaymentBadge /> : null}
			</>
		),
	},
	{ header: 'Delivery', cell: (o) => fulfillmentTitle(o.deliveryStatus) },
	{ header: 'Phone', cell: (o) => (o.phone ? formatPhone(o.phone) : '—') },
]

const CREDIT_KIND_LABELS: Record<CreditEntryView['kind'], string> = {
	refund: 'Refund to store credit',
	returned_unit: 'Code returned unopened',
	spent: 'Spent at checkout',
	spend_reversed: 'Given back: order ended unpaid',
	adjustment: 'Adjusted by staff',
}

const creditColumns: Column<CreditEntryView>[] = [
	{ header: 'When', cell: (e) => <AdminTime date={e.createdAt} /> },
	{ header: 'What', cell: (e) => CREDIT_KIND_LABELS[e.kind] },
	{ header: 'Order', cell: (e) => (e.orderNumber ? <Link to={`/admin/orders/${encodeURIComponent(e.orderNumber)}`}>{e.orderNumber}</Link> : '—') },
	{ header: 'Amount', className: 'num', cell: (e) => (e.amount > 0 ? `+${formatRs(e.amount)}` : `−${formatRs(-e.amount)}`) },
	{ header: 'Balance', className: 'num', cell: (e) => formatRs(e.balanceAfter) },
	{ header: 'By', cell: (e) => e.by },
]

export default function Customer({ loaderData }: Route.ComponentProps) {
	const { detail, credit, mayBlock } = loaderData
	const { customer, orders, moreOrders, notes, blocks } = detail
	const result = useActionData<typeof action>()
	const busy = useNavigation().state === 'submitting'
	const refusal = result && !result.ok ? result : null
	const blocked = new Set(blocks.map((b) => `${b.kind}:${b.value}`))
	const unblocked = [`email:${customer.email}`, ...customer.phones.map((p) => `phone:${p}`)].filter((t) => !blocked.has(t))
	return (
		<div className="staff-content staff-customer">
			<p className="small">
				<Link to="/admin/customers">← Customers</Link>
			</p>
			<h1 className="customer-title">{customer.name ?? customer.email}</h1>
			<Notice message={result?.ok ? result.message : null} />
			<ErrorAlert message={refusal && refusal.intent !== 'note' && !refusal.fieldErrors ? refusal.message : null} />

			<dl className="customer-figures">
				<div>
					<dt>Email</dt>
					<dd className="customer-email">{customer.email}</dd>
				</div>
				<div>
					<dt>Phones</dt>
					<dd>{customer.phones.length ? customer.phones.map(formatPhone).join(', ') : 'None'}</dd>
				</div>
				<div>
					<dt>Orders</dt>
					<dd>
						{customer.orders} ({customer.paidOrders} paid)
					</dd>
				</div>
				<div>
					<dt>Spent</dt>
					<dd>{formatRs(customer.totalSpent)}</dd>
				</div>
				<div>
					<dt>Refunds</dt>
					<dd>{customer.refunds ? formatRs(customer.refunds) : 'None'}</dd>
				</div>
				<div>
					<dt>First order</dt>
					<dd>
						<AdminTime date={customer.firstOrderAt} />
					</dd>
				</div>
				<div>
					<dt>Last order</dt>
					<dd>
						<AdminTime date={customer.lastOrderAt} />
					</dd>
				</div>
				<div className="customer-figures-wide">
					<dt>Subscriptions running</dt>
					<dd>
						{customer.subscriptions.length === 0 ? (
							'None'
						) : (
							<ul className="customer-subscriptions">
								{customer.subscriptions.map((s) => (
									<li key={`${s.orderNumber}-${s.product}-${s.endsAt}`}>
										{s.product}, until {formatPakistanDay(s.endsAt)} ({s.orderNumber})
									</li>
								))}
							</ul>
						)}
					</dd>
				</div>
			</dl>

			<section className="customer-section" aria-labelledby="customer-blocks">
				<h2 id="customer-blocks">Blocked</h2>
				{blocks.length === 0 ? (
					<p className="muted">Not blocked: they can order and sign in.</p>
				) : (
					<ul className="block-list">
						{blocks.map((b) => (
							<li key={b.id} className="block-row customer-blocked">
								<div>
									<span className="badge">{BLOCK_KIND_LABELS[b.kind]}</span> <strong className="block-value">{b.kind === 'phone' ? formatPhone(b.value) : b.value}</strong> is blocked
								</div>
								<p className="block-note">{b.note ? `Why: ${b.note}` : 'No reason was given.'}</p>
								<p className="muted small">
									Blocked <AdminTime date={b.createdAt} />
									{b.createdBy ? ` by ${b.createdBy}` : ''}.
								</p>
								{mayBlock ? <RowAction intent="unblock" fields={{ blockId: b.id }} label="Unblock" ariaLabel={`Unblock ${b.value}`} busy={busy} className="block-unblock" /> : null}
							</li>
						))}
					</ul>
				)}
				{mayBlock && unblocked.length > 0 ? (
					<BlockForm targets={unblocked} answer={refusal?.intent === 'block' && refusal.fieldErrors ? refusal : null} busy={busy} />
				) : null}
			</section>

			<section className="customer-section" aria-labelledby="customer-credit" data-testid="customer-credit">
				<h2 id="customer-credit">Store credit</h2>
				<p>
					Balance: <strong>{formatRs(credit.balance)}</strong>
				</p>
				{credit.entries.length === 0 ? (
					<p className="muted">No store credit yet: refunds to store credit and codes the buyer returns show here.</p>
				) : (
					<ConsoleTable columns={creditColumns} rows={credit.entries} rowKey={(e) => String(e.id)} className="stacked-table customer-credit" />
				)}
			</section>

			<section className="customer-section" aria-labelledby="customer-notes">
				<h2 id="customer-notes">Notes from staff</h2>
				{notes.length === 0 ? (
					<p className="muted">No notes yet.</p>
				) : (
					<ul className="customer-note-list">
						{notes.map((n) => (
							<li key={n.id} className="customer-note">
								<p className="customer-note-body">{n.body}</p>
								<p className="muted small">
									{n.staff}, <AdminTime date={n.createdAt} />
								</p>
								<RowAction intent="delete-note" fields={{ noteId: n.id }} label="Delete" ariaLabel={`Delete the note by ${n.staff}`} busy={busy} className="customer-note-delete" />
							</li>
						))}
					</ul>
				)}
				<NoteForm key={result?.ok && result.intent === 'note' ? result.at : 'note'} answer={refusal?.intent === 'note' ? refusal : null} busy={busy} />
			</section>

			<section className="customer-section" aria-labelledby="customer-orders">
				<h2 id="customer-orders">Orders</h2>
				<ConsoleTable columns={orderColumns} rows={orders} rowKey={(o) => o.orderNumber} className="stacked-table customer-orders" />
				{moreOrders ? <p className="muted small">Only the latest {orders.length} orders are listed.</p> : null}
			</section>
		</div>
	)
}

type Answer = { ok: false; message: string; fieldErrors?: Record<string, string>; values?: Record<string, string> } | null

/** A new note: checked with its own schema before it is sent, and by the action after. */
function NoteForm({ answer, busy }: { answer: Answer; busy: boolean }) {
	const [form, fields] = useConsoleForm(customerNoteFields, { id: 'customer-note', answer })
	return (
		<Form method="post" className="customer-form" {...getFormProps(form)}>
			<input type="hidden" name="intent" value="note" />
			<div className="field">
				<label htmlFor={fields.body.id}>New note</label>
				<textarea {...getTextareaProps(fields.body)} rows={3} placeholder="e.g. Prefers delivery on WhatsApp after 6 pm" />
				<FieldError field={fields.body} />
			</div>
			<button type="submit" className="button primary" disabled={busy}>
				Add note
			</button>
		</Form>
	)
}

/** Block their email or one of their phones, with a reason staff read. */
function BlockForm({ targets, answer, busy }: { targets: string[]; answer: Answer; busy: boolean }) {
	const error = answer?.fieldErrors?.value ?? answer?.fieldErrors?.target ?? answer?.fieldErrors?.kind
	const noteError = answer?.fieldErrors?.note
	return (
		<Form method="post" className="customer-form">
			<input type="hidden" name="intent" value="block" />
			<div className="field">
				<label htmlFor="block-target">Block</label>
				<select id="block-target" name="target" defaultValue={answer?.values?.target ?? targets[0]} aria-invalid={error ? true : undefined} aria-describedby={error ? 'block-target-error' : undefined}>
					{targets.map((t) => {
						const [kind, ...rest] = t.split(':')
						const value = rest.join(':')
						return (
							<option key={t} value={t}>
								{kind === 'email' ? `Email ${value}` : `Phone ${formatPhone(value)}`}
							</option>
						)
					})}
				</select>
				{error ? (
					<p className="field-error" id="block-target-error">
						{error}
					</p>
				) : null}
			</div>
			<div className="field">
				<label htmlFor="block-note">Why (staff read it)</label>
				<textarea id="block-note" name="note" rows={2} maxLength={500} defaultValue={answer?.values?.note} placeholder="e.g. chargeback on order GV-…" aria-invalid={noteError ? true : undefined} aria-describedby={noteError ? 'block-note-error' : undefined} />
				{noteError ? (
					<p className="field-error" id="block-note-error">
						{noteError}
					</p>
				) : null}
			</div>
			<button type="submit" className="button ghost danger" disabled={busy}>
				Block
			</button>
		</Form>
	)
}
