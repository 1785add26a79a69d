import { type RouteConfig, index, route } from '@react-router/dev/routes'

const policy = (path: string) => route(path, 'routes/store/policy.tsx', { id: `policy-${path}` })

export default [
	index('routes/store/home.tsx'),
	route('products', 'routes/store/products.tsx'),
	route('product/:id', 'routes/store/product.tsx'),
	route('services', 'routes/store/services.tsx'),
	route('about', 'routes/store/about.tsx'),
	route('contact', 'routes/store/contact.tsx'),
	route('palestine-initiative', 'routes/store/palestine-initiative.tsx'),
	route('game-pass-library', 'routes/store/game-pass-library.tsx'),
	route('game-pass-details', 'routes/store/game-pass-details.tsx'),
	route('gta-v-content', 'routes/store/gta-v-content.tsx'),
	route('tekken-7-content', 'routes/store/tekken-7-content.tsx'),
	route('game-pass-terms', 'routes/store/game-pass-terms.tsx', { id: 'game-pass-terms' }),
	route('game-pass-pc-terms', 'routes/store/game-pass-terms.tsx', { id: 'game-pass-pc-terms' }),
	route('checkout', 'routes/store/checkout.tsx'),
	policy('privacy-policy'),
	policy('terms-and-conditions'),
	policy('refund-policy'),
	policy('ownership'),
	policy('faq'),
	route('api/reviews', 'routes/api/reviews.ts'),
	route('api/reviews/stream', 'routes/api/reviews-stream.ts'),
	route('sitemap.xml', 'routes/api/sitemap.ts'),
	route('robots.txt', 'routes/api/robots.ts'),
	route('*', 'routes/store/not-found.tsx'),
] satisfies RouteConfig
