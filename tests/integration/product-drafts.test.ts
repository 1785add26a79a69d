// A product made on the console starts as a draft (ADR-046), over HTTP against the real server: a
// draft is on no buyer page, list, search, sitemap, cart, checkout or reviews list; staff preview its
// page with a banner; the console's page lists what is missing and publishes only when it is there or
// the owner ticks "Publish anyway", audited; the console API creates published products unless told.
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../app/db/client.server'
import { auditLog } from '../../app/db/schema'
import { getAdminProduct } from '../../app/domain/catalogue/manage-products.server'
import { createApiKey } from '../../app/domain/staff/api-keys.server'
import type { RunningShop } from '../../server/start'
import { checkoutOverHttp } from '../setup/payments'
import { databaseKinds } from '../setup/test-db'
import { signInOverHttp, useTestShop } from '../setup/test-shop'

const OWNER = { email: 'owner@example.pk', password: 'product-drafts-owner' }
const NAME = 'Zephyr Quest Deluxe'

/** The new-product form as the page posts it: featured, so a product on sale shows on the home page. */
const newProductForm = (name: string) => ({
	name,
	platform: 'pc',
	kind: 'game_key',
	caption: 'A key for Steam',
	description: 'The deluxe edition, as a Steam key.',
	features: '',
	visible: '1',
	featured: '1',
	sortOrder: '-50',
	'variants.rows': '1',
	'variants.0.label': 'Steam key',
	'variants.0.price': '4,500',
	'variants.0.position': '1',
	'specifications.rows': '0',
})

/** The page's text, without tags and scripts: what a reader sees. */
const textOf = (html: string) =>
	html
		.replace(/<script[\s\S]*?<\/script>/g, '')
		.replace(/<!-- -->/g, '')
		.replace(/<[^>]+>/g, ' ')
		.replace(/\s+/g, ' ')

describe.each(databaseKinds)('product drafts on %s', (kind) => {
	let shop: RunningShop
	let db: Db
	let owner: string
	let key: string

	const testShop = useTestShop(kind, 'product_drafts', { TRUST_PROXY: 'true', JOBS_WORKER: 'false', CHECKOUT_RATE_LIMIT: '1000', ADMIN_EMAIL: OWNER.email, ADMIN_PASSWORD: OWNER.password })

	beforeAll(async () => {
		shop = testShop.shop
		db = shop.database.db
		owner = await signInOverHttp(shop.url, OWNER.email, OWNER.password, '198.51.100.90')
		key = (await createApiKey(db, 'Catalogue tool', null)).key
	})

	const get = (path: string, cookie?: string) => fetch(`${shop.url}${path}`, { redirect: 'manual', headers: cookie ? { Cookie: cookie } : {} })
	const postForm = (path: string, form: Record<string, string>) =>
		fetch(`${shop.url}${path}`, { method: 'POST', redirect: 'manual', headers: { Origin: shop.url, Cookie: owner, 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(form) })
	const api = (method: string, path: string, json?: unknown) =>
		fetch(`${shop.url}${path}`, { method, headers: { 'X-ADMIN-KEY': key, 'Content-Type': 'application/json' }, body: json === undefined ? undefined : JSON.stringify(json) })

	async function createOnConsole(name: string) {
		const res = await postForm('/admin/products/new', newProductForm(name))
		expect(res.status).toBe(302)
		return Number(/^\/admin\/products\/(\d+)\?notice=created$/.exec(res.headers.get('location') ?? '')![1])
	}

	/** What a buyer can reach of the product: each place a product shows, true where it does. */
	async function buyerSees(id: number, name: string) {
		const product = await getAdminProduct(db, id)
		const line = { id, quantity: 1, variantId: product.variants[0]!.id }
		const prices = (await (await fetch(`${shop.url}/api/cart/prices`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ lines: [line] }) })).json()) as {
			lines: { available: boolean; message?: string }[]
		}
		return {
			home: textOf(await (await get('/')).text()).includes(name),
			list: textOf(await (await get('/products?category=pc')).text()).includes(name),
			search: textOf(await (await get(`/products?q=${encodeURIComponent('zephyr quest')}`)).text()).includes(name),
			sitemap: (await (await get('/sitemap.xml')).text()).includes(`/product/${id}<`),
			page: (await get(`/product/${id}`)).status,
			urduPage: (await get(`/ur/product/${id}`)).status,
			cart: prices.lines[0]!.available ? 'available' : prices.lines[0]!.message,
			checkout: await checkoutOverHttp(shop.url, [line]).then(async (res) => (res.status === 201 || res.status === 200 ? 'placed' : ((await res.json()) as { error: string }).error)),
			reviews: ((await (await get(`/api/reviews?productId=${id}`)).json()) as { reviews: unknown[] }).reviews.length,
		}
	}

	it('starts a console product as a draft that no buyer list, page, cart or checkout shows, and shows it everywhere once published', async () => {
		const id = await createOnConsole(NAME)
		expect((await getAdminProduct(db, id)).status).toBe('draft')
		// A review written before it went back to draft would show on a published page: one is there.
		const review = await fetch(`${shop.url}/api/reviews`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ productId: id, name: 'Ali', rating: 5, comment: 'Works on Steam' }) })
		expect(review.status).toBe(201)

		expect(await buyerSees(id, NAME)).toEqual({
			home: false,
			list: false,
			search: false,
			sitemap: false,
			page: 404,
			urduPage: 404,
			cart: `Product ${id} is not in our catalogue.`,
			checkout: `Product ${id} is not in our catalogue.`,
			reviews: 0,
		})

		const created = textOf(await (await get(`/admin/products/${id}?notice=created`, owner)).text())
		expect(created).toContain('Created as a draft: only staff see it.')

		const published = await postForm(`/admin/products/${id}`, { intent: 'publish', anyway: '1' })
		expect(published.status).toBe(302)
		expect(await buyerSees(id, NAME)).toEqual({ home: true, list: true, search: true, sitemap: true, page: 200, urduPage: 200, cart: 'available', checkout: 'placed', reviews: 1 })

		// Back to draft: gone again, as at first.
		expect((await postForm(`/admin/products/${id}`, { intent: 'unpublish' })).status).toBe(302)
		expect((await getAdminProduct(db, id)).status).toBe('draft')
		expect(await buyerSees(id, NAME)).toMatchObject({ home: false, list: false, page: 404, reviews: 0 })
		const entries = await db.select().from(auditLog).where(eq(auditLog.target, `product ${id}`)).orderBy(auditLog.id)
		expect(entries.map((e) => e.action)).toEqual(['product.create', 'product.publish', 'product.unpublish'])
		expect(entries[1]).toMatchObject({ before: { status: 'draft' }, after: { status: 'published' }, note: 'Published anyway, without a cover image.' })
	})

	it('lets signed-in staff preview a draft’s page with a banner; buyers are sent to sign in', async () => {
		const id = await createOnConsole('Preview Me Edition')
		const preview = await get(`/admin/products/${id}/preview`, owner)
		expect(preview.status).toBe(200)
		const text = textOf(await preview.text())
		expect(text).toContain('Draft — only staff see this page.')
		expect(text).toContain('Preview Me Edition')
		expect(text).toContain('Rs. 4,500')
		const buyer = await get(`/admin/products/${id}/preview`)
		expect(buyer.status).toBe(302)
		expect(buyer.headers.get('location')).toBe(`/admin/login?redirectTo=${encodeURIComponent(`/admin/products/${id}/preview`)}`)
		// Published, the preview is the page buyers see, without the banner.
		expect((await api('PATCH', `/api/admin/products/${id}`, { status: 'published' })).status).toBe(200)
		expect(textOf(await (await get(`/admin/products/${id}/preview`, owner)).text())).not.toContain('Draft — only staff see this page.')
		expect((await get('/admin/products/999999/preview', owner)).status).toBe(404)
	})

	it('lists what is missing before publishing and refuses to publish without it unless ticked', async () => {
		const id = await createOnConsole('Checklist Edition')
		// Sold from stock only, with none; and an option without a price, as saved before every option needed one.
		expect((await postForm(`/admin/products/${id}/stock`, { intent: 'mode', stockMode: 'stock_only' })).status).toBe(200)
		await db.execute(`update product_variants set price = 0 where product_id = ${id}`)

		const page = textOf(await (await get(`/admin/products/${id}`, owner)).text())
		expect(page).toContain('Draft: not in the shop yet')
		expect(page).toContain('missing a price on Steam key')
		expect(page).toContain('missing a cover image')
		expect(page).toContain('missing stock for Steam key (sold from stock only)')

		const refused = await postForm(`/admin/products/${id}`, { intent: 'publish' })
		expect(refused.status).toBe(400)
		expect(textOf(await refused.text())).toContain(
			'Not published: it still needs a price on Steam key; a cover image; stock for Steam key (sold from stock only). Tick “Publish anyway” to publish it as it is.',
		)
		expect((await getAdminProduct(db, id)).status).toBe('draft')
		expect((await postForm(`/admin/products/${id}`, { intent: 'publish', anyway: '1' })).status).toBe(302)
		expect((await getAdminProduct(db, id)).status).toBe('published')
	})

	it('marks drafts on the products list', async () => {
		const id = await createOnConsole('Listed Edition Nine')
		const row = /<tr[^>]*>(?:(?!<\/tr>)[\s\S])*Listed Edition Nine(?:(?!<\/tr>)[\s\S])*<\/tr>/.exec(await (await get('/admin/products?q=Listed%20Edition%20Nine', owner)).text())![0]
		expect(textOf(row)).toContain('Draft')
		expect((await api('PATCH', `/api/admin/products/${id}`, { status: 'published' })).status).toBe(200)
		const after = /<tr[^>]*>(?:(?!<\/tr>)[\s\S])*Listed Edition Nine(?:(?!<\/tr>)[\s\S])*<\/tr>/.exec(await (await get('/admin/products?q=Listed%20Edition%20Nine', owner)).text())![0]
		expect(textOf(after)).not.toContain('Draft')
	})

	it('creates published products on the API unless a draft is asked for, and changes the status on PATCH', async () => {
		const base = { platform: 'pc', kind: 'game_key', description: 'A key.', variants: [{ label: 'Key', price: 1000 }] }
		const published = (await (await api('POST', '/api/admin/products', { ...base, name: 'API Default Key' })).json()) as { id: number; status: string }
		expect(published.status).toBe('published')
		expect((await get(`/product/${published.id}`)).status).toBe(200)
		const draft = (await (await api('POST', '/api/admin/products', { ...base, name: 'API Draft Key', status: 'draft' })).json()) as { id: number; status: string }
		expect(draft.status).toBe('draft')
		expect((await get(`/product/${draft.id}`)).status).toBe(404)
		const patched = await api('PATCH', `/api/admin/products/${draft.id}`, { status: 'published' })
		expect(((await patched.json()) as { status: string }).status).toBe('published')
		expect((await get(`/product/${draft.id}`)).status).toBe(200)
		const bad = await api('PATCH', `/api/admin/products/${draft.id}`, { status: 'live' })
		expect(bad.status).toBe(400)
		expect(((await bad.json()) as { error: string }).error).toContain('Status must be draft or published.')
	})
})
