import { PRODUCT_NOT_FOUND } from '~/domain/catalogue/manage-products.server'
import { useEffect, useRef, type RefObject } from 'react'
import { getFormProps, getInputProps, getSelectProps, getTextareaProps } from '@conform-to/react'
import { FieldError, useConsoleForm } from '~/components/admin/console-form'
import { Form, Link, data, useActionData } from 'react-router'
import { z } from 'zod'
import { ErrorAlert } from '~/components/ui/error-alert'
import { Notice } from '~/components/admin/action-result'
import { ConsoleTable } from '~/components/admin/console-table'
import { db } from '~/db/client.server'
import { staffActor } from '~/domain/staff/audit.server'
import { may } from '~/domain/staff/permissions'
import { importStock, listUnits, revealUnit, setLowStockThreshold, setStockMode, stockCounts, voidUnit, type ImportStockReport, type RevealedUnit } from '~/domain/stock/manage-stock.server'
import { STOCK_LIMITS } from '~/domain/stock/stock-rules'
import { readStockText } from '~/domain/stock/stock-text.server'
import { idFromPath, parseFormBytes, readBodyBytes, readPageForm } from '~/http/http.server'
import { requireStaff } from '~/http/staff-auth.server'
import { AppError } from '~/utils/app-error'
import { idSchema, parseId } from '~/utils/input'
import { invalidInput } from '~/utils/field-errors'
import { stockImportForm, stockModeForm, stockThresholdForm, stockVoidForm } from '~/domain/stock/stock-input'
import { pageMeta } from '~/utils/seo'
import { notUnderstood, refuseWith } from '~/http/refusal.server'
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
		return { counts, units, query, mayReveal: may(staff, 'reveal-stock') }
	} catch (error) {
		if (error instanceof AppError) throw data(error.message, { status: error.status })
		throw error
	}
}

const intents = z.discriminatedUnion('intent', [
	z.object({ intent: z.literal('import') }),
	z.object({ intent: z.literal('void') }),
	z.object({ intent: z.literal('reveal'), unitId: idSchema() }),
	z.object({ intent: z.literal('threshold') }),
	z.object({ intent: z.literal('mode') }),
])

/** The form's fields by `schema`, or the refusal of each field (as `invalidInput`). */
function fieldsOf<Schema extends z.ZodType>(schema: Schema, form: Record<string, string>): z.output<Schema> {
	const parsed = schema.safeParse(form)
	if (!parsed.success) throw invalidInput(parsed.error)
	return parsed.data
}

/** A refusal of what was pasted or uploaded is shown beside the text box. */
function aboutTheText<T>(read: () => T): T {
	try {
		return read()
	} catch (error) {
		if (error instanceof AppError && !error.fieldErrors) throw new AppError(error.code, error.message, { text: error.message })
		throw error
	}
}

/** What the stock page shows after an import, a void or a reveal. */
type StockShown = {
	refused?: { line: number; reason: string }[]
	notes?: { line: number; note: string }[]
	revealed?: { unitId: number; unit: RevealedUnit }
}
/** A refusal names the row whose form was refused: the option of a threshold, the unit voided. */
type StockOutcome = Outcome<StockShown, StockShown & { variantId?: number; unitId?: number }>

async function readStockForm(request: Request): Promise<Record<string, string>> {
	if (!/^multipart\/form-data/i.test(request.headers.get('content-type') ?? '')) return readPageForm(request)
	const tooLarge = new AppError('TOO_LARGE', 'The stock is too large: import at most 1 MB at a time.')
	if (Number(request.headers.get('content-length') ?? 0) > STOCK_LIMITS.bytes + 64 * 1024) throw tooLarge
	// Read up to the cap only, whether or not the request declared its length (a chunked body has none).
	const bytes = await readBodyBytes(request, STOCK_LIMITS.bytes + 64 * 1024).catch((error: unknown) => {
		throw error instanceof AppError && error.code === 'TOO_LARGE' ? tooLarge : error
	})
	const form = await parseFormBytes(request, bytes)
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
	let form: Record<string, string> = {}
	try {
		form = await readStockForm(request)
		intent = String(form.intent ?? '')
		const parsed = intents.safeParse(form)
		if (!parsed.success) return notUnderstood<StockOutcome>({ intent })
		const input = parsed.data
		switch (input.intent) {
			case 'import': {
				const fields = fieldsOf(stockImportForm, form)
				const text = form.file?.trim() ? form.file : (fields.text ?? '')
				const read = aboutTheText(() => readStockText(fields.kind, text))
				const report = await importStock(db(), actor, productId, { variantId: fields.variantId, kind: fields.kind, units: read.units, lines: read.lines, slots: fields.slots ?? null, cost: fields.costAmount ? { amount: Number(fields.costAmount.replace(/,/g, '')), currency: fields.costCurrency ?? 'PKR' } : null })
				const notes = [...read.notes, ...report.notes].sort((a, b) => a.line - b.line)
				return { ok: true, intent, message: importSummary(report), refused: report.refused, notes } satisfies StockOutcome
			}
			case 'void': {
				const fields = fieldsOf(stockVoidForm, form)
				await voidUnit(db(), actor, productId, fields.unitId, fields.reason)
				return { ok: true, intent, message: `Unit ${fields.unitId} voided.` } satisfies StockOutcome
			}
			case 'reveal':
				return { ok: true, intent, message: `Unit ${input.unitId} revealed (recorded in the audit log).`, revealed: { unitId: input.unitId, unit: await revealUnit(db(), staff, productId, input.unitId) } } satisfies StockOutcome
			case 'threshold': {
				const fields = fieldsOf(stockThresholdForm, form)
				await setLowStockThreshold(db(), actor, productId, fields.variantId, fields.threshold)
				return { ok: true, intent, message: 'Low-stock threshold saved.' } satisfies StockOutcome
			}
			case 'mode': {
				const fields = fieldsOf(stockModeForm, form)
				await setStockMode(db(), actor, productId, fields.stockMode)
				return { ok: true, intent, message: 'Delivery mode saved.' } satisfies StockOutcome
			}
		}
	} catch (error) {
		if (error instanceof AppError) {
			const { file: _file, ...values } = form
			const row = { variantId: parseId(form.variantId) ?? undefined, unitId: parseId(form.unitId) ?? undefined }
			return refuseWith<StockOutcome>(error, { intent, values, ...row })
		}
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
	const mode = report.modeChange ? ` ${report.modeChange.message}` : ''
	return `Imported: ${report.added} added; ${refused}.${waiting}${mode}`
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
	const failed = outcome && !outcome.ok ? outcome : null
	const labelOf = new Map(counts.variants.map((v) => [v.variantId, v.label]))
	const pages = Math.max(1, Math.ceil(units.total / units.perPage))
	const pageLink = (page: number) => `?${new URLSearchParams({ ...(query.variant ? { variant: String(query.variant) } : {}), ...(query.status ? { status: query.status } : {}), page: String(page) })}`
	return (
		<div className="staff-product staff-stock">
			<p className="product-back">
				<Link to={`/admin/products/${counts.productId}`}>← Back to the product</Link>
			</p>
			<h1>Stock</h1>
			{outcome && outcome.intent !== 'import' ? outcome.ok ? <Notice message={outcome.message} /> : <ErrorAlert message={refusedBeside(outcome) ? null : outcome.message} /> : null}
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
								<ThresholdForm variant={v} answer={failed?.intent === 'threshold' && failed.variantId === v.variantId ? failed : null} />
							),
						},
					]}
				/>
			</section>

			<section className="settings-section">
				<h2>Delivery</h2>
				{/* Keyed by the saved mode: after any action (an import switches Manual to Stock, else manual) the form shows what is saved, so saving it never undoes that. */}
				<ModeForm key={counts.stockMode} stockMode={counts.stockMode} answer={failed?.intent === 'mode' ? failed : null} />
			</section>

			<section className="settings-section">
				<h2>Import</h2>
				<ImportForm
					variants={counts.variants.filter((v) => !v.hidden)}
					variantId={query.variant ?? counts.variants.find((v) => !v.hidden)?.variantId}
					answer={failed?.intent === 'import' ? failed : null}
					formRef={importForm}
				/>
				{/* The answer sits under the button staff pressed, not at the top of a long page. */}
				{outcome?.intent === 'import' ? (
					<div className="stock-import-outcome">
						{outcome.ok ? <Notice message={outcome.message} /> : <ErrorAlert message={refusedBeside(outcome) ? null : outcome.message} />}
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
										<VoidForm unitId={u.id} answer={failed?.intent === 'void' && failed.unitId === u.id ? failed : null} />
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

type Refusal = Extract<StockOutcome, { ok: false }>

/** A refusal shown beside its fields, not again above the form. */
const refusedBeside = (outcome: StockOutcome) => !outcome.ok && Object.keys(outcome.fieldErrors ?? {}).length > 0

/** An option's low-stock threshold, checked with the server's schema before it is sent. */
function ThresholdForm({ variant, answer }: { variant: { variantId: number; label: string; lowStockThreshold: number }; answer: Refusal | null }) {
	const [form, fields] = useConsoleForm(stockThresholdForm, { id: `threshold-${variant.variantId}`, answer, defaultValue: { threshold: String(variant.lowStockThreshold) } })
	return (
		<Form method="post" className="inline-form stock-threshold-form" {...getFormProps(form)}>
			<input type="hidden" name="intent" value="threshold" />
			<input type="hidden" name="variantId" value={variant.variantId} />
			<label className="sr-only" htmlFor={fields.threshold.id}>
				Low-stock threshold for {variant.label}
			</label>
			<input {...getInputProps(fields.threshold, { type: 'number' })} className="stock-threshold-input" />
			<button type="submit" className="button ghost small">
				Save
			</button>
			<FieldError field={fields.threshold} />
		</Form>
	)
}

/** How the product is delivered: one of the modes, each with what it means. */
function ModeForm({ stockMode, answer }: { stockMode: string; answer: Refusal | null }) {
	const [form, fields] = useConsoleForm(stockModeForm, { id: 'stock-mode', answer, defaultValue: { stockMode } })
	const invalid = !fields.stockMode.valid
	return (
		<Form method="post" {...getFormProps(form)}>
			<input type="hidden" name="intent" value="mode" />
			<fieldset aria-invalid={invalid || undefined} aria-describedby={invalid ? fields.stockMode.errorId : undefined}>
				<legend className="sr-only">How this product is delivered</legend>
				{MODES.map((m) => (
					<label key={m.value} className="choice-row">
						<input type="radio" name={fields.stockMode.name} value={m.value} defaultChecked={fields.stockMode.initialValue === m.value} required aria-invalid={invalid || undefined} aria-describedby={invalid ? fields.stockMode.errorId : undefined} />
						<span>
							<strong>{m.label}</strong>
							<span className="choice-hint muted small">{m.hint}</span>
						</span>
					</label>
				))}
			</fieldset>
			<FieldError field={fields.stockMode} />
			<button type="submit" className="button small">Save delivery mode</button>
		</Form>
	)
}

/** Codes or accounts, pasted or in a file, for one option. */
function ImportForm({ variants, variantId, answer, formRef }: { variants: { variantId: number; label: string }[]; variantId: number | undefined; answer: Refusal | null; formRef: RefObject<HTMLFormElement | null> }) {
	const [form, fields] = useConsoleForm(stockImportForm, { id: 'stock-import', answer, defaultValue: { variantId: variantId === undefined ? undefined : String(variantId), kind: 'code' } })
	return (
		<Form method="post" encType="multipart/form-data" ref={formRef} {...getFormProps(form)}>
			<input type="hidden" name="intent" value="import" />
			<div className="field">
				<label htmlFor={fields.variantId.id}>Option</label>
				<select {...getSelectProps(fields.variantId)}>
					{variants.map((v) => (
						<option key={v.variantId} value={v.variantId}>{v.label}</option>
					))}
				</select>
				<FieldError field={fields.variantId} />
			</div>
			<fieldset>
				<legend>Kind</legend>
				<label className="choice-row">
					<input type="radio" name={fields.kind.name} value="code" defaultChecked={fields.kind.initialValue !== 'account'} /> <span>Codes (gift cards, keys)</span>
				</label>
				<label className="choice-row">
					<input type="radio" name={fields.kind.name} value="account" defaultChecked={fields.kind.initialValue === 'account'} /> <span>Accounts (login and password)</span>
				</label>
				<FieldError field={fields.kind} />
			</fieldset>
			<div className="field">
				<label htmlFor={fields.text.id}>Codes: one per line, each line exactly one code (commas and quotes included). Accounts: CSV with the header <code>login,password,notes,slots</code>.</label>
				<textarea {...getTextareaProps(fields.text)} rows={8} className="stock-text" spellCheck={false} autoComplete="off" />
				<FieldError field={fields.text} />
			</div>
			<div className="field">
				<label htmlFor="stock-file">Or a CSV file (codes: a <code>code</code> column)</label>
				<input id="stock-file" name="file" type="file" accept=".csv,text/csv,text/plain" />
			</div>
			<div className="field">
				<label htmlFor={fields.slots.id}>Buyers per unit</label>
				<input {...getInputProps(fields.slots, { type: 'number' })} placeholder="1, or 2 for shared" className="stock-slots-input" />
				<FieldError field={fields.slots} />
			</div>
			<div className="field">
				<label htmlFor={fields.costAmount.id}>Cost of each unit (optional)</label>
				<span className="option-cost stock-cost">
					<input {...getInputProps(fields.costAmount, { type: 'text' })} inputMode="decimal" autoComplete="off" placeholder="e.g. 1200 or 4.99" />
					<select name={fields.costCurrency.name} defaultValue={fields.costCurrency.initialValue ?? 'PKR'} aria-label="Currency of the cost">
						<option value="PKR">Rs.</option>
						<option value="USD">US$</option>
					</select>
				</span>
				<FieldError field={fields.costAmount} />
				<p className="field-hint">Only the console sees it. Blank: each unit counts its option’s cost. Given: when an order is paid, a unit from this batch counts this cost instead.</p>
			</div>
			<button type="submit" className="button primary small">Import</button>
		</Form>
	)
}

/** Void a unit's unsold slots, with the reason staff give. */
function VoidForm({ unitId, answer }: { unitId: number; answer: Refusal | null }) {
	const [form, fields] = useConsoleForm(stockVoidForm, { id: `void-${unitId}`, answer })
	return (
		<Form method="post" className="stock-void-form" {...getFormProps(form)}>
			<input type="hidden" name="intent" value="void" />
			<input type="hidden" name="unitId" value={unitId} />
			<div className="stock-void-row">
				<input {...getInputProps(fields.reason, { type: 'text' })} placeholder="Why void it?" aria-label={`Reason to void unit ${unitId}`} />
				<button type="submit" className="button ghost small">Void</button>
			</div>
			<FieldError field={fields.reason} />
		</Form>
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
