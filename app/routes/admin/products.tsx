import { Form, Link, redirect, useActionData, useNavigation } from 'react-router'
import { z } from 'zod'
import { ActionResult, Notice } from '~/components/admin/action-result'
import { ConsoleTable } from '~/components/admin/console-table'
import { RowAction } from '~/components/admin/row-action'
import { FilterActions, FilterSelect } from '~/components/admin/search-filters'
import { ProductThumb, VisibilityBadge, DraftBadge } from '~/components/admin/product-bits'
import { db } from '~/db/client.server'
import { duplicateProduct, listAdminProducts, updateProduct } from '~/domain/catalogue/manage-products.server'
import { KIND_LABELS, optionsSummary, PLATFORM_LABELS } from '~/domain/catalogue/product-form'
import { adminListQuery, isFiltered, parseProductListQuery, PRODUCT_SORTS, PRODUCT_VISIBILITY, productListSearch } from '~/domain/catalogue/product-list-query'
import { CATEGORIES, PRODUCT_KINDS } from '~/domain/catalogue/types'
import { staffActor } from '~/domain/staff/audit.server'
import { readPageForm } from '~/http/http.server'
import { requireStaff } from '~/http/staff-auth.server'
import { AppError } from '~/utils/app-error'
import { idSchema } from '~/utils/input'
import { formatRs } from '~/utils/money'
import { pageMeta } from '~/utils/seo'
import { notUnderstood, refuseWith, staffActionResult } from '~/http/refusal.server'
import productsStyles from '~/styles/console-products.css?url'
import type { Route } from './+types/products'
import { staffMay } from '~/domain/staff/permissions'

export const meta: Route.MetaFunction = ({ matches }) =>
	pageMeta(matches, { title: 'Products', description: 'The catalogue: search, filter, create, change, duplicate and hide products.', extra: [{ name: 'robots', content: 'noindex' }] })

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: productsStyles }]

/** Notices a redirect here may ask for (only these: the address never puts its own text on the page). */
const NOTICES = { deleted: 'The product was deleted.' } as const

export async function loader({ request }: Route.LoaderArgs) {
	const staff = await requireStaff(request, { permission: 'catalogue' })
	const url = new URL(request.url)
	const query = parseProductListQuery(url.searchParams)
	const list = await listAdminProducts(db(), adminListQuery(query))
	return {
		query,
		owner: staffMay(staff, 'owner'),
		total: list.total,
		page: list.page,
		perPage: list.perPage,
		notice: NOTICES[url.searchParams.get('notice') as keyof typeof NOTICES] ?? null,
		products: list.products.map((p) => ({
			id: p.id,
			name: p.name,
			platform: p.platform,
			kind: p.kind,
			image: p.image,
			visible: p.visible,
			status: p.status,
			featured: p.featured,
			sortOrder: p.sortOrder,
			options: optionsSummary(p.variants),
		})),
	}
}

const rowAction = z.object({ intent: z.enum(['duplicate', 'hide', 'show']), id: idSchema('Product not found') })

export async function action({ request }: Route.ActionArgs) {
	const staff = await requireStaff(request, { permission: 'catalogue' })
	const parsed = rowAction.safeParse(await readPageForm(request))
	if (!parsed.success) return notUnderstood()
	const { intent, id } = parsed.data
	const actor = staffActor(staff)
	if (intent === 'duplicate') {
		try {
			const copy = await duplicateProduct(db(), actor, id)
			return redirect(`/admin/products/${copy.id}?notice=duplicated`)
		} catch (error) {
			if (error instanceof AppError) return refuseWith(error)
			throw error
		}
	}
	return staffActionResult(async () => {
		const product = await updateProduct(db(), actor, id, { visible: intent === 'show' })
		return product.visible ? `“${product.name}” is shown in the shop again.` : `“${product.name}” is hidden: buyers no longer see it.`
	})
}

const priceText = ({ from, to }: { from: number | null; to: number | null }) => (from == null ? 'Quoted on WhatsApp' : to != null && to > from ? `from ${formatRs(from)}` : formatRs(from))

export default function Products({ loaderData }: Route.ComponentProps) {
	const { query, total, page, perPage, products, notice } = loaderData
	const result = useActionData<typeof action>()
	const busy = useNavigation().state === 'submitting'
	const pages = Math.max(1, Math.ceil(total / perPage))
	const first = (page - 1) * perPage + 1
	const filtered = isFiltered(query)

	return (
		<div className="staff-products">
			<div className="staff-orders-head">
				<h1>Products</h1>
				<div className="product-head-actions">
					{loaderData.owner ? (
						<Link to="/admin/reprice" className="button ghost small">
							Reprice from costs
						</Link>
					) : null}
					<Link to="/admin/products/new" className="button primary">
						New product
					</Link>
				</div>
			</div>

			{/* Keyed by the query, so Back and the pager show the filters of the list on screen. */}
			<Form method="get" className="staff-orders-filters product-filters" role="search" aria-label="Search products" key={productListSearch(query)}>
				<div className="field product-filter-search">
					<label htmlFor="products-q">Search</label>
					<input id="products-q" type="search" name="q" defaultValue={query.q} placeholder="Name or product id" autoComplete="off" maxLength={120} />
				</div>
				<FilterSelect id="products-platform" name="platform" label="Platform" value={query.platform} options={[['', 'All platforms'], ...CATEGORIES.map((c) => [c, PLATFORM_LABELS[c]] as const)]} />
				<FilterSelect id="products-kind" name="kind" label="Kind" value={query.kind} options={[['', 'All kinds'], ...PRODUCT_KINDS.map((k) => [k, KIND_LABELS[k]] as const)]} />
				<FilterSelect id="products-visibility" name="visibility" label="Shown" value={query.visibility} options={Object.entries(PRODUCT_VISIBILITY)} />
				<FilterSelect
					id="products-featured"
					name="featured"
					label="Featured"
					value={query.featured}
					options={[
						['', 'All'],
						['yes', 'Featured'],
						['no', 'Not featured'],
					]}
				/>
				<FilterSelect id="products-sort" name="sort" label="Sort by" value={query.sort} options={Object.entries(PRODUCT_SORTS)} />
				<FilterActions clearTo={filtered || query.sort !== 'order' ? '/admin/products' : null} />
			</Form>

			<Notice message={notice} />
			<ActionResult result={result} />

			<p className="muted small" aria-live="polite">
				{total === 1 ? '1 product' : `${total.toLocaleString('en-US')} products`}
				{filtered ? ' match' : ''}
				{total > perPage && products.length ? `, ${first}–${first + products.length - 1} shown` : ''}.
			</p>

			{products.length === 0 ? (
				<p className="empty-state">{total > 0 ? 'There are no products on this page.' : filtered ? 'No products match. Try fewer filters or another word.' : 'No products yet: create the first one.'}</p>
			) : (
				// A table from 1000 px up; below that each product is a card (console-products.css), never a page that scrolls sideways.
				<ConsoleTable
					className="product-table"
					scroll={false}
					rows={products}
					rowKey={(p) => p.id}
					rowClassName={(p) => (p.visible ? 'product-row' : 'product-row is-hidden')}
					columns={[
						{ header: 'Cover', srOnlyHeader: true, className: 'product-cell-cover', cell: (p) => <ProductThumb src={p.image} /> },
						{
							header: 'Product',
							label: false,
							className: 'product-cell-name',
							cell: (p) => (
								<>
									<Link to={`/admin/products/${p.id}`} className="product-name-link">
										{p.name}
									</Link>
									<span className="muted small product-id"> #{p.id}</span>
									{p.featured ? (
										<span className="featured-star" title="Featured on the home page">
											<span aria-hidden="true">★</span>
											<span className="sr-only">Featured on the home page</span>
										</span>
									) : null}
								</>
							),
						},
						{ header: 'Platform', className: 'product-cell-platform', cell: (p) => PLATFORM_LABELS[p.platform] },
						{ header: 'Kind', className: 'product-cell-kind', cell: (p) => KIND_LABELS[p.kind] },
						{ header: 'Price', className: 'product-cell-price', cell: (p) => priceText(p.options) },
						{
							header: 'Options',
							className: 'product-cell-options',
							cell: (p) => (
								<>
									{p.options.shown}
									{p.options.hidden ? <span className="muted small"> (+{p.options.hidden} hidden)</span> : null}
								</>
							),
						},
						{ header: 'Shown', label: false, className: 'product-cell-shown', cell: (p) => (p.status === 'draft' ? <DraftBadge /> : <VisibilityBadge visible={p.visible} />) },
						{ header: 'Order', className: 'product-cell-order', cell: (p) => p.sortOrder },
						{
							header: 'Actions',
							srOnlyHeader: true,
							className: 'product-cell-actions',
							cell: (p) => (
								<>
									<Link to={`/admin/products/${p.id}`} className="button ghost small" aria-label={`Edit ${p.name}`}>
										Edit
									</Link>
									<RowAction intent="duplicate" fields={{ id: p.id }} label="Duplicate" ariaLabel={`Duplicate ${p.name}`} busy={busy} />
									<RowAction intent={p.visible ? 'hide' : 'show'} fields={{ id: p.id }} label={p.visible ? 'Hide' : 'Show'} ariaLabel={`${p.visible ? 'Hide' : 'Show'} ${p.name}`} busy={busy} />
								</>
							),
						},
					]}
				/>
			)}

			{pages > 1 ? (
				<nav className="staff-pager" aria-label="Product pages">
					{page > 1 ? (
						<Link className="button ghost small" to={`/admin/products${productListSearch(query, Math.min(page - 1, pages))}`}>
							← Previous
						</Link>
					) : (
						<span />
					)}
					<span className="muted small product-page-of">
						Page {page.toLocaleString('en-US')} of {pages.toLocaleString('en-US')}
					</span>
					{page < pages ? (
						<Link className="button ghost small" to={`/admin/products${productListSearch(query, page + 1)}`}>
							Next →
						</Link>
					) : (
						<span />
					)}
				</nav>
			) : null}
		</div>
	)
}
