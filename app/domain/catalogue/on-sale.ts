import { sql, type SQL } from 'drizzle-orm'
import type { ProductStatus } from './types'

// The catalogue's named fact (ADR-046): what a buyer may see and buy. A product is on sale when it is
// visible (not hidden by staff) and published (not a draft). Every buyer list, page, sitemap, cart and
// checkout asks this, as a predicate over a product and as its SQL twin selecting the same rows.

export { PRODUCT_STATUSES, type ProductStatus } from './types'

/** The fields the fact reads. */
export interface SaleRow {
	visible: boolean
	status: ProductStatus | string
}

/** Shown to buyers and sold: visible and published. */
export const isOnSale = (p: SaleRow): boolean => p.visible && p.status === 'published'
/** Its SQL twin; `alias` is the name the query gives `products` (none: the table's own). */
export const isOnSaleSql = (alias?: string): SQL => {
	const table = sql.identifier(alias ?? 'products')
	return sql`(${table}.${sql.identifier('visible')} and ${table}.${sql.identifier('status')} = 'published')`
}
