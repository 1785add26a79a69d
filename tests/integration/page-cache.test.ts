// The full-page cache of public catalogue pages (server/page-cache.ts): hits carry a fresh CSP nonce,
// pages that depend on cookies are never cached, and new data (a review, by HTTP or by NOTIFY from
// another process) or the TTL ends a cached page.
import http from 'node:http'
import zlib from 'node:zlib'
import express from 'express'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { addReview } from '../../app/domain/reviews/add-review.server'
import type { RunningShop } from '../../server/start'
import { moveClockForTests } from '../../app/utils/clock'
import { createPageCache, newNonce } from '../../server/page-cache'
import { useTestShop } from '../setup/test-shop'

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
	const testShop = useTestShop('pglite', 'page_cache', { REVIEW_RATE_LIMIT: '1000' }, { pageCacheSeconds: 60 })
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
