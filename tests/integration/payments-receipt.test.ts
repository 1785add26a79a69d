// Manual transfer: the receipt screenshot (decision 5; spec §2 payment details, §9 10 MB hint).
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../app/db/client.server'
import { attachReceipt } from '../../app/domain/payments/attach-receipt.server'
import { markOrderPaid } from '../../app/domain/payments/mark-order-paid.server'
import { localStorage } from '../../app/integrations/storage/local.server'
import { AppError } from '../../app/utils/app-error'
import { checkoutBody, orderRow, placeOrder, png } from '../setup/payments'
import { databaseKinds, resetData, testDatabase } from '../setup/test-db'

const storedFiles = (root: string) => {
	const dir = path.join(root, 'uploads', 'receipts')
	return fs.existsSync(dir) ? fs.readdirSync(dir) : []
}

describe.each(databaseKinds)('transfer receipts on %s', (kind) => {
	let database: Database
	let root: string
	beforeAll(async () => {
		database = await testDatabase(kind)
		// Start clean whatever the previous file left behind.
		await resetData(database)
	})
	afterEach(async () => {
		await resetData(database)
		fs.rmSync(root, { recursive: true, force: true })
	})
	afterAll(() => {
		fs.rmSync(root, { recursive: true, force: true })
	})
	const newStore = () => {
		root = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-receipts-'))
		return localStorage(root)
	}

	it('accepts a PNG: the order waits for staff and the file is kept under a name the server made', async () => {
		const { db } = database
		const store = newStore()
		const order = await placeOrder(db, checkoutBody(undefined, { paymentMethod: 'manual' }))
		const bytes = png()
		const updated = await attachReceipt(db, store, order, bytes)

		expect(updated).toMatchObject({ status: 'pending', paymentMethod: 'manual' })
		expect(updated.receiptPath).toMatch(/^receipts\/[0-9a-f-]{36}\.png$/)
		expect(updated.receiptSha256).toMatch(/^[0-9a-f]{64}$/)
		expect(updated.receiptUploadedAt).toBeInstanceOf(Date)
		expect(await orderRow(db, order.orderNumber)).toEqual(updated)
		expect(storedFiles(root)).toEqual([updated.receiptPath!.split('/')[1]])
		expect(new Uint8Array((await store.read(updated.receiptPath!))!)).toEqual(bytes)
	})

	it('refuses text bytes even when named like an image, and keeps nothing', async () => {
		const { db } = database
		const store = newStore()
		const order = await placeOrder(db, checkoutBody(undefined, { paymentMethod: 'manual' }))
		// What a file called receipt.png holding text sends: the name never reaches the check, the bytes do.
		const text = new TextEncoder().encode('<script>alert(1)</script> this is not a receipt.png')
		const error = await attachReceipt(db, store, order, text).catch((e: unknown) => e)
		expect(error).toBeInstanceOf(AppError)
		expect(error).toMatchObject({ code: 'BAD_REQUEST', message: 'The receipt must be an image (PNG, JPG, WebP or HEIC).' })
		expect(await orderRow(db, order.orderNumber)).toEqual(order)
		expect(storedFiles(root)).toEqual([])
	})

	it('refuses a receipt over 10 MB with the message the buyer sees', async () => {
		const { db } = database
		const store = newStore()
		const order = await placeOrder(db, checkoutBody(undefined, { paymentMethod: 'manual' }))
		const big = new Uint8Array(10 * 1024 * 1024 + 1)
		big.set(png())
		const error = await attachReceipt(db, store, order, big).catch((e: unknown) => e)
		expect(error).toBeInstanceOf(AppError)
		expect(error).toMatchObject({ code: 'TOO_LARGE', message: 'Your receipt is larger than 10 MB. Please upload a smaller screenshot.' })
		expect((error as AppError).status).toBe(413)
		expect(await orderRow(db, order.orderNumber)).toEqual(order)
		expect(storedFiles(root)).toEqual([])

		// Exactly 10 MB is still accepted.
		const limit = new Uint8Array(10 * 1024 * 1024)
		limit.set(png())
		expect((await attachReceipt(db, store, order, limit)).status).toBe('pending')
	})

	it('refuses a receipt for an order that is already paid', async () => {
		const { db } = database
		const store = newStore()
		const order = await placeOrder(db)
		await markOrderPaid(db, order.id)
		const error = await attachReceipt(db, store, (await orderRow(db, order.orderNumber))!, png()).catch((e: unknown) => e)
		expect(error).toMatchObject({ code: 'CONFLICT', message: `Order ${order.orderNumber} is not waiting for a payment receipt.` })
		expect((await orderRow(db, order.orderNumber))!.status).toBe('completed')
		expect(storedFiles(root)).toEqual([])
	})
})
