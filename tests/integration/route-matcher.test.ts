// The route matcher (app/utils/route-matcher.ts) against React Router's own matchRoutes, on the shop's routes (app/routes.ts).
import { matchRoutes, type RouteObject } from 'react-router'
import { describe, expect, it } from 'vitest'
import routes from '../../app/routes'
import { routeMatcher } from '../../app/utils/route-matcher'

// The shop's own routes (app/routes.ts) as React Router's route objects, each named by its id or file.
type Entry = { id?: string; file: string; path?: string; index?: boolean; children?: Entry[] }
const treeOf = (entries: Entry[]): RouteObject[] =>
	entries.map((e) => (e.index ? { id: e.id ?? `${e.file}#index`, index: true, path: e.path } : { id: e.id ?? e.file, path: e.path, children: treeOf(e.children ?? []) }))
const tree = treeOf(routes as Entry[])

/** Every address a route's path describes: optional segments with and without, parameters and splats filled. */
function addressesOf(entries: Entry[], parent = ''): string[] {
	return entries.flatMap((e) => {
		const full = [parent, e.path ?? ''].filter(Boolean).join('/')
		let forms = ['']
		for (const segment of full.split('/').filter(Boolean)) {
			const filled = segment.startsWith(':') ? 'x1' : segment === '*' ? 'a/b.txt' : segment.replace(/\?$/, '')
			forms = forms.flatMap((f) => (segment.endsWith('?') ? [f, `${f}/${filled}`] : [`${f}/${filled}`]))
		}
		return [...forms.map((f) => f || '/'), ...addressesOf(e.children ?? [], full)]
	})
}

const odd = ['/', '//', '//products', '/nope', '/nope/deeper', '/ur', '/UR', '/ur/', '/UR/Products', '/%75r/products', '/products/', '/admin/orders/', '/api', '/api/order/x/receipt/extra', '/%E0%A4', '/.netlify/functions/paypro-order', '/product/%2F', '/admin/products/7/preview', '/ADMIN']

describe('routeMatcher', () => {
	const match = routeMatcher(tree)
	const ids = (matches: ReturnType<typeof matchRoutes>) => matches?.map((m) => m.route.id) ?? null

	it("answers every address of every route, and odd ones, exactly as React Router's matchRoutes of the whole tree", () => {
		const addresses = [...new Set([...addressesOf(routes as Entry[]), ...odd])]
		expect(addresses.length).toBeGreaterThan(150)
		for (const address of addresses) {
			expect(ids(match(address)), address).toEqual(ids(matchRoutes(tree, address)))
		}
	})

	it('gives the parameters React Router gives', () => {
		expect(match('/ur/product/12')?.at(-1)?.params).toEqual(matchRoutes(tree, '/ur/product/12')?.at(-1)?.params)
		expect(match('/ur/product/12')?.at(-1)?.params).toMatchObject({ id: '12' })
	})

	it('asks React Router of the whole tree under another basename', () => {
		expect(ids(match('/shop/products', '/shop'))).toEqual(ids(matchRoutes(tree, '/shop/products', '/shop')))
	})
})
