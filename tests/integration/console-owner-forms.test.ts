// The console as a new owner meets it, over HTTP as a browser without scripts posts it: a discount
// typed as "20%" or "Rs. 500" is taken, a percent under "Rupees off" is refused beside the amount
// with a sentence saying which to choose, a code is limited to options picked by name, staff find
// the order a delivered code went to (only with the reveal grant; audited without the code), the
// low-stock list leaves out options quoted by hand, and no console page repeats an element id.
import { and, desc, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../app/db/client.server'
import { auditLog, coupons, productVariants } from '../../app/db/schema'
import { COUPON_MESSAGES } from '../../app/domain/coupons/coupon'
import { createStaff } from '../../app/domain/staff/manage-staff.server'
import { setStaffGrants } from '../../app/domain/staff/set-staff-grants.server'
import { importStock, setStockMode } from '../../app/domain/stock/manage-stock.server'
import { CODE_SEARCH_MESSAGES } from '../../app/domain/stock/find-code-orders.server'
import { lowStockVariants } from '../../app/domain/stock/stock-alerts.server'
import { payByTransfer } from '../setup/orders'
import { checkoutBody, placeOrder } from '../setup/payments'
import { fieldErrorIn } from '../setup/field-error'
import { signInOverHttp, useTestShop } from '../setup/test-shop'
import { databaseKinds } from '../setup/test-db'

const OWNER = { email: 'owner@example.pk', password: 'console-owner-forms' }
const SHOP = { label: 'test' }

describe.each(databaseKinds)('the console’s forms for a new owner on %s', (kind) => {
	let db: Db
	let owner: string
	let clerk: string
	let revealer: string
	const testShop = useTestShop(kind, 'console_owner_forms', { TRUST_PROXY: 'true', JOBS_WORKER: 'false', ADMIN_EMAIL: OWNER.email, ADMIN_PASSWORD: OWNER.password })
	const post = (path: string, body: Record<string, string>, cookie = owner) =>
		fetch(`${testShop.url}${path}`, { method: 'POST', redirect: 'manual', headers: { Cookie: cookie, Origin: testShop.url, 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(body) })
	const page = async (path: string, cookie = owner) => {
		const res = await fetch(`${testShop.url}${path}`, { redirect: 'manual', headers: { Cookie: cookie } })
		return { status: res.status, html: await res.text() }
	}
	/** The code search's part of the orders page (the list below it names every order anyway). */
	const codeSearchIn = (html: string) => {
		const start = html.indexOf('class="staff-code-search"')
		return start < 0 ? '' : html.slice(start, html.indexOf('</details>', start))
	}
	const stored = async (code: string) => (await db.select().from(coupons).where(eq(coupons.code, code)))[0]

	beforeAll(async () => {
		db = testShop.db
		owner = await signInOverHttp(testShop.url, OWNER.email, OWNER.password, '198.51.100.81')
		await createStaff(db, { email: 'clerk@example.pk', name: 'Clerk', role: 'staff', password: 'clerk-password-81' })
		const made = await createStaff(db, { email: 'reveal@example.pk', name: 'Revealer', role: 'staff', password: 'reveal-password-82' })
		await setStaffGrants(db, SHOP, made.id, ['reveal-stock'])
		clerk = await signInOverHttp(testShop.url, 'clerk@example.pk', 'clerk-password-81', '198.51.100.82')
		revealer = await signInOverHttp(testShop.url, 'reveal@example.pk', 'reveal-password-82', '198.51.100.83')
	})

	it('takes a discount as the owner writes it: "20%", "20 %" and "20" for a percent; "Rs. 500", "Rs 1,500", "PKR 500" and "500 rupees" for rupees', async () => {
		const cases: [string, string, string, number][] = [
			['PCT20', 'percent', '20%', 20],
			['PCT21', 'percent', '21 %', 21],
			['PCT22', 'percent', '22', 22],
			['RS500', 'fixed', 'Rs. 500', 500],
			['RS1500', 'fixed', 'Rs 1,500', 1500],
			['PKR500', 'fixed', 'PKR 500', 500],
			['WORDS500', 'fixed', '500 rupees', 500],
		]
		for (const [code, type, value, amount] of cases) {
			const res = await post('/admin/coupons', { intent: 'create', code, type, value })
			expect(res.status, value).toBe(200)
			expect(await stored(code), value).toMatchObject({ kind: type, value: amount })
		}
	})

	it('refuses a percent under "Rupees off" and rupees under "Percent off" beside the amount, saying which to choose; a bad number names the field chosen', async () => {
		const refusal = async (type: string, value: string) => {
			const res = await post('/admin/coupons', { intent: 'create', code: `BAD${type}`, type, value })
			expect(res.status, value).toBe(400)
			return fieldErrorIn(await res.text(), 'value')
		}
		expect(await refusal('fixed', '20%')).toBe(COUPON_MESSAGES.rupeesNotPercent)
		expect(COUPON_MESSAGES.rupeesNotPercent).toContain('choose “Percent off”')
		expect(await refusal('percent', 'Rs. 500')).toBe(COUPON_MESSAGES.percentNotRupees)
		expect(await refusal('percent', '20 percent off')).toBe(COUPON_MESSAGES.percent)
		expect(await refusal('percent', '150%')).toBe(COUPON_MESSAGES.percent)
		expect(await refusal('fixed', 'five hundred')).toBe(COUPON_MESSAGES.fixed)
		expect(COUPON_MESSAGES.percent).toMatch(/^A percent off/)
		expect(COUPON_MESSAGES.fixed).toMatch(/^Rupees off/)
		expect(await stored('BADfixed')).toBeUndefined()
	})

	it('limits a code to options picked by name, grouped by product, and shows them by name', async () => {
		const form = await page('/admin/coupons')
		expect(form.html).not.toContain('option ids')
		expect(form.html).not.toContain('product ids')
		const options = await db.select().from(productVariants).where(eq(productVariants.productId, 1)).orderBy(productVariants.position)
		const oneMonth = options.find((o) => o.label === '1 Month' && o.accountType === 'private')!
		expect(form.html).toContain(`name="option_${oneMonth.id}"`)
		expect(form.html).toContain('name="product_2"')
		const res = await post('/admin/coupons', { intent: 'create', code: 'PICKED', type: 'percent', value: '10%', [`option_${oneMonth.id}`]: 'on', product_2: 'on' })
		expect(res.status).toBe(200)
		expect(await stored('PICKED')).toMatchObject({ productIds: [2], variantIds: [oneMonth.id] })
		const list = await page('/admin/coupons')
		expect(list.html).toContain('For Xbox Game Pass Core; Xbox Game Pass Ultimate (Console Edition): 1 Month (private)')
		// Editing it shows the same boxes ticked.
		const coupon = (await stored('PICKED'))!
		const editing = await page(`/admin/coupons?edit=${coupon.id}`)
		expect(editing.html).toMatch(new RegExp(`name="option_${oneMonth.id}" checked=""|checked="" name="option_${oneMonth.id}"`))
	})

	it('finds the order a delivered code went to by the whole code, for the owner and staff who may reveal stock; refuses others with a sentence; records who searched, not the code', async () => {
		const [variant] = await db.select().from(productVariants).where(and(eq(productVariants.productId, 14))).orderBy(productVariants.position)
		await setStockMode(db, SHOP, 14, 'stock_or_manual')
		await importStock(db, SHOP, 14, { variantId: variant!.id, kind: 'code', units: [{ code: 'FIND-ME-7K2Q-0001' }, { code: 'NOT-SOLD-0002' }] })
		const order = await placeOrder(db, checkoutBody([{ id: 14, quantity: 1, variantId: variant!.id }], { paymentMethod: 'manual' }))
		await payByTransfer(db, order, 'Seen')

		// Case, spaces and dashes do not matter; the order page is linked.
		const found = await page(`/admin-dashboard?code=${encodeURIComponent(' find me 7k2q 0001 ')}`, revealer)
		expect(found.status).toBe(200)
		expect(codeSearchIn(found.html)).toContain(`href="/admin/orders/${order.orderNumber}"`)
		expect(codeSearchIn((await page(`/admin-dashboard?code=FIND-ME-7K2Q-0001`)).html)).toContain(`Order ${order.orderNumber}`)
		// A code never sold, and part of a code, find nothing.
		expect(codeSearchIn((await page('/admin-dashboard?code=NOT-SOLD-0002')).html)).toContain('No order got that code from stock.')
		expect(codeSearchIn((await page('/admin-dashboard?code=7K2Q')).html)).toContain('No order got that code from stock.')
		// Without the grant: the sentence beside the box, and no order named.
		const refused = await page('/admin-dashboard?code=FIND-ME-7K2Q-0001', clerk)
		expect(fieldErrorIn(refused.html, 'code')).toBe(CODE_SEARCH_MESSAGES.refused)
		expect(codeSearchIn(refused.html)).not.toContain(order.orderNumber)

		const searches = await db.select().from(auditLog).where(eq(auditLog.action, 'orders.search-code')).orderBy(desc(auditLog.id))
		expect(searches.map((s) => s.actor)).toContain('reveal@example.pk')
		expect(searches.map((s) => s.actor)).not.toContain('clerk@example.pk')
		expect(JSON.stringify(searches)).not.toMatch(/FIND|7K2Q|NOT-SOLD/i)
	})

	it('masks what an order delivered on its console page (no code in full in the HTML) until staff with the grant reveal it, with a record', async () => {
		// The second option of the gift card: its stock is this test's one code.
		const [, variant] = await db.select().from(productVariants).where(eq(productVariants.productId, 14)).orderBy(productVariants.position)
		await setStockMode(db, SHOP, 14, 'stock_or_manual')
		await importStock(db, SHOP, 14, { variantId: variant!.id, kind: 'code', units: [{ code: 'MASK-ME-QQ77-9X3Z' }] })
		const order = await payByTransfer(db, await placeOrder(db, checkoutBody([{ id: 14, quantity: 1, variantId: variant!.id }], { paymentMethod: 'manual' })), 'Seen')
		const path = `/admin/orders/${order.orderNumber}`
		for (const cookie of [owner, clerk]) {
			const { status, html } = await page(path, cookie)
			expect(status).toBe(200)
			expect(html).not.toContain('MASK-ME-QQ77-9X3Z')
			expect(html).toContain('•••• 9X3Z')
			expect(html).toContain('units are shown masked here')
		}
		expect((await page(path)).html).toContain('Reveal in full')
		expect((await page(path, clerk)).html).not.toContain('Reveal in full')

		const refused = await post(path, { intent: 'reveal-delivery' }, clerk)
		expect(refused.status).toBe(403)
		const refusedHtml = await refused.text()
		expect(refusedHtml).not.toContain('MASK-ME-QQ77-9X3Z')
		expect(refusedHtml).toContain('may see what an order delivered in full')

		const revealed = await post(path, { intent: 'reveal-delivery' }, revealer)
		expect(revealed.status).toBe(200)
		expect(await revealed.text()).toContain('MASK-ME-QQ77-9X3Z')
		const records = await db.select().from(auditLog).where(and(eq(auditLog.action, 'order.reveal-delivery'), eq(auditLog.orderNumber, order.orderNumber)))
		expect(records.map((r) => r.actor)).toEqual(['reveal@example.pk'])
		expect(JSON.stringify(records)).not.toContain('MASK-ME')
	})

	it('leaves options quoted by hand ("Custom Duration") out of the low-stock list', async () => {
		await setStockMode(db, SHOP, 1, 'stock_or_manual')
		const low = (await lowStockVariants(db)).filter((v) => v.productId === 1)
		expect(low.map((v) => v.label)).toContain('1 Month (private)')
		expect(low.map((v) => v.label).filter((l) => l.startsWith('Custom'))).toEqual([])
		expect((await page('/admin-dashboard')).html).not.toMatch(/Custom Duration[^<]*<\/[a-z]+>[^<]*(out|0 left)/i)
	})

	it('repeats no element id on any console page', async () => {
		const pages = ['/admin-dashboard', '/admin/payments', '/admin/dm-order', '/admin/inbox', '/admin/outbox', '/admin/jobs', '/admin/settings', '/admin/store', '/admin/products', '/admin/products/new', '/admin/reprice', '/admin/products/1', '/admin/products/14/stock', '/admin/security', '/admin/alerts', '/admin/library', '/admin/pages', '/admin/reviews', '/admin/blocklist', '/admin/coupons', '/admin/customers', '/admin/reports', '/admin/reports?range=today']
		const order = await payByTransfer(db, await placeOrder(db, checkoutBody(undefined, { paymentMethod: 'manual' })), 'Seen')
		pages.push(`/admin/orders/${order.orderNumber}`)
		for (const path of pages) {
			const { status, html } = await page(path)
			expect(status, path).toBe(200)
			const ids = [...html.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]!)
			const repeated = ids.filter((id, i) => ids.indexOf(id) !== i)
			expect(repeated, path).toEqual([])
		}
	})
})
