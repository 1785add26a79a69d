// The storefront search's query (`/products?q=`), shared by the page's form and the search itself.

/** Longer input is cut: no product name is near this long. */
export const MAX_PRODUCT_SEARCH_LENGTH = 80

/** The query as the page keeps it: trimmed, single-spaced, at most MAX_PRODUCT_SEARCH_LENGTH characters. */
export function parseProductSearch(value: string | null | undefined): string {
	return (value ?? '').replace(/\s+/g, ' ').trim().slice(0, MAX_PRODUCT_SEARCH_LENGTH).trim()
}
