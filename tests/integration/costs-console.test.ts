// Costs over HTTP against the real server (issue 23): the rate on the store details page, costs in
// the catalogue API (and bad ones refused with a sentence), the reprice endpoint's preview and apply
// (the storefront shows the new price at once), cost and profit on the console order page and in the
// orders CSV for the owner alone, and no buyer-facing page or JSON carrying a cost. PGlite and PostgreSQL.
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../app/db/client.server'
import { orders, products, stockUnits } from '../../app/db/schema'
import { markOrderPaid } from '../../app/domain/payments/mark-order-paid.server'
import { createApiKey } from '../../app/domain/staff/api-keys.server'
import { createStaff } from '../../app/domain/staff/manage-staff.server'
import { PUBLIC_PAGES } from '../../app/public-pages'
import { formatPakistanDay } from '../../app/utils/pakistan-time'
import { checkoutBody, placeOrder } from '../setup/payments'
import type { ApiVariant } from '../setup/console-api'
import { databaseKinds } from '../setup/test-db'
import { signInOverHttp, useTestShop } from '../setup/test-shop'

const OWNER = { email: 'owner@example.pk', password: 'costs-owner-password' }
/** A cost no price or page of the shop shows: seen anywhere a buyer looks, it leaked. */
const TELLTALE_RUPEES = 31_337

describe.each(databaseKinds)('costs in the console on %s', (kind) => {
	let db: Db
	let key: string
	let ownerCookie: string
	let staffCookie: string
	let ip = 60
	const testShop = useTestShop(kind, 'costs', { TRUST_PROXY: 'true', JOBS_WORKER: 'false', ADMIN_EMAIL: OWNER.email, ADMIN_PASSWORD: OWNER.password })
	const url = () => testShop.url

	const api = (method: string, path: string, { json, cookie }: { json?: unknown; cookie?: string } = {}) =>
		fetch(`${url()}${path}`, {
			method,
			redirect: 'manual',
			headers: { Origin: url(), ...(cookie ? { Cookie: cookie } : { 'X-ADMIN-KEY': key }), ...(json !== undefined ? { 'Content-Type': 'application/json' } : {}) },
			body: json !== undefined ? JSON.stringify(json) : undefined,
		})
	const page = (path: string, cookie?: string) => fetch(`${url()}${path}`, { headers: cookie ? { Cookie: cookie } : {} })
	const post = (path: string, cookie: string, form: Record<string, string>) =>
		fetch(`${url()}${path}`, { method: 'POST', redirect: 'manual', headers: { Origin: url(), Cookie: cookie, 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(form) })
	const variantsOf = async (id: number) => ((await (await api('GET', `/api/admin/products/${id}`)).json()) as { variants: ApiVariant[] }).variants
	const asSent = (v: ApiVariant) => ({ id: v.id, label: v.label, value: v.value, months: v.months, price: v.price, hidden: v.hidden })

	beforeAll(async () => {
		db = testShop.db
		key = (await createApiKey(db, 'Price sheet', null, { scopes: ['catalogue'] })).key
		await createStaff(db, { email: 'hina@example.pk', name: 'Hina', role: 'staff', password: 'staff-password-9' })
		ownerCookie = await signInOverHttp(url(), OWNER.email, OWNER.password, `198.51.100.${++ip}`)
		staffCookie = await signInOverHttp(url(), 'hina@example.pk', 'staff-password-9', `198.51.100.${++ip}`)
	})

	it('sets the dollar rate and PayPro’s fee on the store details page, shown with the day it was set; staff may not', async () => {
		const saved = await post('/admin/store?index', ownerCookie, { intent: 'costs', rupeesPerDollar: '280', payproFeePercent: '2.5' })
		expect(saved.status).toBe(200)
		const html = await (await page('/admin/store', ownerCookie)).text()
		expect(html).toContain(`Rs. 280 per US$, set ${formatPakistanDay(new Date().toISOString())}`)

		const refused = await post('/admin/store', ownerCookie, { intent: 'costs', rupeesPerDollar: 'lots', payproFeePercent: '50' })
		expect(refused.status).toBe(400)
		const text = await refused.text()
		expect(text).toContain('The rate is rupees per US dollar')
		expect(text).toContain('PayPro’s fee is a percentage from 0 to 20')
		expect((await post('/admin/store', staffCookie, { intent: 'costs', rupeesPerDollar: '1', payproFeePercent: '0' })).status).toBe(403)
	})

	it('takes and gives each option’s cost in the catalogue API, and refuses a cost that is not one with a 400 sentence', async () => {
		const variants = await variantsOf(14)
		const patched = await api('PATCH', '/api/admin/products/14', { json: { variants: variants.map((v) => ({ ...asSent(v), cost: v.value === 10 ? { amount: 9.5, currency: 'USD' } : { amount: TELLTALE_RUPEES, currency: 'PKR' } })) } })
		expect(patched.status).toBe(200)
		const after = await variantsOf(14)
		expect(after.map((v) => v.cost)).toEqual(after.map((v) => (v.value === 10 ? { amount: 9.5, currency: 'USD' } : { amount: TELLTALE_RUPEES, currency: 'PKR' })))
		const at = after.findIndex((v) => v.value === 10)

		for (const cost of [{ amount: -1, currency: 'PKR' }, { amount: 10, currency: 'EUR' }, { amount: '10', currency: 'PKR' }, { amount: 4.999, currency: 'USD' }, { amount: 10.5, currency: 'PKR' }, 'free']) {
			const res = await api('PATCH', '/api/admin/products/14', { json: { variants: after.map((v, i) => (i === at ? { ...asSent(v), cost } : asSent(v))) } })
			expect(res.status, JSON.stringify(cost)).toBe(400)
			const body = (await res.json()) as { error: string; fieldErrors?: Record<string, string> }
			expect(body.error).toMatch(/cost/i)
		}
		expect((await variantsOf(14))[at]!.cost).toEqual({ amount: 9.5, currency: 'USD' })
	})

	it('imports stock with a cost per unit over the API, and refuses a cost that is not one', async () => {
		const ten = (await variantsOf(14)).find((v) => v.value === 10)!
		const stockKey = (await createApiKey(db, 'Stock tool', null, { scopes: ['stock'] })).key
		const importStock = (cost: unknown, code: string) =>
			fetch(`${url()}/api/admin/products/14/stock`, {
				method: 'POST',
				headers: { 'X-ADMIN-KEY': stockKey, 'Content-Type': 'application/json' },
				body: JSON.stringify({ variantId: ten.id, units: [{ code }], cost }),
			})
		const bad = await importStock({ amount: 9.999, currency: 'USD' }, 'API-COST-0001')
		expect(bad.status).toBe(400)
		expect(((await bad.json()) as { error: string }).error).toMatch(/A cost in US dollars must be from 0 to 100,000, to the cent/)
		expect((await importStock({ amount: 5, currency: 'GBP' }, 'API-COST-0001')).status).toBe(400)
		const res = await importStock({ amount: 7.25, currency: 'USD' }, 'API-COST-0002')
		expect(res.status, await res.clone().text()).toBeLessThan(300)
		const [unit] = await db.select().from(stockUnits).where(eq(stockUnits.variantId, ten.id))
		expect([unit!.costRupees, unit!.costUsdCents]).toEqual([null, 725])
		// Taken out again, so the orders below are served by hand, as the other tests expect.
		await db.delete(stockUnits).where(eq(stockUnits.variantId, ten.id))
		await db.update(products).set({ stockMode: 'manual' }).where(eq(products.id, 14))
	})

	it('refuses hostile reprice requests with a 400 sentence, and staff who are not the owner with a 403', async () => {
		for (const body of [
			{ marginPercent: 'lots', roundTo: 50 },
			{ marginPercent: 20, roundTo: 25 },
			{ marginPercent: -5, roundTo: 10 },
			{ marginPercent: 20.555, roundTo: 10 },
			{ marginPercent: 20, roundTo: 10, variantIds: [0] },
			{ marginPercent: 20, roundTo: 10, variantIds: 'all' },
			{ marginPercent: 20, roundTo: 10, variantIds: [2_147_483_648] },
			{ marginPercent: 20, roundTo: 10, platform: 'switch' },
			{ marginPercent: 20, roundTo: 10, apply: 'yes' },
			{ marginPercent: 20, roundTo: 10, variantIds: [999_999] },
			{},
		]) {
			const res = await api('POST', '/api/admin/products/reprice', { json: body })
			expect(res.status, JSON.stringify(body)).toBe(400)
			expect(((await res.json()) as { error: string }).error.length).toBeGreaterThan(10)
		}
		const notJson = await fetch(`${url()}/api/admin/products/reprice`, { method: 'POST', headers: { 'X-ADMIN-KEY': key, 'Content-Type': 'application/json' }, body: '{"marginPercent": 2' })
		expect(notJson.status).toBe(400)
		const staff = await api('POST', '/api/admin/products/reprice', { cookie: staffCookie, json: { marginPercent: 20, roundTo: 10 } })
		expect(staff.status).toBe(403)
		expect((await page('/admin/reprice', staffCookie)).status).toBe(403)
	})

	it('previews then applies a reprice over the API; the storefront shows the new price at once', async () => {
		const ten = (await variantsOf(14)).find((v) => v.value === 10)
		// Fills the page cache with the old price.
		expect(await (await page('/product/14')).text()).toContain('3,200')
		const body = { variantIds: [ten!.id], marginPercent: 25, roundTo: 50 }
		const preview = await api('POST', '/api/admin/products/reprice', { json: body })
		expect(preview.status).toBe(200)
		// $9.50 × 280 = Rs. 2,660; × 1.25 = 3,325; up to the next Rs. 50: 3,350.
		expect(await preview.json()).toMatchObject({ applied: false, changing: 1, rows: [{ variantId: ten!.id, oldPrice: 3200, newPrice: 3350, costRupees: 2660, skipped: null }] })
		expect((await variantsOf(14)).find((v) => v.value === 10)!.price).toBe(3200)

		const applied = await api('POST', '/api/admin/products/reprice', { json: { ...body, apply: true } })
		expect(await applied.json()).toMatchObject({ applied: true, rows: [{ newPrice: 3350 }] })
		expect((await variantsOf(14)).find((v) => v.value === 10)!.price).toBe(3350)
		expect(await (await page('/product/14')).text()).toContain('3,350')
	})

	it('shows a paid order’s cost, fee and profit to the owner only, on its page and in the orders CSV; no buyer page or JSON carries a cost', async () => {
		const ten = (await variantsOf(14)).find((v) => v.value === 10)
		const order = await placeOrder(db, checkoutBody([{ id: 14, quantity: 1, variantId: ten!.id }]))
		await markOrderPaid(db, order.id, { via: 'confirmByProvider' })
		const [row] = await db.select().from(orders).where(eq(orders.id, order.id))
		// Rs. 3,350 paid; cost $9.50 × 280 = 2,660; fee 2.5% = 84 (83.75); profit 606.
		expect([row!.totalAmount, row!.cost, row!.fee, row!.profit]).toEqual([3350, 2660, 84, 606])

		const ownerPage = await (await page(`/admin/orders/${order.orderNumber}`, ownerCookie)).text()
		expect(ownerPage).toContain('Profit (only you see this)')
		expect(ownerPage).toContain('Rs. 606')
		expect(ownerPage).toContain('− Rs. 2,660')
		const staffPage = await page(`/admin/orders/${order.orderNumber}`, staffCookie)
		expect(staffPage.status).toBe(200)
		const staffHtml = await staffPage.text()
		expect(staffHtml).toContain(order.orderNumber)
		expect(staffHtml).not.toContain('Profit')
		expect(staffHtml).not.toContain('2,660')
		expect(staffHtml).not.toMatch(/"profit"|"unitCost"/)

		const ownerCsv = (await (await page('/admin/orders.csv', ownerCookie)).text()).split('\r\n')
		expect(ownerCsv[0]).toMatch(/"Cost \(Rs\.\)","PayPro fee \(Rs\.\)","Profit \(Rs\.\)","Profit after refunds \(Rs\.\)"$/)
		expect(ownerCsv.find((l) => l.includes(order.orderNumber))).toMatch(/"2660","84","606","606"$/)
		const staffCsv = (await (await page('/admin/orders.csv', staffCookie)).text()).split('\r\n')
		expect(staffCsv[0]).not.toContain('Profit')
		expect(staffCsv.find((l) => l.includes(order.orderNumber))).toMatch(/"no","0","0","",""$/)

		// Every buyer-facing page and answer: no cost, fee or profit, by name or by value.
		const token = row!.accessToken!
		const buyerAddresses = [
			...PUBLIC_PAGES.map((p) => p.path),
			'/product/14',
			`/order-status?internalOrderId=${order.orderNumber}&token=${token}`,
			`/api/order?internalOrderId=${order.orderNumber}`,
			`/receipt/${order.orderNumber}?token=${token}`,
			'/sitemap.xml',
			'/api/reviews?productId=14',
		]
		const open = await fetch(`${url()}/order-status?internalOrderId=${order.orderNumber}&token=${token}`, { redirect: 'manual' })
		const access = (open.headers.get('set-cookie') ?? '').split(';')[0]!
		for (const address of buyerAddresses) {
			const res = await fetch(`${url()}${address}`, { headers: { Cookie: access } })
			// The order's number and token are left out: a number made from the clock may hold "2660" (it did, for 100 s).
			const text = (await res.text()).replaceAll(order.orderNumber, '').replaceAll(token, '')
			expect(res.status, address).toBeLessThan(500)
			for (const telltale of ['costRupees', 'costUsdCents', 'unitCost', '"cost"', '"profit"', '"fee"', 'cost_rupees', String(TELLTALE_RUPEES), '31,337', '2,660', '2660'])
				expect(text.includes(telltale), `${address} shows ${telltale}`).toBe(false)
		}
		const prices = await fetch(`${url()}/api/cart/prices`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ items: [{ id: 14, quantity: 1, variantId: ten!.id }] }) })
		const pricesText = await prices.text()
		expect(pricesText).not.toMatch(/cost|profit|2660|31337/i)
	})
})
