// The buyer's receipt upload over HTTP against the real server (startShop): streamed with a cap,
// one file per order, orphan files swept, and junk in the order number answered with a 4xx.
import fs from 'node:fs'
import http from 'node:http'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { orders } from '../../app/db/schema'
import { enqueueJob } from '../../app/domain/jobs/queue.server'
import { jobHandlers } from '../../app/domain/jobs/handlers.server'
import { runDueJobs } from '../../app/domain/jobs/worker.server'
import { parseEnv, useEnv } from '../../app/utils/env.server'
import { startShop, type RunningShop } from '../../server/start'
import { checkoutBody, jobRows, orderRow, png } from '../setup/payments'
import { freshPostgresDatabase } from '../setup/postgres'
import { testShopEnv } from '../setup/test-shop'
import { NUL_IN_ADDRESS } from '../../app/http/request-guard'
import { databaseKinds } from '../setup/test-db'

const TOO_LARGE = 'Your receipt is larger than 10 MB. Please upload a smaller screenshot.'
const MISSING = 'Please upload your payment receipt screenshot first.'
const MB = 1024 * 1024

describe.each(databaseKinds)('receipt uploads over HTTP on %s', (kind) => {
	let dataDir: string
	let shop: RunningShop
	const receipts = () => path.join(dataDir, 'uploads', 'receipts')
	const stored = () => (fs.existsSync(receipts()) ? fs.readdirSync(receipts()).sort() : [])

	beforeAll(async () => {
		dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-uploads-'))
		const databaseUrl = kind === 'postgres' ? await freshPostgresDatabase(process.env.TEST_DATABASE_URL!, 'shop_vitest_uploads') : undefined
		shop = await startShop(testShopEnv({ dataDir, databaseUrl }, { CHECKOUT_RATE_LIMIT: '1000' }))
	})
	afterAll(async () => {
		await shop?.close()
		useEnv(parseEnv())
		fs.rmSync(dataDir, { recursive: true, force: true })
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
		form.append(field, new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'receipt.png')
		return fetch(`${shop.url}/api/order/${orderNumber}/receipt`, { method: 'POST', headers: { cookie }, body: form })
	}

	/** A PNG made distinct by bytes after its end, as two screenshots differ. */
	const distinctPng = (n: number | string) => new Uint8Array(Buffer.concat([png(), Buffer.from(`shot ${n}`)]))

	it('refuses an 11 MB receipt sent without Content-Length while it is still arriving, with 413, and keeps nothing', async () => {
		const { orderNumber, cookie } = await manualOrder()
		const before = stored()
		const boundary = 'ReceiptBoundary7MA4YWxkTrZu0gW'
		const head = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="receipt"; filename="big.png"\r\nContent-Type: image/png\r\n\r\n`)
		const total = 11 * MB
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
			req.on('error', (error) => {
				// The server closes the connection after its answer; writing on is then refused.
				if (!answered) reject(error)
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

		expect(result.status).toBe(413)
		expect(JSON.parse(result.body)).toMatchObject({ error: TOO_LARGE })
		// The answer came once a little over 10 MB was in, before the whole 11 MB was sent: the rest was never read.
		expect(result.sentWhenAnswered).toBeGreaterThan(10 * MB)
		expect(result.sentWhenAnswered).toBeLessThan(total)
		expect(stored()).toEqual(before)
		expect((await orderRow(shop.database.db, orderNumber))!.status).toBe('payment_pending')

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
		const row = (await orderRow(shop.database.db, orderNumber))!
		expect(fs.statSync(path.join(dataDir, 'uploads', row.receiptPath!)).size).toBe(10 * MB)
	})

	it('answers a missing file, the wrong field, a form that is not multipart and too many parts with a clear 4xx', async () => {
		const { orderNumber, cookie } = await manualOrder()
		const url = `${shop.url}/api/order/${orderNumber}/receipt`
		const before = stored()

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

		const broken = await fetch(url, { method: 'POST', headers: { cookie, 'Content-Type': 'multipart/form-data; boundary=abc' }, body: '--abc\r\nContent-Disposition: form-data; name="receipt"; filename="a.png"\r\n\r\n\x89PNG' })
		expect(broken.status).toBe(400)
		expect(await broken.json()).toMatchObject({ error: MISSING })

		expect(stored()).toEqual(before)
		expect((await orderRow(shop.database.db, orderNumber))!.status).toBe('payment_pending')
	})

	it.each([
		['a NUL byte', '%00'],
		['control characters', 'XGC-1%0A%0D-1'],
		['a NUL inside a real-looking number', 'XGC-1%00-1'],
		['an overlong number', 'X'.repeat(300)],
	])('answers %s in the order number with a clear 400, never a 500', async (_name, orderNumber) => {
		const form = new FormData()
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
		form.append('receipt', new Blob([png()], { type: 'image/png' }), 'receipt.png')
		const res = await fetch(`${shop.url}/api/order/${orderNumber}/receipt`, { method: 'POST', body: form })
		expect(res.status).toBeGreaterThanOrEqual(400)
		expect(res.status).toBeLessThan(500)
	})

	it('keeps one file per order: 30 uploads leave only the last receipt, which the order points at', async () => {
		const before = stored()
		const { orderNumber, cookie } = await manualOrder()
		const other = await manualOrder()
		expect((await upload(other.orderNumber, other.cookie, distinctPng(-1))).status).toBe(200)
		const otherFile = path.basename((await orderRow(shop.database.db, other.orderNumber))!.receiptPath!)

		for (let i = 0; i < 30; i++) expect((await upload(orderNumber, cookie, distinctPng(i))).status).toBe(200)

		const row = (await orderRow(shop.database.db, orderNumber))!
		expect(stored()).toEqual([...before, path.basename(row.receiptPath!), otherFile].sort())
		expect(new Uint8Array(fs.readFileSync(path.join(dataDir, 'uploads', row.receiptPath!)))).toEqual(distinctPng(29))
		// Another order's receipt is never touched.
		expect(new Uint8Array(fs.readFileSync(path.join(receipts(), otherFile)))).toEqual(distinctPng(-1))
	})

	it('keeps one file when uploads to one order race each other', async () => {
		const { orderNumber, cookie } = await manualOrder()
		const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => upload(orderNumber, cookie, distinctPng(`race ${i}`))))
		expect(answers.map((a) => a.status)).toEqual(Array(8).fill(200))
		const row = (await orderRow(shop.database.db, orderNumber))!
		expect(stored()).toContain(path.basename(row.receiptPath!))
		const mine = stored().filter((name) => fs.readFileSync(path.join(receipts(), name)).toString('latin1').includes('shot race'))
		expect(mine).toEqual([path.basename(row.receiptPath!)])
	})

	it('sweeps receipt files no order references once they are an hour old, and never a referenced one', async () => {
		const { db } = shop.database
		const { orderNumber, cookie } = await manualOrder()
		expect((await upload(orderNumber, cookie, distinctPng(500))).status).toBe(200)
		const referenced = path.basename((await orderRow(shop.database.db, orderNumber))!.receiptPath!)
		fs.mkdirSync(receipts(), { recursive: true })
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

		const left = stored()
		expect(left).not.toContain(orphan)
		expect(left).toContain(referenced)
		expect(left).toContain(fresh)
		expect((await jobRows(db, 'sweep-receipt-files')).every((job) => job.status === 'done')).toBe(true)
		// Every file an order points at is still there.
		const rows = await db.select({ receiptPath: orders.receiptPath }).from(orders)
		for (const { receiptPath } of rows) if (receiptPath) expect(left).toContain(path.basename(receiptPath))
	})
})
