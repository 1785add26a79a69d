// Several servers on one database (docs/deploy.md): each server is a process of its
// own, as behind a load balancer. They start together on an empty database, a payment taken on one
// reaches a live order page on the other, and a lost or unreachable database neither crashes them
// nor hangs the health check.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { catalogue } from '../../app/db/seed/catalogue'
import { openEmail } from '../../app/domain/email/sealed-email.server'
import { setDeliveryKey } from '../../app/domain/fulfillment/delivery-crypto.server'
import { checkoutBody, nextTid, png } from '../setup/payments'
import { signInOverHttp } from '../setup/test-shop'
import { openOrderStream, orderStatusIs } from '../setup/order-stream'
import { freshPostgresDatabase } from '../setup/postgres'
import { sharedDeliveryKey, spawnShop, startDatabaseRelay, type ShopProcess } from '../setup/shop-process'
import { databaseKinds } from '../setup/test-db'

const json = { 'Content-Type': 'application/json' }
const tempDirs: string[] = []
const tempDir = () => {
	tempDirs.push(fs.mkdtempSync(path.join(os.tmpdir(), 'shop-several-')))
	return tempDirs.at(-1)!
}
afterAll(() => {
	for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true })
})

/** A buyer's checkout on one server: the order, its payment page and the buyer's order cookie. */
async function checkout(shop: ShopProcess) {
	const res = await fetch(`${shop.url}/api/checkout`, { method: 'POST', headers: json, body: JSON.stringify(checkoutBody()) })
	expect(res.status).toBe(200)
	const body = (await res.json()) as { orderNumber: string; paymentUrl: string }
	return { ...body, cookie: (res.headers.get('set-cookie') ?? '').split(';')[0]! }
}

/** The buyer presses Pay on the simulator's page; the simulator calls back the shop that served it. */
async function pay(paymentUrl: string) {
	const res = await fetch(paymentUrl, { method: 'POST', body: new URLSearchParams({ outcome: 'pay' }), redirect: 'manual' })
	expect(res.status).toBe(303)
}

async function health(shop: ShopProcess) {
	const res = await fetch(`${shop.url}/healthz`, { signal: AbortSignal.timeout(10_000) })
	return { status: res.status, body: (await res.json()) as unknown, headers: res.headers }
}

async function query<T>(databaseUrl: string, text: string): Promise<T[]> {
	const client = new pg.Client({ connectionString: databaseUrl })
	await client.connect()
	try {
		return (await client.query(text)).rows as T[]
	} finally {
		await client.end()
	}
}

const logged = (shop: ShopProcess, msg: string, since = 0) => shop.logs.slice(since).some((l) => l.msg === msg)

describe.each(databaseKinds)('the health check on %s', (kind) => {
	let shop: ShopProcess
	beforeAll(async () => {
		const databaseUrl = kind === 'postgres' ? await freshPostgresDatabase(process.env.TEST_DATABASE_URL!, 'shop_vitest_health') : undefined
		shop = await spawnShop({ DATABASE_URL: databaseUrl, DATA_DIR: tempDir() })
	})
	afterAll(async () => {
		await shop?.stop()
	})

	it('answers ok with the security headers of every page, stays out of the request log and is never cached', async () => {
		const { status, body, headers } = await health(shop)
		expect(status).toBe(200)
		expect(body).toEqual({ status: 'ok' })
		expect(headers.get('content-security-policy')).toContain("default-src 'self'")
		expect(headers.get('x-content-type-options')).toBe('nosniff')
		expect(headers.get('x-frame-options')).toBe('SAMEORIGIN')
		expect(headers.get('cache-control')).toBe('no-store')
		// A request after it is logged; the probe is not.
		expect((await fetch(`${shop.url}/api/order?internalOrderId=after-the-probe`)).status).toBe(404)
		const requests = () => shop.logs.filter((l) => l.msg === 'request completed').map((l) => (l.req as { url: string }).url)
		await expect.poll(requests, { timeout: 10_000 }).toContain('/api/order?internalOrderId=after-the-probe')
		expect(requests()).not.toContain('/healthz')
		// A search on the console's customers names a buyer: the log keeps the address without it.
		expect((await fetch(`${shop.url}/api/admin/customers?q=sara%40example.pk&sort=last`)).status).toBe(401)
		await expect.poll(requests, { timeout: 10_000 }).toContain('/api/admin/customers?q=[search]&sort=last')
		expect(JSON.stringify(shop.logs)).not.toContain('sara%40example.pk')
	})
})

const postgres = process.env.TEST_DATABASE_URL ? [process.env.TEST_DATABASE_URL] : []

describe.each(postgres)('two servers on one PostgreSQL database', (adminUrl) => {
	let databaseUrl: string
	let a: ShopProcess
	let b: ShopProcess
	beforeAll(async () => {
		databaseUrl = await freshPostgresDatabase(adminUrl, 'shop_vitest_two_servers')
		// Started at the same moment on an empty database: both migrate, seed and create the owner.
		;[a, b] = await Promise.all([spawnShop({ DATABASE_URL: databaseUrl, DATA_DIR: tempDir() }), spawnShop({ DATABASE_URL: databaseUrl, DATA_DIR: tempDir() })])
	})
	afterAll(async () => {
		await Promise.all([a?.stop(), b?.stop()])
	})

	it('both serve after starting together on an empty database, with one owner and the catalogue once', async () => {
		expect((await health(a)).status).toBe(200)
		expect((await health(b)).status).toBe(200)
		expect(await query(databaseUrl, 'select count(*)::int as n from staff_users')).toEqual([{ n: 1 }])
		expect(await query(databaseUrl, 'select count(*)::int as n from products')).toEqual([{ n: catalogue.length }])
		// One of the two printed the owner's generated password; the other found the owner there.
		expect([a, b].filter((shop) => logged(shop, 'created the owner account with a generated password: sign in and keep it safe'))).toHaveLength(1)
	})

	it("shows a payment taken on one server live on the other server's order page", async () => {
		const order = await checkout(a)
		const page = await openOrderStream(b.url, order.orderNumber, { cookie: order.cookie })
		try {
			await page.next((e) => e.event === 'ready')
			await pay(order.paymentUrl)
			const update = await page.next(orderStatusIs('completed'))
			expect(JSON.parse(update.data)).toMatchObject({ orderNumber: order.orderNumber, status: 'completed', full: true, customerName: 'Ali Khan' })
		} finally {
			page.close()
		}
	})

	it("a buyer signing out on one server ends their open order page on the other within a second", async () => {
		const order = await checkout(a)
		const form = { 'Content-Type': 'application/x-www-form-urlencoded' }
		expect((await fetch(`${a.url}/my-orders`, { method: 'POST', headers: form, body: new URLSearchParams({ intent: 'request', email: 'ali@example.pk' }) })).status).toBe(200)
		// The code is sealed in the outbox under the servers' delivery key, which this test shares.
		setDeliveryKey(Buffer.from(sharedDeliveryKey, 'base64'))
		const [row] = await query<{ subject: string; text: string; params: Record<string, string> }>(databaseUrl, "select subject, text, params from email_outbox where dedupe_key like 'sign-in:%' order by id desc limit 1")
		const code = openEmail(row!).params.CODE!
		const verified = await fetch(`${a.url}/my-orders/verify`, { method: 'POST', redirect: 'manual', headers: form, body: new URLSearchParams({ email: 'ali@example.pk', code, next: '/my-orders' }) })
		const session = /buyer_session=[\w-]+/.exec(verified.headers.get('set-cookie') ?? '')![0]
		const page = await openOrderStream(b.url, order.orderNumber, { cookie: session })
		try {
			await page.next((e) => e.event === 'ready')
			expect((await fetch(`${a.url}/my-orders`, { method: 'POST', redirect: 'manual', headers: { ...form, Cookie: session }, body: new URLSearchParams({ intent: 'sign-out' }) })).status).toBe(303)
			const ended = await Promise.race([page.ended.then(() => 'ended'), new Promise((r) => setTimeout(() => r('still open'), 1000))])
			expect(ended).toBe('ended')
		} finally {
			page.close()
		}
	})

	/**
	 * Terminates the shop's database connections that `which` selects, then waits until b's live
	 * connection is back and listening (or b died trying); returns where b's log stood before.
	 */
	async function terminatedUntilListening(which: string): Promise<number> {
		const since = b.logs.length
		const terminated = await query<{ ok: boolean }>(databaseUrl, `select pg_terminate_backend(pid, 5000) as ok from pg_stat_activity where datname = current_database() and ${which}`)
		expect(terminated.length).toBeGreaterThan(0)
		await expect.poll(() => b.child.exitCode !== null || logged(b, 'database: the LISTEN connection is back', since), { timeout: 20_000 }).toBe(true)
		return since
	}

	it('keeps serving when every database connection is terminated, and the open order page still updates', { timeout: 60_000 }, async () => {
		const order = await checkout(a)
		const page = await openOrderStream(b.url, order.orderNumber)
		try {
			await page.next((e) => e.event === 'ready')
			const since = await terminatedUntilListening('pid <> pg_backend_pid()')
			expect(a.child.exitCode).toBeNull()
			expect(b.child.exitCode).toBeNull()
			expect(logged(b, 'database: the LISTEN connection was lost; reconnecting', since)).toBe(true)
			expect((await health(a)).status).toBe(200)
			expect((await health(b)).status).toBe(200)

			await pay(order.paymentUrl)
			const update = await page.next(orderStatusIs('completed'))
			expect(JSON.parse(update.data)).toMatchObject({ orderNumber: order.orderNumber, status: 'completed', full: false })
			// And new buyers are served on both.
			await checkout(b)
		} finally {
			page.close()
		}
	})

	it('sends an open order page its order again once its server listens again: what was notified while it could not hear is not lost', { timeout: 60_000 }, async () => {
		const order = await checkout(a)
		const page = await openOrderStream(b.url, order.orderNumber, { cookie: order.cookie })
		try {
			await page.next((e) => e.event === 'ready')
			const orders = () => page.events.filter((e) => e.event === 'order')
			const before = orders().length
			// Only the listening connections go (the pools stay): a payment notified now would reach no one on b.
			await terminatedUntilListening("application_name = 'shop listen'")
			// Once it is back, b reads the order again and sends it to the page, as it stands.
			await expect.poll(() => orders().length, { timeout: 5_000 }).toBeGreaterThan(before)
			expect(JSON.parse(orders().at(-1)!.data)).toMatchObject({ orderNumber: order.orderNumber, full: true })
			// And it hears what comes after.
			await pay(order.paymentUrl)
			await page.next(orderStatusIs('completed'))
		} finally {
			page.close()
		}
	})

	it('answers 503 on /healthz while the database cannot be reached, promptly even when it hangs, and serves again when it is back', { timeout: 120_000 }, async () => {
		const relay = await startDatabaseRelay(databaseUrl)
		// A third server reaches PostgreSQL through a link the test can cut.
		const c = await spawnShop({ DATABASE_URL: relay.url, DATA_DIR: tempDir() })
		try {
			const order = await checkout(a)
			const page = await openOrderStream(c.url, order.orderNumber)
			await page.next((e) => e.event === 'ready')

			relay.down() // PostgreSQL restarting: connections drop, new ones are refused
			expect(await health(c)).toMatchObject({ status: 503, body: { status: 'unavailable' } })

			relay.hang() // PostgreSQL accepts connections and never answers
			const started = Date.now()
			expect(await health(c)).toMatchObject({ status: 503, body: { status: 'unavailable' } })
			expect(Date.now() - started).toBeLessThan(4_000)

			const since = c.logs.length
			relay.up()
			await expect.poll(async () => (await health(c)).status, { timeout: 30_000, interval: 500 }).toBe(200)
			await expect.poll(() => c.child.exitCode !== null || logged(c, 'database: the LISTEN connection is back', since), { timeout: 30_000 }).toBe(true)
			expect(c.child.exitCode).toBeNull()

			await pay(order.paymentUrl)
			await page.next(orderStatusIs('completed'))
			page.close()
			await checkout(c)
		} finally {
			await c.stop()
			await relay.close()
		}
	})

	// Last of the servers' tests: the connection that carried the upload is not left for another test to reuse.
	it('opens for staff on one server a receipt uploaded through the other: nothing is kept on one server’s disk', { timeout: 120_000 }, async () => {
		const owner = [a, b].flatMap((shop) => shop.logs).find((l) => l.msg === 'created the owner account with a generated password: sign in and keep it safe') as { email: string; password: string }
		const staff = await signInOverHttp(b.url, owner.email, owner.password, '198.51.100.30')
		expect((await fetch(`${b.url}/admin/receipts/NONE-1-1`, { headers: { Cookie: staff } })).status).toBe(404)
		const placed = await fetch(`${a.url}/api/checkout`, { method: 'POST', headers: json, body: JSON.stringify(checkoutBody(undefined, { paymentMethod: 'manual' })) })
		expect(placed.status).toBe(201)
		const { orderNumber } = (await placed.json()) as { orderNumber: string }
		const cookie = (placed.headers.get('set-cookie') ?? '').split(';')[0]!
		const receipt = new Uint8Array(Buffer.concat([png(), Buffer.alloc(600_000, 3)]))
		const form = new FormData()
		form.append('transactionId', nextTid())
		form.append('payerAccount', 'Ali Khan, JazzCash')
		form.append('receipt', new Blob([receipt], { type: 'image/png' }), 'receipt.png')
		expect((await fetch(`${a.url}/api/order/${orderNumber}/receipt`, { method: 'POST', headers: { cookie }, body: form })).status).toBe(200)

		const opened = await fetch(`${b.url}/admin/receipts/${orderNumber}`, { headers: { Cookie: staff } })
		expect(opened.status).toBe(200)
		expect(opened.headers.get('content-type')).toBe('image/png')
		expect(opened.headers.get('content-length')).toBe(String(receipt.byteLength))
		expect(new Uint8Array(await opened.arrayBuffer())).toEqual(receipt)
	})
})
