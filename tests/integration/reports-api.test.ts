// Sales reports over HTTP (issue 24): GET /api/admin/reports/sales with a key of the `reports` scope
// and with staff sessions (the owner, or staff the owner lets see reports), every bad range a 400
// sentence, the endpoint in the OpenAPI document, the page /admin/reports with its CSVs, and the
// orders list filtered as the page's figures link to it. On every database.
import { eq, sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../app/db/client.server'
import { auditLog } from '../../app/db/schema'
import { createApiKey } from '../../app/domain/staff/api-keys.server'
import { createStaff } from '../../app/domain/staff/manage-staff.server'
import { setStaffGrants } from '../../app/domain/staff/set-staff-grants.server'
import { seedOrder, seedRefund } from '../setup/report-history'
import { databaseKinds } from '../setup/test-db'
import { signInOverHttp, useTestShop } from '../setup/test-shop'

describe.each(databaseKinds)('sales reports over HTTP on %s', (kind) => {
	let db: Db
	let reportsKey: string
	let stockKey: string
	const testShop = useTestShop(kind, 'reports-api', { TRUST_PROXY: 'true', JOBS_WORKER: 'false', ADMIN_EMAIL: 'owner@example.pk', ADMIN_PASSWORD: 'reports-owner-password' })

	beforeAll(async () => {
		db = testShop.shop.database.db
		reportsKey = (await createApiKey(db, 'Accountant', null, { scopes: ['reports'] })).key
		stockKey = (await createApiKey(db, 'Stock desk', null, { scopes: ['stock'] })).key
		const product = Number((await db.execute<{ id: number }>(sql`select id from products order by id limit 1`)).rows[0]!.id)
		const a = await seedOrder(db, { number: 'GV-R1', method: 'paypro', status: 'partly_refunded', total: 3000, created: '2026-11-02T10:00:00', paid: '2026-11-02T10:01:00', email: 'buyer@example.pk', cost: 2000, fee: 60, refunded: 1000, lines: [{ product, quantity: 2, unitPrice: 1600, discount: 200, unitCost: 1000 }] })
		await seedOrder(db, { number: 'GV-R2', method: 'manual', status: 'paid', total: 1500, created: '2026-11-03T10:00:00', paid: '2026-11-03T11:00:00', cost: 1000, lines: [{ product, quantity: 1, unitPrice: 1500, unitCost: 1000 }] })
		await seedOrder(db, { number: 'GV-R3', method: 'paypro', status: 'expired', total: 900, created: '2026-11-04T10:00:00' })
		await seedOrder(db, { number: 'GV-R0', method: 'dm', status: 'paid', total: 700, created: '2026-10-30T10:00:00', paid: '2026-10-30T10:05:00', cost: 500 })
		await seedRefund(db, a.id, 1000, '2026-11-05T09:00:00', [{ lineId: a.lineIds[0]!, quantity: 1, undelivered: 1 }])
	})

	const get = (path: string, headers: Record<string, string> = { 'X-ADMIN-KEY': reportsKey }) => fetch(`${testShop.url}${path}`, { headers })

	it('answers the figures of a week and the week before with a key of the reports scope', async () => {
		const res = await get('/api/admin/reports/sales?from=2026-11-01&to=2026-11-07&by=day')
		expect(res.status).toBe(200)
		const body = await res.json()
		// revenue 3000 + 1500; cost 2060 + 1000; refunds 1000, of a unit never delivered (its 1000 back).
		expect(body.totals).toEqual({ orders: 2, revenue: 4500, refunds: 1000, discounts: 200, net: 3500, cost: 3060, profit: 4500 - 3060 - 1000 + 1000, averageOrder: 2250, ordersWithoutCost: 0, creditIssued: 0, creditSpent: 0 })
		expect(body.previousTotals).toMatchObject({ orders: 1, revenue: 700 })
		expect(body.series).toHaveLength(7)
		expect(body.series[1]).toEqual({ date: '2026-11-02', orders: 1, revenue: 3000, refunds: 0, profit: 940 })
		expect(body.byPaymentMethod.map((m: { key: string }) => m.key)).toEqual(['paypro', 'manual'])
		expect(body.funnel).toMatchObject({ placed: 3, paid: 2, delivered: 0, expired: 1 })
		const weeks = await (await get('/api/admin/reports/sales?from=2026-11-01&to=2026-11-30&by=week')).json()
		expect(weeks.series.map((p: { date: string }) => p.date)).toEqual(['2026-10-26', '2026-11-02', '2026-11-09', '2026-11-16', '2026-11-23', '2026-11-30'])
	})

	it('refuses bad dates, from after to, more than five years and an unknown grouping with a 400 sentence', async () => {
		const cases: [string, RegExp][] = [
			['from=2026-02-30&to=2026-03-01', /The from date “2026-02-30” is not a day/],
			['from=01/11/2026&to=2026-11-07', /is not a day: write it as YYYY-MM-DD/],
			['from=2026-11-07&to=2026-11-01', /The from date \(2026-11-07\) is after the to date \(2026-11-01\)/],
			['from=2020-01-01&to=2026-11-07', /at most five years/],
			['from=2026-11-01', /Give both dates/],
			['from=2026-11-01&to=2026-11-07&by=hour', /not a way to group a report: use day, week or month/],
			['range=forever', /not a report range/],
			[`from=${'9'.repeat(200)}&to=2026-11-07`, /.+/],
		]
		for (const [query, message] of cases) {
			const res = await get(`/api/admin/reports/sales?${query}`)
			expect(res.status, query).toBe(400)
			expect((await res.json()).error, query).toMatch(message)
		}
	})

	it('refuses a key without the reports scope and staff the owner has not let see reports (403); lets them in once granted', async () => {
		const keyless = await get('/api/admin/reports/sales?range=7d', { 'X-ADMIN-KEY': stockKey })
		expect(keyless.status).toBe(403)
		expect((await keyless.json()).error).toContain('“reports” scope')
		const staff = await createStaff(db, { email: 'analyst@example.pk', name: 'Analyst', role: 'staff', password: 'analyst-password-1' })
		const cookie = await signInOverHttp(testShop.url, staff.email, staff.password, '198.51.100.60')
		const refused = await get('/api/admin/reports/sales?range=7d', { Cookie: cookie })
		expect(refused.status).toBe(403)
		expect((await refused.json()).error).toBe('Only the shop owner, or staff the owner lets see reports, may do this.')
		const page = await get('/admin/reports', { Cookie: cookie })
		expect(page.status).toBe(403)
		expect(await page.text()).not.toContain('Rs. 4,500')
		await setStaffGrants(db, { staffId: null, label: 'owner@example.pk' }, staff.id, ['reports'])
		expect((await get('/api/admin/reports/sales?range=7d', { Cookie: cookie })).status).toBe(200)
		const allowed = await get('/admin/reports?from=2026-11-01&to=2026-11-07', { Cookie: cookie })
		expect(allowed.status).toBe(200)
		const html = await allowed.text()
		expect(html).toContain('Rs. 4,500')
		expect(html).toContain('href="/admin/reports"')
	})

	it('shows the page to the owner with its numbers, CSVs of what is shown, and links to the orders behind each figure', async () => {
		const owner = await signInOverHttp(testShop.url, 'owner@example.pk', 'reports-owner-password', '198.51.100.61')
		const page = await get('/admin/reports?from=2026-11-01&to=2026-11-07', { Cookie: owner })
		expect(page.status).toBe(200)
		const html = await page.text()
		for (const text of ['Revenue', 'Rs. 4,500', 'Refunds', 'Rs. 1,000', 'Profit', 'Discount given', 'By payment method', 'From placed to delivered', 'Top customers', 'buyer@example.pk', '<svg']) expect(html).toContain(text)
		expect(html).toContain('href="/admin-dashboard?paidFrom=2026-11-01&amp;paidTo=2026-11-07"')
		const csv = await get('/admin/reports.csv?from=2026-11-01&to=2026-11-07&by=day&part=series', { Cookie: owner })
		expect(csv.status).toBe(200)
		expect(csv.headers.get('content-type')).toContain('text/csv')
		const lines = (await csv.text()).replace('\uFEFF', '').trim().split('\r\n')
		expect(lines[0]).toBe('"Day","Orders","Revenue (Rs.)","Refunds (Rs.)","Profit (Rs.)"')
		expect(lines[2]).toBe('"2026-11-02","1","3000","0","940"')
		expect(lines).toHaveLength(8)
		const bad = await get('/admin/reports.csv?from=2026-11-07&to=2026-11-01&part=series', { Cookie: owner })
		expect(bad.status).toBe(400)
		expect(await bad.text()).toContain('is after the to date')
		const badPage = await get('/admin/reports?from=2026-11-07&to=2026-11-01', { Cookie: owner })
		expect(badPage.status).toBe(400)
		expect(await badPage.text()).toContain('is after the to date')
		// The figures' links: orders paid in the week (not the one paid before it, nor the expired one).
		const list = await (await get('/admin-dashboard?paidFrom=2026-11-01&paidTo=2026-11-07', { Cookie: owner })).text()
		expect(list).toContain('GV-R1')
		expect(list).toContain('GV-R2')
		expect(list).not.toContain('GV-R0')
		expect(list).not.toContain('GV-R3')
		const transfers = await (await get('/admin-dashboard?paidFrom=2026-11-01&paidTo=2026-11-07&method=manual', { Cookie: owner })).text()
		expect(transfers).toContain('GV-R2')
		expect(transfers).not.toContain('GV-R1')
		const refunded = await (await get('/admin-dashboard?refundedFrom=2026-11-01&refundedTo=2026-11-07', { Cookie: owner })).text()
		expect(refunded).toContain('GV-R1')
		expect(refunded).not.toContain('GV-R2')
	})

	it('the owner ticks "May see reports" for a staff account on the settings page (audited), and unticks it', async () => {
		const staff = await createStaff(db, { email: 'bookkeeper@example.pk', name: 'Bookkeeper', role: 'staff', password: 'bookkeeper-password-1' })
		const owner = await signInOverHttp(testShop.url, 'owner@example.pk', 'reports-owner-password', '198.51.100.62')
		const settings = (body: Record<string, string>) =>
			fetch(`${testShop.url}/admin/settings`, { method: 'POST', headers: { Origin: testShop.url, Cookie: owner, 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(body) })
		expect(await (await get('/admin/settings', { Cookie: owner })).text()).toContain('May see reports')
		expect(await (await settings({ intent: 'set-grants', staffId: String(staff.id), 'grant-reports': 'on' })).text()).toContain('bookkeeper@example.pk may now see reports.')
		expect(await (await settings({ intent: 'set-grants', staffId: String(staff.id) })).text()).toContain('bookkeeper@example.pk may no longer see reports.')
		const audit = await db.select().from(auditLog).where(eq(auditLog.target, `staff ${staff.id}`)).orderBy(auditLog.id)
		expect(audit.map((a) => [a.action, a.after])).toEqual([
			['staff.set-grants', { staffId: staff.id, email: staff.email, grants: ['reports'] }],
			['staff.set-grants', { staffId: staff.id, email: staff.email, grants: [] }],
		])
	})

	it('lists the endpoint in the OpenAPI document with its scope and permission', async () => {
		const doc = await (await get('/api/admin/openapi.json')).json()
		const op = doc.paths['/api/admin/reports/sales'].get
		expect(op).toBeTruthy()
		expect(JSON.stringify(op)).toContain('reports')
		expect(op.parameters.map((p: { name: string }) => p.name)).toEqual(expect.arrayContaining(['from', 'to', 'by']))
	})
})
