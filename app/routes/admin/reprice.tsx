import { getFormProps, getInputProps, getSelectProps } from '@conform-to/react'
import { Form, Link, data, useActionData, useNavigation } from 'react-router'
import { z } from 'zod'
import { rateLine } from '~/components/admin/cost-settings-form'
import { FieldError, useConsoleForm } from '~/components/admin/console-form'
import { ConsoleTable } from '~/components/admin/console-table'
import { ErrorAlert } from '~/components/ui/error-alert'
import { db } from '~/db/client.server'
import { PLATFORM_LABELS } from '~/domain/catalogue/product-form'
import { CATEGORIES } from '~/domain/catalogue/types'
import { costText, repriceForm } from '~/domain/costs/cost-rules'
import { readCostSettings } from '~/domain/costs/cost-settings.server'
import { applyReprice, previewReprice, repriceProducts, scopeChoice, type RepricePlan, type RepriceRow } from '~/domain/costs/reprice.server'
import { staffActor } from '~/domain/staff/audit.server'
import { optionsBelowMinimumMargin, type BelowMinimum } from '~/domain/suppliers/supplier-console.server'
import { supplierMoneyText } from '~/domain/suppliers/supplier-console'
import type { Outcome } from '~/http/outcome'
import { readPageForm } from '~/http/http.server'
import { notUnderstood, refuseWith } from '~/http/refusal.server'
import { requireStaff } from '~/http/staff-auth.server'
import { AppError } from '~/utils/app-error'
import { invalidInput } from '~/utils/field-errors'
import { formatRs } from '~/utils/money'
import { pageMeta } from '~/utils/seo'
import productsStyles from '~/styles/console-products.css?url'
import type { Route } from './+types/reprice'

export const meta: Route.MetaFunction = ({ matches }) =>
	pageMeta(matches, { title: 'Reprice from costs', description: 'New prices from each option’s cost, a margin and a rounding: previewed, then applied at once.', extra: [{ name: 'robots', content: 'noindex' }] })

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: productsStyles }]

export async function loader({ request }: Route.LoaderArgs) {
	await requireStaff(request, { permission: 'owner' })
	const [products, costs, belowMinimum] = await Promise.all([repriceProducts(db()), readCostSettings(db()), optionsBelowMinimumMargin(db())])
	return { products, costs, belowMinimum }
}

type Chosen = { scope: string; marginPercent: string; roundTo: string }
type RepriceOutcome = Outcome<{ plan: RepricePlan; chosen: Chosen }>

const intent = z.object({ intent: z.enum(['preview', 'apply']) })

export async function action({ request }: Route.ActionArgs) {
	const staff = await requireStaff(request, { permission: 'owner' })
	const form = await readPageForm(request)
	const asked = intent.safeParse(form)
	if (!asked.success) return notUnderstood<RepriceOutcome>()
	try {
		const parsed = repriceForm.safeParse(form)
		if (!parsed.success) throw invalidInput(parsed.error)
		const choice = { ...scopeChoice(parsed.data.scope), marginPercent: parsed.data.marginPercent, roundTo: parsed.data.roundTo }
		const chosen = { scope: parsed.data.scope, marginPercent: String(parsed.data.marginPercent), roundTo: String(parsed.data.roundTo) }
		if (asked.data.intent === 'preview') {
			const plan = await previewReprice(db(), choice)
			const message = plan.changing ? `${plan.changing} ${plan.changing === 1 ? 'price changes' : 'prices change'}. Nothing is saved until you apply.` : 'No price would change.'
			return data<RepriceOutcome>({ ok: true, intent: 'preview', message, plan, chosen })
		}
		const plan = await applyReprice(db(), staffActor(staff), choice)
		const changed = plan.rows.filter((r) => r.newPrice != null && r.newPrice !== r.oldPrice).length
		const message = changed ? `Applied: ${changed} new ${changed === 1 ? 'price is' : 'prices are'} in the shop now.` : 'No price changed.'
		return data<RepriceOutcome>({ ok: true, intent: 'apply', message, plan, chosen })
	} catch (error) {
		if (error instanceof AppError) return refuseWith<RepriceOutcome>(error, { intent: asked.data.intent, values: form })
		throw error
	}
}

export default function Reprice({ loaderData }: Route.ComponentProps) {
	const { products, costs, belowMinimum } = loaderData
	const answer = useActionData<typeof action>()
	const busy = useNavigation().state === 'submitting'
	const refusal = answer && !answer.ok ? answer : null
	const done = answer?.ok ? answer : null
	const [form, fields] = useConsoleForm(repriceForm, { id: 'reprice', answer: refusal, defaultValue: done?.chosen ?? { scope: 'all', marginPercent: '20', roundTo: '50' } })

	return (
		<div className="staff-content staff-reprice">
			<p className="product-back">
				<Link to="/admin/products">← All products</Link>
			</p>
			<h1>Reprice from costs</h1>
			<p className="muted">
				Each option’s new price is its cost (US dollars at your rate) × (1 + margin %), rounded up to the next Rs. 10, 50 or 100. Preview first: nothing changes until you apply, and then every price
				changes at once.
			</p>
			<p className="cost-rate">
				<strong>{rateLine(costs)}</strong> <Link to="/admin/store#costs">Change the rate</Link>
			</p>
			<ErrorAlert message={refusal && !Object.keys(refusal.fieldErrors ?? {}).length ? refusal.message : null} />
			<BelowMinimumList rows={done?.plan.belowMinimum ?? belowMinimum} />

			<Form method="post" className="reprice-form settings-section" {...getFormProps(form)}>
				<div className="field-grid">
					<div className="field">
						<label htmlFor={fields.scope.id}>Options to reprice</label>
						<select {...getSelectProps(fields.scope)}>
							<option value="all">All products</option>
							<optgroup label="A platform">
								{CATEGORIES.map((c) => (
									<option key={c} value={`platform:${c}`}>
										{PLATFORM_LABELS[c]} products
									</option>
								))}
							</optgroup>
							<optgroup label="A product">
								{products.map((p) => (
									<option key={p.id} value={`product:${p.id}`}>
										{p.name}
										{p.visible ? '' : ' (hidden)'}
									</option>
								))}
							</optgroup>
						</select>
						<FieldError field={fields.scope} />
					</div>
					<div className="field">
						<label htmlFor={fields.marginPercent.id}>Margin (%)</label>
						<input {...getInputProps(fields.marginPercent, { type: 'text' })} inputMode="decimal" autoComplete="off" />
						<FieldError field={fields.marginPercent} />
					</div>
					<div className="field">
						<label htmlFor={fields.roundTo.id}>Round up to</label>
						<select {...getSelectProps(fields.roundTo)}>
							<option value="10">Rs. 10</option>
							<option value="50">Rs. 50</option>
							<option value="100">Rs. 100</option>
						</select>
						<FieldError field={fields.roundTo} />
					</div>
				</div>
				<button type="submit" name="intent" value="preview" className="button primary" disabled={busy}>
					Preview new prices
				</button>
			</Form>

			{done ? (
				<section className="settings-section reprice-result" aria-labelledby="reprice-heading">
					<h2 id="reprice-heading">{done.intent === 'apply' ? 'Applied' : 'Preview'}</h2>
					<p className={done.intent === 'apply' ? 'success-box' : 'muted'} role="status">
						{done.message}
						{done.plan.skipped ? ` ${done.plan.skipped} ${done.plan.skipped === 1 ? 'option keeps its price' : 'options keep their price'} (see why below the table).` : ''}
					</p>
					<PlanTable rows={done.plan.rows.filter((r) => !r.skipped)} applied={done.intent === 'apply'} />
					<SkippedList rows={done.plan.rows.filter((r) => r.skipped)} />
					{done.intent === 'preview' && done.plan.changing ? (
						<Form method="post" className="reprice-apply">
							<input type="hidden" name="scope" value={done.chosen.scope} />
							<input type="hidden" name="marginPercent" value={done.chosen.marginPercent} />
							<input type="hidden" name="roundTo" value={done.chosen.roundTo} />
							<button type="submit" name="intent" value="apply" className="button primary" disabled={busy}>
								Apply {done.plan.changing} new {done.plan.changing === 1 ? 'price' : 'prices'}
							</button>
						</Form>
					) : null}
				</section>
			) : null}
		</div>
	)
}

/** Options whose supplier now costs too much for their minimum margin (its price checked daily): reprice them, or choose another supplier. */
function BelowMinimumList({ rows }: { rows: BelowMinimum[] }) {
	if (!rows.length) return null
	return (
		<section className="settings-section reprice-below" aria-labelledby="below-heading">
			<h2 id="below-heading">Below their minimum margin</h2>
			<p className="muted small">Their supplier’s price today leaves less than the minimum margin you set after PayPro’s fee: purchases for them are refused until you raise the price or choose another supplier.</p>
			<ul>
				{rows.map((r) => (
					<li key={r.variantId}>
						<Link to={`/admin/products/${r.productId}#suppliers`}>{r.productName}</Link>, {r.label}: {formatRs(r.price)}, {r.supplierName} asks {supplierMoneyText(r.unitPriceCents, r.currency)} = {formatRs(r.costRupees)}, margin{' '}
						<strong>{r.marginPercent}%</strong> (minimum {r.minMarginPercent}%)
					</li>
				))}
			</ul>
		</section>
	)
}

/** Options left as they are, each with why: folded under the table, so the prices that change stay in view. */
function SkippedList({ rows }: { rows: RepriceRow[] }) {
	if (!rows.length) return null
	return (
		<details className="reprice-skipped-list">
			<summary>
				{rows.length} {rows.length === 1 ? 'option keeps its price' : 'options keep their price'}, and why
			</summary>
			<ul>
				{rows.map((r) => (
					<li key={r.variantId}>
						<Link to={`/admin/products/${r.productId}`}>{r.productName}</Link>, {r.label}
						{r.hidden ? ' (hidden)' : ''}: <span className="reprice-why">{r.skipped}</span>
					</li>
				))}
			</ul>
		</details>
	)
}

function PlanTable({ rows, applied }: { rows: RepriceRow[]; applied: boolean }) {
	if (!rows.length) return <p className="muted">No chosen option has a cost to price from.</p>
	return (
		<ConsoleTable
			rows={rows}
			rowKey={(r) => r.variantId}
			rowClassName={(r) => (r.newPrice !== r.oldPrice ? 'reprice-changed' : undefined)}
			columns={[
				{
					header: 'Option',
					label: false,
					cell: (r) => (
						<>
							<Link to={`/admin/products/${r.productId}`}>{r.productName}</Link>
							<span className="reprice-option">
								{r.label}
								{r.hidden ? ' (hidden)' : ''}
							</span>
						</>
					),
				},
				{ header: 'Cost', cell: (r) => (r.cost ? `${costText(r.cost)}${r.cost.currency === 'USD' && r.costRupees != null ? ` = ${formatRs(r.costRupees)}` : ''}` : '—') },
				{ header: applied ? 'Was' : 'Price now', cell: (r) => formatRs(r.oldPrice) },
				{
					header: applied ? 'Price now' : 'New price',
					cell: (r) =>
						r.newPrice === r.oldPrice ? (
							<span className="muted">{formatRs(r.newPrice!)} (same)</span>
						) : (
							<>
								<strong>{formatRs(r.newPrice!)}</strong>{' '}
								<span className="reprice-change">
									({r.newPrice! > r.oldPrice ? '+' : '−'}
									{formatRs(Math.abs(r.newPrice! - r.oldPrice))})
								</span>
							</>
						),
				},
			]}
		/>
	)
}
