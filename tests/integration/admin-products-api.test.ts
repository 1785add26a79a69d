// The products endpoints of the console API over HTTP against the real server: the request
// shapes, X-ADMIN-KEY and staff sessions with the catalogue permission, the storefront following a
// change at once, checkout charging the variant's price, and bad input as a 4xx sentence.
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../app/db/client.server'
import { auditLog, staffUsers } from '../../app/db/schema'
import { createApiKey } from '../../app/domain/staff/api-keys.server'
import { createStaff } from '../../app/domain/staff/manage-staff.server'
import type { RunningShop } from '../../server/start'
import { checkoutOverHttp } from '../setup/payments'
import { signInOverHttp, useTestShop } from '../setup/test-shop'
import { databaseKinds } from '../setup/test-db'

const OWNER = { email: 'owner@example.pk', password: 'products-owner-password' }

interface Product {
	id: number
	name: string
	visible: boolean
	variants: { id: number; label: string; months: number | null; price: number; hidden: boolean }[]
}

describe.each(databaseKinds)('products API on %s', (kind) => {
	let shop: RunningShop
	let db: Db
	let key: string
	let staffCookie: string
	let staffId: number

	const call = (method: string, url: string, { json, cookie, raw, headers = {} }: { json?: unknown; cookie?: string; raw?: string; headers?: Record<string, string> } = {}) =>
		fetch(`${shop.url}${url}`, {
			method,
			redirect: 'manual',
			headers: {
				Origin: shop.url,
				...(cookie ? { Cookie: cookie } : { 'X-ADMIN-KEY': key }),
				...(json !== undefined || raw !== undefined ? { 'Content-Type': 'application/json' } : {}),
				...headers,
			},
			body: raw ?? (json !== undefined ? JSON.stringify(json) : undefined),
		})

	const errorOf = async (res: Response) => ((await res.json()) as { error: string }).error

	const gamePassThree = {
		name: 'Game Pass Ultimate 3-pack (API)',
		platform: 'xbox',
		kind: 'subscription',
		description: 'Console Game Pass, activated on your account.',
		variants: [
			{ label: '1 Month', months: 1, price: 2600 },
			{ label: '3 Months', months: 3, price: 7200 },
			{ label: '6 Months', months: 6, price: 13500 },
		],
	}

	const testShop = useTestShop(kind, 'products_api', { TRUST_PROXY: 'true', JOBS_WORKER: 'false', ADMIN_EMAIL: OWNER.email, ADMIN_PASSWORD: OWNER.password })

	beforeAll(async () => {
		shop = testShop.shop
		db = shop.database.db
		key = (await createApiKey(db, 'Price sheet tool', null)).key
		staffId = (await createStaff(db, { email: 'bilal@example.pk', name: 'Bilal', role: 'staff', password: 'staff-password-2' })).id
		staffCookie = await signInOverHttp(shop.url, 'bilal@example.pk', 'staff-password-2', '198.51.100.40')
	})


	it('creates a product from the issue’s request, which the storefront then shows and checkout charges by variant', async () => {
		const res = await call('POST', '/api/admin/products', { json: gamePassThree })
		expect(res.status).toBe(201)
		const created = (await res.json()) as Product
		expect(created.id).toBeGreaterThan(0)
		expect(created.variants.map((v) => [v.label, v.price, typeof v.id])).toEqual([
			['1 Month', 2600, 'number'],
			['3 Months', 7200, 'number'],
			['6 Months', 13500, 'number'],
		])
		const page = await fetch(`${shop.url}/product/${created.id}`)
		expect(page.status).toBe(200)
		expect(await page.text()).toContain('Game Pass Ultimate 3-pack (API)')

		const threeMonths = created.variants[1]!
		const order = await checkoutOverHttp(shop.url, [{ id: created.id, quantity: 1, variantId: threeMonths.id, price: 1 }])
		expect(order.status).toBe(201)
		const answer = (await order.json()) as { orderNumber: string; totalAmount: number }
		expect(answer.totalAmount).toBe(7200)
		const placed = await fetch(`${shop.url}/api/order?internalOrderId=${answer.orderNumber}`)
		expect(((await placed.json()) as { order: { totalAmount: number } }).order.totalAmount).toBe(7200)
	})

	it('changes a price and hides a product with PATCH, audited, and the storefront follows at once', async () => {
		const created = (await (await call('POST', '/api/admin/products', { json: { ...gamePassThree, name: 'PATCH me (API)' } })).json()) as Product
		const variants = created.variants.map((v) => (v.months === 3 ? { ...v, price: 7900 } : v))
		const patched = await call('PATCH', `/api/admin/products/${created.id}`, { json: { variants } })
		expect(patched.status).toBe(200)
		expect(((await patched.json()) as Product).variants.find((v) => v.months === 3)!.price).toBe(7900)
		expect(await (await fetch(`${shop.url}/product/${created.id}`)).text()).toContain('7,900')

		const hidden = await call('PATCH', `/api/admin/products/${created.id}`, { json: { visible: false } })
		expect(((await hidden.json()) as Product).visible).toBe(false)
		const gone = await fetch(`${shop.url}/product/${created.id}`)
		expect(gone.status).toBe(404)
		expect(await gone.text()).toContain('Product not found')
		const list = (await (await call('GET', '/api/admin/products?visibility=hidden&q=PATCH%20me')).json()) as { products: Product[] }
		expect(list.products.map((p) => p.id)).toEqual([created.id])

		const entries = await db.select().from(auditLog).where(eq(auditLog.target, `product ${created.id}`)).orderBy(auditLog.id)
		expect(entries.map((e) => e.action)).toEqual(['product.create', 'product.update', 'product.hide'])
		expect(entries[1]!.actor).toBe('api key: Price sheet tool')
	})

	it('lets staff manage the catalogue only with the owner’s permission', async () => {
		const refused = await call('POST', '/api/admin/products', { json: { ...gamePassThree, name: 'Staff product' }, cookie: staffCookie })
		expect(refused.status).toBe(403)
		await db.update(staffUsers).set({ grants: ['catalogue'] }).where(eq(staffUsers.id, staffId))
		const allowed = await call('POST', '/api/admin/products', { json: { ...gamePassThree, name: 'Staff product' }, cookie: staffCookie })
		expect(allowed.status).toBe(201)
		const crossSite = await call('POST', '/api/admin/products', { json: gamePassThree, cookie: staffCookie, headers: { Origin: 'https://evil.example' } })
		expect(crossSite.status).toBe(403)
	})

	it('answers bad input with a 4xx sentence and saves nothing', async () => {
		const before = ((await (await call('GET', '/api/admin/products?visibility=all')).json()) as { total: number }).total
		// An id that cannot be a product's (past the integer range, not a number) is a 400 naming it.
		const cases: [number, Promise<Response>][] = [
			[400, call('POST', '/api/admin/products', { json: { ...gamePassThree, variants: [] } })],
			[400, call('POST', '/api/admin/products', { json: { ...gamePassThree, name: 'Bad\u0000name' } })],
			[400, call('POST', '/api/admin/products', { json: { ...gamePassThree, variants: [{ label: 'x', months: 1, price: -5 }] } })],
			[400, call('POST', '/api/admin/products', { json: { ...gamePassThree, platform: 'switch' } })],
			[400, call('POST', '/api/admin/products', { raw: '{"name": ' })],
			[415, call('POST', '/api/admin/products', { raw: 'name=x', headers: { 'Content-Type': 'text/plain' } })],
			[413, call('POST', '/api/admin/products', { json: { ...gamePassThree, description: 'x'.repeat(200_000) } })],
			[404, call('GET', '/api/admin/products/99999999')],
			[400, call('PATCH', '/api/admin/products/99999999999999', { json: { visible: false } })],
			[400, call('GET', '/api/admin/products/abc')],
			[400, call('GET', '/api/admin/products?page=0')],
			[401, call('GET', '/api/admin/products', { headers: { 'X-ADMIN-KEY': 'wrong' } })],
			[405, call('PUT', '/api/admin/products', { json: gamePassThree })],
		]
		for (const [status, pending] of cases) {
			const res = await pending
			expect(res.status, res.url).toBe(status)
			expect(await errorOf(res)).toMatch(/\w+ \w+/)
		}
		const after = ((await (await call('GET', '/api/admin/products?visibility=all')).json()) as { total: number }).total
		expect(after).toBe(before)
	})

	it('hides, not deletes, a product that orders refer to; deletes an unordered copy', async () => {
		const list = (await (await call('GET', '/api/admin/products?q=3-pack')).json()) as { products: Product[] }
		const ordered = list.products[0]!
		const removed = await call('DELETE', `/api/admin/products/${ordered.id}`)
		expect(await removed.json()).toMatchObject({ deleted: false, hidden: true })
		const copy = (await (await call('POST', `/api/admin/products/${ordered.id}/duplicate`)).json()) as Product
		expect(copy).toMatchObject({ name: `${ordered.name} (copy)`, visible: false })
		expect(await (await call('DELETE', `/api/admin/products/${copy.id}`)).json()).toMatchObject({ deleted: true })
		expect((await call('GET', `/api/admin/products/${copy.id}`)).status).toBe(404)
	})
})
