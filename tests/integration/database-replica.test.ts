// A read replica (DATABASE_REPLICA_URL, ADR-059): a PostgreSQL primary and its streaming standby of
// the test's own (tests/setup/own-postgres.ts), one pair for the whole file, because the shared
// cluster has no standby and this test stops one; a shop in a process of its own on both
// (tests/setup/shop-process.ts), whose warning log the test reads. Each pool names itself
// (application_name), so pg_stat_activity on either cluster says which pool ran which statement.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { freePort, startOwnPostgres, startReplicaOf, type OwnPostgres, queryOnce as query } from '../setup/own-postgres'
import { checkoutBody, giftCard10 } from '../setup/payments'
import { spawnShop, type ShopProcess } from '../setup/shop-process'
import { signInOverHttp } from '../setup/test-shop'

const OWNER = { ADMIN_EMAIL: 'owner@replica.example.pk', ADMIN_PASSWORD: 'replica-owner-password-1' }
const METRICS_TOKEN = 'replica-metrics-token-0123456789abcdef'
const REPLICA_POOL = 'shop long reads (replica)'
const PRIMARY_LONG_POOL = 'shop long reads'
/** One of the report's statements (each of the three connections shows the last it ran). */
const REPORT = /sales_day|credit_entries|from refunds|customer_email/
const CUSTOMERS = /customer_figures|customer_email/

/** The statements each of the shop's pools last ran on a cluster, with when. */
const backends = (url: string) =>
	query<{ application_name: string; query: string; state_change: Date | null }>(url, `select application_name, query, state_change from pg_stat_activity where datname = 'shop' and application_name like 'shop%'`)

describe('reports, customers, searches and exports read from the replica; orders stay on the primary', () => {
	let primary: OwnPostgres
	let replica: OwnPostgres
	let shop: ShopProcess
	let dataDir: string
	let staff: string
	let primaryUrl: string
	let replicaUrl: string
	let orderNumber: string

	beforeAll(async () => {
		dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-database-replica-'))
		primary = await startOwnPostgres()
		await query(primary.url, 'create database shop')
		primaryUrl = new URL('/shop', primary.url).toString()
		// The standby is copied while the shop migrates the primary; it follows the rest by streaming.
		const port = await freePort()
		replicaUrl = `postgres://postgres@127.0.0.1:${port}/shop`
		;[replica, shop] = await Promise.all([startReplicaOf(primary, { port }), spawnShop({ DATABASE_URL: primaryUrl, DATABASE_REPLICA_URL: replicaUrl, DATA_DIR: dataDir, METRICS_TOKEN, ...OWNER })])
		staff = await signInOverHttp(shop.url, OWNER.ADMIN_EMAIL, OWNER.ADMIN_PASSWORD, '198.51.100.59')
	}, 120_000)

	afterAll(async () => {
		await shop?.crash()
		await replica?.remove()
		await primary?.remove()
		if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true })
	})

	const get = (address: string, cookie = staff) => fetch(`${shop.url}${address}`, { headers: { Cookie: cookie }, redirect: 'manual', signal: AbortSignal.timeout(20_000) })
	const metric = async (name: string) => {
		const text = await (await fetch(`${shop.url}/metrics`, { headers: { Authorization: `Bearer ${METRICS_TOKEN}` } })).text()
		const line = text.split('\n').find((l) => l.startsWith(`${name} `))
		return line ? Number(line.split(' ')[1]) : null
	}
	const health = async () => (await (await fetch(`${shop.url}/healthz`)).json()) as { status: string; replica?: string }

	/** The page answers, and a statement matching `statement` ran on `pool` of the cluster at `url` while it did. */
	async function answeredBy(address: string, url: string, pool: string, statement: RegExp) {
		const [{ at }] = (await query<{ at: Date }>(url, 'select now() as at')) as [{ at: Date }]
		const res = await get(address)
		expect(res.status, address).toBe(200)
		await res.text()
		const ran = (await backends(url)).filter((b) => b.application_name === pool && b.state_change && b.state_change >= at)
		expect(ran.map((b) => b.query).join('\n'), address).toMatch(statement)
	}

	it('a checkout, its payment and the order page are the primary\'s; reports, customers, a search and the CSV export are the replica\'s', async () => {
		const placed = await fetch(`${shop.url}/api/checkout`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(checkoutBody([giftCard10])) })
		expect(placed.status).toBe(200)
		const answer = (await placed.json()) as { orderNumber: string; paymentUrl: string }
		orderNumber = answer.orderNumber
		const buyer = (placed.headers.get('set-cookie') ?? '').split(';')[0]!
		const paid = await fetch(answer.paymentUrl, { method: 'POST', body: new URLSearchParams({ outcome: 'pay' }), redirect: 'manual' })
		expect(paid.status).toBe(303)
		await expect
			.poll(async () => ((await (await get(`/api/order?internalOrderId=${orderNumber}`, buyer)).json()) as { order: { paymentStatus: string } }).order.paymentStatus, { timeout: 15_000 })
			.toBe('paid')
		// The paid order reaches the standby as it commits.
		await expect.poll(async () => (await query<{ n: number }>(replicaUrl, 'select count(*)::int as n from orders where order_number = $1 and paid_at is not null', [orderNumber]))[0]!.n, { timeout: 10_000 }).toBe(1)

		await answeredBy('/admin/reports', replicaUrl, REPLICA_POOL, REPORT)
		await answeredBy('/admin/customers?q=example.pk', replicaUrl, REPLICA_POOL, CUSTOMERS)
		await answeredBy(`/admin-dashboard?q=${encodeURIComponent(orderNumber)}`, replicaUrl, REPLICA_POOL, /"orders"|"order_lines"/)
		await answeredBy(`/admin/orders.csv?q=${encodeURIComponent(orderNumber)}`, replicaUrl, REPLICA_POOL, /"orders"|order_lines|refunds/)

		// Nothing of the shop's own pool ever ran on the standby (it refuses writes anyway), and the
		// primary's long-read pool was never needed.
		const onReplica = await backends(replicaUrl)
		expect(onReplica.filter((b) => b.application_name !== REPLICA_POOL)).toEqual([])
		const onPrimary = await backends(primaryUrl)
		expect(onPrimary.some((b) => b.application_name === 'shop')).toBe(true)
		expect(onPrimary.filter((b) => b.application_name === PRIMARY_LONG_POOL)).toEqual([])
		expect(await health()).toEqual({ status: 'ok', replica: 'ok' })
		expect(await metric('shop_db_replica_up')).toBe(1)
	})

	it('/metrics says how far behind the replica is: 0 while it keeps up, the seconds since what it last replayed while it lags', async () => {
		await expect.poll(() => metric('shop_db_replica_lag_seconds'), { timeout: 10_000 }).toBe(0)
		// The standby stops replaying; what the primary commits now waits on it.
		await query(replicaUrl, 'select pg_wal_replay_pause()')
		try {
			const placed = await fetch(`${shop.url}/api/checkout`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(checkoutBody([giftCard10])) })
			expect(placed.status).toBe(200)
			await new Promise((resolve) => setTimeout(resolve, 1_500))
			await expect.poll(() => metric('shop_db_replica_lag_seconds'), { timeout: 10_000 }).toBeGreaterThanOrEqual(1)
		} finally {
			await query(replicaUrl, 'select pg_wal_replay_resume()')
		}
		await expect.poll(() => metric('shop_db_replica_lag_seconds'), { timeout: 10_000 }).toBe(0)
	})

	it('with the replica stopped, the report still answers from the primary, with a warning, and /healthz and /metrics say so', async () => {
		await replica.stopImmediately()
		await answeredBy('/admin/reports', primaryUrl, PRIMARY_LONG_POOL, REPORT)
		expect(shop.logs.filter((l) => l.level === 40 && /read replica cannot be reached/.test(String(l.msg)))).toHaveLength(1)
		// A buyer's search after it goes straight to the primary, without a second warning.
		await answeredBy('/admin/customers?q=example.pk', primaryUrl, PRIMARY_LONG_POOL, CUSTOMERS)
		expect(shop.logs.filter((l) => /read replica cannot be reached/.test(String(l.msg)))).toHaveLength(1)
		const said = await health()
		expect(said.status).toBe('ok')
		expect(said.replica).toMatch(/^unreachable: reports, exports, customers and searches read from the primary/)
		expect(await metric('shop_db_replica_up')).toBe(0)
		expect(await metric('shop_db_replica_fallbacks_total')).toBeGreaterThanOrEqual(1)
		expect(await metric('shop_db_replica_lag_seconds')).toBeNaN()
		// Buyers never noticed: the order page reads the primary.
		expect((await get(`/api/order?internalOrderId=${orderNumber}`)).status).toBeLessThan(500)
	})
})
