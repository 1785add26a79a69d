// The storefront's public pages, listed once: the route table (routes.ts) routes them, the page
// cache (server/page-cache.ts) keeps them (their HTML is the same for every visitor) and the sitemap
// lists those meant to be found. A product's page (/product/:id) is public too; it is routed, cached
// and listed by its id.

export interface PublicPage {
	/** The address, '/about'. */
	path: `/${string}`
	/** The route module, relative to app/. */
	file: string
	/** The route id, where one module serves several addresses. */
	id?: string
	/** Listed in /sitemap.xml. */
	inSitemap: boolean
}

const policy = (slug: string): PublicPage => ({ path: `/${slug}`, file: 'routes/store/policy.tsx', id: `policy-${slug}`, inSitemap: true })

export const PUBLIC_PAGES: readonly PublicPage[] = [
	{ path: '/', file: 'routes/store/home.tsx', inSitemap: true },
	{ path: '/products', file: 'routes/store/products.tsx', inSitemap: true },
	{ path: '/services', file: 'routes/store/services.tsx', inSitemap: true },
	{ path: '/about', file: 'routes/store/about.tsx', inSitemap: true },
	{ path: '/contact', file: 'routes/store/contact.tsx', inSitemap: true },
	{ path: '/palestine-initiative', file: 'routes/store/palestine-initiative.tsx', inSitemap: true },
	{ path: '/game-pass-library', file: 'routes/store/game-pass-library.tsx', inSitemap: true },
	{ path: '/game-pass-details', file: 'routes/store/game-pass-details.tsx', inSitemap: true },
	{ path: '/gta-v-content', file: 'routes/store/gta-v-content.tsx', inSitemap: true },
	{ path: '/tekken-7-content', file: 'routes/store/tekken-7-content.tsx', inSitemap: true },
	{ path: '/game-pass-terms', file: 'routes/store/game-pass-terms.tsx', id: 'game-pass-terms', inSitemap: false },
	{ path: '/game-pass-pc-terms', file: 'routes/store/game-pass-terms.tsx', id: 'game-pass-pc-terms', inSitemap: false },
	policy('privacy-policy'),
	policy('terms-and-conditions'),
	policy('refund-policy'),
	policy('ownership'),
	policy('faq'),
]

/** A product's page, public like the rest. */
export const PRODUCT_PAGE = { path: 'product/:id', pattern: 'product/\\d+', file: 'routes/store/product.tsx' } as const

/** The listed pages buyers open most, drawn before any product's. */
const BUSIEST_PAGES: readonly string[] = ['/', '/products']

/**
 * The public pages meant to be found, in one language: the listed ones, then each product's. The
 * sitemap lists them; a starting server draws them, busiest first, before it takes traffic.
 */
export function findablePages(productIds: readonly number[]): `/${string}`[] {
	const listed = PUBLIC_PAGES.filter((page) => page.inSitemap).map((page) => page.path)
	// Home and the catalogue first, then the products, then the rest: what buyers open most comes first.
	const busiest = listed.filter((path) => BUSIEST_PAGES.includes(path))
	const rest = listed.filter((path) => !BUSIEST_PAGES.includes(path))
	return [...busiest, ...productIds.map((id) => `/product/${id}` as const), ...rest]
}

/** The buyer's other pages (they depend on the visitor: never cached). */
export const VISITOR_PAGES = [
	{ path: 'checkout', file: 'routes/store/checkout.tsx' },
	{ path: 'payment-details', file: 'routes/store/payment-details.tsx' },
	{ path: 'order-status', file: 'routes/store/order-status.tsx' },
	{ path: 'order-status/:orderNumber/claim', file: 'routes/store/order-claim.tsx' },
	{ path: 'renew/:orderNumber/:line', file: 'routes/store/renew.tsx' },
	{ path: 'unsubscribe', file: 'routes/store/unsubscribe.tsx' },
	{ path: 'my-orders', file: 'routes/store/my-orders.tsx' },
	{ path: 'my-orders/verify', file: 'routes/store/my-orders-verify.tsx' },
	{ path: 'receipt/:orderNumber', file: 'routes/store/receipt.tsx' },
] as const

/** The pattern of a route's addresses: each `:param` is one segment. */
const patternOf = (path: string) => path.replace(/:[^/]+/g, '[^/]+')

const BUYER_PAGE = new RegExp(`^/(?:${[...PUBLIC_PAGES.map((page) => page.path.slice(1)), PRODUCT_PAGE.pattern, ...VISITOR_PAGES.map((page) => patternOf(page.path))].join('|')})$`)

/** Whether an address (without its /ur prefix) is one of the buyer's pages: those have an Urdu twin (ADR-032). */
export function isBuyerPage(pathname: string): boolean {
	return BUYER_PAGE.test(pathname)
}
