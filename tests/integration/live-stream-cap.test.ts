// Live streams (order page and reviews) over HTTP against the real server: one address holds at
// most 20 at once on a server process, the next gets a clear 429, and closing one frees its slot.
import http from 'node:http'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { RunningShop } from '../../server/start'
import { checkoutBody } from '../setup/payments'
import { useTestShop } from '../setup/test-shop'
import { databaseKinds } from '../setup/test-db'

const TOO_MANY = 'Too many live connections from your address. Close some tabs and try again.'

interface Opened {
	status: number
	contentType: string
	/** The JSON answer when the stream was refused. */
	body?: unknown
	req: http.ClientRequest
	/** Resolves when the server has closed the stream (or it was refused). */
	ended: Promise<void>
}

describe.each(databaseKinds)('live stream cap on %s', (kind) => {
	let shop: RunningShop
	let orderNumber: string
	const open: Opened[] = []

	const testShop = useTestShop(kind, 'streams', { JOBS_WORKER: 'false' })

	beforeAll(async () => {
		shop = testShop.shop
		const placed = await fetch(`${shop.url}/api/checkout`, {
			method: 'POST',
			headers: { 'Content-Type': 'application/json' },
			body: JSON.stringify(checkoutBody(undefined, { paymentMethod: 'manual' })),
		})
		orderNumber = ((await placed.json()) as { orderNumber: string }).orderNumber
	})
	afterEach(async () => {
		await closeAll()
	})

	const orderStream = () => `/api/order/stream?orderNumber=${encodeURIComponent(orderNumber)}`
	const reviewsStream = () => '/api/reviews/stream?productId=1'

	/** Opens a stream as the browser's EventSource does; resolves once its first event (or the refusal) arrived. */
	function openStream(pathname: string, localAddress?: string): Promise<Opened> {
		return new Promise((resolve, reject) => {
			const req = http.get(`${shop.url.replace('localhost', '127.0.0.1')}${pathname}`, { agent: false, localAddress, headers: { Accept: 'text/event-stream' } })
			req.on('error', reject)
			req.on('response', (res) => {
				const ended = new Promise<void>((done) => res.on('close', () => done()))
				const contentType = String(res.headers['content-type'])
				let text = ''
				res.setEncoding('utf8')
				res.on('data', (chunk: string) => {
					text += chunk
					// A live stream: answered once its first event is in.
					if (res.statusCode === 200 && text.includes('\n\n')) {
						const opened = { status: 200, contentType, req, ended }
						open.push(opened)
						resolve(opened)
					}
				})
				res.on('end', () => {
					if (res.statusCode !== 200) resolve({ status: res.statusCode!, contentType, body: JSON.parse(text), req, ended })
				})
			})
		})
	}

	async function closeAll() {
		const all = open.splice(0)
		for (const stream of all) stream.req.destroy()
		await Promise.all(all.map((stream) => stream.ended))
	}

	/** Order pages and product pages together: ten of each. */
	async function openTwenty() {
		const streams: Opened[] = []
		for (let i = 0; i < 10; i++) streams.push(await openStream(orderStream()), await openStream(reviewsStream()))
		expect(streams.map((s) => s.status)).toEqual(Array(20).fill(200))
		expect(streams.every((s) => s.contentType.startsWith('text/event-stream'))).toBe(true)
		return streams
	}

	it('gives one address 20 live streams, order and reviews together, and the 21st a clear 429', async () => {
		await openTwenty()
		for (const pathname of [orderStream(), reviewsStream()]) {
			const refused = await openStream(pathname)
			expect(refused.status).toBe(429)
			expect(refused.contentType).toContain('application/json')
			expect(refused.body).toEqual({ error: TOO_MANY })
		}
	})

	it('frees the slot of a stream the buyer closes', async () => {
		const streams = await openTwenty()
		expect((await openStream(orderStream())).status).toBe(429)
		// The buyer closes one tab.
		streams[0]!.req.destroy()
		await streams[0]!.ended
		await expect.poll(async () => {
			const again = await openStream(orderStream())
			return again.status
		}, { timeout: 5000 }).toBe(200)
		// That slot is taken again: the next is refused.
		expect((await openStream(reviewsStream())).status).toBe(429)
	})

	it('counts each address on its own: a full address does not block another', async () => {
		await openTwenty()
		expect((await openStream(orderStream())).status).toBe(429)
		const other = await openStream(orderStream(), '127.0.0.2')
		expect(other.status).toBe(200)
	})

	it('gives every slot back once all streams are closed', async () => {
		await openTwenty()
		await closeAll()
		await expect.poll(async () => (await openStream(reviewsStream())).status, { timeout: 5000 }).toBe(200)
		await closeAll()
		await openTwenty()
	})
})
