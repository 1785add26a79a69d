import { useMemo, useState, type ReactNode } from 'react'
import { Form } from 'react-router'
import {
	BADGE_LABELS,
	CONTENT_PAGE_LABELS,
	KIND_LABELS,
	MAX_OPTION_ROWS,
	MAX_SPEC_ROWS,
	optionRowOrder,
	PLATFORM_LABELS,
	REVIEW_GROUP_LABELS,
	rowCount,
	TERMS_PAGE_LABELS,
	productFormErrors,
	type ProductFormValues,
} from '~/domain/catalogue/product-form'
import { fieldLimits, useCheckedForm } from '~/components/admin/console-form'
import { getFormProps } from '@conform-to/react'
import { createProductInput, MAX_VARIANTS, specificationInput, variantInput } from '~/domain/catalogue/product-input'
import { CATEGORIES, PRODUCT_BADGES, PRODUCT_KINDS } from '~/domain/catalogue/types'
import { useHydrated } from '~/utils/use-hydrated'

// The longest each box takes, from the schemas the server checks the product with (nowhere else).
const LIMITS = { product: fieldLimits(createProductInput), variant: fieldLimits(variantInput), specification: fieldLimits(specificationInput) }

export const PRODUCT_FORM_ID = 'product-form'

type Errors = Record<string, string>

/**
 * The product form, new or saved: every field a product has, its options as a table of rows and its
 * specifications as name/value rows. It works without scripts (blank rows to add, a position number
 * to reorder); with them, rows move up and down and more rows can be added.
 */
export function ProductEditor({ values, errors: refused, intent, submitLabel, busy }: { values: ProductFormValues; errors: Errors; intent?: string; submitLabel: string; busy: boolean }) {
	const hydrated = useHydrated()
	// Checked before it is sent with what the action reads it with (`readProductForm`): each problem
	// beside its field, the action's refusal too; without scripts, the server's alone.
	const answer = useMemo(() => (Object.keys(refused).length ? { ok: false, message: '', fieldErrors: refused, values } : null), [refused, values])
	const { form, errors: checked } = useCheckedForm({ id: PRODUCT_FORM_ID, answer, check: productFormErrors })
	const errors = hydrated ? checked : refused
	const [options, setOptions] = useState(() => optionRowOrder(values))
	const [specRows, setSpecRows] = useState(() => rowCount(values, 'specifications'))
	const field = { values, errors }
	const move = (from: number, to: number) =>
		setOptions((order) => {
			const next = [...order]
			const [row] = next.splice(from, 1)
			next.splice(to, 0, row!)
			return next
		})
	const reviewGroups = { ...REVIEW_GROUP_LABELS, ...(values.reviewGroup && !(values.reviewGroup in REVIEW_GROUP_LABELS) ? { [values.reviewGroup]: values.reviewGroup } : {}) }
	const save = (
		<button type="submit" className="button primary" name="intent" value={intent} disabled={busy}>
			{busy ? 'Saving…' : submitLabel}
		</button>
	)

	return (
		<Form method="post" className="product-form" {...getFormProps(form)} noValidate>
			<section className="settings-section" aria-labelledby="product-details-heading">
				<h2 id="product-details-heading">Product</h2>
				<div className="field-grid">
					<TextField {...field} name="name" label="Name" maxLength={LIMITS.product.name?.maxLength} rows={2} oneLine />
					<SelectField {...field} name="platform" label="Platform" options={CATEGORIES.map((c) => [c, PLATFORM_LABELS[c]])} />
					<SelectField {...field} name="kind" label="Kind" options={PRODUCT_KINDS.map((k) => [k, KIND_LABELS[k]])} />
					<TextField {...field} name="caption" label="Caption" maxLength={LIMITS.product.caption?.maxLength} rows={2} oneLine hint="One short line under the name on product cards, like “Instant delivery”." />
					<TextField {...field} name="description" label="Description" maxLength={LIMITS.product.description?.maxLength} rows={6} />
					<TextField {...field} name="nameUr" label="Urdu name (optional)" maxLength={LIMITS.product.nameUr?.maxLength} rows={2} oneLine dir="rtl" lang="ur" hint="Shown on the Urdu pages (/ur); empty: they show the English name." />
					<TextField {...field} name="captionUr" label="Urdu caption (optional)" maxLength={LIMITS.product.captionUr?.maxLength} rows={2} oneLine dir="rtl" lang="ur" hint="Shown under the name on the Urdu pages' cards; empty: they show the English caption." />
					<TextField {...field} name="descriptionUr" label="Urdu description (optional)" maxLength={LIMITS.product.descriptionUr?.maxLength} rows={6} dir="rtl" lang="ur" hint="Shown on the Urdu pages; empty: they show the English description." />
					<TextField {...field} name="features" label="Features" rows={5} hint="One per line, up to 20: the ticked list on the product page." />
					<TextField {...field} name="featuresUr" label="Urdu features (optional)" rows={5} dir="rtl" lang="ur" hint="One per line, shown on the Urdu pages; empty: they show the English features." />
					<SelectField {...field} name="badge" label="Badge" options={[['', 'None'], ...PRODUCT_BADGES.map((b) => [b, BADGE_LABELS[b]] as [string, string])]} />
					<TextField {...field} name="originalPrice" label="Original price (Rs.)" inputMode="numeric" hint="Shown struck through beside the price, for a sale. Empty for none." />
				</div>
			</section>

			<section className="settings-section" aria-labelledby="product-options-heading" id="options">
				<h2 id="product-options-heading">Options and prices</h2>
				<p className="muted small">
					What a buyer chooses, in this order, each with its own price in whole rupees. Fill <strong>Months</strong> for a duration or <strong>Value</strong> for a gift card’s amount, and the
					account type where private and shared differ. Months 0 or value 0 with price 0 is the custom entry quoted on WhatsApp. Empty rows are ignored; tick Hidden to stop selling an option
					(orders keep what they bought). <strong>Cost to you</strong> is what one costs the shop, in rupees or US dollars (converted at the rate on the Store details page): only the console
					sees it, for profit and repricing; empty for unknown.
				</p>
				<FieldError errors={errors} name="variants" />
				<input type="hidden" name="variants.rows" value={options.length} />
				<table className="option-table">
					<thead>
						<tr>
							<th scope="col">Order</th>
							<th scope="col">Label</th>
							<th scope="col">Months</th>
							<th scope="col">Value</th>
							<th scope="col">Account type</th>
							<th scope="col">Price (Rs.)</th>
							<th scope="col">Cost to you</th>
							<th scope="col">Hidden</th>
						</tr>
					</thead>
					{options.map((row, at) => (
						<OptionRow key={row} row={row} at={at} last={at === options.length - 1} hydrated={hydrated} move={move} {...field} />
					))}
				</table>
				{hydrated ? (
					<button type="button" className="button ghost small add-row" onClick={() => setOptions((o) => [...o, o.length])} disabled={options.length >= MAX_OPTION_ROWS}>
						Add option
					</button>
				) : null}
				<p className="muted small">At most {MAX_VARIANTS} options.</p>
			</section>

			<section className="settings-section" aria-labelledby="product-specs-heading" id="specifications">
				<h2 id="product-specs-heading">Specifications</h2>
				<p className="muted small">Name and value rows for the product page, like “Region: Global”. A row with only a value is shown as a line of its own. Empty rows are ignored.</p>
				<FieldError errors={errors} name="specifications" />
				<input type="hidden" name="specifications.rows" value={specRows} />
				<ol className="settings-rows spec-rows">
					{Array.from({ length: specRows }, (_, i) => (
						<li key={i} className="settings-row spec-row">
							<TextField {...field} name={`specifications.${i}.label`} label="Name" rowLabel={`specification ${i + 1}`} maxLength={LIMITS.specification.label?.maxLength} />
							<TextField {...field} name={`specifications.${i}.value`} label="Value" rowLabel={`specification ${i + 1}`} maxLength={LIMITS.specification.value?.maxLength} />
						</li>
					))}
				</ol>
				{hydrated ? (
					<button type="button" className="button ghost small add-row" onClick={() => setSpecRows((n) => n + 1)} disabled={specRows >= MAX_SPEC_ROWS}>
						Add specification
					</button>
				) : null}
			</section>

			<section className="settings-section" aria-labelledby="product-pages-heading">
				<h2 id="product-pages-heading">Terms, pages and reviews</h2>
				<div className="field-grid">
					<RadioField {...field} name="termsPage" label="Terms before buying" hint="A purchase must accept these terms first: Buy Now goes to them, then to checkout." none="None: Buy Now goes straight to checkout" options={TERMS_PAGE_LABELS} />
					<RadioField {...field} name="contentPage" label="Included games or content page" hint="The product page links to it." none="None" options={CONTENT_PAGE_LABELS} />
					<RadioField {...field} name="reviewGroup" label="Reviews" hint="Products of one group show each other’s reviews." none="Its own reviews only" options={reviewGroups} />
				</div>
			</section>

			<section className="settings-section" aria-labelledby="product-shop-heading">
				<h2 id="product-shop-heading">In the shop</h2>
				<div className="field-grid">
					<CheckField {...field} name="visible" label="Visible in the shop" hint="Hidden products stay here and in past orders; buyers cannot find or buy them." />
					<CheckField {...field} name="featured" label="Featured on the home page" />
					<CheckField {...field} name="hasDuration" label="DM orders run for a number of days" hint="A subscription sold over direct messages: its order counts down the days and emails a reminder before the end (the Game Pass products)." />
					<TextField {...field} name="claimDays" label="Days to report a unit that does not work" inputMode="numeric" hint="After delivery, a buyer may report a code or account that does not work for this many days (a screenshot and a sentence; it waits under Claims). 0: no reports." />
					<CheckField {...field} name="autoReplace" label="Replace reported units from stock automatically" hint="Once per order: a report is answered at once with another unit of the same option while stock has one; otherwise it waits under Claims." />
					<TextField {...field} name="returnDays" label="Returns (days)" inputMode="numeric" hint="Days after delivery a buyer may return a code from stock they never opened, for store credit of what they paid. Empty or 0: no returns." />
					<TextField {...field} name="sortOrder" label="Sort order" inputMode="numeric" hint="Lower numbers come first in the shop; equal numbers keep the order they were added in." />
				</div>
				{save}
			</section>
		</Form>
	)
}

function OptionRow({
	row,
	at,
	last,
	hydrated,
	move,
	values,
	errors,
}: {
	row: number
	at: number
	last: boolean
	hydrated: boolean
	move: (from: number, to: number) => void
	values: ProductFormValues
	errors: Errors
}) {
	const name = (f: string) => `variants.${row}.${f}`
	const which = `option ${at + 1}`
	const field = { values, errors, rowLabel: which }
	const rowError = errors[`variants.${row}`]
	return (
		<tbody className="option-row">
			<tr>
				<td className="option-cell-order">
					<input type="hidden" name={name('id')} value={values[name('id')] ?? ''} />
					{hydrated ? (
						<>
							<input type="hidden" name={name('position')} value={at + 1} />
							<span className="option-number" aria-hidden="true">
								{at + 1}
							</span>
							<span className="option-move">
								<button type="button" className="button ghost small" onClick={() => move(at, at - 1)} disabled={at === 0} aria-label={`Move ${which} up`}>
									↑
								</button>
								<button type="button" className="button ghost small" onClick={() => move(at, at + 1)} disabled={last} aria-label={`Move ${which} down`}>
									↓
								</button>
							</span>
						</>
					) : (
						<CellInput {...field} name={name('position')} label="Position" inputMode="numeric" fallback={String(row + 1)} />
					)}
				</td>
				<td className="option-cell-label">
					<CellInput {...field} name={name('label')} label="Label" maxLength={LIMITS.variant.label?.maxLength} placeholder="e.g. 1 Month" />
				</td>
				<td className="option-cell-months">
					<CellInput {...field} name={name('months')} label="Months" inputMode="numeric" />
				</td>
				<td className="option-cell-value">
					<CellInput {...field} name={name('value')} label="Value" inputMode="numeric" />
				</td>
				<td className="option-cell-account">
					<label className="cell-label" htmlFor={idOf(name('accountType'))}>
						Account type<span className="sr-only">, {which}</span>
					</label>
					<select id={idOf(name('accountType'))} name={name('accountType')} defaultValue={values[name('accountType')] ?? ''} {...described(name('accountType'), errors)}>
						<option value="">—</option>
						<option value="private">Private</option>
						<option value="shared">Shared</option>
					</select>
					<FieldError errors={errors} name={name('accountType')} />
				</td>
				<td className="option-cell-price">
					<CellInput {...field} name={name('price')} label="Price (Rs.)" inputMode="numeric" />
				</td>
				<td className="option-cell-cost">
					<label className="cell-label" htmlFor={idOf(name('costAmount'))}>
						Cost to you<span className="sr-only">, {which}</span>
					</label>
					<span className="option-cost">
						<input type="text" id={idOf(name('costAmount'))} name={name('costAmount')} defaultValue={values[name('costAmount')] ?? ''} autoComplete="off" inputMode="decimal" placeholder="—" {...described(name('costAmount'), errors)} />
						<select name={name('costCurrency')} defaultValue={values[name('costCurrency')] || 'PKR'} aria-label={`Currency of the cost, ${which}`}>
							<option value="PKR">Rs.</option>
							<option value="USD">US$</option>
						</select>
					</span>
					<FieldError errors={errors} name={name('costAmount')} />
				</td>
				<td className="option-cell-hidden">
					<label className="option-hidden">
						<input type="checkbox" name={name('hidden')} value="1" defaultChecked={Boolean(values[name('hidden')])} />
						<span>
							Hidden<span className="sr-only">, {which}</span>
						</span>
					</label>
				</td>
			</tr>
			{rowError ? (
				<tr>
					<td colSpan={8} className="option-row-error">
						<FieldError errors={errors} name={`variants.${row}`} />
					</td>
				</tr>
			) : null}
		</tbody>
	)
}

const idOf = (name: string) => `pf-${name.replace(/\./g, '-')}`

/** A field's hint, under its label; the field names it with `aria-describedby` (`described`). */
function FieldHint({ name, hint }: { name: string; hint?: string }) {
	return hint ? (
		<p className="field-hint" id={`${idOf(name)}-hint`}>
			{hint}
		</p>
	) : null
}

/** Where a refused field is, and the row it is in (“Option 3: ”), for the summary's link. */
function placeOf(name: string, optionOrder: number[]): { row: string; href: string } {
	const [list, row, field] = name.split('.')
	if (list === 'variants' && row !== undefined) return { row: `Option ${optionOrder.indexOf(Number(row)) + 1}: `, href: `#${idOf(field ? name : `${name}.label`)}` }
	if (list === 'specifications' && row !== undefined) return { row: `Specification ${Number(row) + 1}: `, href: `#${idOf(name)}` }
	if (name === 'variants') return { row: '', href: '#options' }
	if (name === 'specifications') return { row: '', href: '#specifications' }
	return { row: '', href: `#${idOf(name)}` }
}

/** Every refused field as a link to it, above the form (the field says it again where it is). */
export function ProductErrorSummary({ errors, values }: { errors: Errors; values: ProductFormValues }) {
	const entries = Object.entries(errors)
	const order = optionRowOrder(values)
	return (
		<div className="error-box" role="alert">
			<p>{entries.length === 1 ? 'Nothing was saved. Please fix this field:' : `Nothing was saved. Please fix these ${entries.length} fields:`}</p>
			<ul>
				{entries.map(([name, message]) => {
					const place = placeOf(name, order)
					return (
						<li key={name}>
							<a href={place.href}>
								{place.row}
								{message}
							</a>
						</li>
					)
				})}
			</ul>
		</div>
	)
}

function FieldError({ errors, name }: { errors: Errors; name: string }) {
	return errors[name] ? (
		<p className="field-error" id={`${idOf(name)}-error`}>
			{errors[name]}
		</p>
	) : null
}

const described = (name: string, errors: Errors, hint?: string) => {
	const id = idOf(name)
	const ids = [hint ? `${id}-hint` : null, errors[name] ? `${id}-error` : null].filter(Boolean)
	return { 'aria-invalid': errors[name] ? true : undefined, 'aria-describedby': ids.length ? ids.join(' ') : undefined }
}

interface FieldProps {
	name: string
	label: string
	values: ProductFormValues
	errors: Errors
	hint?: string
	/** A list row's field: its label names the row for screen readers (“Price, option 2”). */
	rowLabel?: string
}

function Labelled({ name, label, hint, rowLabel, errors, className, children }: Omit<FieldProps, 'values'> & { className?: string; children: ReactNode }) {
	return (
		<div className={`field ${className ?? ''}`}>
			<label htmlFor={idOf(name)}>
				{label}
				{rowLabel ? <span className="sr-only">, {rowLabel}</span> : null}
			</label>
			<FieldHint name={name} hint={hint} />
			{children}
			<FieldError errors={errors} name={name} />
		</div>
	)
}

/** A text field; `rows` makes it a box that wraps, also for one-line texts (`oneLine`) too long to read in a phone-wide input. */
function TextField({ rows, oneLine, maxLength, inputMode, dir, lang, ...props }: FieldProps & { rows?: number; oneLine?: boolean; maxLength?: number; inputMode?: 'numeric'; dir?: 'rtl'; lang?: string }) {
	const common = { id: idOf(props.name), name: props.name, defaultValue: props.values[props.name] ?? '', maxLength, dir, lang, ...described(props.name, props.errors, props.hint) }
	return (
		<Labelled {...props} className={rows ? 'field-wide' : undefined}>
			{rows ? <textarea {...common} rows={rows} className={oneLine ? 'one-line' : undefined} /> : <input type="text" {...common} inputMode={inputMode} autoComplete="off" />}
		</Labelled>
	)
}

function SelectField({ options, ...props }: FieldProps & { options: readonly (readonly [string, string])[] }) {
	return (
		<Labelled {...props}>
			<select id={idOf(props.name)} name={props.name} defaultValue={props.values[props.name] ?? ''} {...described(props.name, props.errors, props.hint)}>
				{options.map(([value, text]) => (
					<option key={value} value={value}>
						{text}
					</option>
				))}
			</select>
		</Labelled>
	)
}

function CheckField({ name, label, hint, values, errors }: FieldProps) {
	return (
		<div className="field check-field">
			<label className="checkbox-label" htmlFor={idOf(name)}>
				<input type="checkbox" id={idOf(name)} name={name} value="1" defaultChecked={Boolean(values[name])} {...described(name, errors, hint)} />
				{label}
			</label>
			<FieldHint name={name} hint={hint} />
			<FieldError errors={errors} name={name} />
		</div>
	)
}

/** One choice of a few, each said in full (a select would cut the longer ones off on a phone): first `none` (the value ''), then `options` by value. */
function RadioField({ name, label, hint, values, errors, none, options }: FieldProps & { none: string; options: Record<string, string> }) {
	const chosen = values[name] ?? ''
	return (
		<fieldset className="field field-wide radio-field" id={idOf(name)} aria-describedby={described(name, errors, hint)['aria-describedby']}>
			<legend>{label}</legend>
			<FieldHint name={name} hint={hint} />
			<div className="radio-list">
				{[['', none], ...Object.entries(options)].map(([value, text]) => (
					<label key={value} className="radio-option">
						<input type="radio" name={name} value={value} defaultChecked={chosen === value} />
						<span>{text}</span>
					</label>
				))}
			</div>
			<FieldError errors={errors} name={name} />
		</fieldset>
	)
}

/** A table cell's field: its label is shown on a phone, where each option is a card, and read out on wider screens under the column heading. */
function CellInput({ name, label, values, errors, rowLabel, fallback = '', ...input }: FieldProps & { fallback?: string; inputMode?: 'numeric'; maxLength?: number; placeholder?: string }) {
	return (
		<>
			<label className="cell-label" htmlFor={idOf(name)}>
				{label}
				<span className="sr-only">, {rowLabel}</span>
			</label>
			<input type="text" id={idOf(name)} name={name} defaultValue={values[name] ?? fallback} autoComplete="off" {...input} {...described(name, errors)} />
			<FieldError errors={errors} name={name} />
		</>
	)
}
