import { Form, Link, data, useActionData, useFetcher, useNavigation } from 'react-router'
import { z } from 'zod'
import { AdminTime } from '~/components/admin/admin-time'
import { ConsoleTable } from '~/components/admin/console-table'
import { ErrorAlert } from '~/components/ui/error-alert'
import { db } from '~/db/client.server'
import { staffActor } from '~/domain/staff/audit.server'
import { currencySymbol, LOW_BALANCE_MESSAGE, supplierMoneyText } from '~/domain/suppliers/supplier-console'
import { changeSupplier, connectSupplier, listSuppliersForConsole, supplierPurchasesOverview, testSupplier, type PurchaseLine, type SupplierConsoleView } from '~/domain/suppliers/supplier-console.server'
import { SUPPLIER_LIMITS } from '~/domain/suppliers/supplier-input'
import type { Outcome } from '~/http/outcome'
import { readPageForm } from '~/http/http.server'
import { notUnderstood, refuseWith } from '~/http/refusal.server'
import { requireStaff } from '~/http/staff-auth.server'
import { AppError } from '~/utils/app-error'
import { idSchema } from '~/utils/input'
import { pageMeta } from '~/utils/seo'
import suppliersStyles from '~/styles/console-suppliers.css?url'
import type { Route } from './+types/suppliers'

// Suppliers (ADR-054): connect a wholesaler, Test it, watch what the shop bought from it and what
// waits for staff. The owner, or staff granted `suppliers`. API keys are never sent back: a saved
// one shows its last four characters, and an empty box keeps it.

export const meta: Route.MetaFunction = ({ matches }) =>
	pageMeta(matches, { title: 'Suppliers', description: 'The wholesalers the shop buys codes from at payment.', extra: [{ name: 'robots', content: 'noindex' }] })

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: suppliersStyles }]

export async function loader({ request }: Route.LoaderArgs) {
	await requireStaff(request, { permission: 'suppliers' })
	const [suppliers, purchases] = await Promise.all([listSuppliersForConsole(db()), supplierPurchasesOverview(db())])
	return { suppliers, purchases }
}

type SupplierAnswer = Outcome<{ at: number; id?: number }, { at: number; id?: number }>

const intents = z.discriminatedUnion('intent', [
	z.object({ intent: z.literal('create') }).passthrough(),
	z.object({ intent: z.literal('edit'), id: idSchema('There is no such supplier.') }).passthrough(),
	z.object({ intent: z.literal('test'), id: idSchema('There is no such supplier.') }),
])

const LOW_BALANCE_WORDS = LOW_BALANCE_MESSAGE

/** The low-balance box: blank is never; anything else must be an amount of the supplier's currency. */
function lowBalanceOf(value: string | undefined): number | null {
	const text = (value ?? '').trim().replace(/,/g, '')
	if (text === '') return null
	if (!/^\d{1,7}(\.\d{1,2})?$/.test(text)) throw new AppError('BAD_REQUEST', LOW_BALANCE_WORDS, { lowBalanceDollars: LOW_BALANCE_WORDS })
	return Number(text)
}

export async function action({ request }: Route.ActionArgs) {
	const staff = await requireStaff(request, { permission: 'suppliers' })
	const actor = staffActor(staff)
	const form = await readPageForm(request, { limit: 16 * 1024 })
	const asked = intents.safeParse(form)
	if (!asked.success) return notUnderstood<SupplierAnswer>()
	const at = Date.now()
	try {
		switch (asked.data.intent) {
			case 'create': {
				const made = await connectSupplier(db(), actor, { name: form.name ?? '', baseUrl: form.baseUrl?.trim() ? form.baseUrl : undefined, apiKey: form.apiKey ?? '', lowBalanceDollars: lowBalanceOf(form.lowBalanceDollars) })
				return data<SupplierAnswer>({ ok: true, intent: 'create', id: made.id, at, message: `Connected ${made.name}. Press Test to check it takes the key.` })
			}
			case 'edit': {
				const changed = await changeSupplier(db(), actor, asked.data.id, {
					name: form.name ?? '',
					...(form.baseUrl?.trim() ? { baseUrl: form.baseUrl } : {}),
					apiKey: form.apiKey ?? '',
					active: form.active === 'on',
					lowBalanceDollars: lowBalanceOf(form.lowBalanceDollars),
				})
				return data<SupplierAnswer>({ ok: true, intent: 'edit', id: changed.id, at, message: `Saved ${changed.name}.` })
			}
			case 'test': {
				const answer = await testSupplier(db(), actor, asked.data.id)
				return data<SupplierAnswer>(answer.ok ? { ok: true, intent: 'test', id: asked.data.id, at, message: answer.sentence } : { ok: false, intent: 'test', id: asked.data.id, at, message: answer.sentence })
			}
		}
	} catch (error) {
		// What was typed comes back, except the key: it never returns to the browser.
		const { apiKey: _key, ...values } = form
		if (error instanceof AppError) return refuseWith<SupplierAnswer>(error, { intent: asked.data.intent, values, at })
		throw error
	}
}

const STATUS_WORDS: Record<PurchaseLine['status'], string> = { pending: 'Ordering', ordered: 'Ordered', delivered: 'Delivered', failed: 'Failed', waiting: 'Waits for staff' }

export default function Suppliers({ loaderData }: Route.ComponentProps) {
	const { suppliers, purchases } = loaderData
	const answer = useActionData<typeof action>() ?? null
	const busy = useNavigation().state === 'submitting'
	const nameOf = new Map(suppliers.map((s) => [s.id, s.name]))
	const summaryOf = new Map(purchases.summaries.map((s) => [s.supplierId, s]))
	return (
		<div className="staff-content staff-suppliers">
			<h1>Suppliers</h1>
			<p className="muted">
				When an option runs out of stock, a paid order’s codes are bought from its suppliers in the order you choose on the product’s page. API keys are stored encrypted and shown only by their
				last four characters.
			</p>
			{answer?.ok && answer.intent !== 'test' ? (
				<div className="success-box" role="status">
					<p>{answer.message}</p>
				</div>
			) : null}
			{answer && !answer.ok && answer.intent !== 'test' && answer.intent !== 'edit' && answer.intent !== 'create' ? <ErrorAlert message={answer.message} /> : null}

			<section className="supplier-list" aria-labelledby="suppliers-heading">
				<h2 id="suppliers-heading">Connected</h2>
				{suppliers.length === 0 ? <p className="muted">No supplier yet: connect one below.</p> : null}
				{suppliers.map((s) => (
					<SupplierCard key={s.id} supplier={s} summary={summaryOf.get(s.id)} answer={answer} busy={busy} />
				))}
			</section>

			<section className="settings-section" aria-labelledby="connect-heading">
				<h2 id="connect-heading">Connect a supplier</h2>
				<SupplierForm answer={answer?.intent === 'create' ? answer : null} busy={busy} />
			</section>

			<section className="settings-section" aria-labelledby="waiting-heading">
				<h2 id="waiting-heading">Waiting for staff ({purchases.waiting.length})</h2>
				{purchases.waiting.length === 0 ? <p className="muted">No purchase waits: every paid order that needed a supplier got its codes, or is still being bought.</p> : <WaitingList lines={purchases.waiting} nameOf={nameOf} />}
			</section>

			<section className="settings-section" aria-labelledby="purchases-heading">
				<h2 id="purchases-heading">Latest purchases</h2>
				{purchases.recent.length === 0 ? (
					<p className="muted">Nothing bought from a supplier yet.</p>
				) : (
					<ConsoleTable
						rows={purchases.recent}
						rowKey={(p) => p.id}
						columns={[
							{ header: 'Order', cell: (p) => <Link to={`/admin/orders/${p.orderNumber}`}>{p.orderNumber}</Link> },
							{ header: 'Supplier', cell: (p) => (p.supplierId ? (nameOf.get(p.supplierId) ?? '—') : '—') },
							{ header: 'Product', cell: (p) => <code>{p.supplierProductId}</code> },
							{ header: 'Codes', cell: (p) => `${p.keysReceived} of ${p.quantity}` },
							{ header: 'Cost', cell: (p) => (p.unitPriceCents == null ? '—' : `${supplierMoneyText(p.unitPriceCents, p.currency)} each`) },
							{ header: 'State', cell: (p) => STATUS_WORDS[p.status] },
							{ header: 'When', cell: (p) => <AdminTime date={p.createdAt} /> },
						]}
					/>
				)}
			</section>
		</div>
	)
}

function SupplierCard({ supplier: s, summary, answer, busy }: { supplier: SupplierConsoleView; summary: { ordered: number; delivered: number; failed: number; waiting: number; costCents: number } | undefined; answer: SupplierAnswer | null; busy: boolean }) {
	const mine = answer && answer.intent === 'test' && answer.id === s.id ? answer : null
	const editRefused = answer && !answer.ok && answer.intent === 'edit' && answer.values?.id === String(s.id) ? answer : null
	return (
		<article className="settings-section supplier-card" aria-labelledby={`supplier-${s.id}`}>
			<header className="supplier-head">
				<h3 id={`supplier-${s.id}`}>{s.name}</h3>
				<span className={s.simulator ? 'supplier-badge supplier-sim' : 'supplier-badge supplier-live'}>{s.simulator ? 'Simulator: nothing real is bought' : 'Live'}</span>
				{s.active ? null : <span className="supplier-badge">Off</span>}
			</header>
			<dl className="supplier-facts">
				<div>
					<dt>Protocol</dt>
					<dd>{s.kind === 'kinguin' ? 'Kinguin eCommerce API' : s.kind}</dd>
				</div>
				<div>
					<dt>Prices in</dt>
					<dd>{s.currency === 'EUR' ? 'Euros (€), at your rupees per euro' : 'US dollars (US$), at your rupees per dollar'}</dd>
				</div>
				<div>
					<dt>Balance</dt>
					<dd>
						{s.balanceCents == null ? 'Not checked yet' : supplierMoneyText(s.balanceCents, s.currency)}
						{s.balanceCheckedAt ? (
							<span className="muted small">
								{' '}
								(<AdminTime date={s.balanceCheckedAt} />)
							</span>
						) : null}
						{s.lowBalanceCents != null && s.balanceCents != null && s.balanceCents < s.lowBalanceCents ? <strong className="supplier-low"> low</strong> : null}
					</dd>
				</div>
				<div>
					<dt>Alert below</dt>
					<dd className="nowrap">{s.lowBalanceCents == null ? 'Never' : supplierMoneyText(s.lowBalanceCents, s.currency)}</dd>
				</div>
				<div>
					<dt>Order of preference</dt>
					<dd>
						{s.firstChoice + s.backup === 0 ? 'No option buys from it yet' : `First choice of ${s.firstChoice} ${s.firstChoice === 1 ? 'option' : 'options'}, backup of ${s.backup}`}
					</dd>
				</div>
				<div>
					<dt>API key</dt>
					<dd>{s.apiKeyEnd ? <>ends {s.apiKeyEnd}</> : 'Cannot be opened: paste it again'}</dd>
				</div>
				<div>
					<dt>Purchases</dt>
					<dd>
						{summary ? (
							<>
								{summary.delivered} delivered, {summary.ordered} ordered, {summary.failed} failed, {summary.waiting} waiting; <span className="nowrap">cost {supplierMoneyText(summary.costCents, s.currency)}</span>
							</>
						) : (
							'None yet'
						)}
					</dd>
				</div>
			</dl>
			{s.checkProblem ? <p className="supplier-problem small">Last check: {s.checkProblem}</p> : null}
			{mine ? mine.ok ? <p className="success-box" role="status">{mine.message}</p> : <ErrorAlert message={mine.message} /> : null}
			<div className="supplier-actions">
				<Form method="post">
					<input type="hidden" name="intent" value="test" />
					<input type="hidden" name="id" value={s.id} />
					<button type="submit" className="button ghost small" disabled={busy}>
						Test
					</button>
				</Form>
			</div>
			<details className="supplier-edit" open={Boolean(editRefused)}>
				<summary>Change {s.name}</summary>
				<SupplierForm supplier={s} answer={editRefused} busy={busy} />
			</details>
		</article>
	)
}

/** Connect (no supplier) or change one: the key box is empty; left empty on a change, the saved key stays. */
function SupplierForm({ supplier, answer, busy }: { supplier?: SupplierConsoleView; answer: SupplierAnswer | null; busy: boolean }) {
	const refusal = answer && !answer.ok ? answer : null
	const values = refusal?.values ?? {}
	const errors = refusal?.fieldErrors ?? {}
	const prefix = supplier ? `supplier-${supplier.id}` : 'supplier-new'
	const value = (name: string, saved: string) => (name in values ? String(values[name]) : saved)
	return (
		<Form method="post" autoComplete="off" key={`${prefix}-${answer?.at ?? ''}`}>
			<input type="hidden" name="intent" value={supplier ? 'edit' : 'create'} />
			{supplier ? <input type="hidden" name="id" value={supplier.id} /> : null}
			{refusal && !Object.keys(errors).length ? <ErrorAlert message={refusal.message} /> : null}
			<div className="field-grid">
				<div className="field">
					<label htmlFor={`${prefix}-name`}>Name</label>
					<input id={`${prefix}-name`} name="name" defaultValue={value('name', supplier?.name ?? '')} maxLength={SUPPLIER_LIMITS.name} required aria-invalid={errors.name ? true : undefined} />
					{errors.name ? <p className="field-error">{errors.name}</p> : null}
				</div>
				<div className="field">
					<label htmlFor={`${prefix}-url`}>Address of its API</label>
					<input id={`${prefix}-url`} name="baseUrl" type="url" defaultValue={value('baseUrl', supplier && !supplier.simulator ? supplier.baseUrl : '')} maxLength={SUPPLIER_LIMITS.baseUrl} spellCheck={false} placeholder="https://gateway.kinguin.net/esa/api" aria-invalid={errors.baseUrl ? true : undefined} />
					{errors.baseUrl ? <p className="field-error">{errors.baseUrl}</p> : null}
					<p className="field-hint">{supplier ? 'Leave it empty to keep the saved address.' : 'Leave it empty for Kinguin’s production gateway.'}</p>
				</div>
				<div className="field">
					<label htmlFor={`${prefix}-key`}>{supplier ? 'Replace the API key' : 'API key'}</label>
					<input id={`${prefix}-key`} name="apiKey" type="password" required={!supplier} maxLength={SUPPLIER_LIMITS.apiKey} autoComplete="off" spellCheck={false} aria-invalid={errors.apiKey ? true : undefined} />
					{errors.apiKey ? <p className="field-error">{errors.apiKey}</p> : null}
					<p className="field-hint">{supplier ? `Saved key ends ${supplier.apiKeyEnd ?? '(cannot be opened)'}. Leave it empty to keep it. ` : ''}Stored encrypted, never shown again.</p>
				</div>
				<div className="field">
					<label htmlFor={`${prefix}-low`}>Alert below ({currencySymbol(supplier?.currency ?? 'EUR')})</label>
					<input id={`${prefix}-low`} name="lowBalanceDollars" inputMode="decimal" defaultValue={value('lowBalanceDollars', supplier?.lowBalanceCents != null ? String(supplier.lowBalanceCents / 100) : '')} aria-invalid={errors.lowBalanceDollars ? true : undefined} />
					{errors.lowBalanceDollars ? <p className="field-error">{errors.lowBalanceDollars}</p> : null}
					<p className="field-hint">Staff who chose supplier alerts hear when the balance falls below this. Empty: never.</p>
				</div>
				{supplier ? (
					<label className="choice-row field">
						<input type="checkbox" name="active" defaultChecked={supplier.active} /> <span>On: options buy from it</span>
					</label>
				) : null}
			</div>
			<button type="submit" className="button primary" disabled={busy}>
				{supplier ? 'Save' : 'Connect'}
			</button>
		</Form>
	)
}

/** Purchases waiting for staff, oldest first, each with why and a Retry (the purchases API's retry). */
function WaitingList({ lines, nameOf }: { lines: PurchaseLine[]; nameOf: Map<number, string> }) {
	return (
		<ul className="supplier-waiting">
			{lines.map((p) => (
				<li key={p.id}>
					<p>
						<Link to={`/admin/orders/${p.orderNumber}`}>{p.orderNumber}</Link>: {p.quantity} × <code>{p.supplierProductId}</code> from {p.supplierId ? (nameOf.get(p.supplierId) ?? 'a removed supplier') : 'a removed supplier'},{' '}
						<AdminTime date={p.createdAt} />
					</p>
					<p className="supplier-reason">{p.reason ?? 'No reason was recorded.'}</p>
					<RetryButton id={p.id} />
				</li>
			))}
		</ul>
	)
}

function RetryButton({ id }: { id: number }) {
	const fetcher = useFetcher<{ error?: string }>()
	const failed = fetcher.data && typeof fetcher.data === 'object' && 'error' in fetcher.data ? fetcher.data.error : null
	return (
		<fetcher.Form method="post" action={`/api/admin/supplier-purchases/${id}/retry`}>
			<button type="submit" className="button ghost small" disabled={fetcher.state !== 'idle'}>
				{fetcher.state === 'idle' ? 'Retry' : 'Retrying…'}
			</button>
			{failed ? <ErrorAlert message={failed} /> : null}
		</fetcher.Form>
	)
}
