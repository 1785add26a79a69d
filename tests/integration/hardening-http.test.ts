// The HTTP edge against the real server, on PGlite and PostgreSQL: whatever answers before the routes
// (static files, express itself, the request guard) refuses with a sentence and the right status; a
// body over its limit gets its 413 sentence while the client is still sending (the rest is read and
// discarded up to a bound, then the connection closes), on every kind of body reader; and sign-in
// emails are limited per network address and per email address, with the same answer either way.
import net from 'node:net'
import { beforeAll, describe, expect, it } from 'vitest'
import { createApiKey } from '../../app/domain/staff/api-keys.server'
import { DRAIN_MAX_BYTES } from '../../app/http/request-guard'
import type { RunningShop } from '../../server/start'
import { checkoutBody, nextTid, png } from '../setup/payments'
import { useTestShop } from '../setup/test-shop'
import { databaseKinds } from '../setup/test-db'

const MB = 1024 * 1024
let addresses = 0
/** Each request from a network address of its own, unless a test means one address. */
const nextAddress = () => `198.18.${Math.floor(++addresses / 250)}.${(addresses % 250) + 1}`

/** What a person reads in an answer: the JSON `error`, else the text of the page. */
function sentenceOf(type: string, text: string): string {
	if (type.includes('json')) return String((JSON.parse(text) as { error?: unknown }).error ?? '')
	return text
		.replace(/<(script|style)[\s\S]*?<\/\1>/g, ' ')
		.replace(/<[^>]+>/g, ' ')
		.replace(/\s+/g, ' ')
		.trim()
}

describe.each(databaseKinds)('the HTTP edge on %s', (kind) => {
	let shop: RunningShop
	let adminKey: string
	const testShop = useTestShop(kind, 'hardening_http', { TRUST_PROXY: 'true', CHECKOUT_RATE_LIMIT: '1000' })

	beforeAll(async () => {
		shop = testShop.shop
		adminKey = (await createApiKey(shop.database.db, 'Edge probe', null)).key
	})

	/** One request written by hand: the path goes as written, any method. */
	function raw(head: string): Promise<{ status: number; headers: string; text: string }> {
		const { port } = new URL(shop.url)
		return new Promise((resolve, reject) => {
			const socket = net.connect(Number(port), '127.0.0.1', () => socket.write(`${head}\r\nHost: localhost\r\nConnection: close\r\n\r\n`))
			let answer = ''
			socket.setTimeout(10_000, () => socket.destroy())
			socket.setEncoding('latin1').on('data', (chunk: string) => (answer += chunk)).on('error', reject)
			socket.on('close', () => {
				const split = answer.indexOf('\r\n\r\n')
				resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0), headers: answer.slice(0, split), text: answer.slice(split + 4) })
			})
		})
	}

	describe('answers before the routes', () => {
		const paths = [
			'/assets/..%2F..%2Fpackage.json',
			'/assets/..%2f..%2fpackage.json',
			'/assets/%2e%2e/%2e%2e/package.json',
			'/assets/..%5C..%5Cpackage.json',
			'/assets/nothing-here-ABCD1234.js',
			'/assets/%E0%A4%A',
			'/assets/%00',
			'/assets/%',
			'/%',
			'/icons.svg/..%2F..%2Fpackage.json',
			'/images/..%2F..%2F..%2Fpackage.json',
			'/..%2Fpackage.json',
		]
		it.each(paths)('GET %s: a 4xx with a sentence, never the file', async (path) => {
			for (const accept of ['text/html', 'application/json']) {
				const answer = await raw(`GET ${path} HTTP/1.1\r\nAccept: ${accept}`)
				expect(answer.status, `${accept}: ${answer.headers}\n${answer.text.slice(0, 200)}`).toBeGreaterThanOrEqual(400)
				expect(answer.status).toBeLessThan(500)
				const type = /content-type: ([^\r\n]*)/i.exec(answer.headers)?.[1] ?? ''
				expect(sentenceOf(type, answer.text).length, `${accept}: ${answer.text.slice(0, 200)}`).toBeGreaterThan(20)
				expect(answer.text).not.toContain('"devDependencies"')
			}
		})

		it('a missing asset is a 404 that says so, on the page and in JSON', async () => {
			const page = await fetch(`${shop.url}/assets/gone-0000AAAA.js`)
			expect(page.status).toBe(404)
			expect(page.headers.get('cache-control')).toBe('no-store')
			expect(sentenceOf(page.headers.get('content-type') ?? '', await page.text())).toMatch(/could not find/i)
			const json = await fetch(`${shop.url}/assets/gone-0000AAAA.js`, { headers: { Accept: 'application/json' } })
			expect(json.status).toBe(404)
			expect(((await json.json()) as { error: string }).error).toMatch(/could not find/i)
		})

		it.each(['TRACE', 'PROPFIND', 'OPTIONS', 'DELETE', 'PUT'])('%s on an asset: a 4xx with a sentence', async (method) => {
			const answer = await raw(`${method} /assets/nothing-here-ABCD1234.js HTTP/1.1\r\nContent-Length: 0`)
			expect(answer.status, answer.text.slice(0, 200)).toBeGreaterThanOrEqual(400)
			expect(answer.status).toBeLessThan(500)
			const type = /content-type: ([^\r\n]*)/i.exec(answer.headers)?.[1] ?? ''
			expect(sentenceOf(type, answer.text).length, answer.text.slice(0, 200)).toBeGreaterThan(20)
		})

		it('an express body parser’s refusal (the PayPro simulator’s JSON) carries a sentence', async () => {
			const res = await fetch(`${shop.url}/paypro-sim/pay/x`, { method: 'POST', headers: { Origin: shop.url, 'Content-Type': 'application/x-www-form-urlencoded' }, body: `a=${'x'.repeat(200 * 1024)}` })
			expect(res.status).toBeGreaterThanOrEqual(400)
			expect(res.status).toBeLessThan(500)
			expect(sentenceOf(res.headers.get('content-type') ?? '', await res.text()).length).toBeGreaterThan(20)
		})
	})

	/** A manual-transfer order with the buyer's order cookie. */
	async function manualOrder(customerEmail = 'ali@example.pk') {
		const res = await fetch(`${shop.url}/api/checkout`, { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': nextAddress() }, body: JSON.stringify(checkoutBody(undefined, { paymentMethod: 'manual', customerEmail })) })
		expect(res.status).toBe(201)
		const { orderNumber } = (await res.json()) as { orderNumber: string }
		return { orderNumber, cookie: (res.headers.get('set-cookie') ?? '').split(';')[0]! }
	}

	/**
	 * Sends `total` bytes of body on a socket of its own (Content-Length, or chunked when `length` is
	 * false), every write waited for, and reads the answer only then: how a plain client uploads (one
	 * that does not watch for an early answer). The answer, or the write error that cut it off.
	 */
	/** Whether an answer the server sent without closing the connection has all come (its length, or its last chunk). */
	function wholeOnKeptConnection(answer: string) {
		const split = answer.indexOf('\r\n\r\n')
		if (split < 0 || /\r\nconnection: close/i.test(answer.slice(0, split))) return false
		const length = /\r\ncontent-length: (\d+)/i.exec(answer.slice(0, split))?.[1]
		return length ? answer.length - split - 4 >= Number(length) : answer.endsWith('\r\n0\r\n\r\n')
	}

	function sendAll(path: string, { headers, head = Buffer.alloc(0), total, length = true }: { headers: Record<string, string>; head?: Buffer; total: number; length?: boolean }) {
		const { port } = new URL(shop.url)
		return new Promise<{ status: number; connection: string | undefined; body: string; error?: string }>((resolve) => {
			const socket = net.connect(Number(port), '127.0.0.1')
			let answer = ''
			let error: string | undefined
			socket.setTimeout(60_000, () => socket.destroy())
			socket.setEncoding('latin1').on('data', (chunk: string) => {
				answer += chunk
				// A whole answer on a connection the server keeps open (the simulator's parser): done, without waiting out its keep-alive.
				if (wholeOnKeptConnection(answer)) socket.end()
			})
			socket.on('error', (e: NodeJS.ErrnoException) => (error ??= e.code ?? e.message))
			socket.on('close', () => {
				const split = answer.indexOf('\r\n\r\n')
				const head = answer.slice(0, split)
				let body = answer.slice(split + 4)
				if (/transfer-encoding: chunked/i.test(head)) body = body.replace(/(?:^|\r\n)[0-9a-f]+\r\n/gi, '')
				resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0), connection: /\r\nconnection: ([^\r\n]*)/i.exec(head)?.[1]?.toLowerCase(), body: Buffer.from(body, 'latin1').toString('utf8'), error })
			})
			const write = (data: Buffer | string) => new Promise<boolean>((done) => socket.write(data, (e) => done(!e)))
			void (async () => {
				const lines = { Host: `localhost:${port}`, 'X-Forwarded-For': nextAddress(), ...headers, ...(length ? { 'Content-Length': String(total) } : { 'Transfer-Encoding': 'chunked' }) }
				if (!(await write(`POST ${path} HTTP/1.1\r\n${Object.entries(lines).map(([k, v]) => `${k}: ${v}\r\n`).join('')}\r\n`))) return
				const frame = (data: Buffer) => (length ? data : Buffer.concat([Buffer.from(`${data.length.toString(16)}\r\n`), data, Buffer.from('\r\n')]))
				let sent = 0
				if (head.length) {
					if (!(await write(frame(head)))) return
					sent += head.length
				}
				const chunk = Buffer.alloc(256 * 1024, 120)
				while (sent < total) {
					const piece = chunk.subarray(0, Math.min(chunk.length, total - sent))
					sent += piece.length
					if (!(await write(frame(piece)))) return
				}
				if (!length) await write('0\r\n\r\n')
			})()
		})
	}

	const multipartHead = (boundary: string) => {
		// The transfer's TID and payer come first, as the order page sends them (ADR-049).
		const field = (name: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`
		const start = Buffer.from(`${field('transactionId', nextTid())}${field('payerAccount', 'Ali Khan, JazzCash')}--${boundary}\r\nContent-Disposition: form-data; name="receipt"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`)
		return Buffer.concat([start, Buffer.from(png())])
	}

	// The server's own setting, the same on either database: asked once.
	if (kind === databaseKinds[0]) describe('kept connections', () => {
		it('a connection left idle past the 6 s Node keeps one by default still answers the next request on it, with no reset', async () => {
			const { port } = new URL(shop.url)
			const socket = net.connect(Number(port), '127.0.0.1')
			let answer = ''
			let closed = false
			let error: string | undefined
			socket.setEncoding('latin1').on('data', (chunk: string) => (answer += chunk))
			socket.on('error', (e: NodeJS.ErrnoException) => (error ??= e.code ?? e.message)).on('close', () => (closed = true))
			const ask = async () => {
				answer = ''
				socket.write(`GET /robots.txt HTTP/1.1\r\nHost: localhost:${port}\r\n\r\n`)
				await expect.poll(() => wholeOnKeptConnection(answer) || closed, { timeout: 10_000 }).toBe(true)
				return Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1] ?? 0)
			}
			try {
				expect(await ask()).toBe(200)
				await new Promise((done) => setTimeout(done, 7_000))
				expect(closed, 'the shop closed a connection a client may still send on').toBe(false)
				expect(await ask()).toBe(200)
				expect(error).toBeUndefined()
			} finally {
				socket.destroy()
			}
		})
	})

	describe('bodies over their limit', () => {
		it('an 11 MB receipt with Content-Length: the 413 sentence reaches a client that sends it all first, then the connection closes', async () => {
			const { orderNumber, cookie } = await manualOrder()
			const boundary = 'EdgeBoundary11MB'
			const answer = await sendAll(`/api/order/${orderNumber}/receipt`, { headers: { Cookie: cookie, 'Content-Type': `multipart/form-data; boundary=${boundary}` }, head: multipartHead(boundary), total: 11 * MB })
			expect(answer.error).toBeUndefined()
			expect(answer.status).toBe(413)
			expect(answer.connection).toBe('close')
			expect(JSON.parse(answer.body)).toEqual({ error: 'Your receipt is larger than 10 MB. Please upload a smaller screenshot.' })

			// Through fetch (undici), a little more: the host's own limit answers, with its sentence.
			const form = new FormData()
			const file = new Uint8Array(11 * MB)
			file.set(png())
			form.append('transactionId', nextTid())
			form.append('payerAccount', 'Ali Khan, JazzCash')
			form.append('receipt', new Blob([file], { type: 'image/png' }), 'receipt.png')
			const res = await fetch(`${shop.url}/api/order/${orderNumber}/receipt`, { method: 'POST', headers: { cookie, 'X-Forwarded-For': nextAddress() }, body: form })
			expect(res.status).toBe(413)
			expect(((await res.json()) as { error: string }).error).toMatch(/too large/)

			// A declared length past what the shop reads at all: answered at once, and fetch receives it.
			const total = DRAIN_MAX_BYTES + 16 * MB
			const piece = new Uint8Array(MB)
			let sent = 0
			const body = new ReadableStream<Uint8Array>({
				pull(controller) {
					if (sent >= total) return controller.close()
					sent += piece.length
					controller.enqueue(piece)
				},
			})
			const huge = await fetch(`${shop.url}/api/checkout`, {
				method: 'POST',
				headers: { 'Content-Type': 'application/json', 'Content-Length': String(total), 'X-Forwarded-For': nextAddress() },
				body,
				duplex: 'half',
			} as RequestInit)
			expect(huge.status).toBe(413)
			expect(((await huge.json()) as { error: string }).error).toMatch(/too large/)
		})

		it('a chunked receipt with no Content-Length, going on past the limit: the 413 sentence, no reset', async () => {
			const { orderNumber, cookie } = await manualOrder()
			const boundary = 'EdgeBoundaryChunked'
			const answer = await sendAll(`/api/order/${orderNumber}/receipt`, { headers: { Cookie: cookie, 'Content-Type': `multipart/form-data; boundary=${boundary}` }, head: multipartHead(boundary), total: 16 * MB, length: false })
			expect(answer.error).toBeUndefined()
			expect(answer.status).toBe(413)
			expect(JSON.parse(answer.body)).toEqual({ error: 'Your receipt is larger than 10 MB. Please upload a smaller screenshot.' })
		})

		const bodies: [string, () => Promise<{ path: string; headers: Record<string, string> }>, RegExp][] = [
			['a DM order with a 5 MB customerName (console API)', async () => ({ path: '/api/admin-create-dm-order', headers: { 'Content-Type': 'application/json', 'X-ADMIN-KEY': adminKey } }), /too large/],
			['a product of 5 MB (console API)', async () => ({ path: '/api/admin/products', headers: { 'Content-Type': 'application/json', 'X-ADMIN-KEY': adminKey } }), /too large/],
			['a checkout of 5 MB', async () => ({ path: '/api/checkout', headers: { 'Content-Type': 'application/json' } }), /too large/],
			['a checkout form of 5 MB', async () => ({ path: '/checkout?product=14', headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: shop.url } }), /too large/],
			['a sign-in request of 5 MB', async () => ({ path: '/api/order/unlock', headers: { 'Content-Type': 'application/json' } }), /too large/],
			['a PayPro simulator order of 5 MB', async () => ({ path: '/paypro-sim/v2/ppro/co', headers: { 'Content-Type': 'application/json' } }), /./],
		]
		it.each(bodies)('%s, sent whole with Content-Length and chunked: a 413 with its sentence, never a reset', async (_name, target, says) => {
			const { path, headers } = await target()
			for (const length of [true, false]) {
				const head = Buffer.from('{"customer":{"name":"')
				const answer = await sendAll(path, { headers, head, total: 5 * MB, length })
				expect(answer.error, `${length ? 'Content-Length' : 'chunked'}`).toBeUndefined()
				expect(answer.status, answer.body.slice(0, 200)).toBe(413)
				// Express's JSON parser (the simulator) reads a refused body to its end itself, and may keep the connection.
				if (!path.startsWith('/paypro-sim/')) expect(answer.connection).toBe('close')
				const sentence = answer.body.startsWith('{') ? String((JSON.parse(answer.body) as { error?: string }).error ?? JSON.stringify(JSON.parse(answer.body))) : sentenceOf('text/html', answer.body)
				expect(sentence.length).toBeGreaterThan(11)
				expect(sentence).toMatch(says)
			}
		})

	})

	describe('sign-in emails', () => {
		const unlock = (email: string, address: string, orderNumber = 'GV-1-1', lang = '') =>
			fetch(`${shop.url}/api/order/unlock`, {
				method: 'POST',
				headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': address, ...(lang ? { Referer: `${shop.url}/${lang}/order-status?internalOrderId=${orderNumber}` } : {}) },
				body: JSON.stringify({ orderNumber, email }),
			})
		const myOrders = (email: string, address: string, lang = '') =>
			fetch(`${shop.url}${lang ? `/${lang}` : ''}/my-orders`, { method: 'POST', redirect: 'manual', headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: shop.url, 'X-Forwarded-For': address }, body: new URLSearchParams({ intent: 'request', email }) })

		it('asks twice for one address: both are answered', async () => {
			const { orderNumber } = await manualOrder('twice@example.pk')
			const address = nextAddress()
			expect((await unlock('Twice@Example.pk', address, orderNumber)).status).toBe(200)
			expect((await unlock('twice@example.pk', address, orderNumber)).status).toBe(200)
		})

		it('limits one email address, from any network address, known or not: the same 429 that says when to try again', async () => {
			const { orderNumber } = await manualOrder('limited@example.pk')
			for (const email of ['limited@example.pk', 'nobody-here@example.pk']) {
				const statuses: number[] = []
				for (let i = 0; i < 5; i++) statuses.push((await unlock(email.toUpperCase(), nextAddress(), orderNumber)).status)
				const refused = await unlock(email, nextAddress(), orderNumber)
				expect(statuses, email).toEqual([200, 200, 200, 200, 200])
				expect(refused.status, email).toBe(429)
				expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0)
				expect(((await refused.json()) as { error: string }).error).toMatch(/try again in (\d+ minutes|1 minute)/)
				// My orders counts the same address.
				const page = await myOrders(email, nextAddress())
				expect(page.status).toBe(429)
				expect(sentenceOf('text/html', await page.text())).toMatch(/try again in (\d+ minutes|1 minute)/)
			}
		})

		it('limits one network address asking for many email addresses', async () => {
			const address = nextAddress()
			const statuses: number[] = []
			for (let i = 0; i < 21; i++) statuses.push((await myOrders(`many${i}@example.pk`, address)).status)
			expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true)
			expect(statuses[20]).toBe(429)
			expect((await unlock('many-more@example.pk', address)).status).toBe(429)
		})

		it('says it in Urdu on the Urdu pages', async () => {
			for (let i = 0; i < 5; i++) await myOrders('urdu@example.pk', nextAddress(), 'ur')
			const page = await myOrders('urdu@example.pk', nextAddress(), 'ur')
			expect(page.status).toBe(429)
			expect(sentenceOf('text/html', await page.text())).toContain('منٹ بعد دوبارہ کوشش کریں')
			const json = await unlock('urdu@example.pk', nextAddress(), 'GV-1-1', 'ur')
			expect(json.status).toBe(429)
			expect(((await json.json()) as { error: string }).error).toContain('منٹ بعد دوبارہ کوشش کریں')
		})
	})
})
