import { Form, Link } from 'react-router'
import { ProductCard } from '~/components/product/product-card'
import { listProducts, summariseAll } from '~/domain/catalogue/list-products.server'
import { MAX_PRODUCT_SEARCH_LENGTH, parseProductSearch } from '~/domain/catalogue/product-search-query'
import { searchProducts } from '~/domain/catalogue/search-products'
import { CATEGORIES, type Category } from '~/domain/catalogue/types'
import { ProductsNote } from '~/components/content/products-note'
import { ServerHtml } from '~/components/layout/server-html'
import { db } from '~/db/client.server'
import { storefrontDetails } from '~/domain/settings/store-details'
import { readStoreDetails } from '~/domain/settings/store-details.server'
import { pageMeta } from '~/utils/seo'
import { renderStaticHtml } from '~/utils/static-html.server'
import type { Route } from './+types/products'

export const meta: Route.MetaFunction = ({ matches }) =>
	pageMeta(matches, {
		title: 'Our Products',
		description: 'Xbox Game Pass, PlayStation Plus, EA Play, gift cards, game keys and accounts, priced in rupees with fast digital delivery.',
	})

const FILTERS: { value: 'all' | Category; label: string }[] = [
	{ value: 'all', label: 'All' },
	{ value: 'xbox', label: 'Xbox' },
	{ value: 'playstation', label: 'PlayStation' },
	{ value: 'pc', label: 'PC Games' },
]

/** Cards a page: today's catalogue fits on one; a catalogue of hundreds pages on, so a phone never renders them all. */
export const PRODUCTS_PER_PAGE = 60

export async function loader({ request }: Route.LoaderArgs) {
	const params = new URL(request.url).searchParams
	const requested = params.get('category')
	const category: 'all' | Category = CATEGORIES.includes(requested as Category) ? (requested as Category) : 'all'
	const q = parseProductSearch(params.get('q'))
	const all = searchProducts(await listProducts(db()), q)
	const counts = Object.fromEntries(FILTERS.map((f) => [f.value, f.value === 'all' ? all.length : all.filter((p) => p.category === f.value).length]))
	const matching = category === 'all' ? all : all.filter((p) => p.category === category)
	const pageCount = Math.max(1, Math.ceil(matching.length / PRODUCTS_PER_PAGE))
	const asked = Number(params.get('page'))
	const page = Number.isSafeInteger(asked) && asked >= 1 ? Math.min(asked, pageCount) : 1
	const shown = await summariseAll(db(), matching.slice((page - 1) * PRODUCTS_PER_PAGE, page * PRODUCTS_PER_PAGE))
	const store = storefrontDetails(await readStoreDetails(db()))
	// Drawn here and sent as HTML: the browser never downloads it (ADR-007).
	const noteHtml = renderStaticHtml(
		<ProductsNote storeName={store.storeName} supportEmail={store.supportEmail} whatsappText={store.contacts.whatsapp.text} instagram={store.instagram} />,
	)
	return { products: shown, category, counts, page, pageCount, q, noteHtml }
}


const pageHref = (category: 'all' | Category, page: number, q: string) => {
	const query = new URLSearchParams()
	if (q) query.set('q', q)
	if (category !== 'all') query.set('category', category)
	if (page > 1) query.set('page', String(page))
	const search = query.toString()
	return search ? `/products?${search}` : '/products'
}

export default function Products({ loaderData }: Route.ComponentProps) {
	const { products: shown, category, counts, page, pageCount, q, noteHtml } = loaderData

	return (
		<div className="container page">
			<h1>Our Products</h1>
			<Form method="get" action="/products" role="search" className="product-search">
				<label htmlFor="product-search" className="sr-only">
					Search products
				</label>
				<input
					id="product-search"
					type="search"
					name="q"
					defaultValue={q}
					key={q}
					maxLength={MAX_PRODUCT_SEARCH_LENGTH}
					placeholder="Search: Game Pass, GTA, gift card…"
					enterKeyHint="search"
					autoComplete="off"
				/>
				{category !== 'all' ? <input type="hidden" name="category" value={category} /> : null}
				<button type="submit" className="button primary">
					Search
				</button>
			</Form>
			{q && shown.length > 0 ? (
				<p className="search-summary" role="status">
					{counts[category] ?? 0} {(counts[category] ?? 0) === 1 ? 'product matches' : 'products match'} “{q}”
					{category !== 'all' ? ` in ${FILTERS.find((f) => f.value === category)?.label}` : ''}.{' '}
					<Link to={pageHref(category, 1, '')}>Clear search</Link>
				</p>
			) : null}
			<div className="filters" role="group" aria-label="Filter by category">
				{FILTERS.map((f) => {
					const count = counts[f.value] ?? 0
					return (
						<Link
							key={f.value}
							to={pageHref(f.value, 1, q)}
							className={category === f.value ? 'chip active' : 'chip'}
							aria-current={category === f.value ? 'true' : undefined}
							preventScrollReset
							replace
						>
							{f.label} <span className="chip-count">({count})</span>
						</Link>
					)
				})}
			</div>
			{shown.length === 0 ? (
				<div className="empty-panel search-empty" role="status">
					<p className="empty-panel-title">{q ? `No products match “${q}”` : 'No products here yet'}</p>
					<p className="empty-panel-text">
						{q ? 'Check the spelling or try fewer words (for example “Game Pass” or “gift card”), or ' : 'Try '}
						{category !== 'all' && (counts.all ?? 0) > 0 ? (
							<Link to={pageHref('all', 1, q)}>search all categories</Link>
						) : (
							<Link to="/products">see all products</Link>
						)}
						.
					</p>
				</div>
			) : null}
			<div className="product-grid">
				{shown.map((product, i) => (
					<ProductCard key={product.id} product={product} priority={i < 2 && page === 1} headingLevel={2} />
				))}
			</div>
			{pageCount > 1 ? (
				<nav className="library-pager" aria-label="More products">
					<p className="muted small">
						Page {page} of {pageCount}
					</p>
					<div className="library-pager-links">
						{page > 1 ? (
							<Link className="button ghost" to={pageHref(category, page - 1, q)}>
								Previous
							</Link>
						) : null}
						{page < pageCount ? (
							<Link className="button primary" to={pageHref(category, page + 1, q)}>
								Next page
							</Link>
						) : null}
					</div>
				</nav>
			) : null}
			<ServerHtml as="p" className="note" html={noteHtml} />
		</div>
	)
}
