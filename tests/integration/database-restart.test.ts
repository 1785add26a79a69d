// A database restart and an instance's death survived (docs/deploy.md, "When the database
// restarts"): two shop processes on a PostgreSQL cluster of the test's own take a burst of
// checkouts and payments through the PayPro simulator. Mid-burst PostgreSQL restarts (pg_ctl
// restart -m fast); then it is stopped a while (-m immediate); then one instance is stopped with
// SIGTERM, then another is killed with SIGKILL.
// After each: every checkout answered 2xx exists, every payment the simulator took is applied
// exactly once (one paid event, one PayPro record, a stock code on one order only), live order
// pages resume, and the instances left serve without being restarted.
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openPostgres, type Database } from '../../app/db/client.server'
import { setDeliveryKey } from '../../app/domain/fulfillment/delivery-crypto.server'
import { parseEnv, useEnv } from '../../app/utils/env.server'
import { cardInStock } from '../setup/orders'
import { openOrderStream, orderStatusIs } from '../setup/order-stream'
import { startOwnPostgres, type OwnPostgres, queryOnce as query } from '../setup/own-postgres'
import { checkoutBody, giftCard10 } from '../setup/payments'
import { sharedDeliveryKey, spawnShop, type ShopProcess } from '../setup/shop-process'

const json = { 'Content-Type': 'application/json' }
/** Codes in stock for the burst's card: fewer than the burst sells, so some paid orders wait for stock. */
const CODES = 40
const LOOPS = 4
/** The minute sweep (app/domain/jobs/worker.server.ts) and the reconcile job it queues, with room for a loaded machine. */
const RECONCILED_WITHIN_MS = 80_000

interface Placed {
	orderNumber: string
	paymentUrl: string
	cookie: string
}

/** What the burst saw: every checkout answered 2xx, and every payment the simulator said it took (its 303). */
interface Seen {
	placed: Placed[]
	paid: string[]
	refused: number
}

async function checkout(shopUrl: string, productDetails: unknown[]): Promise<Placed | null> {
	const res = await fetch(`${shopUrl}/api/checkout`, { method: 'POST', headers: json, body: JSON.stringify(checkoutBody(productDetails)), signal: AbortSignal.timeout(30_000) })
	if (res.status < 200 || res.status > 299) return null
	const body = (await res.json()) as { orderNumber: string; paymentUrl: string }
	return { ...body, cookie: (res.headers.get('set-cookie') ?? '').split(';')[0]! }
}

/** The buyer presses Pay on the simulator's page: true when the simulator took the payment. */
async function pay(paymentUrl: string) {
	const res = await fetch(paymentUrl, { method: 'POST', body: new URLSearchParams({ outcome: 'pay' }), redirect: 'manual', signal: AbortSignal.timeout(30_000) })
	await res.body?.cancel()
	return res.status === 303
}

const health = (shop: ShopProcess) =>
	fetch(`${shop.url}/healthz`, { signal: AbortSignal.timeout(10_000) }).then(
		(res) => res.status,
		() => 0,
	)

/**
 * LOOPS buyers, each checking out and paying in turn on the shops `shops()` names (round robin),
 * until `stop` resolves. A request that fails (a connection refused or cut, a 5xx) is a refusal the
 * buyer sees; only 2xx checkouts and 303 payments are recorded.
 */
async function burst(shops: () => ShopProcess[], products: unknown[][], stop: Promise<unknown>): Promise<Seen> {
	const seen: Seen = { placed: [], paid: [], refused: 0 }
	let stopped = false
	void stop.finally(() => (stopped = true)).catch(() => {})
	let turn = 0
	await Promise.all(
		Array.from({ length: LOOPS }, async (_, loop) => {
			while (!stopped) {
				const list = shops()
				const shop = list[turn++ % list.length]!
				const placed = await checkout(shop.url, products[loop % products.length]!).catch(() => null)
				if (!placed) {
					seen.refused++
					// A refused buyer tries again a moment later, as one would.
					await new Promise((r) => setTimeout(r, 100))
					continue
				}
				seen.placed.push(placed)
				if (await pay(placed.paymentUrl).catch(() => false)) seen.paid.push(placed.orderNumber)
			}
		}),
	)
	return seen
}

const after = (ms: number) => new Promise((r) => setTimeout(r, ms))

describe('the shop on PostgreSQL through a database restart, a stopped instance and a killed one', () => {
	let cluster: OwnPostgres
	let databaseUrl: string
	let database: Database
	let dataDir: string
	let card: { productId: number; variantId: number }
	const shops: ShopProcess[] = []
	const start = () =>
		spawnShop({
			DATABASE_URL: databaseUrl,
			DATA_DIR: path.join(dataDir, `shop-${shops.length}`),
			// Orders still unpaid are asked about at the next minute's sweep, not three minutes on.
			RECONCILE_AFTER_MINUTES: '0',
		})

	beforeAll(async () => {
		setDeliveryKey(Buffer.from(sharedDeliveryKey, 'base64'))
		dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-database-restart-'))
		cluster = await startOwnPostgres()
		await query(cluster.url, 'create database shop')
		databaseUrl = new URL('/shop', cluster.url).toString()
		// The first migrates the empty database; the test stocks a card; the second joins.
		shops.push(await start())
		database = await openPostgres(databaseUrl)
		card = await cardInStock(
			database.db,
			Array.from({ length: CODES }, (_, i) => `RSTR-${String(i + 1).padStart(4, '0')}-K7`),
		)
		shops.push(await start())
	}, 180_000)

	afterAll(async () => {
		await Promise.all(shops.map((shop) => shop.crash()))
		await database?.close()
		await cluster?.remove()
		useEnv(parseEnv())
		if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true })
	})

	const products = () => [[{ id: card.productId, quantity: 1, variantId: card.variantId }], [giftCard10]]

	/** Every 2xx order exists; every taken payment is applied once; no code went to two orders; stock adds up. */
	async function expectEverythingKept(seen: Seen) {
		const numbers = seen.placed.map((p) => p.orderNumber)
		const found = await query<{ order_number: string }>(databaseUrl, 'select order_number from orders where order_number = any($1)', [numbers])
		expect(found.map((r) => r.order_number).sort()).toEqual([...numbers].sort())

		// PayPro calls again until the shop takes each payment: every one the simulator took is paid. A
		// payment taken by an instance as it stopped had its calls cut short with it; the minute's sweep on
		// the instance left asks PayPro about it, so this waits a whole sweep and its job.
		const paidOf = async () =>
			(await query<{ order_number: string }>(databaseUrl, 'select order_number from orders where paid_at is not null and order_number = any($1)', [seen.paid])).map((r) => r.order_number)
		await expect.poll(async () => (await paidOf()).length, { timeout: RECONCILED_WITHIN_MS, interval: 250 }).toBe(seen.paid.length)

		// Exactly once: one paid transition and one PayPro record per paid order, and nothing paid that PayPro did not take.
		const events = await query<{ order_number: string; n: number }>(
			databaseUrl,
			`select o.order_number, count(e.id)::int as n from orders o left join order_events e on e.order_id = o.id and e.to_state = 'paid'
			 where o.paid_at is not null group by o.order_number`,
		)
		expect(events.filter((e) => e.n !== 1)).toEqual([])
		const records = await query<{ order_number: string; n: number; status: string }>(
			databaseUrl,
			`select o.order_number, count(s.*)::int as n, min(s.order_status) as status from orders o left join paypro_sim_orders s on s.order_number = o.order_number
			 where o.paid_at is not null group by o.order_number`,
		)
		expect(records.filter((r) => r.n !== 1 || r.status !== 'PAID')).toEqual([])

		// Stock: a code on one order only, every code used is on a paid order, and each paid card has its code or is owed it.
		const assignments = await query<{ unit_id: number; order_id: number }>(databaseUrl, 'select unit_id, order_id from stock_assignments')
		expect(new Set(assignments.map((a) => a.unit_id)).size).toBe(assignments.length)
		const [units] = await query<{ used: number; available: number }>(
			databaseUrl,
			`select count(*) filter (where status = 'used')::int as used, count(*) filter (where status = 'available')::int as available from stock_units where variant_id = $1`,
			[card.variantId],
		)
		expect(units!.used).toBe(assignments.length)
		expect(units!.used + units!.available).toBe(CODES)
		const cards = await query<{ id: number; paid: boolean; held: number; owed: number }>(
			databaseUrl,
			`select o.id, o.paid_at is not null as paid, (select count(*)::int from stock_assignments a where a.order_id = o.id) as held, o.undelivered_units as owed
			 from orders o join order_lines l on l.order_id = o.id where l.variant_id = $1`,
			[card.variantId],
		)
		expect(cards.filter((c) => (c.paid ? c.held + c.owed !== 1 : c.held !== 0))).toEqual([])
	}

	it('restarting PostgreSQL mid-burst loses no answered checkout, applies each payment once, and the live page and both instances carry on', { timeout: 150_000 }, async () => {
		const [a, b] = shops as [ShopProcess, ShopProcess]
		const pids = [a.child.pid, b.child.pid]
		// A buyer's order page, open on one instance before the restart, for an order paid after it.
		const waiting = (await checkout(a.url, [giftCard10]))!
		const page = await openOrderStream(b.url, waiting.orderNumber, { cookie: waiting.cookie })
		try {
			await page.next((e) => e.event === 'ready')
			const since = [a.logs.length, b.logs.length]
			const restarted = (async () => {
				await after(2_000)
				await cluster.restart()
				// Buyers keep coming for a while after PostgreSQL is back.
				await after(5_000)
			})()
			const seen = await burst(() => [a, b], products(), restarted)
			expect(seen.placed.length).toBeGreaterThan(10)
			expect(seen.paid.length).toBeGreaterThan(5)
			await expectEverythingKept(seen)

			// The restart reached both: each lost its live connection and listened again by itself.
			for (const [i, shop] of [a, b].entries()) expect(shop.logs.slice(since[i]).map((l) => l.msg)).toContain('database: the LISTEN connection is back')
			// Both instances are the same processes, healthy.
			expect([a.child.pid, b.child.pid]).toEqual(pids)
			expect([a.child.exitCode, b.child.exitCode]).toEqual([null, null])
			expect([await health(a), await health(b)]).toEqual([200, 200])
			// The page opened before the restart hears of the payment made after it.
			expect(await pay(waiting.paymentUrl)).toBe(true)
			await page.next(orderStatusIs('completed'), 20_000)
		} finally {
			page.close()
		}
	})

	it('while PostgreSQL is down a buyer is told to try again in a minute (checkout, pages and live order page), no payment is taken, and once it is back both instances serve', { timeout: 60_000 }, async () => {
		const [a, b] = shops as [ShopProcess, ShopProcess]
		const unpaid = (await checkout(a.url, [giftCard10]))!
		await cluster.stopImmediately()
		try {
			expect(await health(a)).toBe(503)
			const refused = await fetch(`${b.url}/api/checkout`, { method: 'POST', headers: json, body: JSON.stringify(checkoutBody([giftCard10])), signal: AbortSignal.timeout(30_000) })
			expect(refused.status).toBe(503)
			expect(refused.headers.get('retry-after')).toBe('5')
			expect(((await refused.json()) as { error: string }).error).toBe('We cannot take this for a moment. Please try again in a minute.')
			// The buyer's order page opening its live updates is told to come back in 5 s, as a stream
			// (which a browser's EventSource does by itself; after a 503 it would give up for good).
			const stream = await fetch(`${a.url}/api/order/stream?orderNumber=${encodeURIComponent(unpaid.orderNumber)}`, { headers: { Accept: 'text/event-stream', Cookie: unpaid.cookie }, signal: AbortSignal.timeout(30_000) })
			expect(stream.status).toBe(200)
			expect(stream.headers.get('content-type')).toMatch(/^text\/event-stream/)
			expect(await stream.text()).toBe('retry: 5000\n\n')
			// A page (here one no cache holds) says the same in its language, as a 503 a load balancer understands.
			for (const [path, sentence] of [
				['/products?restart=1', 'We cannot open this page for a moment. Please try again in a minute.'],
				['/ur/products?restart=1', 'ہم یہ صفحہ ابھی ایک لمحے کے لیے نہیں کھول سکتے۔'],
			] as const) {
				const page = await fetch(`${b.url}${path}`, { signal: AbortSignal.timeout(30_000) })
				expect(page.status, path).toBe(503)
				expect(page.headers.get('retry-after'), path).toBe('5')
				expect(await page.text(), path).toContain(sentence)
			}
			const payment = await fetch(unpaid.paymentUrl, { method: 'POST', body: new URLSearchParams({ outcome: 'pay' }), redirect: 'manual', signal: AbortSignal.timeout(30_000) })
			expect(payment.status).toBe(503)
			expect(await payment.text()).toContain('The payment could not be taken just now, and no money moved.')
		} finally {
			await cluster.start()
		}
		await expect.poll(async () => [await health(a), await health(b)], { timeout: 30_000, interval: 250 }).toEqual([200, 200])
		expect([a.child.exitCode, b.child.exitCode]).toEqual([null, null])
		// The buyer presses Pay again, and it is taken.
		expect(await pay(unpaid.paymentUrl)).toBe(true)
		await expectEverythingKept({ placed: [unpaid, (await checkout(b.url, [giftCard10]))!], paid: [unpaid.orderNumber], refused: 0 })
	})

	it('an instance stopped with SIGTERM mid-burst finishes what it holds, ends its live pages and exits 0; the other serves everything after', { timeout: 150_000 }, async () => {
		const [a, b] = shops as [ShopProcess, ShopProcess]
		const waiting = (await checkout(a.url, [giftCard10]))!
		const page = await openOrderStream(b.url, waiting.orderNumber, { cookie: waiting.cookie })
		await page.next((e) => e.event === 'ready')
		let serving = [a, b]
		const stopped = (async () => {
			await after(2_000)
			// A checkout in flight when the signal comes: its body is still arriving.
			const inFlight = slowCheckout(b.url)
			await inFlight.sent
			const asked = Date.now()
			b.child.kill('SIGTERM')
			serving = [a]
			inFlight.finish()
			const code = await b.exited
			const tookMs = Date.now() - asked
			await after(2_000)
			return { code, tookMs, answer: await inFlight.answer }
		})()
		const seen = await burst(() => serving, products(), stopped)
		const { code, tookMs, answer } = await stopped
		expect(code).toBe(0)
		expect(tookMs).toBeLessThan(15_000)
		// The request in flight was answered, and its order exists.
		expect(answer).toMatchObject({ status: 201 })
		seen.placed.push(answer.placed!)
		// The live page was ended (with a hint to reconnect at once), and opened again on the other instance it updates.
		await page.ended
		expect(page.retries.at(-1)).toBe(500)
		const again = await openOrderStream(a.url, waiting.orderNumber, { cookie: waiting.cookie })
		try {
			await again.next((e) => e.event === 'ready')
			expect(await pay(waiting.paymentUrl)).toBe(true)
			await again.next(orderStatusIs('completed'), 20_000)
		} finally {
			again.close()
		}
		await expectEverythingKept(seen)
		expect(await health(a)).toBe(200)
		expect(a.child.exitCode).toBeNull()
	})

	it('an instance killed with SIGKILL mid-burst loses no answered checkout; the other picks up the jobs it held once their lease ends', { timeout: 200_000 }, async () => {
		const [a] = shops as [ShopProcess]
		shops.push(await start())
		const c = shops.at(-1)!
		let serving = [a, c]
		const killed = (async () => {
			await after(2_000)
			await c.crash()
			serving = [a]
			await after(2_000)
		})()
		const seen = await burst(() => serving, products(), killed)
		await expectEverythingKept(seen)
		expect(await health(a)).toBe(200)
		// Jobs the dead process had claimed stay claimed until their lease ends; then the other runs them.
		const held = await query<{ id: number }>(databaseUrl, `select id from jobs where status = 'running' and locked_by like $1`, [`${c.child.pid}-%`])
		if (held.length) {
			await query(databaseUrl, `update jobs set locked_at = locked_at - interval '10 minutes' where id = any($1)`, [held.map((j) => j.id)])
			await expect
				.poll(async () => (await query<{ n: number }>(databaseUrl, `select count(*)::int as n from jobs where id = any($1) and status = 'running' and locked_by like $2`, [held.map((j) => j.id), `${c.child.pid}-%`]))[0]!.n, { timeout: 70_000, interval: 1000 })
				.toBe(0)
		}
	})
})

/**
 * A checkout whose body arrives in two parts: `sent` resolves once the headers and the first part
 * are on the wire (the request is in the server's hands), `finish()` sends the rest.
 */
function slowCheckout(shopUrl: string) {
	// Paid by transfer: the answer needs no PayPro page, which on the simulator is this same stopping server.
	const body = Buffer.from(JSON.stringify(checkoutBody([giftCard10], { paymentMethod: 'manual' })))
	const target = new URL('/api/checkout', shopUrl)
	let finish = () => {}
	let sent = () => {}
	const sentPromise = new Promise<void>((resolve) => (sent = resolve))
	// A cut connection is an answer too: status 0, with what the client saw.
	const answer = new Promise<{ status: number; placed: Placed | null; error?: string }>((resolve) => {
		const cut = (error: Error) => resolve({ status: 0, placed: null, error: error.message })
		const req = http.request(target, { method: 'POST', headers: { ...json, 'Content-Length': String(body.length) }, agent: false }, (res) => {
			let text = ''
			res.setEncoding('utf8')
			res.on('data', (c: string) => (text += c))
			res.on('end', () => {
				const parsed = JSON.parse(text) as { orderNumber: string; paymentUrl: string }
				resolve({ status: res.statusCode ?? 0, placed: { ...parsed, cookie: String(res.headers['set-cookie']?.[0] ?? '').split(';')[0]! } })
			})
			res.on('error', cut)
		})
		req.on('error', cut)
		req.write(body.subarray(0, 20), () => setTimeout(sent, 300))
		finish = () => {
			setTimeout(() => req.end(body.subarray(20)), 500)
		}
	})
	return {
		sent: sentPromise,
		finish: () => finish(),
		answer,
	}
}
