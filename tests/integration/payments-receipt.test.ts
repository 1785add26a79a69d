// Manual transfer: the receipt screenshot (product decision 5; spec §2 payment details, §9 10 MB hint), kept
// in the file store (ADR-019) within bounds: a capped history per order, an allowance per address, a
// total quota, and nothing kept for an order that ended unpaid.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { files } from '../../app/db/schema'
import { CHUNK_BYTES, postgresFileStore, type FileStore } from '../../app/domain/files/file-store.server'
import { attachReceipt, type UploadLimits } from '../../app/domain/payments/attach-receipt.server'
import { markOrderPaid } from '../../app/domain/payments/mark-order-paid.server'
import { readReceipt } from '../../app/domain/payments/read-receipt.server'
import { confirmTransfer, listTransferQueue, rejectTransfer } from '../../app/domain/payments/review-transfer.server'
import { sweepOrders } from '../../app/domain/payments/reconcile-orders.server'
import { moveDiskReceipts, sweepUnpaidOrderReceipts } from '../../app/domain/payments/sweep-receipt-files.server'
import { localStorage } from '../../app/integrations/storage/local.server'
import { AppError } from '../../app/utils/app-error'
import { backdateOrders, failOrder, owner, waitingAgainWithReceipts, tidOf, waitingWithReceiptOnDisk } from '../setup/orders'
import { checkoutBody, orderRow, placeOrder, png } from '../setup/payments'
import { databaseKinds, useTestDatabase } from '../setup/test-db'

const MB = 1024 * 1024
const roomy: UploadLimits = { perAddressBytesPerDay: 1024 * MB, totalBytes: 4096 * MB }
const ADDRESS = '203.0.113.7'
const DAILY_LIMIT = 'You have uploaded as many receipts as we can take from one connection today. Please send your receipt to us on WhatsApp, or try again tomorrow.'
const STORE_FULL = 'We cannot take receipt uploads right now: the space for them is full. Please send your receipt to us on WhatsApp; our team has been told.'

/** A PNG made distinct by bytes after its end, as two screenshots differ; `size` pads it out. */
function shot(n: number | string, size = 0) {
	const head = Buffer.concat([png(), Buffer.from(`shot ${n}`)])
	return new Uint8Array(size > head.byteLength ? Buffer.concat([head, Buffer.alloc(size - head.byteLength, 1)]) : head)
}

/** Bytes as a stream arriving in pieces of `piece` bytes, as an upload does. */
async function* arriving(bytes: Uint8Array, piece = 64 * 1024) {
	for (let at = 0; at < bytes.byteLength; at += piece) yield bytes.subarray(at, at + piece)
}

async function readAll(body: AsyncIterable<Uint8Array> | Iterable<Uint8Array>) {
	const parts: Uint8Array[] = []
	for await (const part of body) parts.push(part)
	return new Uint8Array(Buffer.concat(parts))
}

describe.each(databaseKinds)('transfer receipts on %s', (kind) => {
	// The worker's seeded database, emptied before the first test and after each.
	const database = useTestDatabase(kind)
	let store: FileStore
	let root: string
	beforeAll(async () => {
		store = postgresFileStore(database.db)
		root = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-receipts-'))
	})
	afterAll(() => {
		fs.rmSync(root, { recursive: true, force: true })
	})
	const noDisk = { read: async () => null }
	const fileRows = () => database.db.select().from(files)
	const manualOrder = () => placeOrder(database.db, checkoutBody(undefined, { paymentMethod: 'manual' }))
	const attach = (order: Awaited<ReturnType<typeof manualOrder>>, bytes: Uint8Array | AsyncIterable<Uint8Array>, { uploader = ADDRESS, limits = roomy } = {}) =>
		attachReceipt(database.db, store, order, bytes, { uploader, limits, transfer: { transactionId: tidOf(order), payerAccount: 'Ali Khan, JazzCash' } })

	it('accepts a PNG: the order waits for staff and the file is kept in the database, streamed in and out in chunks', async () => {
		const { db } = database
		const order = await manualOrder()
		// Over three chunks, arriving in 64 KB pieces.
		const bytes = shot(1, 2 * CHUNK_BYTES + 1000)
		const updated = await attach(order, arriving(bytes))

		expect(updated).toMatchObject({ paymentStatus: 'awaiting_confirmation', paymentMethod: 'manual' })
		expect(updated.receiptPath).toMatch(/^file:[0-9a-f-]{36}$/)
		expect(updated.receiptSha256).toMatch(/^[0-9a-f]{64}$/)
		expect(updated.receiptUploadedAt).toBeInstanceOf(Date)
		expect(await orderRow(db, order.orderNumber)).toEqual(updated)
		const [row, ...more] = await fileRows()
		expect(more).toEqual([])
		expect(row).toMatchObject({ kind: 'receipt', owner: `order:${order.id}`, contentType: 'image/png', byteSize: bytes.byteLength, sha256: updated.receiptSha256, uploader: ADDRESS, complete: true })
		expect(await db.execute(sql`select seq, length(bytes) as n from file_chunks order by seq`).then((r) => r.rows.map((c) => Number(c.n)))).toEqual([CHUNK_BYTES, CHUNK_BYTES, 1000])
		const receipt = (await readReceipt(db, store, noDisk, order.orderNumber))!
		expect(receipt).toMatchObject({ contentType: 'image/png', byteSize: bytes.byteLength })
		expect(await readAll(receipt.body)).toEqual(bytes)
		// Nothing on this server's disk.
		expect(fs.existsSync(path.join(root, 'uploads'))).toBe(false)
	})

	it('refuses text bytes even when named like an image, and keeps nothing', async () => {
		const order = await manualOrder()
		// What a file called receipt.png holding text sends: the name never reaches the check, the bytes do.
		const text = new TextEncoder().encode('<script>alert(1)</script> this is not a receipt.png')
		const error = await attach(order, text).catch((e: unknown) => e)
		expect(error).toBeInstanceOf(AppError)
		expect(error).toMatchObject({ code: 'BAD_REQUEST', message: 'The receipt must be an image (PNG, JPG, WebP or HEIC).' })
		expect(await orderRow(database.db, order.orderNumber)).toEqual(order)
		expect(await fileRows()).toEqual([])
	})

	it('refuses a receipt over 10 MB with the message the buyer sees, part-way through, keeping nothing', async () => {
		const order = await manualOrder()
		const big = shot('big', 10 * MB + 1)
		const error = await attach(order, arriving(big)).catch((e: unknown) => e)
		expect(error).toBeInstanceOf(AppError)
		expect(error).toMatchObject({ code: 'TOO_LARGE', message: 'Your receipt is larger than 10 MB. Please upload a smaller screenshot.' })
		expect((error as AppError).status).toBe(413)
		expect(await orderRow(database.db, order.orderNumber)).toEqual(order)
		expect(await fileRows()).toEqual([])
		expect(await database.db.execute(sql`select count(*)::int as n from file_chunks`).then((r) => r.rows[0]!.n)).toBe(0)

		// Exactly 10 MB is still accepted.
		expect((await attach(order, arriving(shot('limit', 10 * MB)))).paymentStatus).toBe('awaiting_confirmation')
	})

	it('refuses a receipt for an order that is already paid, before storing anything', async () => {
		const { db } = database
		const order = await placeOrder(db)
		await markOrderPaid(db, order.id)
		const error = await attach((await orderRow(db, order.orderNumber))!, png()).catch((e: unknown) => e)
		expect(error).toMatchObject({ code: 'CONFLICT', message: `Order ${order.orderNumber} is not waiting for a payment receipt.` })
		expect((await orderRow(db, order.orderNumber))!.paymentStatus).toBe('paid')
		expect(await fileRows()).toEqual([])
	})

	it('takes a new receipt after staff rejected the transfer: it waits for staff again, in their transfers queue, and is confirmed as any other', async () => {
		const { db } = database
		const order = await manualOrder()
		await attach(order, shot('first'))
		await rejectTransfer(db, owner, order.orderNumber, 'The amount does not match.')
		const rejected = (await orderRow(db, order.orderNumber))!
		expect(rejected).toMatchObject({ paymentStatus: 'failed', paymentMethod: 'manual', rejectionReason: 'The amount does not match.' })
		expect((await listTransferQueue(db)).map((entry) => entry.orderNumber)).not.toContain(order.orderNumber)

		const again = await attach(rejected, shot('second'))
		expect(again).toMatchObject({ paymentStatus: 'awaiting_confirmation', paymentMethod: 'manual', rejectionReason: null })
		expect(again.receiptSha256).not.toBe(rejected.receiptSha256)
		expect((await listTransferQueue(db)).map((entry) => entry.orderNumber)).toContain(order.orderNumber)

		await confirmTransfer(db, owner, order.orderNumber, 'Seen in the bank app')
		expect((await orderRow(db, order.orderNumber))!.paymentStatus).toBe('paid')
	})

	it('refuses a receipt for an online payment that failed, before storing anything: it is paid again instead', async () => {
		const { db } = database
		const order = await placeOrder(db)
		await failOrder(db, order)
		const failed = (await orderRow(db, order.orderNumber))!
		expect(failed).toMatchObject({ paymentStatus: 'failed', paymentMethod: 'paypro' })
		const error = await attach(failed, png()).catch((e: unknown) => e)
		expect(error).toMatchObject({ code: 'CONFLICT', message: `Order ${order.orderNumber} is not waiting for a payment receipt.` })
		expect(await orderRow(db, order.orderNumber)).toEqual(failed)
		expect(await fileRows()).toEqual([])
	})

	it('keeps the current receipt and the ones it replaced up to five per order; staff open any of those, never another order’s', async () => {
		const { db } = database
		const order = await manualOrder()
		const other = await manualOrder()
		await attach(other, shot('other'))
		let current = order
		for (let i = 0; i < 8; i++) current = await attach(order, shot(i))

		const mine = (await fileRows()).filter((f) => f.owner === `order:${order.id}`)
		expect(mine).toHaveLength(5)
		expect(mine.map((f) => `file:${f.id}`)).toContain(current.receiptPath)
		expect(await readAll((await readReceipt(db, store, noDisk, order.orderNumber))!.body)).toEqual(shot(7))
		// The oldest kept is the fourth upload; the three before it are gone, bytes and all.
		const kept = await Promise.all(mine.map(async (f) => Buffer.from(await readAll((await readReceipt(db, store, noDisk, order.orderNumber, { fileId: f.id }))!.body)).toString('latin1')))
		expect(kept.map((text) => text.slice(text.indexOf('shot'))).sort()).toEqual(['shot 3', 'shot 4', 'shot 5', 'shot 6', 'shot 7'])
		// The other order's receipt is untouched, and cannot be opened through this order.
		const [theirs] = (await fileRows()).filter((f) => f.owner === `order:${other.id}`)
		expect(await readReceipt(db, store, noDisk, order.orderNumber, { fileId: theirs!.id })).toBeNull()
		expect(await readAll((await readReceipt(db, store, noDisk, other.orderNumber))!.body)).toEqual(shot('other'))
	})

	it('takes at most the day’s allowance from one address over many orders, refusing the upload that passes it part-way', async () => {
		const limits = { perAddressBytesPerDay: 2.5 * MB, totalBytes: 4096 * MB }
		const results: string[] = []
		for (let i = 0; i < 5; i++) {
			const order = await manualOrder()
			const answer = await attach(order, arriving(shot(i, 1 * MB)), { limits }).then(
				() => 'kept',
				(e: unknown) => (e as AppError).message,
			)
			results.push(answer)
		}
		// 2.5 MB is two receipts of 1 MB and half of a third: the third passes it part-way and is refused; the rest too.
		expect(results).toEqual(['kept', 'kept', DAILY_LIMIT, DAILY_LIMIT, DAILY_LIMIT])
		expect((await fileRows()).length).toBe(2)
		// Another address still uploads.
		expect((await attach(await manualOrder(), shot('elsewhere'), { limits, uploader: '198.51.100.4' })).paymentStatus).toBe('awaiting_confirmation')
		const refused = await attach(await manualOrder(), shot('x', MB), { limits }).catch((e: unknown) => e)
		expect(refused).toMatchObject({ code: 'RATE_LIMITED', message: DAILY_LIMIT })
		expect((refused as AppError).status).toBe(429)
	})

	it('refuses uploads with a clear sentence once the total quota is reached, whoever sends them', async () => {
		const limits = { perAddressBytesPerDay: 1024 * MB, totalBytes: 2 * MB }
		await attach(await manualOrder(), shot(1, MB), { limits, uploader: '198.51.100.1' })
		const passing = await attach(await manualOrder(), arriving(shot(2, 1.5 * MB)), { limits, uploader: '198.51.100.2' }).catch((e: unknown) => e)
		expect(passing).toMatchObject({ code: 'UNAVAILABLE', message: STORE_FULL })
		expect((passing as AppError).status).toBe(503)
		await attach(await manualOrder(), shot(3, MB - 100_000), { limits, uploader: '198.51.100.3' })
		const full = await attach(await manualOrder(), shot(4, 200_000), { limits, uploader: '198.51.100.4' }).catch((e: unknown) => e)
		expect(full).toMatchObject({ code: 'UNAVAILABLE', message: STORE_FULL })
		expect((await fileRows()).map((f) => f.byteSize).reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(2 * MB)
	})

	it('removes the receipts of an order when it expires unpaid, and of a rejected one after the expiry time, never of a paid one', async () => {
		const { db } = database
		const expiring = await manualOrder()
		await attach(expiring, shot('a'))
		await attach(expiring, shot('b'))
		// Sent back to waiting for a receipt (as a pay-again does), then left unpaid.
		await waitingAgainWithReceipts(db, expiring.orderNumber)
		await backdateOrders(db, expiring.orderNumber, { createdAt: new Date(Date.now() - 100 * 3_600_000) })
		const rejected = await manualOrder()
		await attach(rejected, shot('c'))
		await rejectTransfer(db, owner, rejected.orderNumber, 'The amount does not match.')
		await backdateOrders(db, rejected.orderNumber, { updatedAt: new Date(Date.now() - 2 * 3_600_000) })
		const paid = await manualOrder()
		await attach(paid, shot('d'))
		await markOrderPaid(db, paid.id)

		expect((await sweepOrders(db, { reconcileAfterMinutes: 3, expiryHours: 72 })).expired).toBe(1)
		expect(await sweepUnpaidOrderReceipts(db, store, { expiryHours: 72 })).toBe(2)
		expect((await fileRows()).map((f) => f.owner).sort()).toEqual([`order:${paid.id}`, `order:${rejected.id}`].sort())
		expect((await orderRow(db, expiring.orderNumber))!.receiptPath).toBeNull()
		expect(await readReceipt(db, store, noDisk, expiring.orderNumber)).toBeNull()

		// Three days after the rejection, its receipt goes too.
		expect(await sweepUnpaidOrderReceipts(db, store, { expiryHours: 72, now: new Date(Date.now() + 72 * 3_600_000) })).toBe(1)
		expect((await fileRows()).map((f) => f.owner)).toEqual([`order:${paid.id}`])
	})

	it('moves receipts kept under DATA_DIR/uploads into the store, serving them from disk until then, and safely twice', async () => {
		const { db } = database
		const disk = localStorage(root)
		const order = await manualOrder()
		const key = await disk.save('receipts', shot('on disk'), 'png')
		await waitingWithReceiptOnDisk(db, order.orderNumber, key)
		const gone = await manualOrder()
		await waitingWithReceiptOnDisk(db, gone.orderNumber, 'receipts/0b9a5c1e-2f4d-4c8e-9a1b-7d6e5f4a3b2c.png')

		// Before the move: served from this server's disk.
		expect(await readAll((await readReceipt(db, store, disk, order.orderNumber))!.body)).toEqual(shot('on disk'))

		expect(await moveDiskReceipts(db, store, disk)).toEqual({ moved: 1, missing: 1 })
		const moved = (await orderRow(db, order.orderNumber))!
		expect(moved.receiptPath).toMatch(/^file:/)
		expect(fs.existsSync(path.join(root, 'uploads', key))).toBe(false)
		const receipt = (await readReceipt(db, store, noDisk, order.orderNumber))!
		expect(receipt.contentType).toBe('image/png')
		expect(await readAll(receipt.body)).toEqual(shot('on disk'))
		// A file this server does not hold is left as it was, for the server that does.
		expect((await orderRow(db, gone.orderNumber))!.receiptPath).toBe('receipts/0b9a5c1e-2f4d-4c8e-9a1b-7d6e5f4a3b2c.png')

		// Again: nothing more moved, nothing lost.
		expect(await moveDiskReceipts(db, store, disk)).toEqual({ moved: 0, missing: 1 })
		expect(await fileRows()).toHaveLength(1)
	})
})
