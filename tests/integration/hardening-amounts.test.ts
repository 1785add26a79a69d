// Numbers stay inside their columns: every price, total, cost and amount is bounded where it enters
// (one named place, app/utils/money.ts), each refusal a sentence and a 4xx. The database's CHECKs agree,
// so SQL written past the shop's code is refused too: tests/integration/schema-constraints.test.ts. PGlite and PostgreSQL.
import { eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../app/db/client.server'
import { orders, productVariants, products } from '../../app/db/schema'
import { createApiKey } from '../../app/domain/staff/api-keys.server'
import { MAX_ORDER_TOTAL, MAX_PRICE } from '../../app/utils/money'
import { checkoutBody } from '../setup/payments'
import type { ApiVariant } from '../setup/console-api'
import { databaseKinds } from '../setup/test-db'
import { signInOverHttp, useTestShop } from '../setup/test-shop'

const OWNER = { email: 'owner@example.pk', password: 'amounts-owner-password' }
const PRODUCT = 14

describe.each(databaseKinds)('amounts bounded where they enter on %s', (kind) => {
	let db: Db
	let key: string
	let owner: string
	const testShop = useTestShop(kind, 'amounts', { TRUST_PROXY: 'true', JOBS_WORKER: 'false', ADMIN_EMAIL: OWNER.email, ADMIN_PASSWORD: OWNER.password })
	const url = () => testShop.url

	const api = (method: string, path: string, json?: unknown) =>
		fetch(`${url()}${path}`, {
			method,
			redirect: 'manual',
			headers: { Origin: url(), 'X-ADMIN-KEY': key, ...(json !== undefined ? { 'Content-Type': 'application/json' } : {}) },
			body: json !== undefined ? JSON.stringify(json) : undefined,
		})
	const post = (path: string, form: Record<string, string>) =>
		fetch(`${url()}${path}`, { method: 'POST', redirect: 'manual', headers: { Origin: url(), Cookie: owner, 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(form) })
	const variantsOf = async (id: number) => ((await (await api('GET', `/api/admin/products/${id}`)).json()) as { variants: ApiVariant[] }).variants
	const asSent = (v: ApiVariant) => ({ id: v.id, label: v.label, value: v.value, months: v.months, price: v.price, hidden: v.hidden, cost: v.cost })
	const orderCount = async () => (await db.select({ n: sql<number>`count(*)::int` }).from(orders))[0]!.n

	beforeAll(async () => {
		db = testShop.db
		key = (await createApiKey(db, 'Amounts', null)).key
		owner = await signInOverHttp(url(), OWNER.email, OWNER.password, '198.51.100.90')
		// Sold by hand, so the checkout below is refused for its total and nothing else.
		await db.update(products).set({ stockMode: 'manual' }).where(eq(products.id, PRODUCT))
	})

	it('refuses a reprice whose new price would pass the cap, naming the product and the cap, over the API and on the console page; nothing changes', async () => {
		const variants = await variantsOf(PRODUCT)
		const target = variants.find((v) => v.price > 0)!
		const patched = await api('PATCH', `/api/admin/products/${PRODUCT}`, { variants: variants.map((v) => ({ ...asSent(v), cost: v.id === target.id ? { amount: MAX_PRICE, currency: 'PKR' } : v.cost })) })
		expect(patched.status, await patched.clone().text()).toBe(200)
		const before = await db.select({ id: productVariants.id, price: productVariants.price }).from(productVariants).orderBy(productVariants.id)
		const [product] = await db.select({ name: products.name }).from(products).where(eq(products.id, PRODUCT))

		for (const apply of [false, true]) {
			const res = await api('POST', '/api/admin/products/reprice', { variantIds: [target.id], marginPercent: 1000, roundTo: 10, apply })
			expect(res.status, `apply ${apply}`).toBe(400)
			const body = (await res.json()) as { error: string }
			expect(body.error).toContain('Rs. 10,000,000')
			expect(body.error).toContain(product!.name)
		}
		const page = await post('/admin/reprice', { intent: 'apply', scope: `product:${PRODUCT}`, marginPercent: '1000', roundTo: '10' })
		expect(page.status).toBe(400)
		const html = await page.text()
		expect(html).toContain('Rs. 10,000,000')
		expect(html).toContain(product!.name.replace(/&/g, '&amp;'))
		expect(await db.select({ id: productVariants.id, price: productVariants.price }).from(productVariants).orderBy(productVariants.id)).toEqual(before)
	})

	it('refuses a checkout whose total passes the order cap (and 2^31 − 1) with a sentence and a 400, and writes no order', async () => {
		const variants = await variantsOf(PRODUCT)
		const dearest = variants.find((v) => v.price > 0)!
		const patched = await api('PATCH', `/api/admin/products/${PRODUCT}`, { variants: variants.map((v) => ({ ...asSent(v), price: v.id === dearest.id ? MAX_PRICE : v.price })) })
		expect(patched.status, await patched.clone().text()).toBe(200)
		const count = await orderCount()
		const line = { id: PRODUCT, quantity: 99, variantId: dearest.id }
		for (const lines of [[line, line, line], [{ ...line, quantity: Math.floor(MAX_ORDER_TOTAL / MAX_PRICE) + 1 }]]) {
			for (const path of ['/api/checkout', '/.netlify/functions/paypro-order']) {
				for (const paymentMethod of ['paypro', 'manual']) {
					const res = await fetch(`${url()}${path}`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(checkoutBody(lines, { paymentMethod })) })
					expect(res.status, `${path} ${paymentMethod} ${lines.length}`).toBe(400)
					const body = (await res.json()) as { error: string; message?: string }
					expect(body.error).toContain('Rs. 100,000,000')
				}
			}
		}
		// The Urdu checkout says it in Urdu.
		const ur = await fetch(`${url()}/api/checkout`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(checkoutBody([line, line, line], { lang: 'ur' })) })
		expect(ur.status).toBe(400)
		expect(((await ur.json()) as { error: string }).error).toMatch(/[\u0600-\u06FF]/)
		// The cart's prices say so too, before the buyer gets to the checkout.
		const cart = await fetch(`${url()}/api/cart/prices`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ lines: [line, line, line] }) })
		expect(cart.status).toBe(200)
		expect(((await cart.json()) as { orderProblem: string | null }).orderProblem).toContain('Rs. 100,000,000')
		expect(await orderCount()).toBe(count)
	})

	it('refuses a product price past the cap from the API and the console form', async () => {
		const variants = await variantsOf(PRODUCT)
		for (const price of [MAX_PRICE + 1, 99_999_999_999, 1e21]) {
			const res = await api('PATCH', `/api/admin/products/${PRODUCT}`, { variants: variants.map((v, i) => ({ ...asSent(v), price: i === 0 ? price : v.price })) })
			expect(res.status, String(price)).toBe(400)
			expect(((await res.json()) as { error: string }).error).toContain('Rs. 10,000,000')
			const original = await api('PATCH', `/api/admin/products/${PRODUCT}`, { originalPrice: price })
			expect(original.status, `original ${price}`).toBe(400)
		}
		for (const price of ['10,000,001', '99999999999', 'Rs. 1,00,00,00,000']) {
			const res = await post('/admin/products/new', {
				name: 'Too dear',
				platform: 'xbox',
				kind: 'subscription',
				caption: 'x',
				description: 'Too dear to sell.',
				visible: '1',
				sortOrder: '1',
				'variants.rows': '1',
				'variants.0.label': '1 Month',
				'variants.0.months': '1',
				'variants.0.price': price,
				'variants.0.position': '1',
			})
			expect(res.status, price).toBe(400)
			expect(await res.text()).toContain('Rs. 10,000,000')
		}
		expect(await variantsOf(PRODUCT)).toEqual(variants)
	})

	it('refuses a coupon’s rupees off or minimum order past the caps', async () => {
		for (const body of [
			{ code: 'HUGE1', type: 'fixed', value: MAX_PRICE + 1 },
			{ code: 'HUGE2', type: 'fixed', value: 99_999_999_999 },
			{ code: 'HUGE3', type: 'percent', value: 10, minSubtotal: MAX_ORDER_TOTAL + 1 },
		]) {
			const res = await api('POST', '/api/admin/coupons', body)
			expect(res.status, JSON.stringify(body)).toBe(400)
			expect(((await res.json()) as { error: string }).error).toMatch(/Rs\. 10,000,000|Rs\. 100,000,000/)
		}
		// The cap itself is a fixed amount a coupon may take off.
		expect((await api('POST', '/api/admin/coupons', { code: 'BIG', type: 'fixed', value: MAX_PRICE })).status).toBe(201)
	})
})
