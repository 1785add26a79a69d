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
import { metaTranslate } from '~/i18n/meta-translate'
import { richText } from '~/components/ui/rich-text'
import { localizeProduct } from '~/domain/catalogue/localize-product'
import type { MessageKey } from '~/i18n/catalogue'
import { langOf } from '~/i18n/lang'
import { translator } from '~/i18n/messages.server'
import { useLocalePath, useT } from '~/i18n/use-t'
import type { Route } from './+types/products'

export const meta: Route.MetaFunction = ({ matches }) => {
	const t = metaTranslate(matches)
	return pageMeta(matches, { title: t('catalogue.products.title'), description: t('catalogue.products.metaDescription') })
}

const FILTERS: { value: 'all' | Category; label: MessageKey }[] = [
	{ value: 'all', label: 'catalogue.products.all' },
	{ value: 'xbox', label: 'catalogue.products.xbox' },
	{ value: 'playstation', label: 'catalogue.products.playstation' },
	{ value: 'pc', label: 'catalogue.products.pc' },
]

/** Cards a page: today's catalogue fits on one; a catalogue of hundreds pages on, so a phone never renders them all. */
export const PRODUCTS_PER_PAGE = 60

export async function loader({ request }: Route.LoaderArgs) {
	const url = new URL(request.url)
	const lang = langOf(url.pathname)
	const params = url.searchParams
	const requested = params.get('category')
	const category: 'all' | Category = CATEGORIES.includes(requested as Category) ? (requested as Category) : 'all'
	const q = parseProductSearch(params.get('q'))
	// Searched in English and, on Urdu pages, in the owner's Urdu names too (either finds the product).
	const listed = await listProducts(db())
	// Best matches first (the search's order), then those found only by their Urdu name.
	const localized = listed.map((p) => localizeProduct(p, lang))
	const byId = new Map(localized.map((p) => [p.id, p]))
	const found = new Set(searchProducts(listed, q).map((p) => p.id))
	if (lang === 'ur' && q) for (const p of searchProducts(localized, q)) found.add(p.id)
	const all = [...found].map((id) => byId.get(id)!)
	const counts = Object.fromEntries(FILTERS.map((f) => [f.value, f.value === 'all' ? all.length : all.filter((p) => p.category === f.value).length]))
	const matching = category === 'all' ? all : all.filter((p) => p.category === category)
	const pageCount = Math.max(1, Math.ceil(matching.length / PRODUCTS_PER_PAGE))
	const asked = Number(params.get('page'))
	const page = Number.isSafeInteger(asked) && asked >= 1 ? Math.min(asked, pageCount) : 1
	const shown = await summariseAll(db(), matching.slice((page - 1) * PRODUCTS_PER_PAGE, page * PRODUCTS_PER_PAGE))
	const store = storefrontDetails(await readStoreDetails(db()))
	// Drawn here and sent as HTML: the browser never downloads it (ADR-007).
	const noteHtml = renderStaticHtml(
		<ProductsNote whatsappText={store.contacts.whatsapp.text} instagram={store.instagram} t={translator(lang)} />,
	)
	return { products: shown, category, counts, page, pageCount, q, noteHtml }
}


const pageHref = (lp: (to: string) => string, category: 'all' | Category, page: number, q: string) => {
	const query = new URLSearchParams()
	if (q) query.set('q', q)
	if (category !== 'all') query.set('category', category)
	if (page > 1) query.set('page', String(page))
	const search = query.toString()
	return lp(search ? `/products?${search}` : '/products')
}

export default function Products({ loaderData }: Route.ComponentProps) {
	const { products: shown, category, counts, page, pageCount, q, noteHtml } = loaderData
	const t = useT()
	const lp = useLocalePath()
	const count = counts[category] ?? 0
	const filterName = t(FILTERS.find((f) => f.value === category)?.label ?? 'catalogue.products.all')

	return (
		<div className="container page">
			<h1>{t('catalogue.products.title')}</h1>
			<Form method="get" action={lp('/products')} role="search" className="product-search">
				<label htmlFor="product-search" className="sr-only">
					{t('catalogue.products.searchLabel')}
				</label>
				<input
					id="product-search"
					type="search"
					name="q"
					defaultValue={q}
					key={q}
					maxLength={MAX_PRODUCT_SEARCH_LENGTH}
					placeholder={t('catalogue.products.searchPlaceholder')}
					enterKeyHint="search"
					autoComplete="off"
				/>
				{category !== 'all' ? <input type="hidden" name="category" value={category} /> : null}
				<button type="submit" className="button primary">
					{t('catalogue.products.search')}
				</button>
			</Form>
			{q && shown.length > 0 ? (
				<p className="search-summary" role="status">
					{t(
						category !== 'all'
							? count === 1
								? 'catalogue.products.matchOneIn'
								: 'catalogue.products.matchManyIn'
							: count === 1
								? 'catalogue.products.matchOne'
								: 'catalogue.products.matchMany',
						{ count, q, category: filterName },
					)}{' '}
					<Link to={pageHref(lp, category, 1, '')}>{t('catalogue.products.clearSearch')}</Link>
				</p>
			) : null}
			<div className="filters" role="group" aria-label={t('catalogue.products.filterLabel')}>
				{FILTERS.map((f) => {
					const chipCount = counts[f.value] ?? 0
					return (
						<Link
							key={f.value}
							to={pageHref(lp, f.value, 1, q)}
							className={category === f.value ? 'chip active' : 'chip'}
							aria-current={category === f.value ? 'true' : undefined}
							preventScrollReset
							replace
						>
							{t(f.label)} <span className="chip-count">({chipCount})</span>
						</Link>
					)
				})}
			</div>
			{shown.length === 0 ? (
				<div className="empty-panel search-empty" role="status">
					<p className="empty-panel-title">{q ? t('catalogue.products.noMatch', { q }) : t('catalogue.products.noneYet')}</p>
					<p className="empty-panel-text">
						{richText(t(q ? 'catalogue.products.noMatchHint' : 'catalogue.products.noneHint'), {
							link:
								category !== 'all' && (counts.all ?? 0) > 0 ? (
									<Link to={pageHref(lp, 'all', 1, q)}>{t('catalogue.products.searchAll')}</Link>
								) : (
									<Link to={lp('/products')}>{t('catalogue.products.seeAll')}</Link>
								),
						})}
					</p>
				</div>
			) : null}
			<div className="product-grid">
				{shown.map((product, i) => (
					<ProductCard key={product.id} product={product} priority={i < 2 && page === 1} headingLevel={2} />
				))}
			</div>
			{pageCount > 1 ? (
				<nav className="library-pager" aria-label={t('catalogue.products.pagerLabel')}>
					<p className="muted small">{t('catalogue.products.pageOf', { page, pageCount })}</p>
					<div className="library-pager-links">
						{page > 1 ? (
							<Link className="button ghost" to={pageHref(lp, category, page - 1, q)}>
								{t('catalogue.products.previous')}
							</Link>
						) : null}
						{page < pageCount ? (
							<Link className="button primary" to={pageHref(lp, category, page + 1, q)}>
								{t('catalogue.products.next')}
							</Link>
						) : null}
					</div>
				</nav>
			) : null}
			<ServerHtml as="p" className="note" html={noteHtml} />
		</div>
	)
}
