import { Fragment, type Key, type ReactNode } from 'react'

/** One column of a console table: its header, each row's cell, and how a phone labels the cell. */
export type Column<Row> = {
	header: string
	cell: (row: Row) => ReactNode
	/** The cell's `data-label`, shown before it where rows stack on a phone: the header unless said; none for a hidden header or `false`. */
	label?: string | false
	/** The header is read by screen readers only (an actions or picture column). */
	srOnlyHeader?: boolean
	className?: string
}

/**
 * The console's one table (issue 22): `th scope=col` headers and `td data-label` cells, so that on a
 * phone each row stacks with its labels (`.stacked-table` in app.css), inside a `.table-scroll`.
 */
export function ConsoleTable<Row>({
	columns,
	rows,
	rowKey,
	rowClassName,
	className = 'stacked-table',
	scroll = true,
	footer,
	rowWrapper,
}: {
	columns: readonly Column<Row>[]
	rows: readonly Row[]
	rowKey: (row: Row, index: number) => Key
	rowClassName?: (row: Row) => string | undefined
	/** The table's class: `stacked-table` unless a page styles its own (the products' cards). */
	className?: string
	/** Inside a `.table-scroll` box (the default); off where the page's own CSS never lets the table overflow. */
	scroll?: boolean
	/** The table's `tfoot` rows (a total). */
	footer?: ReactNode
	/** Wraps each row (a provider its cells read, like a row's own form); renders no element of its own. */
	rowWrapper?: (row: Row, tr: ReactNode) => ReactNode
}) {
	const table = (
		<table className={className}>
			<thead>
				<tr>
					{columns.map((c) => (
						<th key={c.header} scope="col">
							{c.srOnlyHeader ? <span className="sr-only">{c.header}</span> : c.header}
						</th>
					))}
				</tr>
			</thead>
			<tbody>
				{rows.map((row, i) => {
					const tr = (
					<tr key={rowKey(row, i)} className={rowClassName?.(row)}>
						{columns.map((c) => {
							const label = c.label ?? (c.srOnlyHeader ? false : c.header)
							return (
								<td key={c.header} data-label={label === false ? undefined : label} className={c.className}>
									{c.cell(row)}
								</td>
							)
						})}
					</tr>
					)
					return rowWrapper ? <Fragment key={rowKey(row, i)}>{rowWrapper(row, tr)}</Fragment> : tr
				})}
			</tbody>
			{footer ? <tfoot>{footer}</tfoot> : null}
		</table>
	)
	return scroll ? <div className="table-scroll">{table}</div> : table
}
