// Dates the shop cannot answer are refused at once with a sentence, everywhere a date is typed, and
// nothing a date starts can hold the server: the sales report (API, page and CSV) with years before
// 2000 or past 9998 and ranges one day over five years, answered fast while /healthz keeps
// answering; discount codes ending in 0027 (JavaScript's 1927) or 9999, over the console API and the
// console's form, with nothing saved; the orders list's day filters on the dashboard and its CSV.
// On every database.
import { sql } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../app/db/client.server'
import { COUPON_MESSAGES } from '../../app/domain/coupons/coupon'
import { readReportRange } from '../../app/domain/reports/report-range'
import { createApiKey } from '../../app/domain/staff/api-keys.server'
import { databaseKinds } from '../setup/test-db'
import { signInOverHttp, useTestShop } from '../setup/test-shop'

/** Well under a second on a quiet machine; the old code never answered at all. */
const FAST_MS = 2_000

describe.each(databaseKinds)('dates the shop cannot answer on %s', (kind) => {
	let db: Db
	let reportsKey: string
	let couponsKey: string
	let cookie: string
	const OWNER = { email: 'owner@example.pk', password: 'dates-owner-password' }
	const testShop = useTestShop(kind, 'hardening-dates', { TRUST_PROXY: 'true', JOBS_WORKER: 'false', ADMIN_EMAIL: OWNER.email, ADMIN_PASSWORD: OWNER.password })

	beforeAll(async () => {
		db = testShop.shop.database.db
		reportsKey = (await createApiKey(db, 'Accountant', null, { scopes: ['reports'] })).key
		couponsKey = (await createApiKey(db, 'Marketing', null, { scopes: ['coupons'] })).key
		cookie = await signInOverHttp(testShop.url, OWNER.email, OWNER.password, '198.51.100.41')
	})

	/** A request and how long its answer took. */
	async function timed(path: string, init: RequestInit = {}) {
		const started = performance.now()
		const res = await fetch(`${testShop.url}${path}`, init)
		const body = await res.text()
		return { status: res.status, body, ms: performance.now() - started }
	}
	const asKey = (key: string) => ({ headers: { 'X-ADMIN-KEY': key } })
	const asOwner = () => ({ headers: { Cookie: cookie } })
	const healthy = async () => {
		const health = await timed('/healthz')
		expect(health.status).toBe(200)
		expect(health.ms).toBeLessThan(FAST_MS)
	}

	it('refuses a report range outside 2000–9998 or one day over five years, over the API, the page and the CSV, at once', async () => {
		// Checked in the process first: the old series loop on 9999-12-31 never ended, and would hold this test too.
		expect(readReportRange({ from: '9999-12-31', to: '9999-12-31' }).ok).toBe(false)
		const refused: [string, RegExp][] = [
			['from=9999-12-31&to=9999-12-31', /The from date “9999-12-31” is outside the shop’s years\. Use a date from the year 2000 to 9998\./],
			['from=9999-12-31&to=9999-12-31&by=month', /The from date “9999-12-31” is outside the shop’s years/],
			['from=0000-01-01&to=0000-01-01', /The from date “0000-01-01” is outside the shop’s years/],
			['from=0027-01-01&to=0027-01-31&by=week', /The from date “0027-01-01” is outside the shop’s years/],
			['from=1999-12-31&to=2000-01-02', /The from date “1999-12-31” is outside the shop’s years/],
			['from=9998-12-28&to=9999-01-03&by=week', /The to date “9999-01-03” is outside the shop’s years/],
			['from=9998-12-01&to=9999-01-31&by=month', /The to date “9999-01-31” is outside the shop’s years/],
			['from=2021-01-01&to=2026-01-05&by=week', /A report covers at most five years \(1,830 days\); 2021-01-01 to 2026-01-05 is 1,831 days\./],
			['from=2021-01-01&to=2026-01-04&by=day', /A report by day covers at most 366 days; 2021-01-01 to 2026-01-04 is 1,830 days\. Group it by week or month\./],
			['from=%2B10000-01-01&to=2026-01-01', /The from date “\+10000-01-01” is not a day/],
		]
		for (const [query, sentence] of refused) {
			const api = await timed(`/api/admin/reports/sales?${query}`, asKey(reportsKey))
			expect(api.status, query).toBe(400)
			expect(JSON.parse(api.body).error, query).toMatch(sentence)
			expect(api.ms, query).toBeLessThan(FAST_MS)
			const page = await timed(`/admin/reports?${query}`, asOwner())
			expect(page.status, query).toBe(400)
			expect(page.body, query).toMatch(sentence)
			expect(page.ms, query).toBeLessThan(FAST_MS)
			const csv = await timed(`/admin/reports.csv?${query}&part=series`, asOwner())
			expect(csv.status, query).toBe(400)
			expect(csv.body, query).toMatch(sentence)
			expect(csv.ms, query).toBeLessThan(FAST_MS)
		}
		await healthy()
	})

	it('answers the edges the shop knows fast, the largest series among them, while /healthz keeps answering', async () => {
		expect(readReportRange({ from: '9998-12-28', to: '9999-01-03', by: 'week' }).ok).toBe(false)
		const edges: [string, string[]][] = [
			['from=9998-12-31&to=9998-12-31&by=day', ['9998-12-31']],
			['from=9998-12-01&to=9998-12-31&by=month', ['9998-12-01']],
			['from=9998-12-20&to=9998-12-31&by=week', ['9998-12-14', '9998-12-21', '9998-12-28']],
			['from=2000-01-01&to=2000-01-10&by=week', ['1999-12-27', '2000-01-03', '2000-01-10']],
			['from=2000-01-01&to=2000-03-01&by=month', ['2000-01-01', '2000-02-01', '2000-03-01']],
		]
		for (const [query, dates] of edges) {
			const api = await timed(`/api/admin/reports/sales?${query}`, asKey(reportsKey))
			expect(api.status, query).toBe(200)
			expect(JSON.parse(api.body).series.map((p: { date: string }) => p.date), query).toEqual(dates)
			expect(api.ms, query).toBeLessThan(FAST_MS)
		}
		// The largest series: a year by day, 366 points, with /healthz asked meanwhile; five years by week, 262.
		const [longest, health] = await Promise.all([timed('/api/admin/reports/sales?from=2024-01-01&to=2024-12-31&by=day', asKey(reportsKey)), timed('/healthz')])
		expect(longest.status).toBe(200)
		expect(JSON.parse(longest.body).series).toHaveLength(366)
		const fiveYears = await timed('/api/admin/reports/sales?from=2021-01-01&to=2026-01-04&by=week', asKey(reportsKey))
		expect(JSON.parse(fiveYears.body).series).toHaveLength(262)
		expect(health.status).toBe(200)
		expect(health.ms).toBeLessThan(FAST_MS)
		// The page draws the same 366 points twice and lists them in a table: /healthz, asked while it renders, still answers.
		const drawing = timed('/admin/reports?from=2024-01-01&to=2024-12-31&by=day', asOwner())
		await new Promise((resolve) => setTimeout(resolve, 50))
		const meanwhile = await timed('/healthz')
		const page = await drawing
		expect(page.status).toBe(200)
		expect(page.body).toContain('2024-12-31')
		expect(meanwhile.status).toBe(200)
		expect(meanwhile.ms).toBeLessThan(FAST_MS)
		await healthy()
	})

	it('refuses a discount code dated outside 2000–9998 over the console API and the console’s form, and saves nothing', async () => {
		const api = (method: string, path: string, json: unknown) =>
			fetch(`${testShop.url}${path}`, { method, headers: { Origin: testShop.url, 'X-ADMIN-KEY': couponsKey, 'Content-Type': 'application/json' }, body: JSON.stringify(json) })
		const outside = ['0027-01-01', '0027-01-01T00:00', '9999-12-31', '9999-12-31T23:59', '0000-01-01', '1999-12-31T23:59', '0027-01-01T00:00:00Z', '9998-12-31T23:30:00-05:00']
		for (const [i, endsAt] of outside.entries()) {
			const res = await api('POST', '/api/admin/coupons', { code: `OLD${i}`, type: 'fixed', value: 5, endsAt })
			expect(res.status, endsAt).toBe(400)
			expect(((await res.json()) as { error: string; fieldErrors: Record<string, string> }).fieldErrors, endsAt).toEqual({ endsAt: COUPON_MESSAGES.dateYears })
			const starting = await api('POST', '/api/admin/coupons', { code: `NEW${i}`, type: 'fixed', value: 5, startsAt: endsAt })
			expect(starting.status, endsAt).toBe(400)
			expect(((await starting.json()) as { error: string }).error, endsAt).toBe(COUPON_MESSAGES.dateYears)
		}
		expect(COUPON_MESSAGES.dateYears).toContain('from the year 2000 to 9998')

		// A change of a saved code is refused the same way, and leaves it as it was.
		const made = await api('POST', '/api/admin/coupons', { code: 'EDGE', type: 'fixed', value: 5, startsAt: '2000-01-01T00:00', endsAt: '9998-12-31T23:59' })
		expect(made.status).toBe(201)
		const edge = (await made.json()) as { id: number; startsAt: string; endsAt: string }
		expect(edge).toMatchObject({ startsAt: '1999-12-31T19:00:00.000Z', endsAt: '9998-12-31T18:59:00.000Z' })
		const patched = await api('PATCH', `/api/admin/coupons/${edge.id}`, { endsAt: '0027-01-01' })
		expect(patched.status).toBe(400)
		expect(((await patched.json()) as { error: string }).error).toBe(COUPON_MESSAGES.dateYears)

		// The console's own form.
		const form = (body: Record<string, string>) =>
			fetch(`${testShop.url}/admin/coupons`, { method: 'POST', redirect: 'manual', headers: { Cookie: cookie, Origin: testShop.url, 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(body) })
		for (const endsAt of ['0027-01-01T00:00', '9999-12-31T23:59', '0000-01-01T00:00']) {
			const created = await form({ intent: 'create', code: 'FORMOLD', type: 'fixed', value: '5', endsAt })
			expect(created.status, endsAt).toBe(400)
			expect(await created.text(), endsAt).toContain(COUPON_MESSAGES.dateYears)
			const edited = await form({ intent: 'edit', id: String(edge.id), code: 'EDGE', type: 'fixed', value: '5', startsAt: endsAt })
			expect(edited.status, endsAt).toBe(400)
			expect(await edited.text(), endsAt).toContain(COUPON_MESSAGES.dateYears)
		}
		const saved = await db.execute<{ code: string; starts_at: string; ends_at: string }>(sql`select code, starts_at::text, ends_at::text from coupons order by id`)
		expect(saved.rows.map((r) => r.code)).toEqual(['EDGE'])
		expect(new Date(saved.rows[0]!.ends_at).toISOString()).toBe('9998-12-31T18:59:00.000Z')
		expect(new Date(saved.rows[0]!.starts_at).toISOString()).toBe('1999-12-31T19:00:00.000Z')
	})

	it('refuses the orders list’s day filters outside 2000–9998 or not a day, on the dashboard and its CSV, with a sentence', async () => {
		const refused: [string, RegExp][] = [
			['paidFrom=0000-01-01', /The paid-from date “0000-01-01” is outside the shop’s years\. Use a date from the year 2000 to 9998\./],
			['paidTo=9999-12-31', /The paid-to date “9999-12-31” is outside the shop’s years/],
			['placedFrom=0027-01-01', /The placed-from date “0027-01-01” is outside the shop’s years/],
			['refundedTo=9999-12-31', /The refunded-to date “9999-12-31” is outside the shop’s years/],
			['placedTo=2026-13-45', /The placed-to date “2026-13-45” is not a day: write it as YYYY-MM-DD\./],
			['refundedFrom=2026-02-30', /The refunded-from date “2026-02-30” is not a day/],
		]
		for (const [query, sentence] of refused) {
			const page = await timed(`/admin-dashboard?${query}`, asOwner())
			expect(page.status, query).toBe(400)
			expect(page.body, query).toMatch(sentence)
			const csv = await timed(`/admin/orders.csv?${query}`, asOwner())
			expect(csv.status, query).toBe(400)
			expect(csv.body, query).toMatch(sentence)
		}
		// The shop's first and last days are days like any other.
		const edges = await timed('/admin-dashboard?paidFrom=2000-01-01&paidTo=9998-12-31&refundedFrom=2000-01-01&refundedTo=9998-12-31', asOwner())
		expect(edges.status).toBe(200)
		expect(edges.body).not.toContain('Failed to fetch orders')
		const csv = await timed('/admin/orders.csv?placedFrom=2000-01-01&placedTo=9998-12-31', asOwner())
		expect(csv.status).toBe(200)
		await healthy()
	})
})
