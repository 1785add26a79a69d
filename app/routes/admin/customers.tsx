import { Form, Link } from 'react-router'
import { ConsoleTable, type Column } from '~/components/admin/console-table'
import { FilterSelect } from '~/components/admin/search-filters'
import { fieldLimits } from '~/components/admin/field-limits'
import { db } from '~/db/client.server'
import { CUSTOMER_SORT_LABELS, CUSTOMER_SORTS, customerListQuery, formatPhone, type CustomerListQuery, type CustomerView } from '~/domain/customers/customers'
import { listCustomers } from '~/domain/customers/customers.server'
import { pageFailure } from '~/http/http.server'
import { requireStaff } from '~/http/staff-auth.server'
import { AppError } from '~/utils/app-error'
import { formatRs } from '~/utils/money'
import { formatPakistanDay } from '~/utils/pakistan-time'
import { pageMeta } from '~/utils/seo'
import customersStyles from '~/styles/console-customers.css?url'
import type { Route } from './+types/customers'

export const meta: Route.MetaFunction = ({ matches }) =>
	pageMeta(matches, { title: 'Customers', description: 'Every buyer: their orders, what they spent and their subscriptions.', extra: [{ name: 'robots', content: 'noindex' }] })

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: customersStyles }]

export async function loader({ request }: Route.LoaderArgs) {
	await requireStaff(request, { permission: 'staff' })
	const parsed = customerListQuery.safeParse(Object.fromEntries(new URL(request.url).searchParams))
	if (!parsed.success) throw pageFailure(new AppError('BAD_REQUEST', parsed.error.issues[0]!.message))
	return { query: parsed.data, list: await listCustomers(db(), parsed.data) }
}

const pageLink = (query: CustomerListQuery, page: number) => {
	const params = new URLSearchParams()
	if (query.q) params.set('q', query.q)
	if (query.sort !== 'spend') params.set('sort', query.sort)
	if (page > 1) params.set('page', String(page))
	const text = params.toString()
	return `/admin/customers${text ? `?${text}` : ''}`
}

const columns: Column<CustomerView>[] = [
	{
		header: 'Customer',
		className: 'customer-who',
		cell: (c) => (
			<>
				<Link to={`/admin/customers/${c.id}`} className="customer-email">
					{c.email}
				</Link>
				{c.name ? <span className="muted small customer-name">{c.name}</span> : null}
			</>
		),
	},
	{ header: 'Phones', cell: (c) => (c.phones.length ? c.phones.map((p) => <span key={p} className="customer-phone">{formatPhone(p)}</span>) : <span className="muted">None</span>) },
	{ header: 'Orders', className: 'num', cell: (c) => (c.paidOrders === c.orders ? c.orders : `${c.orders} (${c.paidOrders} paid)`) },
	{ header: 'Spent', className: 'num', cell: (c) => formatRs(c.totalSpent) },
	{ header: 'Refunds', className: 'num', cell: (c) => (c.refunds ? formatRs(c.refunds) : '—') },
	{ header: 'First order', cell: (c) => formatPakistanDay(c.firstOrderAt) },
	{ header: 'Last order', cell: (c) => formatPakistanDay(c.lastOrderAt) },
	{
		header: 'Subscriptions',
		// The soonest to end; the rest are on the buyer's page.
		cell: (c) => {
			const [next, ...rest] = c.subscriptions
			if (!next) return <span className="muted">None</span>
			return (
				<>
					{next.product}, until {formatPakistanDay(next.endsAt)}
					{rest.length ? <span className="muted small customer-more"> and {rest.length} more</span> : null}
				</>
			)
		},
	},
]

export default function Customers({ loaderData }: Route.ComponentProps) {
	const { query, list } = loaderData
	const pages = Math.max(1, Math.ceil(list.total / list.pageSize))
	const from = (list.page - 1) * list.pageSize + 1
	return (
		<div className="staff-content staff-customers">
			<h1>Customers</h1>
			<p className="muted">Every buyer by the email they ordered with. Spent is what they paid, less refunds; test payments are left out.</p>
			<Form method="get" className="content-filters" role="search">
				<div className="field">
					<label htmlFor="customers-q">Search email, name or phone</label>
					<input id="customers-q" type="search" name="q" defaultValue={query.q} maxLength={fieldLimits(customerListQuery).q?.maxLength} autoComplete="off" spellCheck={false} />
				</div>
				<FilterSelect id="customers-sort" name="sort" label="Sort by" value={query.sort} options={CUSTOMER_SORTS.map((s) => [s, CUSTOMER_SORT_LABELS[s]] as const)} />
				<button type="submit" className="button ghost">
					Search
				</button>
			</Form>
			<p className="muted small" role="status">
				{list.total === 0
					? query.q
						? 'No customer matches that search.'
						: 'No customers yet.'
					: list.customers.length === 0
						? `There are ${list.total} ${list.total === 1 ? 'customer' : 'customers'}; this page is past the last.`
						: `${list.total === 1 ? '1 customer' : `${list.total} customers`}${pages > 1 ? `, ${from}–${from + list.customers.length - 1} shown` : ''}.`}
			</p>
			{list.customers.length > 0 ? <ConsoleTable columns={columns} rows={list.customers} rowKey={(c) => c.id} className="stacked-table customers-table" /> : null}
			{pages > 1 ? (
				<nav className="staff-pager" aria-label="Customer pages">
					{list.page > 1 ? (
						<Link className="button ghost small" to={pageLink(query, Math.min(list.page - 1, pages))}>
							← Previous
						</Link>
					) : null}
					<span className="muted small">
						Page {list.page} of {pages}
					</span>
					{list.page < pages ? (
						<Link className="button ghost small" to={pageLink(query, list.page + 1)}>
							Next →
						</Link>
					) : null}
				</nav>
			) : null}
		</div>
	)
}
