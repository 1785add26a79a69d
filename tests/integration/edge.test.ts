// The edge as deployed (deploy/nginx.conf, nginx from Debian, tests/setup/nginx.ts) in front of two
// instances: one that dies with every request it takes, after the shop behind it has placed the order
// (as an instance killed between its commit and its answer), and the shop itself. A buyer's checkout
// is asked again of the live instance with the same key, so the buyer gets their order and the shop
// holds it once (ADR-062).
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { orders } from '../../app/db/schema'
import { freePort } from '../setup/own-postgres'
import { startNginx, type RunningNginx } from '../setup/nginx'
import { giftCard10 } from '../setup/payments'
import { useTestShop } from '../setup/test-shop'

/** An instance that passes each request on to the shop, waits for the whole answer, then drops the connection unanswered. */
function dyingInstance(shopUrl: () => string) {
	const keys: (string | null)[] = []
	const server = http.createServer((req, res) => {
		const chunks: Buffer[] = []
		req.on('data', (c: Buffer) => chunks.push(c))
		req.on('end', async () => {
			keys.push((req.headers['idempotency-key'] as string | undefined) ?? null)
			const headers = Object.fromEntries(Object.entries(req.headers).filter(([name]) => !['connection', 'content-length', 'host'].includes(name)) as [string, string][])
			const answer = await fetch(`${shopUrl()}${req.url}`, { method: req.method, headers, body: Buffer.concat(chunks) })
			await answer.arrayBuffer()
			res.socket?.destroy()
		})
	})
	return { server, keys }
}

describe('a checkout whose instance dies before answering', () => {
	const testShop = useTestShop('pglite', 'edge_retry')
	const dying = dyingInstance(() => testShop.url)
	let dir: string
	let nginx: RunningNginx
	let edge: string

	beforeAll(async () => {
		dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-edge-'))
		const dyingPort = await freePort()
		await new Promise<void>((resolve) => dying.server.listen(dyingPort, '127.0.0.1', resolve))
		const port = await freePort()
		nginx = await startNginx(dir, port, [dyingPort, Number(new URL(testShop.url).port)])
		edge = `http://127.0.0.1:${port}`
	}, 30_000)

	afterAll(async () => {
		await nginx?.stop()
		await new Promise((resolve) => dying.server.close(resolve))
		if (dir) fs.rmSync(dir, { recursive: true, force: true })
	})

	/** Checkouts through the edge until one has met the dying instance first (nginx takes the two in turn). */
	async function checkoutMeetingTheDyingOne(body: (n: number) => Record<string, unknown>) {
		for (let n = 0; n < 6; n++) {
			const before = dying.keys.length
			const res = await fetch(`${edge}/api/checkout`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body(n)) })
			const text = await res.text()
			const answer = (res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : { error: text.slice(0, 80) }) as { status?: string; orderNumber?: string; error?: string }
			if (dying.keys.length > before) return { res, answer, key: dying.keys.at(-1)!, email: body(n).customerEmail as string }
		}
		throw new Error('nginx never sent a checkout to the first instance')
	}

	const ordersOf = (email: string) => testShop.db.select().from(orders).where(eq(orders.customerEmail, email))
	const transfer = (email: string, extra: Record<string, unknown> = {}) => ({ customerName: 'Hamza Ali', customerEmail: email, customerMobile: '03001234567', paymentMethod: 'manual', productDetails: [giftCard10], ...extra })

	it('places the order once when the call names no key (the spec’s own call): the edge names one for every try', async () => {
		const met = await checkoutMeetingTheDyingOne((n) => transfer(`no-key-${n}@example.pk`))
		expect(met.res.status).toBe(201)
		expect(met.answer.status).toBe('00')
		// The key the edge made up is its request id: 32 hex digits, the same on the try that answered.
		expect(met.key).toMatch(/^[0-9a-f]{32}$/)
		const placed = await ordersOf(met.email)
		expect(placed.map((o) => o.orderNumber)).toEqual([met.answer.orderNumber])
		expect(placed[0]!.checkoutKey).toBe(met.key)
	})

	it('places the order once when the page sends its checkout key', async () => {
		const met = await checkoutMeetingTheDyingOne((n) => transfer(`page-key-${n}@example.pk`, { checkoutKey: `edge-page-key-${n}-0123456789` }))
		expect(met.res.status).toBe(201)
		const placed = await ordersOf(met.email)
		expect(placed.map((o) => o.orderNumber)).toEqual([met.answer.orderNumber])
		expect(placed[0]!.checkoutKey).toMatch(/^edge-page-key-\d-0123456789$/)
	})
})
