import type { ShouldRevalidateFunctionArgs } from 'react-router'
import { Link, useSearchParams } from 'react-router'
import { ProductCard } from '~/components/product/product-card'
import { listProducts, summarise } from '~/domain/catalogue/list-products.server'
import { CATEGORIES, type Category } from '~/domain/catalogue/types'
import { productsMissingNote } from '~/content/site'
import { db } from '~/db/client.server'
import { fillPlaceholders, pageMeta } from '~/utils/seo'
import { useRootData } from '~/components/layout/root-data'
import type { Route } from './+types/products'

export const meta: Route.MetaFunction = ({ matches }) =>
	pageMeta(matches, {
		title: 'Our Products',
		description: 'Xbox Game Pass, PlayStation Plus, EA Play, gift cards, game keys and accounts, priced in rupees with fast digital delivery.',
	})

export async function loader() {
	return { products: (await listProducts(db())).map(summarise) }
}

// The category filter only changes the query string: the product list is already here.
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
	return currentUrl.pathname === nextUrl.pathname ? false : defaultShouldRevalidate
}

const FILTERS: { value: 'all' | Category; label: string }[] = [
	{ value: 'all', label: 'All' },
	{ value: 'xbox', label: 'Xbox' },
	{ value: 'playstation', label: 'PlayStation' },
	{ value: 'pc', label: 'PC Games' },
]

export default function Products({ loaderData }: Route.ComponentProps) {
	const { products } = loaderData
	const [params] = useSearchParams()
	const requested = params.get('category')
	const category = CATEGORIES.includes(requested as Category) ? (requested as Category) : 'all'
	const shown = category === 'all' ? products : products.filter((p) => p.category === category)
	const root = useRootData()

	return (
		<div className="container page">
			<h1>Our Products</h1>
			<div className="filters" role="group" aria-label="Filter by category">
				{FILTERS.map((f) => {
					const count = f.value === 'all' ? products.length : products.filter((p) => p.category === f.value).length
					return (
						<Link
							key={f.value}
							to={f.value === 'all' ? '/products' : `/products?category=${f.value}`}
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
			<div className="product-grid">
				{shown.map((product, i) => (
					<ProductCard key={product.id} product={product} priority={i < 2} headingLevel={2} />
				))}
			</div>
			<p className="note">
				{fillPlaceholders(productsMissingNote, { whatsapp: root?.config.supportPhone ?? '', storeName: root?.config.storeName ?? '' })}{' '}
				<a href={`https://instagram.com/${root?.config.instagram}`} target="_blank" rel="noopener noreferrer">
					Message us on Instagram
				</a>
			</p>
		</div>
	)
}
