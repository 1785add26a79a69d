// The shop behind PgBouncer in transaction mode (DATABASE_POOLER=transaction, ADR-059). PgBouncer is a
// process of the test's own (tests/setup/pgbouncer.ts) before the shared PostgreSQL, on a database of
// the test's own; the shop is a process of its own (tests/setup/shop-process.ts) because it is
// restarted. LISTEN, migrations and long reads go straight to PostgreSQL (DATABASE_DIRECT_URL).
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openPostgres } from '../../app/db/client.server'
import { productsForSale } from '../../app/domain/catalogue/list-products.server'
import { openOrderStream, orderStatusIs } from '../setup/order-stream'
import { checkoutBody, giftCard10 } from '../setup/payments'
import { startPgBouncer, type PgBouncer } from '../setup/pgbouncer'
import { spawnShop, type ShopProcess } from '../setup/shop-process'
import { signInOverHttp } from '../setup/test-shop'

const SERVER = 'postgres://postgres@127.0.0.1:5432'
const DATABASE = `replica_bouncer_${process.pid}`
const OWNER = { ADMIN_EMAIL: 'owner@bouncer.example.pk', ADMIN_PASSWORD: 'bouncer-owner-password-1' }
/** An alias of the database with one server connection: two clients of it always share that one. */
const PINNED = `${DATABASE}_pinned`

async function query<T>(url: string, text: string): Promise<T[]> {
	const client = new pg.Client({ connectionString: url })
	await client.connect()
	try {
		return (await client.query(text)).rows as T[]
	} finally {
		await client.end()
	}
}

describe('the shop behind PgBouncer in transaction mode', () => {
	let bouncer: PgBouncer
	let shop: ShopProcess
	let dataDir: string
	const directUrl = `${SERVER}/${DATABASE}`
	const settings = () => ({ DATABASE_URL: bouncer.url(DATABASE), DATABASE_DIRECT_URL: directUrl, DATABASE_POOLER: 'transaction', DATA_DIR: dataDir, ...OWNER })
	/** Transactions PgBouncer passed on for the shop's database. */
	const passedOn = async () => Number((await query<{ database: string; total_xact_count: string }>(bouncer.adminUrl, 'show stats')).find((r) => r.database === DATABASE)?.total_xact_count ?? 0)

	beforeAll(async () => {
		dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-pgbouncer-'))
		await query(`${SERVER}/postgres`, `drop database if exists ${DATABASE}`)
		await query(`${SERVER}/postgres`, `create database ${DATABASE}`)
		bouncer = await startPgBouncer({ server: { host: '127.0.0.1', port: 5432 }, pinned: { [PINNED]: DATABASE } })
		shop = await spawnShop(settings())
	}, 120_000)

	afterAll(async () => {
		await shop?.crash()
		await bouncer?.stop()
		await query(`${SERVER}/postgres`, `drop database if exists ${DATABASE} with (force)`).catch(() => {})
		if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true })
	})

	async function buyAndWatch() {
		const placed = await fetch(`${shop.url}/api/checkout`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(checkoutBody([giftCard10])) })
		expect(placed.status).toBe(200)
		const { orderNumber, paymentUrl } = (await placed.json()) as { orderNumber: string; paymentUrl: string }
		const cookie = (placed.headers.get('set-cookie') ?? '').split(';')[0]!
		const page = await openOrderStream(shop.url, orderNumber, { cookie })
		try {
			await page.next((e) => e.event === 'ready')
			const paid = await fetch(paymentUrl, { method: 'POST', body: new URLSearchParams({ outcome: 'pay' }), redirect: 'manual' })
			expect(paid.status).toBe(303)
			// The live page hears of it through LISTEN, on the direct connection.
			await page.next(orderStatusIs('completed'), 20_000)
		} finally {
			page.close()
		}
		const order = (await (await fetch(`${shop.url}/api/order?internalOrderId=${orderNumber}`, { headers: { cookie } })).json()) as { order: { paymentStatus: string } }
		expect(order.order.paymentStatus).toBe('paid')
	}

	it('takes a checkout and its payment through the pooler, the live page hears it, a report answers, and all of it again after a restart', { timeout: 90_000 }, async () => {
		const before = await passedOn()
		await buyAndWatch()
		const staff = await signInOverHttp(shop.url, OWNER.ADMIN_EMAIL, OWNER.ADMIN_PASSWORD, '198.51.100.38')
		const report = await fetch(`${shop.url}/admin/reports`, { headers: { Cookie: staff } })
		expect(report.status).toBe(200)
		await report.text()
		// The checkout, payment and pages went through PgBouncer.
		expect(await passedOn()).toBeGreaterThan(before + 5)

		await shop.stop()
		shop = await spawnShop(settings())
		await buyAndWatch()
	})

	it('sends its kept statements unnamed with DATABASE_POOLER=transaction; named, two clients sharing a server connection collide', async () => {
		// Two of the shop's pools on the pinned alias, as two instances: both name their first statement shop_N.
		const open = (pooler: 'transaction' | 'none') => openPostgres(bouncer.url(PINNED), { directUrl, pooler })
		const named = [await open('none'), await open('none')]
		try {
			const results = await Promise.allSettled(named.flatMap((d) => [productsForSale(d.db, [giftCard10.id]), productsForSale(d.db, [giftCard10.id])]))
			expect(results.filter((r) => r.status === 'rejected').map((r) => String((r as PromiseRejectedResult).reason?.cause?.message ?? (r as PromiseRejectedResult).reason))).toContainEqual(expect.stringMatching(/prepared statement "shop_\d+" (already exists|does not exist)/))
		} finally {
			await Promise.all(named.map((d) => d.close()))
		}
		const unnamed = [await open('transaction'), await open('transaction')]
		try {
			for (let i = 0; i < 3; i++) {
				const found = await Promise.all(unnamed.flatMap((d) => [productsForSale(d.db, [giftCard10.id]), productsForSale(d.db, [giftCard10.id])]))
				expect(found.every((f) => f.products.has(giftCard10.id))).toBe(true)
			}
		} finally {
			await Promise.all(unnamed.map((d) => d.close()))
		}
	})
})
