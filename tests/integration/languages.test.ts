// Buyer pages in two languages (ADR-032): every buyer page has its Urdu twin under /ur, naming each
// other; the language switch remembers the choice and keeps the page; an English address opened with
// Urdu remembered goes to its twin; the console and the APIs have none; bad input gets a clear 4xx.
import { describe, expect, it } from 'vitest'
import { useTestShop } from '../setup/test-shop'

const PHONE = { 'User-Agent': 'Mozilla/5.0 (Linux; Android 14; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/130.0 Mobile Safari/537.36', Accept: 'text/html' }

describe('buyer pages in English and Urdu', () => {
	const shop = useTestShop('pglite', 'languages', { REVIEW_RATE_LIMIT: '1' }, { pageCacheSeconds: 60 })
	const get = (path: string, headers: Record<string, string> = {}) => fetch(shop.url + path, { redirect: 'manual', headers: { ...PHONE, ...headers } })

	it('answers each buyer page at /ur in Urdu, right to left, and each names its twin', async () => {
		for (const path of ['/', '/products', '/product/1', '/checkout', '/order-status', '/my-orders', '/faq', '/game-pass-library']) {
			const urdu = path === '/' ? '/ur' : `/ur${path}`
			const res = await get(urdu)
			expect(res.status, urdu).toBe(200)
			const html = await res.text()
			expect(html, urdu).toContain('<html lang="ur" dir="rtl">')
			expect(html, urdu).toContain(`<link rel="alternate" hrefLang="en" href="${shop.url}${path}"/>`)
			expect(html, urdu).toContain(`<link rel="alternate" hrefLang="ur" href="${shop.url}${urdu}"/>`)
			const english = await (await get(path)).text()
			expect(english, path).toContain('<html lang="en" dir="ltr">')
			expect(english, path).toContain(`<link rel="alternate" hrefLang="ur" href="${shop.url}${urdu}"/>`)
		}
	})

	it('keeps the console, the APIs and unknown addresses out of /ur', async () => {
		expect((await get('/ur/admin/login')).status).toBe(404)
		expect((await get('/ur/api/order')).status).toBe(404)
		expect((await get('/urdu')).status).toBe(404)
		const console = await (await get('/admin/login')).text()
		expect(console).toContain('<html lang="en" dir="ltr">')
		expect(console).not.toContain('<link rel="alternate"')
	})

	it('switches language on the same page, query kept, and remembers it', async () => {
		const res = await get('/language?to=ur&next=%2Fproduct%2F1%3Fvariant%3D3')
		expect(res.status).toBe(303)
		expect(res.headers.get('location')).toBe('/ur/product/1?variant=3')
		expect(res.headers.get('set-cookie')).toMatch(/^lang=ur; Path=\/; Max-Age=31536000; SameSite=Lax/)
		const back = await get('/language?to=en&next=%2Fur%2Fproduct%2F1%3Fvariant%3D3')
		expect(back.headers.get('location')).toBe('/product/1?variant=3')
		expect(back.headers.get('set-cookie')).toMatch(/^lang=en;/)
	})

	it('sends the footer switch, which names no page, back to the page it came from', async () => {
		const res = await get('/language?to=ur', { Referer: `${shop.url}/contact?from=footer` })
		expect(res.headers.get('location')).toBe('/ur/contact?from=footer')
		const elsewhere = await get('/language?to=ur', { Referer: 'https://elsewhere.example/contact' })
		expect(elsewhere.headers.get('location')).toBe('/ur')
	})

	it('never sends the buyer off the shop or to a page without a twin', async () => {
		for (const next of ['//evil.example/x', 'https://evil.example/', '/\\evil.example', '/admin-dashboard', '/api/order', '/products%00']) {
			const res = await get(`/language?to=ur&next=${encodeURIComponent(next)}`)
			expect(res.status, next).toBe(303)
			expect(res.headers.get('location'), next).toBe('/ur')
		}
	})

	it('refuses a language it does not have, with a sentence', async () => {
		for (const to of ['fr', '', 'UR', 'ur%20']) {
			const res = await get(`/language?to=${to}`, { Accept: 'application/json' })
			expect(res.status, to).toBe(400)
			expect((await res.json()).error).toBe('Choose a language: to=en or to=ur.')
		}
		// A NUL is refused before any route, with the guard's own sentence.
		const nul = await get('/language?to=ur%00', { Accept: 'application/json' })
		expect(nul.status).toBe(400)
		expect((await nul.json()).error).toMatch(/character/)
		const post = await fetch(`${shop.url}/language?to=ur`, { method: 'POST', redirect: 'manual' })
		expect(post.status).toBe(405)
	})

	it('opens an English address in Urdu when Urdu was chosen, before the page cache', async () => {
		// The English page is in the cache first: the remembered choice must still win.
		expect((await get('/products')).status).toBe(200)
		const res = await get('/products?sort=price', { Cookie: 'other=1; lang=ur' })
		expect(res.status).toBe(302)
		expect(res.headers.get('location')).toBe('/ur/products?sort=price')
		expect(res.headers.get('cache-control')).toBe('private, no-store')
		// An Urdu address, English chosen, the console, the APIs and a malformed cookie are left alone.
		expect((await get('/ur/products', { Cookie: 'lang=en' })).status).toBe(200)
		expect((await get('/products', { Cookie: 'lang=en' })).status).toBe(200)
		expect((await get('/products', { Cookie: 'lang=%E0%A4%A' })).status).toBe(200)
		expect((await get('/admin/login', { Cookie: 'lang=ur' })).status).toBe(200)
		expect((await get('/api/cart/prices', { Cookie: 'lang=ur' })).status).not.toBe(302)
		expect((await get('/', { Cookie: 'lang=ur' })).headers.get('location')).toBe('/ur')
	})

	it('lists both languages in the sitemap', async () => {
		const xml = await (await get('/sitemap.xml')).text()
		expect(xml).toContain(`<loc>${shop.url}/ur/products</loc>`)
		expect(xml).toContain(`<xhtml:link rel="alternate" hreflang="en" href="${shop.url}/products"/>`)
	})

	it('refuses a review written on an Urdu page in Urdu, and one from an English page in English', async () => {
		const review = (lang: string) =>
			fetch(`${shop.url}/api/reviews`, {
				method: 'POST',
				headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
				body: new URLSearchParams({ productId: '14', name: 'Bilal', rating: '5', comment: 'Code came in a minute.', lang }),
			})
		expect((await review('ur')).status).toBe(201)
		// Past the hourly limit (one, here): the same refusal in each page's language.
		const urdu = await review('ur')
		expect(urdu.status).toBe(429)
		expect(await urdu.json()).toMatchObject({ error: 'آپ نے تھوڑی دیر میں کئی ریویو لکھے ہیں۔ براہِ کرم ایک گھنٹے بعد دوبارہ کوشش کریں۔' })
		const english = await review('en')
		expect(await english.json()).toMatchObject({ error: 'You have posted several reviews in a short time. Please try again in an hour.' })
	})
})
