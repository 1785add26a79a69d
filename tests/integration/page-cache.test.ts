// The full-page cache of public catalogue pages (server/page-cache.ts): hits carry a fresh CSP nonce,
// pages that depend on cookies are never cached, and new data (a review, by HTTP or by NOTIFY from
// another process) or the TTL ends a cached page.
import http from 'node:http'
import zlib from 'node:zlib'
import { sql } from 'drizzle-orm'
import express from 'express'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addReview } from '../../app/domain/reviews/add-review.server'
import type { RunningShop } from '../../server/start'
import { moveClockForTests } from '../../app/utils/clock'
import { createPageCache, newNonce, ORDER_CHANGES_COALESCED_MS, type PageCache } from '../../server/page-cache'
import { ORDERS_CHANNEL } from '../../app/domain/orders/notify-order.server'
import { useTestShop } from '../setup/test-shop'
import { warmPages } from '../../server/warm-start'

/** A phone's browser: bots get pages of their own (rendered complete, without streaming). */
const BROWSER = { 'User-Agent': 'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36' }
const get = (url: string, init: RequestInit = {}) => fetch(url, { ...init, headers: { ...BROWSER, ...(init.headers as Record<string, string>) } })

const nonceOfHeader = (res: Response) => /'nonce-([^']+)'/.exec(res.headers.get('content-security-policy') ?? '')?.[1]
const noncesInHtml = (html: string) => new Set([...html.matchAll(/nonce="([^"]+)"/g)].map((m) => m[1]))

/** A raw GET (no automatic decompression): status, headers and the body as sent. */
function rawGet(url: string, headers: Record<string, string> = {}) {
	return new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
		http
			.get(url, { headers: { ...BROWSER, ...headers } }, (res) => {
				const chunks: Buffer[] = []
				res.on('data', (c: Buffer) => chunks.push(c))
				res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }))
			})
			.on('error', reject)
	})
}

describe('page cache on the shop', () => {
	let shop: RunningShop
	const testShop = useTestShop('pglite', 'page_cache', { REVIEW_RATE_LIMIT: '1000' }, { pageCacheSeconds: 60, orderChangesCoalescedMs: 500 })
	beforeAll(() => {
		shop = testShop.shop
	})

	it('serves a second request from the cache with a fresh nonce in the CSP header and the HTML', async () => {
		const first = await get(`${shop.url}/product/3`)
		const firstHtml = await first.text()
		const second = await get(`${shop.url}/product/3`)
		const secondHtml = await second.text()
		expect(first.status).toBe(200)
		expect(second.status).toBe(200)
		expect(first.headers.get('x-page-cache')).toBe('miss')
		expect(second.headers.get('x-page-cache')).toBe('hit')
		expect(second.headers.get('cache-control')).toBe('private, no-cache')
		expect(second.headers.get('vary')).toMatch(/Accept-Encoding/i)

		const [n1, n2] = [nonceOfHeader(first), nonceOfHeader(second)]
		expect(n1).toBeTruthy()
		expect(n2).toBeTruthy()
		expect(n2).not.toBe(n1)
		expect(noncesInHtml(firstHtml)).toEqual(new Set([n1]))
		expect(noncesInHtml(secondHtml)).toEqual(new Set([n2]))
		expect(secondHtml.replaceAll(n2!, 'NONCE')).toBe(firstHtml.replaceAll(n1!, 'NONCE'))

		// Gzip: spliced from the stored compressed segments, a valid stream with this response's nonce.
		const gz = await rawGet(`${shop.url}/product/3`, { 'Accept-Encoding': 'gzip, deflate, br' })
		expect(gz.headers['x-page-cache']).toBe('hit')
		expect(gz.headers['content-encoding']).toBe('gzip')
		const n3 = /'nonce-([^']+)'/.exec(String(gz.headers['content-security-policy']))?.[1]
		const unzipped = zlib.gunzipSync(gz.body).toString('utf8')
		expect(n3).not.toBe(n2)
		expect(noncesInHtml(unzipped)).toEqual(new Set([n3]))
		expect(unzipped.replaceAll(n3!, 'NONCE')).toBe(firstHtml.replaceAll(n1!, 'NONCE'))
	})

	it('never caches pages that depend on cookies or the visitor', async () => {
		for (const page of ['/order-status', '/checkout', '/payment-details', '/admin/login', '/api/reviews?productId=1']) {
			for (let i = 0; i < 2; i++) {
				const res = await get(`${shop.url}${page}`, { redirect: 'manual', headers: { cookie: 'staff_session=x' } })
				await res.arrayBuffer()
				expect(res.headers.get('x-page-cache'), page).toBeNull()
			}
		}
	})

	it('drops cached pages when a review is posted', async () => {
		await (await get(`${shop.url}/product/4`)).text()
		expect((await get(`${shop.url}/product/4`)).headers.get('x-page-cache')).toBe('hit')

		const name = `Cache ${Date.now()}`
		const posted = await fetch(`${shop.url}/api/reviews`, {
			method: 'POST',
			headers: { 'Content-Type': 'application/json' },
			body: JSON.stringify({ productId: 4, name, rating: 5, comment: 'Fresh after posting.' }),
		})
		expect(posted.status).toBe(201)
		const after = await get(`${shop.url}/product/4`)
		expect(after.headers.get('x-page-cache')).toBe('miss')
		expect(await after.text()).toContain(name)
	})

	it("keeps the pages through a buyer's checkout and order calls and a staff sign-in; a console write drops them at once, an order's change within a second", async () => {
		const cached = async () => (await get(`${shop.url}/product/6`)).headers.get('x-page-cache')
		await (await get(`${shop.url}/product/6`)).text()
		expect(await cached()).toBe('hit')
		// A refused checkout, an order look-up and a cart's prices are the buyer's own: the page stays cached.
		// With scripts on, a page's form is posted to its address plus `.data` (React Router's single fetch).
		for (const path of ['/api/checkout', '/ur/checkout', '/checkout.data', '/ur/order-status.data', '/api/order/unlock', '/api/cart/prices']) {
			const res = await fetch(`${shop.url}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json', Origin: shop.url }, body: '{}' })
			expect(res.status, path).toBeGreaterThanOrEqual(400)
			expect(res.status, path).toBeLessThan(500)
			expect(await cached(), path).toBe('hit')
		}
		// A staff sign-in (here a refused one) changes no public page: they stay.
		await (await fetch(`${shop.url}/admin/login`, { method: 'POST', redirect: 'manual', headers: { Origin: shop.url, 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'email=x%40y.pk&password=wrong' })).text()
		expect(await cached()).toBe('hit')
		// A console write (here one refused for want of a session) drops them as it is answered.
		const write = await fetch(`${shop.url}/api/admin/products/6`, { method: 'PATCH', headers: { Origin: shop.url, 'Content-Type': 'application/json' }, body: '{"visible":true}' })
		expect(write.status).toBe(401)
		expect(await cached()).toBe('miss')
		await expect.poll(cached, { timeout: 3_000, interval: 50 }).toBe('hit')
		// An order changed by any process (its NOTIFY): the pages are drawn again, here within the test's half second.
		await shop.database.db.execute(sql`select pg_notify(${ORDERS_CHANNEL}, 'XGC-0')`)
		await expect.poll(cached, { timeout: 3_000, interval: 50 }).toBe('miss')
	})

	it('drops cached pages on a review written by another process (NOTIFY)', async () => {
		await (await get(`${shop.url}/product/5`)).text()
		expect((await get(`${shop.url}/product/5`)).headers.get('x-page-cache')).toBe('hit')
		const name = `Elsewhere ${Date.now()}`
		// Straight into the database, as another instance of the shop would.
		await addReview(shop.database.db, { productId: 5, name, rating: 4, comment: 'Written by another server.' }, { clientIp: 'test', limitPerHour: 1000 })
		await expect.poll(async () => (await get(`${shop.url}/product/5`)).headers.get('x-page-cache'), { timeout: 5_000 }).toBe('miss')
		expect(await (await get(`${shop.url}/product/5`)).text()).toContain(name)
	})
})

describe('page cache TTL and coalescing', () => {
	let server: http.Server
	let url: string
	let renders = 0
	beforeAll(async () => {
		const app = express()
		const cache = createPageCache({ ttlSeconds: 0.3, nonceOf: (res) => res.locals.cspNonce as string })
		app.use((_req, res, next) => {
			res.locals.cspNonce = newNonce()
			next()
		})
		app.use(cache.serve)
		app.use(cache.record)
		// A console write answers at once: only what the cache does with it is tested.
		app.post(/.*/, (_req, res) => void res.status(204).end())
		app.get('/products', async (_req, res) => {
			renders++
			await new Promise((r) => setTimeout(r, 50))
			res.type('html').send(`<html><script nonce="${res.locals.cspNonce}">1</script><p>render ${renders}</p></html>`)
		})
		server = await new Promise<http.Server>((resolve) => {
			const s = app.listen(0, '127.0.0.1', () => resolve(s))
		})
		url = `http://127.0.0.1:${(server.address() as { port: number }).port}`
	})
	afterAll(() => new Promise((r) => server.close(r)))

	it('renders once for concurrent misses, then again once the TTL has passed', async () => {
		const bodies = await Promise.all(Array.from({ length: 5 }, () => fetch(`${url}/products`).then((r) => r.text())))
		expect(renders).toBe(1)
		expect(new Set(bodies.map((b) => /render (\d+)/.exec(b)?.[1]))).toEqual(new Set(['1']))
		expect(new Set(bodies.map((b) => /nonce="([^"]+)"/.exec(b)?.[1])).size).toBe(5)
		moveClockForTests(400)
		expect(await (await fetch(`${url}/products`)).text()).toContain('render 2')
	})
})

describe('page cache and order changes', () => {
	// The shop's window is ORDER_CHANGES_COALESCED_MS; a short one here keeps the test quick, and pages
	// kept a minute show that only the order changes drop them.
	const COALESCED_MS = 400
	let server: http.Server
	let url: string
	let renders = 0
	const productRenders = new Map<string, number>()
	/** While set, a render waits for it: a page being drawn slowly. */
	let held: Promise<void> | null = null
	let cache: PageCache
	/** A server of /products on `cache`, each render numbered. */
	async function serve(cache: PageCache) {
		const app = express()
		app.use((_req, res, next) => {
			res.locals.cspNonce = newNonce()
			next()
		})
		app.use(cache.serve)
		app.use(cache.record)
		// A console write answers at once: only what the cache does with it is tested.
		app.post(/.*/, (_req, res) => void res.status(204).end())
		app.get('/products', async (_req, res) => {
			renders++
			const mine = renders
			await held
			res.type('html').send(`<html><script nonce="${res.locals.cspNonce}">1</script><p>render ${mine}</p></html>`)
		})
		// A product's page, its renders counted apart.
		app.get('/product/:id', (req, res) => {
			const mine = (productRenders.get(req.params.id) ?? 0) + 1
			productRenders.set(req.params.id, mine)
			res.type('html').send(`<html><script nonce="${res.locals.cspNonce}">1</script><p>render ${mine}</p></html>`)
		})
		const server = await new Promise<http.Server>((resolve) => {
			const s = app.listen(0, '127.0.0.1', () => resolve(s))
		})
		return { server, url: `http://127.0.0.1:${(server.address() as { port: number }).port}` }
	}
	beforeAll(async () => {
		cache = createPageCache({ ttlSeconds: 60, orderChangesCoalescedMs: COALESCED_MS, nonceOf: (res) => res.locals.cspNonce as string })
		;({ server, url } = await serve(cache))
	})
	afterAll(() => new Promise((r) => server.close(r)))

	it('a starting server keeps the pages it drew through the first orders of a rush, and draws them again once its first window has passed', async () => {
		const fresh = createPageCache({ ttlSeconds: 60, orderChangesCoalescedMs: COALESCED_MS, nonceOf: (res) => res.locals.cspNonce as string })
		const started = await serve(fresh)
		try {
			const drawn = async () => Number(/render (\d+)/.exec(await (await fetch(`${started.url}/products`)).text())?.[1])
			const first = await drawn()
			// Orders arrive within the first window of the server's start: the page drawn as it started stays.
			fresh.clearSoon()
			expect(await drawn()).toBe(first)
			await new Promise((r) => setTimeout(r, COALESCED_MS + 100))
			expect(await drawn()).toBe(first + 1)
		} finally {
			await new Promise((r) => started.server.close(r))
		}
	})

	it('draws at most two pages no copy answers at once; the others wait their turn while kept pages answer at once', async () => {
		const fresh = createPageCache({ ttlSeconds: 60, orderChangesCoalescedMs: COALESCED_MS, nonceOf: (res) => res.locals.cspNonce as string })
		const started = await serve(fresh)
		try {
			expect((await fetch(`${started.url}/product/3`)).headers.get('x-page-cache')).toBe('miss')
			let release!: () => void
			held = new Promise<void>((resolve) => (release = resolve))
			const before = renders
			// Three searches nobody asked for yet, at once: two are drawn, the third waits.
			const asked = ['a', 'b', 'c'].map((q) => fetch(`${started.url}/products?q=${q}`).then(async (res) => ({ cache: res.headers.get('x-page-cache'), text: await res.text() })))
			await new Promise((r) => setTimeout(r, 100))
			expect(renders - before).toBe(2)
			// Meanwhile a kept page is answered at once.
			expect((await fetch(`${started.url}/product/3`)).headers.get('x-page-cache')).toBe('hit')
			release()
			held = null
			const answers = await Promise.all(asked)
			expect(renders - before).toBe(3)
			expect(answers.map((a) => a.cache)).toEqual(['miss', 'miss', 'miss'])
			expect(new Set(answers.map((a) => a.text)).size).toBe(3)
		} finally {
			await new Promise((r) => started.server.close(r))
		}
	})

	it('after an order change, the first request draws the page again and the others meanwhile get the copy from before at once; then everyone the new one', async () => {
		const page = async () => {
			const res = await fetch(`${url}/products`)
			return { render: Number(/render (\d+)/.exec(await res.text())?.[1]), cache: res.headers.get('x-page-cache') }
		}
		// Past the window of any change before, and the page kept.
		await new Promise((r) => setTimeout(r, COALESCED_MS + 50))
		const before = (await page()).render
		expect(await page()).toEqual({ render: before, cache: 'hit' })
		cache.clearSoon()
		let release!: () => void
		held = new Promise<void>((resolve) => (release = resolve))
		const drawing = page()
		// The render is under way (held): five more requests are answered from the copy before the change, none waiting on it.
		await new Promise((r) => setTimeout(r, 50))
		const meanwhile = await Promise.all(Array.from({ length: 5 }, () => page()))
		expect(meanwhile).toEqual(Array.from({ length: 5 }, () => ({ render: before, cache: 'hit' })))
		expect(renders).toBe(before + 1)
		release()
		held = null
		expect(await drawing).toEqual({ render: before + 1, cache: 'miss' })
		// Once it is drawn, no one gets the older copy again.
		expect(await page()).toEqual({ render: before + 1, cache: 'hit' })
	})

	it('a stock change in the console makes the pages stale as an order change does, but for other products\' own pages; a staff sign-in or out keeps them; any other console write drops them', async () => {
		const page = async () => {
			const res = await fetch(`${url}/products`)
			return { render: Number(/render (\d+)/.exec(await res.text())?.[1]), cache: res.headers.get('x-page-cache') }
		}
		const before = (await page()).render
		expect(await page()).toEqual({ render: before, cache: 'hit' })
		// Codes imported on a product's stock (the console's form and the API alike).
		for (const write of ['/api/admin/products/14/stock', '/admin/products/14/stock', '/admin/products/14/stock.data']) {
			const now = (await page()).render
			expect((await fetch(`${url}${write}`, { method: 'POST' })).status).toBe(204)
			let release!: () => void
			held = new Promise<void>((resolve) => (release = resolve))
			const drawing = page()
			await new Promise((r) => setTimeout(r, 50))
			// While it is drawn again, the copy from before answers at once.
			expect(await page()).toEqual({ render: now, cache: 'hit' })
			release()
			held = null
			expect(await drawing).toEqual({ render: now + 1, cache: 'miss' })
		}
		// Codes imported on one product's stock: its page and the lists are drawn again, another product's page stays as it was.
		const product = async (id: number) => {
			const res = await fetch(`${url}/product/${id}`)
			return { render: Number(/render (\d+)/.exec(await res.text())?.[1]), cache: res.headers.get('x-page-cache') }
		}
		await product(14)
		await product(15)
		const [fourteen, fifteen] = [(await product(14)).render, (await product(15)).render]
		const list = (await page()).render
		expect((await fetch(`${url}/api/admin/products/14/stock`, { method: 'POST' })).status).toBe(204)
		for (const first of [true, false]) {
			// The first request after the import draws it (or, for the stale ones, is the one that does); then all are kept.
			expect(await product(15)).toEqual({ render: fifteen, cache: 'hit' })
			if (first) {
				expect(await product(14)).toEqual({ render: fourteen + 1, cache: 'miss' })
				expect(await page()).toEqual({ render: list + 1, cache: 'miss' })
			} else {
				expect(await product(14)).toEqual({ render: fourteen + 1, cache: 'hit' })
				expect(await page()).toEqual({ render: list + 1, cache: 'hit' })
			}
		}
		// A staff member signing in or out changes no public page: the pages stay as they are.
		const kept = (await page()).render
		for (const write of ['/admin/login', '/admin/login.data', '/admin/logout']) {
			expect((await fetch(`${url}${write}`, { method: 'POST' })).status).toBe(204)
			expect(await page()).toEqual({ render: kept, cache: 'hit' })
		}
		// A product's details saved: nobody gets the copy from before.
		const now = (await page()).render
		expect((await fetch(`${url}/api/admin/products/14`, { method: 'POST' })).status).toBe(204)
		let release!: () => void
		held = new Promise<void>((resolve) => (release = resolve))
		const first = page()
		await new Promise((r) => setTimeout(r, 50))
		const second = page()
		release()
		held = null
		expect(await Promise.all([first, second])).toEqual([
			{ render: now + 1, cache: 'miss' },
			{ render: now + 1, cache: 'hit' },
		])
	})

	it('drops the pages at once on a first change of orders, and then at most once per window however many come', async () => {
		expect(ORDER_CHANGES_COALESCED_MS).toBeGreaterThan(COALESCED_MS)
		const drawn = async () => Number(/render (\d+)/.exec(await (await fetch(`${url}/products`)).text())?.[1])
		// Past the window of any change before.
		await new Promise((r) => setTimeout(r, COALESCED_MS + 50))
		const before = await drawn()
		expect(await drawn()).toBe(before)
		cache.clearSoon()
		const first = await drawn()
		expect(first).toBe(before + 1)
		// Ten more changes right after: none drops the page before the window has passed, then one does, once.
		for (let i = 0; i < 10; i++) cache.clearSoon()
		expect(await drawn()).toBe(first)
		await new Promise((r) => setTimeout(r, COALESCED_MS / 2))
		expect(await drawn()).toBe(first)
		await new Promise((r) => setTimeout(r, COALESCED_MS / 2 + 100))
		expect(await drawn()).toBe(first + 1)
		expect(await drawn()).toBe(first + 1)
	})
})

describe('a starting server draws the public pages before it takes traffic', () => {
	// The links' address is known before it listens (PUBLIC_URL), as on a deployed shop; time enough to draw them all on a busy machine.
	const testShop = useTestShop('pglite', 'page_cache_warm', { PUBLIC_URL: 'https://shop.example.pk', WARM_START_SECONDS: '90' }, { pageCacheSeconds: 60 })

	it('answers the first buyer of home, the catalogue and a product, in both languages, from kept pages with links to the shop’s address', async () => {
		for (const path of ['/', '/products', '/product/3', '/ur', '/ur/product/3', '/about']) {
			const res = await get(`${testShop.url}${path}`)
			expect(res.status, path).toBe(200)
			expect(res.headers.get('x-page-cache'), path).toBe('hit')
			const html = await res.text()
			// Each answer still has a nonce of its own, and links name the shop, never the private port it was drawn on.
			expect(noncesInHtml(html)).toEqual(new Set([nonceOfHeader(res)]))
			expect(html).not.toContain('127.0.0.1')
		}
		const product = await (await get(`${testShop.url}/product/3`)).text()
		expect(product).toContain('href="https://shop.example.pk/product/3"')
		// A page not meant to be found (the terms a checkout links to) is drawn on demand, as before.
		expect((await get(`${testShop.url}/game-pass-terms`)).headers.get('x-page-cache')).toBe('miss')
	})

	it('holds the start no longer than its time when a page never answers, and says what was left', async () => {
		const asked: string[] = []
		const started = performance.now()
		const warmed = await warmPages((req) => void asked.push(req.url!), 'https://shop.example.pk', ['/', '/products', '/about'], 300)
		expect(performance.now() - started).toBeLessThan(2_000)
		// Two at a time: the first two hang until the time runs out; the rest are left to buyers.
		expect(asked).toEqual(['/', '/ur'])
		expect(warmed).toMatchObject({ drawn: 0, failed: 2, left: 4 })
	})
})
