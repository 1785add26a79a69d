import { Form, Link, data } from 'react-router'
import { ConsoleTable } from '~/components/admin/console-table'
import { ErrorAlert } from '~/components/ui/error-alert'
import { db } from '~/db/client.server'
import { filtersQueryString, type OrderListFilters } from '~/domain/orders/order-list-query'
import { bucketLabel, CHART_SIZES, shortRupees, type ChartSize } from '~/domain/reports/report-chart-labels'
import { barChart, seriesChart } from '~/domain/reports/report-charts.server'
import { PRESET_LABELS, readReportRange, REPORT_PRESETS } from '~/domain/reports/report-range'
import { reportTable, type ReportPart, type ReportTable } from '~/domain/reports/report-tables'
import { salesReport, type ReportTotals } from '~/domain/reports/sales-report.server'
import { staffActor } from '~/domain/staff/audit.server'
import { requireStaff } from '~/http/staff-auth.server'
import { formatRs } from '~/utils/money'
import { FIRST_YEAR, LAST_YEAR } from '~/utils/pakistan-time'
import { pageMeta } from '~/utils/seo'
import reportsStyles from '~/styles/console-reports.css?url'
import type { Route } from './+types/reports'

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: reportsStyles }]

export const meta: Route.MetaFunction = ({ matches }) =>
	pageMeta(matches, {
		title: 'Reports',
		description: 'Sales, refunds, costs and profit for a range of days.',
		extra: [{ name: 'robots', content: 'noindex' }],
	})

// The sales reports (issue 24, ADR-031): a plain GET form picks the days; every chart is SVG drawn
// from geometry the loader computed, each with its numbers as a table and a CSV of them.
export async function loader({ request }: Route.LoaderArgs) {
	const staff = await requireStaff(request, { permission: 'reports' })
	const params = new URL(request.url).searchParams
	const asked = {
		range: params.get('range') ?? '',
		from: params.get('from') ?? '',
		to: params.get('to') ?? '',
		by: params.get('by') ?? '',
	}
	const read = readReportRange(asked)
	// A range the shop cannot answer: the page with the form and the sentence, as a 400.
	if (!read.ok) return data({ asked, error: read.message, view: null }, { status: 400 })
	const report = await salesReport(db(), staffActor(staff), read.range)
	const tables = Object.fromEntries((['totals', 'series', 'products', 'platforms', 'methods', 'funnel', 'delivery', 'customers'] as const).map((part) => [part, reportTable(report, part)])) as Record<
		ReportPart,
		ReportTable
	>
	return {
		asked,
		error: null,
		view: {
			report,
			tables,
			charts: {
				narrow: seriesChart(report, 'narrow'),
				wide: seriesChart(report, 'wide'),
			},
			methods: barChart(
				report.byPaymentMethod.map((m) => ({
					label: m.label,
					value: m.revenue,
				})),
			),
			platforms: barChart(report.byPlatform.map((m) => ({ label: m.label, value: m.revenue }))),
			preset: read.range.preset,
			/** The query string of what is shown (for the CSV links). */
			query: new URLSearchParams({
				from: read.range.from,
				to: read.range.to,
				by: read.range.bucket,
			}).toString(),
		},
	}
}

/** The shop's years, as the date boxes' bounds. */
const DAY_MIN = `${FIRST_YEAR}-01-01`
const DAY_MAX = `${LAST_YEAR}-12-31`

type Loaded = Route.ComponentProps['loaderData']
type View = NonNullable<Loaded['view']>

const ordersLink = (filters: Partial<OrderListFilters>) => `/admin-dashboard${filtersQueryString({ q: '', status: '', fulfillment: '', ...filters })}`

/** '+12%' against the previous period; 'new' when it had none. */
function change(now: number, before: number): { text: string; direction: 'up' | 'down' | 'same' } {
	if (now === before) return { text: 'no change', direction: 'same' }
	if (before === 0)
		return {
			text: now > 0 ? 'new' : 'down from 0',
			direction: now > 0 ? 'up' : 'down',
		}
	const pct = Math.round(((now - before) / Math.abs(before)) * 100)
	return {
		text: `${pct > 0 ? '+' : ''}${pct}%`,
		direction: now > before ? 'up' : 'down',
	}
}

const days = (from: string, to: string) => (from === to ? bucketLabel(from, 'day') : `${bucketLabel(from, 'day')} – ${bucketLabel(to, 'day')} ${to.slice(0, 4)}`)

export default function Reports({ loaderData }: Route.ComponentProps) {
	const { asked, error, view } = loaderData
	return (
		<div className="staff-content staff-reports">
			<h1>Reports</h1>
			<p className="muted">Pakistan time. Test payments are left out. Every figure links to its orders.</p>
			<RangeForm asked={asked} view={view} />
			<ErrorAlert message={error} />
			{view ? <ReportBody view={view} /> : null}
		</div>
	)
}

function RangeForm({ asked, view }: { asked: Loaded['asked']; view: View | null }) {
	const range = view?.report.range
	return (
		<section aria-labelledby="range-heading" className="report-range">
			<h2 id="range-heading" className="sr-only">
				Days shown
			</h2>
			<nav aria-label="Quick ranges" className="report-presets">
				{REPORT_PRESETS.map((p) => (
					<Link key={p} to={`?range=${p}`} className={`button ghost small${view?.preset === p ? ' active' : ''}`} aria-current={view?.preset === p ? 'true' : undefined}>
						{PRESET_LABELS[p]}
					</Link>
				))}
			</nav>
			<Form method="get" className="report-custom">
				<div className="field">
					<label htmlFor="report-from">From</label>
					<input id="report-from" name="from" type="date" min={DAY_MIN} max={DAY_MAX} defaultValue={range?.from ?? asked.from} required />
				</div>
				<div className="field">
					<label htmlFor="report-to">To</label>
					<input id="report-to" name="to" type="date" min={DAY_MIN} max={DAY_MAX} defaultValue={range?.to ?? asked.to} required />
				</div>
				<div className="field">
					<label htmlFor="report-by">Group by</label>
					<select id="report-by" name="by" defaultValue={asked.by}>
						<option value="">Automatic</option>
						<option value="day">Day</option>
						<option value="week">Week</option>
						<option value="month">Month</option>
					</select>
				</div>
				<button type="submit" className="button primary small">
					Show
				</button>
			</Form>
		</section>
	)
}

/** Products listed on the page; the CSV has them all (up to the report's limit). */
const PRODUCTS_SHOWN = 20

const TOTALS: {
	key: keyof ReportTotals
	label: string
	money: boolean
	link: 'paid' | 'refunded'
}[] = [
	{ key: 'revenue', label: 'Revenue', money: true, link: 'paid' },
	{ key: 'refunds', label: 'Refunds', money: true, link: 'refunded' },
	{ key: 'net', label: 'Net', money: true, link: 'paid' },
	{ key: 'cost', label: 'Cost', money: true, link: 'paid' },
	{ key: 'profit', label: 'Profit', money: true, link: 'paid' },
	{ key: 'orders', label: 'Orders', money: false, link: 'paid' },
	{ key: 'averageOrder', label: 'Average order', money: true, link: 'paid' },
	{ key: 'discounts', label: 'Discount given', money: true, link: 'paid' },
	{ key: 'creditIssued', label: 'Store credit issued', money: true, link: 'refunded' },
	{ key: 'creditSpent', label: 'Store credit spent', money: true, link: 'paid' },
]

function ReportBody({ view }: { view: View }) {
	const { report, tables, query } = view
	const { from, to } = report.range
	const paid = { paidFrom: from, paidTo: to }
	const placed = { placedFrom: from, placedTo: to }
	return (
		<>
			<section aria-labelledby="totals-heading" className="report-section">
				<h2 id="totals-heading">
					{days(from, to)} <span className="muted report-compare">vs {days(report.previous.from, report.previous.to)}</span>
				</h2>
				<ul className="report-totals">
					{TOTALS.map((t) => {
						const now = report.totals[t.key]
						const before = report.previousTotals[t.key]
						const c = change(now, before)
						// Refunds and cost going up is bad news; everything else going up is good.
						const good = t.key === 'refunds' || t.key === 'cost' ? c.direction === 'down' : c.direction === 'up'
						return (
							<li key={t.key} className="report-total">
								<span className="report-total-label">{t.label}</span>
								<Link
									className="report-total-value"
									to={ordersLink(t.link === 'refunded' ? { refundedFrom: from, refundedTo: to } : paid)}
									aria-label={`${t.label} ${t.money ? formatRs(now) : now}: see the orders`}
								>
									{t.money ? formatRs(now) : now.toLocaleString('en-US')}
								</Link>
								<span className={`report-change ${c.direction === 'same' ? '' : good ? 'good' : 'bad'}`}>
									{c.text} <span className="muted">(was {t.money ? formatRs(before) : before.toLocaleString('en-US')})</span>
								</span>
							</li>
						)
					})}
				</ul>
				{report.totals.ordersWithoutCost > 0 ? (
					<p className="muted small">
						{report.totals.ordersWithoutCost === 1 ? '1 paid order had' : `${report.totals.ordersWithoutCost} paid orders had`} an option without a cost: counted as costing nothing.
					</p>
				) : null}
				<Numbers table={tables.totals} part="totals" query={query} />
			</section>

			<section aria-labelledby="series-heading" className="report-section">
				<h2 id="series-heading">Sales by {report.range.bucket}</h2>
				<SeriesChart view={view} />
				<Numbers table={tables.series} part="series" query={query} />
			</section>

			<div className="report-pair">
				<section aria-labelledby="methods-heading" className="report-section">
					<h2 id="methods-heading">By payment method</h2>
					<Bars
						bars={view.methods.bars}
						links={report.byPaymentMethod.map((m) => ordersLink({ ...paid, method: m.key }))}
						notes={report.byPaymentMethod.map((m) => `${m.orders.toLocaleString('en-US')} ${m.orders === 1 ? 'order' : 'orders'}`)}
						empty="No paid orders."
					/>
					<Numbers table={tables.methods} part="methods" query={query} />
				</section>
				<section aria-labelledby="platforms-heading" className="report-section">
					<h2 id="platforms-heading">By platform</h2>
					<Bars
						bars={view.platforms.bars}
						links={report.byPlatform.map((p) => (p.key === 'other' ? ordersLink(paid) : ordersLink({ ...paid, platform: p.key })))}
						notes={report.byPlatform.map((p) => `${p.units.toLocaleString('en-US')} ${p.units === 1 ? 'unit' : 'units'}`)}
						empty="No paid orders."
					/>
					<Numbers table={tables.platforms} part="platforms" query={query} />
				</section>
			</div>

			<section aria-labelledby="funnel-heading" className="report-section">
				<h2 id="funnel-heading">From placed to delivered</h2>
				<p className="muted small">Orders placed in the period, and what became of them so far.</p>
				<ConsoleTable
					className="stacked-table report-table"
					rows={report.funnel.byMethod}
					rowKey={(r) => r.method}
					columns={[
						{ header: 'Payment method', cell: (r) => r.label },
						{
							header: 'Placed',
							cell: (r) => <Link to={ordersLink({ ...placed, method: r.method })}>{r.placed.toLocaleString('en-US')}</Link>,
						},
						{ header: 'Paid', cell: (r) => r.paid.toLocaleString('en-US') },
						{
							header: 'Share paid',
							cell: (r) => (r.paidShare == null ? '—' : `${Math.round(r.paidShare * 100)}%`),
						},
						{
							header: 'Delivered',
							cell: (r) => r.delivered.toLocaleString('en-US'),
						},
						{
							header: 'Expired unpaid',
							cell: (r) => (
								<Link
									to={ordersLink({
										...placed,
										method: r.method,
										status: 'expired',
									})}
								>
									{r.expired.toLocaleString('en-US')}
								</Link>
							),
						},
					]}
					footer={
						<tr>
							<th scope="row">All</th>
							<td data-label="Placed">
								<Link to={ordersLink(placed)}>{report.funnel.placed.toLocaleString('en-US')}</Link>
							</td>
							<td data-label="Paid">{report.funnel.paid.toLocaleString('en-US')}</td>
							<td data-label="Share paid">{report.funnel.placed ? `${Math.round((report.funnel.paid / report.funnel.placed) * 100)}%` : '—'}</td>
							<td data-label="Delivered">{report.funnel.delivered.toLocaleString('en-US')}</td>
							<td data-label="Expired unpaid">
								<Link to={ordersLink({ ...placed, status: 'expired' })}>{report.funnel.expired.toLocaleString('en-US')}</Link>
							</td>
						</tr>
					}
				/>
				<CsvLink part="funnel" query={query} />
			</section>

			<section aria-labelledby="delivery-heading" className="report-section">
				<h2 id="delivery-heading">Paid to delivered</h2>
				<ul className="report-delivery">
					{report.deliveryTimes.map((d) => (
						<li key={d.how}>
							<strong>{d.how === 'stock' ? 'From stock' : 'By hand'}</strong>{' '}
							{d.orders ? (
								<>
									median {duration(d.medianSeconds)}, 9 in 10 within {duration(d.p90Seconds)}{' '}
									<span className="muted">
										({d.orders.toLocaleString('en-US')} {d.orders === 1 ? 'order' : 'orders'})
									</span>
								</>
							) : (
								<span className="muted">no order delivered</span>
							)}
						</li>
					))}
				</ul>
				<p className="muted small">Read from each day's counts in steps 5 % wide (whole seconds under 20 s): a time shown may be up to 5 % off.</p>
				<CsvLink part="delivery" query={query} />
			</section>

			<section aria-labelledby="products-heading" className="report-section">
				<h2 id="products-heading">By product and option</h2>
				{report.byProduct.length === 0 ? (
					<p className="muted">Nothing sold.</p>
				) : (
					<ConsoleTable
						className="stacked-table report-table"
						rows={report.byProduct.slice(0, PRODUCTS_SHOWN)}
						rowKey={(r) => `${r.productId}-${r.variantId}`}
						columns={[
							{
								header: 'Product',
								cell: (r) => (r.productId ? <Link to={ordersLink({ ...paid, product: r.productId })}>{r.name}</Link> : r.name),
							},
							{
								header: 'Option',
								cell: (r) => r.option ?? <span className="muted">—</span>,
							},
							{ header: 'Units', cell: (r) => r.units.toLocaleString('en-US') },
							{ header: 'Revenue', cell: (r) => formatRs(r.revenue) },
							{ header: 'Discount', cell: (r) => formatRs(r.discount) },
							{ header: 'Cost', cell: (r) => formatRs(r.cost) },
						]}
					/>
				)}
				{report.byProduct.length > PRODUCTS_SHOWN ? (
					<p className="muted small">
						The {PRODUCTS_SHOWN} that earned most of {report.byProduct.length}; the CSV has them all.
					</p>
				) : null}
				<CsvLink part="products" query={query} />
			</section>

			<section aria-labelledby="customers-heading" className="report-section">
				<h2 id="customers-heading">Top customers</h2>
				{report.topCustomers.length === 0 ? (
					<p className="muted">No paid orders.</p>
				) : (
					<ConsoleTable
						className="stacked-table report-table"
						rows={report.topCustomers}
						rowKey={(r) => r.email}
						columns={[
							{
								header: 'Email',
								cell: (r) => <Link to={ordersLink({ ...paid, q: r.email })}>{r.email}</Link>,
								className: 'report-email',
							},
							{
								header: 'Orders',
								cell: (r) => r.orders.toLocaleString('en-US'),
							},
							{ header: 'Spent', cell: (r) => formatRs(r.revenue) },
							{ header: 'Refunded', cell: (r) => formatRs(r.refunds) },
						]}
					/>
				)}
				<CsvLink part="customers" query={query} />
			</section>
		</>
	)
}

function duration(seconds: number | null): string {
	if (seconds == null) return '—'
	if (seconds < 60) return `${seconds} s`
	if (seconds < 3600) return `${Math.round(seconds / 60)} min`
	if (seconds < 172_800) return `${Math.round((seconds / 3600) * 10) / 10} h`
	return `${Math.round(seconds / 86_400)} days`
}

function SeriesChart({ view }: { view: View }) {
	const { report } = view
	return (
		<figure className="report-chart">
			{(['narrow', 'wide'] as const).map((size) => (
				<SeriesSvg key={size} view={view} size={size} />
			))}
			<figcaption className="report-legend">
				<span className="report-key report-key-bar" aria-hidden="true" /> Revenue <span className="report-key report-key-line" aria-hidden="true" /> Profit (after refunds)
				<span className="sr-only">{`, by ${report.range.bucket}. The numbers are in the table below.`}</span>
			</figcaption>
		</figure>
	)
}

/** One drawing; CSS shows the narrow one on phones and the wide one from 720 px (the other is display: none, so read once). */
function SeriesSvg({ view, size }: { view: View; size: ChartSize }) {
	const { report } = view
	const chart = view.charts[size]
	const { width, height, left, right } = CHART_SIZES[size]
	const total = report.totals
	return (
		<svg viewBox={`0 0 ${width} ${height}`} role="img" aria-labelledby={`series-title-${size}`} className={`report-svg-${size}`}>
			<title id={`series-title-${size}`}>{`Revenue (bars) and profit (line) by ${report.range.bucket}: revenue ${formatRs(total.revenue)}, profit ${formatRs(total.profit)} in all.`}</title>
			{chart.yTicks.map((t) => (
				<g key={t.value}>
					<line x1={left} x2={width - right} y1={t.y} y2={t.y} className="report-grid" />
					<text x={left - 6} y={t.y} dy="0.32em" textAnchor="end" className="report-axis">
						{shortRupees(t.value)}
					</text>
				</g>
			))}
			{chart.bars.map((b) => (
				<rect key={b.date} x={b.x} y={b.y} width={b.width} height={Math.max(b.revenue > 0 ? 1 : 0, b.height)} className="report-bar" rx={b.width > 6 ? 2 : 0} />
			))}
			<line x1={left} x2={width - right} y1={chart.zeroY} y2={chart.zeroY} className="report-zero" />
			{chart.profitPath ? <path d={chart.profitPath} className="report-line" /> : null}
			{chart.profitDots.map((d) => (
				<circle key={d.date} cx={d.x} cy={d.y} r={chart.profitDots.length === 1 ? 7 : 4} className="report-dot" />
			))}
			{chart.xLabels.map((l) => (
				<text key={l.text + l.x} x={l.x} y={height - 8} textAnchor="middle" className="report-axis">
					{l.text}
				</text>
			))}
		</svg>
	)
}

function Bars({ bars, links, notes, empty }: { bars: View['methods']['bars']; links: string[]; notes: string[]; empty: string }) {
	if (!bars.length) return <p className="muted">{empty}</p>
	return (
		<ul className="report-bars">
			{bars.map((b, i) => (
				<li key={b.label}>
					<div className="report-bar-text">
						<Link to={links[i]!}>{b.label}</Link>
						<span>
							{formatRs(b.value)}{' '}
							<span className="muted">
								· {Math.round(b.share * 100)}% · {notes[i]}
							</span>
						</span>
					</div>
					<div className="report-bar-track" aria-hidden="true">
						<div className="report-bar-fill" style={{ width: `${b.width}%` }} />
					</div>
				</li>
			))}
		</ul>
	)
}

function CsvLink({ part, query }: { part: ReportPart; query: string }) {
	return (
		<p className="report-csv">
			<a href={`/admin/reports.csv?${query}&part=${part}`} download>
				Download as CSV
			</a>
		</p>
	)
}

/** A chart's numbers as a table, folded away (screen readers and anyone may open it), and its CSV. */
function Numbers({ table, part, query }: { table: ReportTable; part: ReportPart; query: string }) {
	return (
		<>
			<details className="report-numbers">
				<summary>The numbers: {table.title.toLowerCase()}</summary>
				<ConsoleTable
					className="stacked-table report-table"
					rows={table.rows}
					rowKey={(_, i) => i}
					columns={table.headers.map((h, c) => ({
						header: h,
						cell: (r: ReportTable['rows'][number]) => (r[c] == null ? '—' : typeof r[c] === 'number' ? (r[c] as number).toLocaleString('en-US') : r[c]),
					}))}
				/>
			</details>
			<CsvLink part={part} query={query} />
		</>
	)
}
