import { useState } from 'react'
import { Form, useFetcher } from 'react-router'
import { ErrorAlert } from '~/components/ui/error-alert'
import { rupeesPerUnit } from '~/domain/costs/cost-rules'
import type { SupplierCurrency } from '~/domain/suppliers/supplier-client'
import { supplierMoneyText } from '~/domain/suppliers/supplier-console'
import { SUPPLIER_LIMITS } from '~/domain/suppliers/supplier-input'
import { formatRs } from '~/utils/money'

// The product page's "Suppliers" section (ADR-054): for each option, its suppliers in order of
// preference, each with the supplier's product chosen from a search of its catalogue (its cost now
// in the supplier's currency and in rupees at the owner's rate for it), and the option's minimum margin. Saved by the same
// command as the API's `supply` (PATCH /api/admin/products/{id}).

export interface SupplyOption {
	id: number
	label: string
	price: number
	hidden: boolean
	minMarginPercent: number | null
	supply: { supplierId: number; supplierName: string; supplierProductId: string; currency: SupplierCurrency; unitPriceCents: number | null; gone: boolean; checkedOn: string | null }[]
}

export interface SupplyRefusal {
	ok: false
	intent: 'supply'
	variantId: string
	message: string
}

type Choice = { id: number; name: string; simulator: boolean }

/** What a product picker search answers (the API's JSON, or its refusal). */
type SearchAnswer = { currency?: SupplierCurrency; products?: { productId: string; name: string; unitPriceCents: number; available: number; costRupees: number | null }[]; error?: string }

/** The owner's rupee rates, one per currency a supplier may bill in. */
export type Rates = { rupeesPerDollar: number | null; rupeesPerEuro: number | null }

export const SUPPLY_ROWS = SUPPLIER_LIMITS.suppliersPerOption

export function OptionSupplyPanel({ options, suppliers, rates, refusal, busy }: { options: SupplyOption[]; suppliers: Choice[]; rates: Rates; refusal: SupplyRefusal | null; busy: boolean }) {
	return (
		<section className="settings-section option-supply" id="suppliers" aria-labelledby="suppliers-heading">
			<h2 id="suppliers-heading">Suppliers</h2>
			<p className="muted small">
				When an option’s stock runs out, a paid order’s codes are bought from its suppliers, the first one first. A purchase is refused when the supplier’s price leaves less than the option’s
				minimum margin after PayPro’s fee.{rates.rupeesPerDollar && rates.rupeesPerEuro ? '' : ' Set the rate of each supplier’s currency (dollars, euros) under Store details so costs show in rupees and margins can be checked.'}
			</p>
			{suppliers.length === 0 ? (
				<p className="muted">
					No supplier is on: connect one on the <a href="/admin/suppliers">Suppliers</a> page.
				</p>
			) : (
				options
					.filter((o) => !o.hidden && o.price > 0)
					.map((o) => <OptionSupplyForm key={o.id} option={o} suppliers={suppliers} rates={rates} refusal={refusal?.variantId === String(o.id) ? refusal : null} busy={busy} />)
			)}
		</section>
	)
}

const rupeesAt = (cents: number, rate: number | null) => (rate ? formatRs(Math.round((cents / 100) * rate)) : null)

function OptionSupplyForm({ option, suppliers, rates, refusal, busy }: { option: SupplyOption; suppliers: Choice[]; rates: Rates; refusal: SupplyRefusal | null; busy: boolean }) {
	// One row more than saved (up to the most), so another supplier can be added.
	const [rows, setRows] = useState(() => Math.min(SUPPLY_ROWS, Math.max(1, option.supply.length + 1)))
	const prefix = `supply-${option.id}`
	return (
		<Form method="post" className="option-supply-row" aria-labelledby={`${prefix}-heading`}>
			<input type="hidden" name="intent" value="supply" />
			<input type="hidden" name="variantId" value={option.id} />
			<div>
				<h3 id={`${prefix}-heading`}>{option.label}</h3>
				<p className="muted small">{formatRs(option.price)}</p>
				<div className="field">
					<label htmlFor={`${prefix}-margin`}>Minimum margin (%)</label>
					<input id={`${prefix}-margin`} name="minMarginPercent" inputMode="numeric" defaultValue={option.minMarginPercent == null ? '' : String(option.minMarginPercent)} maxLength={3} />
					<p className="field-hint">Empty: 0 %, never at a loss.</p>
				</div>
			</div>
			<div>
				{Array.from({ length: rows }, (_, n) => (
					<SupplyChoice key={n} prefix={prefix} position={n} saved={option.supply[n] ?? null} suppliers={suppliers} rates={rates} />
				))}
				{rows < SUPPLY_ROWS ? (
					<button type="button" className="button ghost small" onClick={() => setRows(rows + 1)}>
						Add a backup supplier
					</button>
				) : null}
				{refusal ? <ErrorAlert message={refusal.message} /> : null}
				<p>
					<button type="submit" className="button primary small" disabled={busy}>
						Save {option.label}’s suppliers
					</button>
				</p>
			</div>
		</Form>
	)
}

function SupplyChoice({ prefix, position, saved, suppliers, rates }: { prefix: string; position: number; saved: SupplyOption['supply'][number] | null; suppliers: Choice[]; rates: Rates }) {
	const [supplierId, setSupplierId] = useState(saved ? String(saved.supplierId) : '')
	const [productId, setProductId] = useState(saved?.supplierProductId ?? '')
	const [picked, setPicked] = useState<string | null>(null)
	const [query, setQuery] = useState('')
	const search = useFetcher<SearchAnswer>()
	const id = `${prefix}-${position}`
	const results = search.data?.products ?? null
	const refused = search.data?.error ?? null
	const find = () => {
		if (!supplierId || query.trim().length < 3) return
		void search.load(`/api/admin/suppliers/${supplierId}/products?q=${encodeURIComponent(query.trim())}`)
	}
	return (
		<fieldset className="supply-choice field">
			<legend>{position === 0 ? 'First choice' : `Backup ${position}`}</legend>
			<div className="field">
				<label htmlFor={`${id}-supplier`}>Supplier</label>
				<select id={`${id}-supplier`} name={`supplier_${position}`} value={supplierId} onChange={(e) => setSupplierId(e.target.value)}>
					<option value="">None</option>
					{suppliers.map((s) => (
						<option key={s.id} value={s.id}>
							{s.name}
						</option>
					))}
				</select>
			</div>
			<div className="field">
				<label htmlFor={`${id}-product`}>Supplier’s product id</label>
				<input id={`${id}-product`} name={`product_${position}`} value={productId} onChange={(e) => setProductId(e.target.value)} maxLength={SUPPLIER_LIMITS.productId} spellCheck={false} autoComplete="off" />
				{saved && saved.supplierProductId === productId ? (
					<p className="supply-cost">
						{saved.gone
							? `No longer sold there (checked ${saved.checkedOn}).`
							: saved.unitPriceCents != null
								? `${supplierMoneyText(saved.unitPriceCents, saved.currency)}${rupeesAt(saved.unitPriceCents, rupeesPerUnit(rates, saved.currency)) ? ` = ${rupeesAt(saved.unitPriceCents, rupeesPerUnit(rates, saved.currency))}` : ''} (checked ${saved.checkedOn})`
								: 'Its price is checked daily.'}
					</p>
				) : picked ? (
					<p className="supply-cost">{picked}</p>
				) : null}
			</div>
			{supplierId ? (
				<div className="field supply-picker">
					<label htmlFor={`${id}-search`}>Search its catalogue</label>
					<input
						id={`${id}-search`}
						type="search"
						value={query}
						onChange={(e) => setQuery(e.target.value)}
						onKeyDown={(e) => {
							if (e.key === 'Enter') {
								e.preventDefault()
								find()
							}
						}}
						maxLength={100}
						placeholder="3 letters or more"
						autoComplete="off"
					/>
					<button type="button" className="button ghost small" onClick={find} disabled={search.state !== 'idle' || query.trim().length < 3}>
						{search.state === 'idle' ? 'Search' : 'Searching…'}
					</button>
					{refused ? <ErrorAlert message={refused} /> : null}
					{results && results.length === 0 ? <p className="muted small">Nothing found by that name.</p> : null}
					{results && results.length > 0 ? (
						<ul className="supply-picker-results" aria-label="Products found">
							{results.map((p) => {
								const cost = `${supplierMoneyText(p.unitPriceCents, search.data?.currency ?? 'USD')}${p.costRupees != null ? ` = ${formatRs(p.costRupees)}` : ''}`
								return (
									<li key={p.productId}>
										<button
											type="button"
											className="button ghost small"
											onClick={() => {
												setProductId(p.productId)
												setPicked(`${p.name}: ${cost}, ${p.available} available`)
											}}
										>
											{p.name}: {cost} ({p.available} available)
										</button>
									</li>
								)
							})}
						</ul>
					) : null}
				</div>
			) : null}
		</fieldset>
	)
}
