import { CATEGORIES, PRODUCT_KINDS, type Category, type ProductKind } from './types'

// The console's product list in the address (search, filters, sort, page), shared by its form, its
// links and its pager. Unknown values are ignored, not errors: the list shows everything instead.

export const PRODUCT_SORTS = { order: 'Shop order', name: 'Name', updated: 'Recently changed' } as const
export type ProductSort = keyof typeof PRODUCT_SORTS

export const PRODUCT_VISIBILITY = { all: 'All', visible: 'Visible', hidden: 'Hidden' } as const
export type ProductVisibility = keyof typeof PRODUCT_VISIBILITY

export interface ProductListFilters {
	/** Part of the name, or a product id. */
	q: string
	platform: Category | ''
	kind: ProductKind | ''
	visibility: ProductVisibility
	/** 'yes': featured on the home page only; 'no': the others; '': both. */
	featured: '' | 'yes' | 'no'
	sort: ProductSort
}

export interface ProductListPage extends ProductListFilters {
	page: number
}

const MAX_PAGE = 10_000
const oneOf = <T extends string>(value: string | null, allowed: readonly T[]): T | undefined => (allowed as readonly string[]).includes(value ?? '') ? (value as T) : undefined

export function parseProductListQuery(params: URLSearchParams): ProductListPage {
	const page = Number(params.get('page'))
	return {
		q: (params.get('q') ?? '').trim().slice(0, 120),
		platform: oneOf(params.get('platform'), CATEGORIES) ?? '',
		kind: oneOf(params.get('kind'), PRODUCT_KINDS) ?? '',
		visibility: oneOf(params.get('visibility'), Object.keys(PRODUCT_VISIBILITY) as ProductVisibility[]) ?? 'all',
		featured: oneOf(params.get('featured'), ['yes', 'no'] as const) ?? '',
		sort: oneOf(params.get('sort'), Object.keys(PRODUCT_SORTS) as ProductSort[]) ?? 'order',
		page: Number.isInteger(page) && page >= 1 ? Math.min(page, MAX_PAGE) : 1,
	}
}

/** The query listAdminProducts takes. */
export const adminListQuery = (q: ProductListPage) => ({
	q: q.q || undefined,
	platform: q.platform || undefined,
	kind: q.kind || undefined,
	visibility: q.visibility,
	featured: q.featured === '' ? undefined : q.featured === 'yes',
	sort: q.sort,
	page: q.page,
})

export const isFiltered = (f: ProductListFilters) => Boolean(f.q || f.platform || f.kind || f.visibility !== 'all' || f.featured)

/** The filters as a query string (defaults left out), with `page` when it is past the first. */
export function productListSearch(filters: ProductListFilters, page = 1): string {
	const params = new URLSearchParams()
	if (filters.q) params.set('q', filters.q)
	if (filters.platform) params.set('platform', filters.platform)
	if (filters.kind) params.set('kind', filters.kind)
	if (filters.visibility !== 'all') params.set('visibility', filters.visibility)
	if (filters.featured) params.set('featured', filters.featured)
	if (filters.sort !== 'order') params.set('sort', filters.sort)
	if (page > 1) params.set('page', String(page))
	const text = params.toString()
	return text ? `?${text}` : ''
}
