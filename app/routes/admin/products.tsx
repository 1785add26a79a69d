import { Form, Link, data, redirect, useActionData, useNavigation } from 'react-router'
import { z } from 'zod'
import { ActionResult } from '~/components/admin/action-result'
import { ProductThumb, VisibilityBadge } from '~/components/admin/product-bits'
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
import { notUnderstood, staffActionResult } from '~/utils/staff-action.server'
import productsStyles from '~/styles/console-products.css?url'
import type { Route } from './+types/products'

export const meta: Route.MetaFunction = ({ matches }) =>
	pageMeta(matches, { title: 'Products', description: 'The catalogue: search, filter, create, change, duplicate and hide products.', extra: [{ name: 'robots', content: 'noindex' }] })

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: productsStyles }]

/** Notices a redirect here may ask for (only these: the address never puts its own text on the page). */
const NOTICES = { deleted: 'The product was deleted.' } as const

export async function loader({ request }: Route.LoaderArgs) {
	await requireStaff(request, { permission: 'catalogue' })
	const url = new URL(request.url)
	const query = parseProductListQuery(url.searchParams)
	const list = await listAdminProducts(db(), adminListQuery(query))
	return {
		query,
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
			if (error instanceof AppError) return data({ ok: false as const, message: error.message }, { status: error.status })
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
				<Link to="/admin/products/new" className="button primary">
					New product
				</Link>
			</div>

			{/* Keyed by the query, so Back and the pager show the filters of the list on screen. */}
			<Form method="get" className="staff-orders-filters product-filters" role="search" aria-label="Search products" key={productListSearch(query)}>
				<div className="field product-filter-search">
					<label htmlFor="products-q">Search</label>
					<input id="products-q" type="search" name="q" defaultValue={query.q} placeholder="Name or product id" autoComplete="off" maxLength={120} />
				</div>
				<Select id="products-platform" name="platform" label="Platform" value={query.platform} options={[['', 'All platforms'], ...CATEGORIES.map((c) => [c, PLATFORM_LABELS[c]] as const)]} />
				<Select id="products-kind" name="kind" label="Kind" value={query.kind} options={[['', 'All kinds'], ...PRODUCT_KINDS.map((k) => [k, KIND_LABELS[k]] as const)]} />
				<Select id="products-visibility" name="visibility" label="Shown" value={query.visibility} options={Object.entries(PRODUCT_VISIBILITY)} />
				<Select
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
				<Select id="products-sort" name="sort" label="Sort by" value={query.sort} options={Object.entries(PRODUCT_SORTS)} />
				<div className="staff-orders-filter-actions">
					<button type="submit" className="button primary small">
						Search
					</button>
					{filtered || query.sort !== 'order' ? (
						<Link to="/admin/products" className="button ghost small">
							Clear
						</Link>
					) : null}
				</div>
			</Form>

			{notice ? (
				<p className="success-box" role="status">
					{notice}
				</p>
			) : null}
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
				<table className="product-table">
					<thead>
						<tr>
							<th scope="col">
								<span className="sr-only">Cover</span>
							</th>
							<th scope="col">Product</th>
							<th scope="col">Platform</th>
							<th scope="col">Kind</th>
							<th scope="col">Price</th>
							<th scope="col">Options</th>
							<th scope="col">Shown</th>
							<th scope="col">Order</th>
							<th scope="col">
								<span className="sr-only">Actions</span>
							</th>
						</tr>
					</thead>
					<tbody>
						{products.map((p) => (
							<tr key={p.id} className={p.visible ? 'product-row' : 'product-row is-hidden'}>
								<td className="product-cell-cover">
									<ProductThumb src={p.image} />
								</td>
								<td className="product-cell-name">
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
								</td>
								<td className="product-cell-platform" data-label="Platform">
									{PLATFORM_LABELS[p.platform]}
								</td>
								<td className="product-cell-kind" data-label="Kind">
									{KIND_LABELS[p.kind]}
								</td>
								<td className="product-cell-price" data-label="Price">
									{priceText(p.options)}
								</td>
								<td className="product-cell-options" data-label="Options">
									{p.options.shown}
									{p.options.hidden ? <span className="muted small"> (+{p.options.hidden} hidden)</span> : null}
								</td>
								<td className="product-cell-shown">
									<VisibilityBadge visible={p.visible} />
								</td>
								<td className="product-cell-order" data-label="Order">
									{p.sortOrder}
								</td>
								<td className="product-cell-actions">
									<Link to={`/admin/products/${p.id}`} className="button ghost small" aria-label={`Edit ${p.name}`}>
										Edit
									</Link>
									<Form method="post">
										<input type="hidden" name="id" value={p.id} />
										<button type="submit" name="intent" value="duplicate" className="button ghost small" disabled={busy} aria-label={`Duplicate ${p.name}`}>
											Duplicate
										</button>
									</Form>
									<Form method="post">
										<input type="hidden" name="id" value={p.id} />
										<button type="submit" name="intent" value={p.visible ? 'hide' : 'show'} className="button ghost small" disabled={busy} aria-label={`${p.visible ? 'Hide' : 'Show'} ${p.name}`}>
											{p.visible ? 'Hide' : 'Show'}
										</button>
									</Form>
								</td>
							</tr>
						))}
					</tbody>
				</table>
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

function Select({ id, name, label, value, options }: { id: string; name: string; label: string; value: string; options: readonly (readonly [string, string])[] }) {
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
