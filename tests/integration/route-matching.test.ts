// The route table as the built shop matches it, with React Router's matching patched to remember which
// branch a path matched (patches/, ADR-064): every address the shop serves, in both languages, with
// hostile and unknown paths, is matched to the same routes the first time and every time after, as
// an unpatched match of the same table (a fresh one, which never remembers) matches it, and that stays
// true past the memo's bound. The patch is tied to the installed version, so an upgrade brings it along.
import fs from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { createStaticHandler, matchRoutes, type RouteObject } from 'react-router'
import { beforeAll, describe, expect, it } from 'vitest'
import type { ServerBuild } from 'react-router'
import { routePatterns } from '../setup/route-table'

const root = path.resolve(import.meta.dirname, '../..')

/** Addresses a buyer, staff or a probe asks for: each pattern with real-looking and hostile values, in both languages. */
function addresses(): string[] {
	const values = ['1', '14', 'GV-1-1', 'faq', '2147483648', 'x'.repeat(300), '%00', '..%2F..']
	const urls = routePatterns().flatMap((p) => (p.includes(':') || p.includes('*') ? values.map((v) => p.replace(/:\w+\??|\*/g, v)) : [p]))
	return [...new Set([...urls, '/nowhere', '/ur/nowhere', '/admin/nowhere', '/api/nowhere', '/product/1/extra', '/UR/product/1', '/product/1/', '//product//1'])]
}

type Match = { route: { id?: string }; params: Record<string, string | undefined>; pathname: string }
/** What routing decides: each matched route with its params and the part of the path it took. */
const decided = (matches: Match[]) => matches.map((m) => ({ id: m.route.id, params: { ...m.params }, pathname: m.pathname }))
/** What a fresh (unpatched, never-remembering) match of the table decides for a path. */
const freshMatch = (table: RouteObject[], url: string) => {
	const matches = matchRoutes(table, url)
	return matches ? decided(matches) : null
}

describe('route matching, remembered per path', () => {
	let table: RouteObject[]

	beforeAll(async () => {
		const build = (await import(pathToFileURL(path.join(root, 'build/server/index.js')).href)) as ServerBuild
		const tree = (parentId: string | undefined): RouteObject[] =>
			Object.values(build.routes)
				.filter((route) => route!.parentId === parentId)
				.map((route) => ({ id: route!.id, path: route!.path, index: route!.index, caseSensitive: route!.caseSensitive, children: tree(route!.id) }) as RouteObject)
		table = tree(undefined)
	})

	it('matches every address to the same routes the first time and every time after', async () => {
		const handler = createStaticHandler(table)
		const urls = addresses()
		expect(urls.length).toBeGreaterThan(300)
		for (let round = 0; round < 2; round++) {
			for (const url of urls) {
				const context = await handler.query(new Request(`http://shop.test${url}`))
				if (context instanceof Response) throw new Error(`${url}: answered a Response`)
				const expected = freshMatch(table, url)
				if (expected) expect(decided(context.matches), `${url}, round ${round + 1}`).toEqual(expected)
				else expect(context.statusCode, `${url}, round ${round + 1}`).toBe(404)
			}
		}
	}, 120_000)

	it('stays right past its bound: thousands of different products, then the first ones again', async () => {
		const handler = createStaticHandler(table)
		const ids = async (url: string) => {
			const context = await handler.query(new Request(`http://shop.test${url}`))
			if (context instanceof Response) throw new Error(`${url}: answered a Response`)
			return decided(context.matches)
		}
		expect(freshMatch(table, '/ur/product/1')).not.toEqual(freshMatch(table, '/product/1'))
		const checkout = freshMatch(table, '/api/checkout')
		// 2,400 different paths, past the memo's 1,000: each matched with its own id and language (every
		// 100th compared whole with a fresh match, which is slow: it ranks the whole table each time).
		for (let id = 1; id <= 1_200; id++) {
			for (const url of [`/product/${id}`, `/ur/product/${id}`]) {
				const matched = await ids(url)
				expect(matched.at(-1), url).toMatchObject({ params: { id: String(id) }, pathname: url })
				if (id % 100 === 0) expect(matched, url).toEqual(freshMatch(table, url))
				// Asked again: answered from the memo (while it holds the path), the same.
				expect(await ids(url), url).toEqual(matched)
				expect(await ids('/api/checkout'), url).toEqual(checkout)
			}
		}
		expect(await ids('/product/1')).toEqual(freshMatch(table, '/product/1'))
		expect(await ids('/ur/product/2')).toEqual(freshMatch(table, '/ur/product/2'))
		expect(await ids('/api/checkout')).toEqual(checkout)
	}, 120_000)

	it('is patched for the installed React Router: an upgrade finds its patch or fails here', () => {
		const { version } = JSON.parse(fs.readFileSync(path.join(root, 'node_modules/react-router/package.json'), 'utf8')) as { version: string }
		expect(fs.existsSync(path.join(root, `patches/react-router+${version}.patch`))).toBe(true)
		const installed = fs.readFileSync(path.join(root, 'node_modules/react-router/dist/development/chunk-OB3PAWPO.mjs'), 'utf8')
		expect(installed).toContain('branchMemos')
	})
})
