// The console's product pages over HTTP against the real server, as a browser without scripts posts
// them: the owner's form saves a product with its options in order, a refusal is a 4xx page with
// sentences and the typed values, hostile input (NUL, huge numbers, ids past the range) never a 500,
// a product with orders is hidden instead of deleted, and staff without the catalogue permission are
// refused.
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../app/db/client.server'
import { products } from '../../app/db/schema'
import { getAdminProduct } from '../../app/domain/catalogue/manage-products.server'
import { createStaff } from '../../app/domain/staff/manage-staff.server'
import type { RunningShop } from '../../server/start'
import { checkoutBody, placeOrder } from '../setup/payments'
import { useTestShop } from '../setup/test-shop'
import { databaseKinds } from '../setup/test-db'

const OWNER = { email: 'owner@example.pk', password: 'console-products-owner' }

/** The new-product form as the page posts it: three option rows, two specification rows. */
const newProductForm = (fields: Record<string, string> = {}) => ({
	name: 'Xbox Game Pass Core (form)',
	platform: 'xbox',
	kind: 'subscription',
	caption: 'Online multiplayer',
	description: 'Online play and a library of games.',
	features: 'Online multiplayer\r\nA library of games',
	badge: '',
	originalPrice: '',
	termsPage: 'game-pass-console',
	contentPage: '',
	reviewGroup: 'game-pass',
	visible: '1',
	sortOrder: '3',
	'variants.rows': '3',
	'variants.0.label': '1 Month',
	'variants.0.months': '1',
	'variants.0.price': '1,000',
	'variants.0.position': '1',
	'variants.1.label': '3 Months',
	'variants.1.months': '3',
	'variants.1.price': 'Rs. 2700',
	'variants.1.position': '2',
	'variants.2.position': '3',
	'specifications.rows': '2',
	'specifications.0.label': 'Region',
	'specifications.0.value': 'Global',
	...fields,
})

describe.each(databaseKinds)('console product pages on %s', (kind) => {
	let shop: RunningShop
	let db: Db
	let owner: string
	let staffWithout: string

	const signIn = async (email: string, password: string) => {
		const res = await fetch(`${shop.url}/admin/login`, {
			method: 'POST',
			redirect: 'manual',
			headers: { Origin: shop.url, 'Content-Type': 'application/x-www-form-urlencoded', 'X-Forwarded-For': `198.51.100.${email.length}` },
			body: new URLSearchParams({ email, password }),
		})
		return `staff_session=${/staff_session=([^;]*)/.exec(res.headers.get('set-cookie') ?? '')![1]}`
	}

	const post = (url: string, form: Record<string, string> | string, cookie = owner) =>
		fetch(`${shop.url}${url}`, {
			method: 'POST',
			redirect: 'manual',
			headers: { Origin: shop.url, Cookie: cookie, 'Content-Type': 'application/x-www-form-urlencoded' },
			body: typeof form === 'string' ? form : new URLSearchParams(form),
		})
	const get = (url: string, cookie = owner) => fetch(`${shop.url}${url}`, { redirect: 'manual', headers: { Cookie: cookie } })
	const createdId = (res: Response) => Number(/^\/admin\/products\/(\d+)\?notice=created$/.exec(res.headers.get('location') ?? '')?.[1])

	const testShop = useTestShop(kind, 'console_products', { TRUST_PROXY: 'true', JOBS_WORKER: 'false', ADMIN_EMAIL: OWNER.email, ADMIN_PASSWORD: OWNER.password })

	beforeAll(async () => {
		shop = testShop.shop
		db = shop.database.db
		owner = await signIn(OWNER.email, OWNER.password)
		await createStaff(db, { email: 'sana@example.pk', name: 'Sana', role: 'staff', password: 'staff-password-3' })
		staffWithout = await signIn('sana@example.pk', 'staff-password-3')
	})


	it('saves the owner’s form as a product: blank rows left out, prices as typed, settings as chosen', async () => {
		const res = await post('/admin/products/new', newProductForm())
		expect(res.status).toBe(302)
		const product = await getAdminProduct(db, createdId(res))
		expect(product).toMatchObject({
			name: 'Xbox Game Pass Core (form)',
			features: ['Online multiplayer', 'A library of games'],
			specifications: [{ label: 'Region', value: 'Global' }],
			termsPage: 'game-pass-console',
			contentPage: null,
			reviewGroup: 'game-pass',
			visible: true,
			// Made on the console: a draft until the owner publishes it (ADR-046).
			status: 'draft',
			featured: false,
			sortOrder: 3,
		})
		expect(product.variants.map((v) => [v.label, v.months, v.price])).toEqual([
			['1 Month', 1, 1000],
			['3 Months', 3, 2700],
		])

		const page = await get(`/admin/products/${product.id}?notice=created`)
		expect(page.status).toBe(200)
		const html = await page.text()
		expect(html).toContain('Created as a draft: only staff see it. Upload its cover, check the list below, then publish it.')
		expect(html).toContain('Console Game Pass terms (with shared-account warning)')
	})

	it('reorders, reprices and hides options by their rows, keeping their ids', async () => {
		const id = createdId(await post('/admin/products/new', newProductForm({ name: 'Reorder me' })))
		const [month, threeMonths] = (await getAdminProduct(db, id)).variants
		const res = await post(
			`/admin/products/${id}`,
			new URLSearchParams({
				...newProductForm({ name: 'Reorder me' }),
				intent: 'save',
				'variants.0.id': String(month!.id),
				'variants.0.position': '2',
				'variants.0.hidden': '1',
				'variants.1.id': String(threeMonths!.id),
				'variants.1.position': '1',
				'variants.1.price': '2500',
			}).toString(),
		)
		expect(res.status).toBe(302)
		expect(res.headers.get('location')).toBe(`/admin/products/${id}?notice=saved`)
		expect((await getAdminProduct(db, id)).variants.map((v) => [v.id, v.price, v.hidden])).toEqual([
			[threeMonths!.id, 2500, false],
			[month!.id, 1000, true],
		])
	})

	it('answers a refused form with 400, the sentences next to the fields and what was typed', async () => {
		const res = await post('/admin/products/new', newProductForm({ name: 'Keeps what I typed', 'variants.1.price': '99999999999999999999999', 'variants.0.months': '1e309', sortOrder: '-9999999999' }))
		expect(res.status).toBe(400)
		const html = await res.text()
		expect(html).toContain('Nothing was saved. Please fix these 3 fields:')
		expect(html).toContain('A price can be at most Rs. 10,000,000.')
		expect(html).toContain('Months must be a whole number from 0 to 120.')
		expect(html).toContain('The sort order must be a whole number from -100,000 to 100,000.')
		expect(html).toContain('Keeps what I typed')
		expect(html).toContain('value="99999999999999999999999"')
		expect(await db.select().from(products).where(eq(products.name, 'Keeps what I typed'))).toEqual([])
	})

	it('refuses hostile input with a 4xx and a sentence, never a 500', async () => {
		const nul = await post('/admin/products/new', 'name=a%00b&description=x&variants.rows=1&variants.0.label=x&variants.0.price=1')
		expect(nul.status).toBe(400)
		expect(await nul.text()).toContain('The text contains a character that is not allowed.')

		for (const url of ['/admin/products/2147483648', '/admin/products/0', '/admin/products/abc', '/admin/products/99999999999999999999']) {
			const page = await get(url)
			expect(page.status, url).toBe(404)
			expect(await page.text()).toContain('Product not found')
			expect((await post(url, { intent: 'hide' })).status, url).toBe(404)
		}
		const id = createdId(await post('/admin/products/new', newProductForm({ name: 'Hostile target' })))
		const unknown = await post(`/admin/products/${id}`, { intent: 'explode' })
		expect(unknown.status).toBe(400)
		expect(await unknown.text()).toContain('That request was not understood.')
		const forged = await post(`/admin/products/${id}`, newProductForm({ intent: 'save', 'variants.0.id': '2147483647' }))
		expect(forged.status).toBe(400)
		expect(await forged.text()).toContain('is not an option of this product')

		const list = await get('/admin/products?page=99999999999&platform=nope&kind=%27%3B&sort=x&visibility=y&featured=z&q=' + 'x'.repeat(5000))
		expect(list.status).toBe(200)
		expect(await list.text()).toContain('No products match')
		const listAction = await post('/admin/products', { intent: 'hide', id: '2147483648' })
		expect(listAction.status).toBe(400)
		const missing = await post('/admin/products', { intent: 'hide', id: '2147483647' })
		expect(missing.status).toBe(404)
		expect(await missing.text()).toContain('Product not found')
	})

	it('hides instead of deleting a product that an order refers to; deletes one that none does', async () => {
		const bought = createdId(await post('/admin/products/new', newProductForm({ name: 'Bought once' })))
		expect((await post(`/admin/products/${bought}`, { intent: 'publish', anyway: '1' })).status).toBe(302)
		const variant = (await getAdminProduct(db, bought)).variants[0]!
		await placeOrder(db, checkoutBody([{ id: bought, quantity: 1, variantId: variant.id }]))
		const kept = await post(`/admin/products/${bought}`, { intent: 'delete' })
		expect(kept.headers.get('location')).toBe(`/admin/products/${bought}?notice=kept`)
		expect((await getAdminProduct(db, bought)).visible).toBe(false)
		expect(await (await get(`/admin/products/${bought}?notice=kept`)).text()).toContain('Orders refer to this product, so it was hidden instead of deleted')

		const unsold = createdId(await post('/admin/products/new', newProductForm({ name: 'Never sold' })))
		const deleted = await post(`/admin/products/${unsold}`, { intent: 'delete' })
		expect(deleted.headers.get('location')).toBe('/admin/products?notice=deleted')
		expect((await get(`/admin/products/${unsold}`)).status).toBe(404)
	})

	it('refuses staff the owner has not let manage the catalogue', async () => {
		for (const url of ['/admin/products', '/admin/products/new', '/admin/products/1']) {
			const res = await get(url, staffWithout)
			expect(res.status, url).toBe(403)
			expect(await res.text()).toContain('staff the owner lets manage the catalogue')
		}
		expect((await post('/admin/products/new', newProductForm(), staffWithout)).status).toBe(403)
	})
})
