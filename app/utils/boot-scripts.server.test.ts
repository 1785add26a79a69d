import type { EntryContext } from 'react-router'
import { describe, expect, it } from 'vitest'
import { bootPlan, bootScripts } from './boot-scripts.server'

const route = (id: string, parentId: string | undefined, extra: Record<string, unknown>) => ({
	id,
	parentId,
	module: `/assets/${id.replace(/\W/g, '-')}.js`,
	imports: [`/assets/${id.replace(/\W/g, '-')}-shared.js`],
	hasAction: false,
	hasLoader: true,
	hasClientAction: false,
	hasClientLoader: false,
	hasClientMiddleware: false,
	hasErrorBoundary: false,
	clientActionModule: undefined,
	clientLoaderModule: undefined,
	clientMiddlewareModule: undefined,
	hydrateFallbackModule: undefined,
	...extra,
})

function entryFor(pathname: string, matchedIds: string[]) {
	const routes = {
		root: route('root', undefined, { path: '' }),
		home: route('home', 'root', { index: true }),
		products: route('products', 'root', { path: 'products' }),
		product: route('product', 'root', { path: 'product/:productId' }),
		admin: route('admin', 'root', { path: 'admin' }),
		adminOrders: route('adminOrders', 'admin', { path: 'orders' }),
	}
	return {
		manifest: { entry: { module: '/assets/entry.js', imports: ['/assets/react.js'] }, routes, url: '/assets/manifest.js', version: 'v1' },
		staticHandlerContext: { basename: '/', location: { pathname }, matches: matchedIds.map((id) => ({ route: { id } })) },
		serverHandoffString: '{"basename":"/"}',
		renderMeta: {},
	} as unknown as EntryContext
}

describe('boot scripts', () => {
	it('imports the matched routes and hands React Router the partial manifest lazy discovery starts from', () => {
		const plan = bootPlan(entryFor('/product/7', ['root', 'product']))
		expect(plan.entry).toBe('/assets/entry.js')
		expect(plan.preload).toEqual(['/assets/entry.js', '/assets/react.js'])
		expect(plan.routes).toEqual([
			['root', ['/assets/root.js']],
			['product', ['/assets/product.js']],
		])
		// The matches, plus what matches an ancestor path ('/' brings the home index); never the rest.
		expect(Object.keys(plan.manifest.routes).sort()).toEqual(['home', 'product', 'root'])
		expect(plan.manifest.version).toBe('v1')
		expect(plan.manifest).not.toHaveProperty('sri')
	})

	it('includes routes matching each ancestor of a nested path', () => {
		const plan = bootPlan(entryFor('/admin/orders', ['root', 'admin', 'adminOrders']))
		expect(Object.keys(plan.manifest.routes).sort()).toEqual(['admin', 'adminOrders', 'home', 'root'])
	})

	it('marks the scripts rendered, so React Router streams its data, and writes nothing that closes the script element', () => {
		const entry = entryFor('/products', ['root', 'products'])
		entry.manifest.version = 'v1</script><script>alert(1)</script>'
		const scripts = bootScripts(entry)
		expect(entry.renderMeta?.didRenderScripts).toBe(true)
		expect(scripts.context).toContain('window.__reactRouterContext = ')
		expect(scripts.context).toContain('streamController')
		expect(scripts.loader).not.toMatch(/<\/script/i)
		expect(scripts.loader).toContain('v1\\u003c/script\\u003e')
		expect(scripts.loader).toContain('"/assets/products.js"')
		expect(scripts.loader).toContain("addEventListener('load'")
	})
})
