// The buyer's receipt upload over HTTP against the real server (startShop): streamed with a cap into
// the file store (the database), five files per order, an allowance per address and a total quota
// with their sentences, old disk files swept, and junk in the order number answered with a 4xx.
import fs from 'node:fs'
import http from 'node:http'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import { fileChunks, files, orders } from '../../app/db/schema'
import { enqueueJob } from '../../app/domain/jobs/queue.server'
import { jobHandlers } from '../../app/domain/jobs/handlers.server'
import { runDueJobs } from '../../app/domain/jobs/worker.server'
import type { RunningShop } from '../../server/start'
import { waitingWithReceiptOnDisk } from '../setup/orders'
import { checkoutBody, jobRows, orderRow, nextTid, png } from '../setup/payments'
import { startTestShop, useTestShop } from '../setup/test-shop'
import { NUL_IN_ADDRESS } from '../../app/http/request-guard'
import { databaseKinds } from '../setup/test-db'

const TOO_LARGE = 'Your receipt is larger than 10 MB. Please upload a smaller screenshot.'
const MISSING = 'Please upload your payment receipt screenshot first.'
const MB = 1024 * 1024
const DAILY_LIMIT = 'You have uploaded as many receipts as we can take from one connection today. Please send your receipt to us on WhatsApp, or try again tomorrow.'
const STORE_FULL = 'We cannot take receipt uploads right now: the space for them is full. Please send your receipt to us on WhatsApp; our team has been told.'

describe.each(databaseKinds)('receipt uploads over HTTP on %s', (kind) => {
	const testShop = useTestShop(kind, 'uploads', { CHECKOUT_RATE_LIMIT: '1000' })
	let shop: RunningShop
	const receipts = () => path.join(testShop.dataDir, 'uploads', 'receipts')
	const onDisk = () => (fs.existsSync(receipts()) ? fs.readdirSync(receipts()).sort() : [])
	/** The ids of every stored file. */
	const stored = async () => (await shop.database.db.select({ id: files.id }).from(files)).map((f) => f.id).sort()
	const fileOf = async (orderNumber: string) => {
		const key = (await orderRow(shop.database.db, orderNumber))!.receiptPath!
		expect(key).toMatch(/^file:/)
		const [row] = await shop.database.db.select().from(files).where(eq(files.id, key.slice('file:'.length)))
		return row!
	}
	const bytesOf = async (id: string) =>
		new Uint8Array(Buffer.concat((await shop.database.db.select({ bytes: fileChunks.bytes }).from(fileChunks).where(eq(fileChunks.fileId, id)).orderBy(fileChunks.seq)).map((c) => c.bytes)))

	beforeAll(async () => {
		shop = testShop.shop
	})

	/** A manual-transfer order placed through the checkout, with the buyer's order cookie. */
	async function manualOrder() {
		const res = await fetch(`${shop.url}/api/checkout`, {
			method: 'POST',
			headers: { 'Content-Type': 'application/json' },
			body: JSON.stringify(checkoutBody(undefined, { paymentMethod: 'manual' })),
		})
		expect(res.status).toBe(201)
		const { orderNumber } = (await res.json()) as { orderNumber: string }
		return { orderNumber, cookie: (res.headers.get('set-cookie') ?? '').split(';')[0]! }
	}

	function upload(orderNumber: string, cookie: string, bytes: Uint8Array, field = 'receipt') {
		const form = new FormData()
		form.append('transactionId', `TID${orderNumber.replace(/[^A-Za-z0-9]/g, '')}`)
		form.append('payerAccount', 'Ali Khan, JazzCash')
		form.append(field, new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'receipt.png')
		return fetch(`${shop.url}/api/order/${orderNumber}/receipt`, { method: 'POST', headers: { cookie }, body: form })
	}

	/** A PNG made distinct by bytes after its end, as two screenshots differ. */
	const distinctPng = (n: number | string) => new Uint8Array(Buffer.concat([png(), Buffer.from(`shot ${n}`)]))

	it('refuses a 24 MB receipt sent without Content-Length while it is still arriving, with 413, and keeps nothing', { timeout: 90_000 }, async () => {
		const { orderNumber, cookie } = await manualOrder()
		const before = await stored()
		const boundary = 'ReceiptBoundary7MA4YWxkTrZu0gW'
		const field = (name: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`
		const head = Buffer.from(`${field('transactionId', nextTid())}${field('payerAccount', 'Ali Khan, JazzCash')}--${boundary}\r\nContent-Disposition: form-data; name="receipt"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`)
		// Well over the limit: the file is stored as it arrives, so the socket buffers (a few MB) fill ahead of the server.
		const total = 24 * MB
		const chunk = Buffer.alloc(64 * 1024, 7)
		png().forEach((b, i) => (chunk[i] = b))

		const result = await new Promise<{ status: number; body: string; sentWhenAnswered: number }>((resolve, reject) => {
			let sent = 0
			let answered = false
			const req = http.request(`${shop.url}/api/order/${orderNumber}/receipt`, {
				method: 'POST',
				agent: false,
				// No Content-Length: the body arrives chunked, so only the parser's cap can stop it.
				headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}`, 'Transfer-Encoding': 'chunked', Cookie: cookie },
			})
			req.on('response', (res) => {
				answered = true
				const sentWhenAnswered = sent
				let body = ''
				res.setEncoding('utf8')
				res.on('data', (text: string) => (body += text))
				res.on('end', () => {
					resolve({ status: res.statusCode!, body, sentWhenAnswered })
					req.destroy()
				})
			})
			req.on('error', (error: NodeJS.ErrnoException) => {
				// The server closes the connection after its answer; writing on is then refused. With the
				// client far ahead (the socket buffers full), the reset can overtake the answer: the
				// connection was still cut while the body was arriving.
				if (answered) return
				if (error.code === 'EPIPE' || error.code === 'ECONNRESET') resolve({ status: 0, body: '', sentWhenAnswered: sent })
				else reject(error)
			})
			void (async () => {
				req.write(head)
				// Sent at a steady pace (as a phone uploads), so the socket buffers never hold much of it.
				while (!answered && sent < total) {
					const ok = req.write(chunk)
					sent += chunk.byteLength
					if (!ok) await new Promise((r) => req.once('drain', r))
					await new Promise((r) => setTimeout(r, 1))
				}
				if (!answered) req.end(`\r\n--${boundary}--\r\n`)
			})()
		})

		if (result.status !== 0) {
			expect(result.status).toBe(413)
			expect(JSON.parse(result.body)).toMatchObject({ error: TOO_LARGE })
		}
		// The answer came once a little over 10 MB was in, before the whole 24 MB was sent: the rest was never read.
		expect(result.sentWhenAnswered).toBeGreaterThan(10 * MB)
		expect(result.sentWhenAnswered).toBeLessThan(total)
		expect(await stored()).toEqual(before)
		expect((await orderRow(shop.database.db, orderNumber))!.paymentStatus).toBe('awaiting_payment')

		// The server is fine afterwards, and the same buyer's normal upload goes through.
		const ok = await upload(orderNumber, cookie, png())
		expect(ok.status).toBe(200)
		expect(await ok.json()).toEqual({ ok: true, orderNumber, status: 'pending' })
	})

	it('takes a receipt of exactly 10 MB, and refuses one byte more with 413', async () => {
		const { orderNumber, cookie } = await manualOrder()
		const limit = new Uint8Array(10 * MB)
		limit.set(png())
		const over = new Uint8Array(10 * MB + 1)
		over.set(png())
		const tooBig = await upload(orderNumber, cookie, over)
		expect(tooBig.status).toBe(413)
		expect(await tooBig.json()).toMatchObject({ error: TOO_LARGE })
		const ok = await upload(orderNumber, cookie, limit)
		expect(ok.status).toBe(200)
		expect((await fileOf(orderNumber)).byteSize).toBe(10 * MB)
		expect(onDisk()).toEqual([])
	})

	it('answers a missing file, the wrong field, a form that is not multipart and too many parts with a clear 4xx', async () => {
		const { orderNumber, cookie } = await manualOrder()
		const url = `${shop.url}/api/order/${orderNumber}/receipt`
		const before = await stored()

		const wrongField = await upload(orderNumber, cookie, png(), 'photo')
		expect(wrongField.status).toBe(400)
		expect(await wrongField.json()).toMatchObject({ error: MISSING })

		const empty = await upload(orderNumber, cookie, new Uint8Array(0))
		expect(empty.status).toBe(400)
		expect(await empty.json()).toMatchObject({ error: MISSING })

		const noFile = new FormData()
		noFile.append('note', 'paid by JazzCash')
		const fieldsOnly = await fetch(url, { method: 'POST', headers: { cookie }, body: noFile })
		expect(fieldsOnly.status).toBe(400)
		expect(await fieldsOnly.json()).toMatchObject({ error: MISSING })

		const json = await fetch(url, { method: 'POST', headers: { cookie, 'Content-Type': 'application/json' }, body: '{"receipt":"x"}' })
		expect(json.status).toBe(415)
		expect(await json.json()).toMatchObject({ error: 'Send the file as a form upload (multipart/form-data).' })

		const many = new FormData()
		for (let i = 0; i < 50; i++) many.append(`field${i}`, 'x')
		many.append('receipt', new Blob([png()], { type: 'image/png' }), 'receipt.png')
		const tooMany = await fetch(url, { method: 'POST', headers: { cookie }, body: many })
		expect(tooMany.status).toBe(400)
		expect(await tooMany.json()).toMatchObject({ error: 'The upload has more parts than one file needs: send only the file.' })

		const broken = await fetch(url, { method: 'POST', headers: { cookie, 'Content-Type': 'multipart/form-data; boundary=abc' }, body: `--abc\r\nContent-Disposition: form-data; name="transactionId"\r\n\r\n${nextTid()}\r\n--abc\r\nContent-Disposition: form-data; name="payerAccount"\r\n\r\nAli Khan\r\n--abc\r\nContent-Disposition: form-data; name="receipt"; filename="a.png"\r\n\r\n\x89PNG` })
		expect(broken.status).toBe(400)
		expect(await broken.json()).toMatchObject({ error: MISSING })

		expect(await stored()).toEqual(before)
		expect((await orderRow(shop.database.db, orderNumber))!.paymentStatus).toBe('awaiting_payment')
	})

	it.each([
		['a NUL byte', '%00'],
		['control characters', 'XGC-1%0A%0D-1'],
		['a NUL inside a real-looking number', 'XGC-1%00-1'],
		['an overlong number', 'X'.repeat(300)],
	])('answers %s in the order number with a clear 400, never a 500', async (_name, orderNumber) => {
		const form = new FormData()
		form.append('transactionId', nextTid())
		form.append('payerAccount', 'Ali Khan, JazzCash')
		form.append('receipt', new Blob([png()], { type: 'image/png' }), 'receipt.png')
		const res = await fetch(`${shop.url}/api/order/${orderNumber}/receipt`, { method: 'POST', body: form })
		expect(res.status).toBe(400)
		// A NUL is refused by the host for every address; other junk by the upload's own check.
		expect(await res.json()).toMatchObject({ error: orderNumber.includes('%00') ? NUL_IN_ADDRESS : 'That is not an order number.' })
	})

	it.each([
		['bytes that are not UTF-8', '%FF%FE'],
		['a percent sign alone', '%'],
		['an order that does not exist', 'XGC-0-0'],
	])('answers %s in the order number with a 4xx, never a 500', async (_name, orderNumber) => {
		const form = new FormData()
		form.append('transactionId', nextTid())
		form.append('payerAccount', 'Ali Khan, JazzCash')
		form.append('receipt', new Blob([png()], { type: 'image/png' }), 'receipt.png')
		const res = await fetch(`${shop.url}/api/order/${orderNumber}/receipt`, { method: 'POST', body: form })
		expect(res.status).toBeGreaterThanOrEqual(400)
		expect(res.status).toBeLessThan(500)
	})

	it('keeps five files per order: 30 uploads leave the last five, the current one among them', async () => {
		const { orderNumber, cookie } = await manualOrder()
		const other = await manualOrder()
		expect((await upload(other.orderNumber, other.cookie, distinctPng(-1))).status).toBe(200)
		const otherFile = await fileOf(other.orderNumber)

		for (let i = 0; i < 30; i++) expect((await upload(orderNumber, cookie, distinctPng(i))).status).toBe(200)

		const current = await fileOf(orderNumber)
		const mine = await shop.database.db.select().from(files).where(eq(files.owner, current.owner!))
		expect(mine).toHaveLength(5)
		expect(await bytesOf(current.id)).toEqual(distinctPng(29))
		// Another order's receipt is never touched.
		expect(await bytesOf(otherFile.id)).toEqual(distinctPng(-1))
	})

	it('keeps at most five files, the current one whole, when uploads to one order race each other', async () => {
		const { orderNumber, cookie } = await manualOrder()
		const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => upload(orderNumber, cookie, distinctPng(`race ${i}`))))
		// Each is kept or, when a newer one let go of it while it was arriving, refused with a sentence.
		for (const answer of answers) expect([200, 503]).toContain(answer.status)
		const current = await fileOf(orderNumber)
		expect(Buffer.from(await bytesOf(current.id)).toString('latin1')).toContain('shot race')
		const mine = await shop.database.db.select().from(files).where(eq(files.owner, current.owner!))
		expect(mine.length).toBeLessThanOrEqual(5)
		expect(mine.map((f) => f.id)).toContain(current.id)
	})

	it('sweeps receipt files under DATA_DIR/uploads no order references once they are an hour old, and never a referenced one', async () => {
		const { db } = shop.database
		// A receipt kept on disk before the file store, not moved yet (this server did not hold it at start).
		const { orderNumber } = await manualOrder()
		const referenced = '2d1c7e3a-4b6f-4e0a-9c3d-9f8a7b6c5d4e.png'
		fs.mkdirSync(receipts(), { recursive: true })
		fs.writeFileSync(path.join(receipts(), referenced), png())
		await waitingWithReceiptOnDisk(db, orderNumber, `receipts/${referenced}`)
		const orphan = '0b9a5c1e-2f4d-4c8e-9a1b-7d6e5f4a3b2c.png'
		const fresh = '1c0b6d2f-3a5e-4d9f-8b2c-8e7f6a5b4c3d.jpg'
		fs.writeFileSync(path.join(receipts(), orphan), png())
		fs.writeFileSync(path.join(receipts(), fresh), png())
		// The orphan and the referenced file were written two hours ago; the fresh one (an upload in flight) just now.
		const twoHoursAgo = new Date(Date.now() - 2 * 3600_000)
		for (const name of [orphan, referenced]) fs.utimesSync(path.join(receipts(), name), twoHoursAgo, twoHoursAgo)

		// The server's worker schedules the sweep itself: one job an hour.
		await expect.poll(async () => (await jobRows(db, 'sweep-receipt-files')).length, { timeout: 10_000 }).toBeGreaterThan(0)

		// Run one now with the handlers a server process builds (the server's own worker may take it first).
		const dedupeKey = `test-sweep-${Date.now()}`
		await enqueueJob(db, { kind: 'sweep-receipt-files', payload: {}, dedupeKey, maxAttempts: 1 })
		const unused = () => {
			throw new Error('not needed by the sweep')
		}
		const handlers = jobHandlers(db, { email: unused, paypro: unused, reconcileAfterMinutes: 3, expiryHours: 72 })
		await expect
			.poll(async () => {
				await runDueJobs(db, handlers)
				return (await jobRows(db, 'sweep-receipt-files')).find((job) => job.dedupeKey === dedupeKey)?.status
			}, { timeout: 10_000 })
			.toBe('done')

		const left = onDisk()
		expect(left).not.toContain(orphan)
		expect(left).toContain(referenced)
		expect(left).toContain(fresh)
		expect((await jobRows(db, 'sweep-receipt-files')).every((job) => job.status === 'done')).toBe(true)
		// Every file an order points at is still there.
		const rows = await db.select({ receiptPath: orders.receiptPath }).from(orders)
		for (const { receiptPath } of rows) if (receiptPath?.startsWith('receipts/')) expect(left).toContain(path.basename(receiptPath))
	})
})

describe('what strangers may store, over HTTP', () => {
	let shop: RunningShop
	let stop: () => Promise<void>
	beforeAll(async () => {
		// Small limits, so that a few megabytes show them; the client address from X-Forwarded-For, as behind a load balancer.
		;({ shop, stop } = await startTestShop('pglite', 'upload-limits', { CHECKOUT_RATE_LIMIT: '1000', TRUST_PROXY: 'true', UPLOADS_PER_ADDRESS_MB_PER_DAY: '3', UPLOADS_QUOTA_MB: '5' }))
	})
	afterAll(async () => {
		await stop?.()
	})

	async function orderFrom(address: string) {
		const res = await fetch(`${shop.url}/api/checkout`, {
			method: 'POST',
			headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': address },
			body: JSON.stringify(checkoutBody(undefined, { paymentMethod: 'manual' })),
		})
		expect(res.status).toBe(201)
		const { orderNumber } = (await res.json()) as { orderNumber: string }
		return { orderNumber, cookie: (res.headers.get('set-cookie') ?? '').split(';')[0]! }
	}
	function uploadFrom(address: string, { orderNumber, cookie }: { orderNumber: string; cookie: string }, n: number, accept = 'application/json') {
		const bytes = Buffer.concat([png(), Buffer.alloc(MB - png().byteLength, n)])
		const form = new FormData()
		form.append('transactionId', nextTid())
		form.append('payerAccount', 'Ali Khan, JazzCash')
		form.append('receipt', new Blob([bytes], { type: 'image/png' }), 'receipt.png')
		return fetch(`${shop.url}/api/order/${orderNumber}/receipt`, { method: 'POST', headers: { cookie, 'X-Forwarded-For': address, Accept: accept }, body: form, redirect: 'manual' })
	}
	const storedBytes = async () => (await shop.database.db.select({ n: files.byteSize }).from(files)).reduce((sum, f) => sum + f.n, 0)

	it('keeps 3 of 30 orders × 1 MB from one address, then fills the total quota from others, each refusal with its sentence', { timeout: 120_000 }, async () => {
		const statuses: number[] = []
		for (let i = 0; i < 30; i++) {
			const res = await uploadFrom('198.51.100.10', await orderFrom('198.51.100.10'), i)
			statuses.push(res.status)
			if (res.status !== 200) expect(await res.json()).toMatchObject({ error: DAILY_LIMIT })
		}
		expect(statuses).toEqual([200, 200, 200, ...Array(27).fill(429)])
		expect(await storedBytes()).toBe(3 * MB)

		// Other addresses fill the 5 MB quota; past it every upload is refused, a plain form back to its order page.
		expect((await uploadFrom('198.51.100.11', await orderFrom('198.51.100.11'), 40)).status).toBe(200)
		expect((await uploadFrom('198.51.100.12', await orderFrom('198.51.100.12'), 41)).status).toBe(200)
		const full = await uploadFrom('198.51.100.13', await orderFrom('198.51.100.13'), 42)
		expect(full.status).toBe(503)
		expect(await full.json()).toMatchObject({ error: STORE_FULL })
		const page = await uploadFrom('198.51.100.14', await orderFrom('198.51.100.14'), 43, 'text/html')
		expect(page.status).toBe(303)
		expect(page.headers.get('location')).toContain('receipt=full')
		expect(await storedBytes()).toBe(5 * MB)
	})
})
