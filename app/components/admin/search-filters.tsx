import { Form, Link } from 'react-router'
import type { z } from 'zod'
import { fieldLimits } from './field-limits'

type Options = readonly (readonly [value: string, text: string])[]

/** A labelled select of a console filter form, showing `value` chosen. */
export function FilterSelect({ id, name, label, value, options }: { id: string; name: string; label: string; value: string; options: Options }) {
	return (
		<div className="field">
			<label htmlFor={id}>{label}</label>
			<select id={id} name={name} defaultValue={value}>
				{options.map(([v, text]) => (
					<option key={v} value={v}>
						{text}
					</option>
				))}
			</select>
		</div>
	)
}

/** A console list's search: words (`q`) and which items to show (`show`), sent as a GET. */
export function SearchFilters({
	idPrefix,
	searchLabel,
	q,
	show,
	showOptions,
	schema,
}: {
	/** The fields' ids are `${idPrefix}-q` and `${idPrefix}-show`. */
	idPrefix: string
	searchLabel: string
	q: string
	show: string
	showOptions: Options
	/** The list's query schema: the search box's `maxLength` is its `q`'s. */
	schema: z.ZodObject
}) {
	return (
		<Form method="get" className="content-filters" role="search">
			<div className="field">
				<label htmlFor={`${idPrefix}-q`}>{searchLabel}</label>
				<input id={`${idPrefix}-q`} type="search" name="q" defaultValue={q} maxLength={fieldLimits(schema).q?.maxLength} />
			</div>
			<FilterSelect id={`${idPrefix}-show`} name="show" label="Show" value={show} options={showOptions} />
			<button type="submit" className="button ghost">
				Search
			</button>
		</Form>
	)
}

/** The end of the orders' and products' filter forms: Search, and Clear while the list is filtered. */
export function FilterActions({ clearTo }: { clearTo: string | null }) {
	return (
		<div className="staff-orders-filter-actions">
			<button type="submit" className="button primary small">
				Search
			</button>
			{clearTo ? (
				<Link to={clearTo} className="button ghost small">
					Clear
				</Link>
			) : null}
		</div>
	)
}
