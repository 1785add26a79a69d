import { PRODUCT_NOT_FOUND } from '~/domain/catalogue/manage-products.server'
import { useEffect, useRef } from 'react'
import { Form, Link, data, useActionData } from 'react-router'
import { z } from 'zod'
import { ErrorAlert } from '~/components/ui/error-alert'
import { ConsoleTable } from '~/components/admin/console-table'
import { db } from '~/db/client.server'
import { staffActor } from '~/domain/staff/audit.server'
import { canRevealStock } from '~/domain/staff/permissions'
import { importStock, listUnits, revealUnit, setLowStockThreshold, setStockMode, stockCounts, voidUnit, type ImportStockReport, type RevealedUnit } from '~/domain/stock/manage-stock.server'
import { STOCK_LIMITS } from '~/domain/stock/stock-rules'
import { readStockText } from '~/domain/stock/stock-text.server'
import { idFromPath, readPageForm } from '~/http/http.server'
import { requireStaff } from '~/http/staff-auth.server'
import { AppError } from '~/utils/app-error'
import { idSchema } from '~/utils/input'
import { pageMeta } from '~/utils/seo'
import { NOT_UNDERSTOOD } from '~/utils/staff-action.server'
import type { Route } from './+types/product-stock'
import type { Outcome } from '~/http/outcome'

export const meta: Route.MetaFunction = ({ matches }) => pageMeta(matches, { title: 'Stock', description: 'Codes and accounts delivered from stock.', extra: [{ name: 'robots', content: 'noindex' }] })


const listQuery = z.object({
	variant: idSchema().optional().catch(undefined),
	status: z.enum(['available', 'used', 'voided']).optional().catch(undefined),
	page: z.coerce.number().int().min(1).max(100000).optional().catch(undefined),
})

export async function loader({ request, params }: Route.LoaderArgs) {
	const staff = await requireStaff(request, { permission: 'catalogue' })
	const productId = idFromPath(params.id, PRODUCT_NOT_FOUND)
	const query = listQuery.parse(Object.fromEntries(new URL(request.url).searchParams))
	try {
		const counts = await stockCounts(db(), productId)
		const units = await listUnits(db(), productId, { variantId: query.variant, status: query.status, page: query.page })
		return { counts, units, query, mayReveal: canRevealStock(staff) }
	} catch (error) {
		if (error instanceof AppError) throw data(error.message, { status: error.status })
		throw error
	}
}

const intents = z.discriminatedUnion('intent', [
	z.object({ intent: z.literal('import'), variantId: idSchema(), kind: z.enum(['code', 'account']), text: z.string().optional(), slots: z.string().optional() }),
	z.object({ intent: z.literal('void'), unitId: idSchema(), reason: z.string() }),
	z.object({ intent: z.literal('reveal'), unitId: idSchema() }),
	z.object({ intent: z.literal('threshold'), variantId: idSchema(), threshold: z.string() }),
	z.object({ intent: z.literal('mode'), stockMode: z.string() }),
])

/** What the stock page shows after an import, a void or a reveal. */
type StockShown = {
	refused?: { line: number; reason: string }[]
	notes?: { line: number; note: string }[]
	revealed?: { unitId: number; unit: RevealedUnit }
}
type StockOutcome = Outcome<StockShown, StockShown>

async function readStockForm(request: Request): Promise<Record<string, string>> {
	if (!/^multipart\/form-data/i.test(request.headers.get('content-type') ?? '')) return readPageForm(request)
	if (Number(request.headers.get('content-length') ?? 0) > STOCK_LIMITS.bytes + 64 * 1024) throw new AppError('TOO_LARGE', 'The stock is too large: import at most 1 MB at a time.')
	const form = await request.formData()
	const fields: Record<string, string> = {}
	for (const [name, value] of form) {
		if (typeof value === 'string') fields[name] = value
		else if (name === 'file' && value.size > 0) {
			if (value.size > STOCK_LIMITS.bytes) throw new AppError('TOO_LARGE', 'The stock is too large: import at most 1 MB at a time.')
			try {
				fields.file = new TextDecoder('utf-8', { fatal: true }).decode(await value.arrayBuffer())
			} catch {
				throw new AppError('BAD_REQUEST', 'The file is not UTF-8 text. In the spreadsheet, save it as “CSV UTF-8” and try again.')
			}
		}
	}
	return fields
}

export async function action({ request, params }: Route.ActionArgs) {
	const staff = await requireStaff(request, { permission: 'catalogue' })
	const actor = staffActor(staff)
	const productId = idFromPath(params.id, PRODUCT_NOT_FOUND)
	let intent = ''
	try {
		const form = await readStockForm(request)
		intent = String(form.intent ?? '')
		const parsed = intents.safeParse(form)
		if (!parsed.success) return data<StockOutcome>({ ok: false, intent, message: NOT_UNDERSTOOD }, { status: 400 })
		const input = parsed.data
		switch (input.intent) {
			case 'import': {
				const text = form.file?.trim() ? form.file : (input.text ?? '')
				const read = readStockText(input.kind, text)
				const slotsText = (input.slots ?? '').trim()
				const slots = slotsText === '' ? null : /^\d{1,3}$/.test(slotsText) ? Number(slotsText) : -1
				const report = await importStock(db(), actor, productId, { variantId: input.variantId, kind: input.kind, units: read.units, lines: read.lines, slots })
				const notes = [...read.notes, ...report.notes].sort((a, b) => a.line - b.line)
				return { ok: true, intent, message: importSummary(report), refused: report.refused, notes } satisfies StockOutcome
			}
			case 'void':
				await voidUnit(db(), actor, productId, input.unitId, input.reason)
				return { ok: true, intent, message: `Unit ${input.unitId} voided.` } satisfies StockOutcome
			case 'reveal':
				return { ok: true, intent, message: `Unit ${input.unitId} revealed (recorded in the audit log).`, revealed: { unitId: input.unitId, unit: await revealUnit(db(), staff, productId, input.unitId) } } satisfies StockOutcome
			case 'threshold': {
				const t = input.threshold.trim()
				await setLowStockThreshold(db(), actor, productId, input.variantId, /^\d{1,5}$/.test(t) ? Number(t) : -1)
				return { ok: true, intent, message: 'Low-stock threshold saved.' } satisfies StockOutcome
			}
			case 'mode':
				await setStockMode(db(), actor, productId, input.stockMode)
				return { ok: true, intent, message: 'Delivery mode saved.' } satisfies StockOutcome
		}
	} catch (error) {
		if (error instanceof AppError) return data<StockOutcome>({ ok: false, intent, message: error.message }, { status: error.status })
		throw error
	}
}

/** One sentence for the whole import; the lines refused and the notes are listed under it. */
function importSummary(report: ImportStockReport): string {
	const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`
	const refused = report.refused.length
		? `${plural(report.refused.length, 'line', 'lines')} refused${report.duplicates ? ` (${plural(report.duplicates, 'duplicate', 'duplicates')})` : ''}`
		: 'nothing refused'
	const waiting = report.waiting ? ` Paid orders waiting for it (${report.waiting}) are being delivered now, oldest first.` : ''
	return `Imported: ${report.added} added; ${refused}.${waiting}`
}

/** How many report lines the page lists; the rest are counted. */
const REPORT_LINES = 200

const MODES = [
	{ value: 'manual', label: 'Manual', hint: 'Staff deliver every order by hand; stock is not used.' },
	{ value: 'stock_or_manual', label: 'Stock, else manual', hint: 'Delivered from stock at payment; when out, still sold and delivered by hand.' },
	{ value: 'stock_only', label: 'Stock only', hint: 'Delivered from stock; when out, the option shows “Out of stock” and cannot be bought.' },
] as const

export default function ProductStock({ loaderData }: Route.ComponentProps) {
	const { counts, units, query, mayReveal } = loaderData
	const outcome = useActionData<typeof action>() as StockOutcome | undefined
	// After an import the text is cleared (its report stays): pressing Import again cannot re-send it unseen.
	const importForm = useRef<HTMLFormElement>(null)
	useEffect(() => {
		if (outcome?.intent === 'import' && outcome.ok) importForm.current?.reset()
	}, [outcome])
	const labelOf = new Map(counts.variants.map((v) => [v.variantId, v.label]))
	const pages = Math.max(1, Math.ceil(units.total / units.perPage))
	const pageLink = (page: number) => `?${new URLSearchParams({ ...(query.variant ? { variant: String(query.variant) } : {}), ...(query.status ? { status: query.status } : {}), page: String(page) })}`
	return (
		<div className="staff-product staff-stock">
			<p className="product-back">
				<Link to={`/admin/products/${counts.productId}`}>← Back to the product</Link>
			</p>
			<h1>Stock</h1>
			{outcome && outcome.intent !== 'import' ? outcome.ok ? <p className="success-box" role="status">{outcome.message}</p> : <ErrorAlert message={outcome.message} /> : null}
			{outcome?.revealed ? (
				<div className="settings-section" role="status">
					<h2>Unit {outcome.revealed.unitId}</h2>
					{outcome.revealed.unit.kind === 'code' ? (
						<p><code>{outcome.revealed.unit.code}</code></p>
					) : (
						<dl>
							<dt>Login</dt><dd><code>{outcome.revealed.unit.login}</code></dd>
							<dt>Password</dt><dd><code>{outcome.revealed.unit.password}</code></dd>
							{outcome.revealed.unit.notes ? (<><dt>Notes</dt><dd>{outcome.revealed.unit.notes}</dd></>) : null}
						</dl>
					)}
				</div>
			) : null}

			<section className="settings-section">
				<h2>Per option</h2>
				<ConsoleTable
					className="data-table stacked-table stock-counts-table"
					rows={counts.variants}
					rowKey={(v) => v.variantId}
					rowClassName={(v) => (v.low ? 'stock-low' : undefined)}
					columns={[
						{
							header: 'Option',
							label: false,
							className: 'stock-count-option',
							cell: (v) => (
								<>
									{v.label}
									{v.hidden ? <span className="muted small"> (hidden)</span> : null}
								</>
							),
						},
						{
							header: 'Available',
							cell: (v) => (
								<>
									<strong>{v.available}</strong>
									{v.low ? <span className="badge warning"> Low</span> : null}
								</>
							),
						},
						{ header: 'Sold', cell: (v) => v.sold },
						{ header: 'Voided', cell: (v) => v.voided },
						{
							header: 'Warn at',
							className: 'stock-count-threshold',
							cell: (v) => (
								<Form method="post" className="inline-form">
									<input type="hidden" name="intent" value="threshold" />
									<input type="hidden" name="variantId" value={v.variantId} />
									<label className="sr-only" htmlFor={`threshold-${v.variantId}`}>
										Low-stock threshold for {v.label}
									</label>
									<input id={`threshold-${v.variantId}`} name="threshold" type="number" min={0} max={STOCK_LIMITS.threshold} defaultValue={v.lowStockThreshold} style={{ width: '5em' }} />
									<button type="submit" className="button ghost small">
										Save
									</button>
								</Form>
							),
						},
					]}
				/>
			</section>

			<section className="settings-section">
				<h2>Delivery</h2>
				{/* Keyed by the saved mode: after any action (an import switches Manual to Stock, else manual) the form shows what is saved, so saving it never undoes that. */}
				<Form method="post" key={counts.stockMode}>
					<input type="hidden" name="intent" value="mode" />
					<fieldset>
						<legend className="sr-only">How this product is delivered</legend>
						{MODES.map((m) => (
							<label key={m.value} className="choice-row">
								<input type="radio" name="stockMode" value={m.value} defaultChecked={counts.stockMode === m.value} />
								<span>
									<strong>{m.label}</strong>
									<span className="choice-hint muted small">{m.hint}</span>
								</span>
							</label>
						))}
					</fieldset>
					<button type="submit" className="button small">Save delivery mode</button>
				</Form>
			</section>

			<section className="settings-section">
				<h2>Import</h2>
				<Form method="post" encType="multipart/form-data" ref={importForm}>
					<input type="hidden" name="intent" value="import" />
					<p>
						<label htmlFor="stock-variant">Option</label>{' '}
						<select id="stock-variant" name="variantId" required defaultValue={query.variant ?? counts.variants.find((v) => !v.hidden)?.variantId}>
							{counts.variants.filter((v) => !v.hidden).map((v) => (
								<option key={v.variantId} value={v.variantId}>{v.label}</option>
							))}
						</select>
					</p>
					<fieldset>
						<legend>Kind</legend>
						<label className="choice-row">
							<input type="radio" name="kind" value="code" defaultChecked /> <span>Codes (gift cards, keys)</span>
						</label>
						<label className="choice-row">
							<input type="radio" name="kind" value="account" /> <span>Accounts (login and password)</span>
						</label>
					</fieldset>
					<p>
						<label htmlFor="stock-text">Codes: one per line, each line exactly one code (commas and quotes included). Accounts: CSV with the header <code>login,password,notes,slots</code>.</label>
						<textarea id="stock-text" name="text" rows={8} style={{ width: '100%' }} spellCheck={false} autoComplete="off" />
					</p>
					<p>
						<label htmlFor="stock-file">Or a CSV file (codes: a <code>code</code> column)</label>{' '}
						<input id="stock-file" name="file" type="file" accept=".csv,text/csv,text/plain" />
					</p>
					<p>
						<label htmlFor="stock-slots">Buyers per unit</label>{' '}
						<input id="stock-slots" name="slots" type="number" min={1} max={STOCK_LIMITS.slots} placeholder="1, or 2 for shared" style={{ width: '14em' }} />
					</p>
					<button type="submit" className="button primary small">Import</button>
				</Form>
				{/* The answer sits under the button staff pressed, not at the top of a long page. */}
				{outcome?.intent === 'import' ? (
					<div className="stock-import-outcome">
						{outcome.ok ? <p className="success-box" role="status">{outcome.message}</p> : <ErrorAlert message={outcome.message} />}
						{outcome.refused?.length || outcome.notes?.length ? <ImportReport refused={outcome.refused ?? []} notes={outcome.notes ?? []} /> : null}
					</div>
				) : null}
			</section>

			<section className="settings-section">
				<h2>Units ({units.total})</h2>
				<Form method="get" className="inline-form">
					<select name="variant" defaultValue={query.variant ?? ''} aria-label="Option">
						<option value="">Every option</option>
						{counts.variants.map((v) => (<option key={v.variantId} value={v.variantId}>{v.label}</option>))}
					</select>{' '}
					<select name="status" defaultValue={query.status ?? ''} aria-label="Status">
						<option value="">Any status</option>
						<option value="available">Available</option>
						<option value="used">Used</option>
						<option value="voided">Voided</option>
					</select>{' '}
					<button type="submit" className="button ghost small">Show</button>
				</Form>
				{units.units.length === 0 ? <p className="muted">No units yet.</p> : (
					<ul className="stock-units" style={{ listStyle: 'none', padding: 0 }}>
						{units.units.map((u) => (
							<li key={u.id} className="settings-section" style={{ padding: '0.75em', marginTop: '0.5em' }}>
								<p>
									<strong>#{u.id}</strong> <code>{u.masked}</code> <span className="muted small">{labelOf.get(u.variantId)} · {u.kind} · {u.slotsUsed}/{u.slots} slots · {u.status}</span>
									{u.voidReason ? <span className="muted small"> · {u.voidReason}</span> : null}
								</p>
								{u.orders.length ? (
									<p className="small">Orders: {u.orders.map((o, i) => (<span key={`${o.orderNumber}-${o.slot}`}>{i ? ', ' : ''}<Link to={`/admin/orders/${o.orderNumber}`}>{o.orderNumber}</Link>{o.replaced ? ' (replaced)' : ''}</span>))}</p>
								) : null}
								<div className="inline-form" style={{ display: 'flex', flexWrap: 'wrap', gap: '0.5em' }}>
									{mayReveal ? (
										<Form method="post">
											<input type="hidden" name="intent" value="reveal" />
											<input type="hidden" name="unitId" value={u.id} />
											<button type="submit" className="button ghost small">Reveal</button>
										</Form>
									) : null}
									{u.status === 'available' && u.slotsUsed < u.slots ? (
										<Form method="post" style={{ display: 'flex', gap: '0.5em' }}>
											<input type="hidden" name="intent" value="void" />
											<input type="hidden" name="unitId" value={u.id} />
											<input name="reason" required maxLength={STOCK_LIMITS.voidReason} placeholder="Why void it?" aria-label={`Reason to void unit ${u.id}`} />
											<button type="submit" className="button ghost small">Void</button>
										</Form>
									) : null}
								</div>
							</li>
						))}
					</ul>
				)}
				{pages > 1 ? (
					<p>
						{units.page > 1 ? <Link to={pageLink(units.page - 1)}>← Newer</Link> : null} Page {units.page} of {pages}{' '}
						{units.page < pages ? <Link to={pageLink(units.page + 1)}>Older →</Link> : null}
					</p>
				) : null}
			</section>
		</div>
	)
}

/** The import report: every line refused and why, then what was imported with a remark. */
function ImportReport({ refused, notes }: { refused: { line: number; reason: string }[]; notes: { line: number; note: string }[] }) {
	return (
		<div className="stock-report" aria-labelledby="stock-report-heading" role="region">
			<h3 id="stock-report-heading">Import report</h3>
			{refused.length ? (
				<>
					<h4>Not imported</h4>
					<ul className="stock-report-lines">
						{refused.slice(0, REPORT_LINES).map((r) => (
							<li key={`r${r.line}`}>
								<strong>Line {r.line}</strong>: {r.reason}
							</li>
						))}
					</ul>
					{refused.length > REPORT_LINES ? <p className="muted small">…and {refused.length - REPORT_LINES} more lines not imported.</p> : null}
				</>
			) : null}
			{notes.length ? (
				<>
					<h4>Imported with a remark, or left out</h4>
					<ul className="stock-report-lines">
						{notes.slice(0, REPORT_LINES).map((n, i) => (
							<li key={`n${n.line}-${i}`}>
								<strong>Line {n.line}</strong>: {n.note}
							</li>
						))}
					</ul>
					{notes.length > REPORT_LINES ? <p className="muted small">…and {notes.length - REPORT_LINES} more.</p> : null}
				</>
			) : null}
		</div>
	)
}
