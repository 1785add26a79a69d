import { and, eq, inArray, ne } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client.server'
import { files, orders } from '../../db/schema'
import { words } from '../../i18n/words'
import { AppError } from '../../utils/app-error'
import { filesOf, storedBytes, type FileStore, type StoredFile } from '../files/file-store.server'
import type { Order } from '../orders/order'
import { paymentMoveOpen } from '../orders/order-state'
import { transitionIfAllowed } from '../orders/order-store/transition.server'
import { readStoreDetails } from '../settings/store-details.server'
import { spendAllowance } from '../rate-limit.server'
import { logger } from '../../utils/logger.server'
import { env, type Env } from '../../utils/env.server'

import {
	RECEIPT_DAILY_LIMIT,
	RECEIPT_FAILED,
	RECEIPT_HISTORY,
	RECEIPT_MAX_BYTES,
	RECEIPT_MISSING,
	RECEIPT_NOT_IMAGE,
	RECEIPT_STORE_FULL,
	RECEIPT_TOO_LARGE,
} from './receipt-rules'
import { RECEIPT_SNIFF_BYTES, receiptType } from './receipt-type'
import { readTransferFacts, TID_USED, type TransferFacts } from './transfer-tid'
import { isUniqueViolation } from '../../db/unique-violation'

/** What strangers may store, from the settings (UPLOADS_QUOTA_MB, UPLOADS_PER_ADDRESS_MB_PER_DAY). */
export interface UploadLimits {
	/** Receipt bytes one network address may send in a day. */
	perAddressBytesPerDay: number
	/** Bytes of every uploaded file together. */
	totalBytes: number
}

const DAY_SECONDS = 24 * 3600
const MB = 1024 * 1024

/** The limits as the settings give them. */
export const uploadLimits = (settings: Pick<Env, 'UPLOADS_QUOTA_MB' | 'UPLOADS_PER_ADDRESS_MB_PER_DAY'> = env()): UploadLimits => ({
	perAddressBytesPerDay: Math.floor(settings.UPLOADS_PER_ADDRESS_MB_PER_DAY * MB),
	totalBytes: Math.floor(settings.UPLOADS_QUOTA_MB * MB),
})

/** How the order points at a receipt in the file store. */
export const receiptKey = (fileId: string) => `file:${fileId}`
/** Whose receipts are an order's. */
export const receiptOwner = (orderId: number) => `order:${orderId}`

const tidUsed = () => new AppError('CONFLICT', TID_USED, { transactionId: TID_USED })

/** The buyer's TID and payer for a new upload, normalised; a missing or malformed one is a 400 with its field's sentence. */
export function checkedTransferFacts(input: { transactionId?: unknown; payerAccount?: unknown }): TransferFacts {
	const read = readTransferFacts(input.transactionId, input.payerAccount)
	if (!read.ok) throw new AppError('BAD_REQUEST', read.key, { [read.field]: read.key })
	return read.facts
}
const allowanceKey = (uploader: string) => `receipt-bytes:${uploader}`

const notWaiting = (order: Pick<Order, 'orderNumber'>) => new AppError('CONFLICT', words('errors.receiptNotWaiting', { order: order.orderNumber }))

function storeFull(totalBytes: number): AppError {
	// The owner must hear of it: buyers cannot send receipts until files are removed or the quota raised.
	logger.warn({ quotaBytes: totalBytes }, 'uploads: the total quota (UPLOADS_QUOTA_MB) is reached; receipt uploads are refused')
	return new AppError('UNAVAILABLE', RECEIPT_STORE_FULL)
}

/**
 * The receipt's bytes as they arrive, checked on the way: its first bytes must be an accepted image
 * (never its name or claimed type), read before anything is stored, and it is refused the moment it
 * passes the size limit, what the address may still send today or the room left in the store.
 * Nothing is held but the piece in hand.
 */
async function checkedReceipt(source: AsyncIterable<Uint8Array> | Uint8Array, room: { address: number; store: number; totalBytes: number }) {
	const iterable: AsyncIterable<Uint8Array> = source instanceof Uint8Array ? (async function* () { yield source })() : source
	const pieces = iterable[Symbol.asyncIterator]()
	let size = 0
	const next = async (): Promise<Uint8Array | null> => {
		for (;;) {
			const { done, value } = await pieces.next()
			if (done) return null
			if (value.byteLength === 0) continue
			size += value.byteLength
			if (size > RECEIPT_MAX_BYTES) throw new AppError('TOO_LARGE', RECEIPT_TOO_LARGE)
			if (size > room.address) throw new AppError('RATE_LIMITED', RECEIPT_DAILY_LIMIT)
			if (size > room.store) throw storeFull(room.totalBytes)
			return value
		}
	}
	const head: Uint8Array[] = []
	while (size < RECEIPT_SNIFF_BYTES) {
		const piece = await next()
		if (!piece) break
		head.push(piece)
	}
	if (size === 0) throw new AppError('BAD_REQUEST', RECEIPT_MISSING)
	const type = receiptType(Buffer.concat(head))
	if (!type) throw new AppError('BAD_REQUEST', RECEIPT_NOT_IMAGE)
	async function* bytes() {
		yield* head
		head.length = 0
		for (let piece = await next(); piece; piece = await next()) yield piece
	}
	return { mime: type.mime, bytes: bytes() }
}

/**
 * An image a buyer uploads (a receipt, a claim's screenshot), streamed into the file store with the
 * receipt's checks: an accepted image by its first bytes, at most RECEIPT_MAX_BYTES, within what the
 * address may send today and the room left in the store. The file is stored complete and owned by
 * `owner`; the caller removes it if what it was for does not happen.
 */
export async function storeUploadedImage(
	db: Db,
	store: FileStore,
	source: AsyncIterable<Uint8Array> | Uint8Array,
	{ kind, owner, uploader, limits }: { kind: string; owner: string; uploader: string; limits: UploadLimits },
): Promise<StoredFile> {
	const sentToday = await spendAllowance(db, allowanceKey(uploader), 0, DAY_SECONDS)
	if (sentToday >= limits.perAddressBytesPerDay) throw new AppError('RATE_LIMITED', RECEIPT_DAILY_LIMIT)
	const kept = await storedBytes(db)
	if (kept >= limits.totalBytes) throw storeFull(limits.totalBytes)

	const room = { address: limits.perAddressBytesPerDay - sentToday, store: limits.totalBytes - kept, totalBytes: limits.totalBytes }
	const image = await checkedReceipt(source, room)
	const file = await store.put(image.bytes, { kind, owner, contentType: image.mime, uploader })
	const remove = () => removeQuietly(store, file.id)

	// Uploads at once (one address on many orders, many addresses at once) were each checked against
	// what was there before them: counted now, the one that went over is not kept.
	if ((await spendAllowance(db, allowanceKey(uploader), file.byteSize, DAY_SECONDS)) > limits.perAddressBytesPerDay) {
		await remove()
		throw new AppError('RATE_LIMITED', RECEIPT_DAILY_LIMIT)
	}
	if ((await storedBytes(db)) > limits.totalBytes) {
		await remove()
		throw storeFull(limits.totalBytes)
	}
	return file
}

/**
 * A transfer receipt for an order waiting for payment (or whose transfer staff rejected), streamed into the file store as it arrives;
 * the order then waits for staff. A new receipt becomes the current one; the order keeps it and the
 * ones it replaced up to RECEIPT_HISTORY files, and older ones are removed. What one address may
 * send in a day and what the store holds in total are bounded (UploadLimits), each with its sentence.
 */
export async function attachReceipt(
	db: Db,
	store: FileStore,
	order: Order,
	source: AsyncIterable<Uint8Array> | Uint8Array,
	{ uploader, limits, transfer }: { uploader: string; limits: UploadLimits; transfer: { transactionId?: unknown; payerAccount?: unknown } },
): Promise<Order> {
	// Said before a byte is stored.
	if (!paymentMoveOpen('uploadReceipt', order.paymentStatus, order.paymentMethod)) throw notWaiting(order)
	const facts = checkedTransferFacts(transfer)
	// Said early when another order already has the TID; the unique index decides between uploads at once.
	const [taken] = await db
		.select({ id: orders.id })
		.from(orders)
		.where(and(eq(orders.transferTid, facts.transactionId), ne(orders.id, order.id)))
		.limit(1)
	if (taken) throw tidUsed()
	const file = await storeUploadedImage(db, store, source, { kind: 'receipt', owner: receiptOwner(order.id), uploader, limits })
	const remove = () => removeQuietly(store, file.id)

	const { storeName } = await readStoreDetails(db)
	let committed: { row: Order; replaced: string[] }
	try {
		committed = await db.transaction(async (tx) => {
			// Locked, so of uploads at once each sees what the others left, and trims the history alone.
			await tx.select({ id: orders.id }).from(orders).where(eq(orders.id, order.id)).for('update')
			// Another upload's trim may have let go of this file while it was arriving (it was the oldest): not kept then.
			const [mine] = await tx.select({ id: files.id }).from(files).where(and(eq(files.id, file.id), eq(files.owner, receiptOwner(order.id))))
			if (!mine) throw new AppError('UNAVAILABLE', RECEIPT_FAILED)
			// The move tells the open page and the staff who check transfers. A rejection before it is history
			// (its event and audit entry keep the reason): the new receipt waits for staff afresh.
			const updated = await transitionIfAllowed(
				tx,
				{ id: order.id },
				'uploadReceipt',
				{
					receiptPath: receiptKey(file.id),
					receiptSha256: file.sha256,
					receiptUploadedAt: new Date(),
					paymentMethod: 'manual',
					rejectionReason: null,
					transferTid: facts.transactionId,
					transferPayer: facts.payerAccount,
				},
				{ by: 'buyer', storeName },
			)
			if (!updated) throw notWaiting(order)
			return { row: { ...updated, productDetails: order.productDetails }, replaced: await letGoOfOldReceipts(tx, order.id, file.id) }
		})
	} catch (error) {
		await remove()
		if (isUniqueViolation(error, 'orders_transfer_tid_key')) throw tidUsed()
		throw error
	}
	// Removed once the order no longer points at them; one left behind (a crash here) is swept as ownerless.
	if (committed.replaced.length) await store.delete(committed.replaced).catch((error: unknown) => logger.warn({ err: error }, 'could not remove old receipts'))
	return committed.row
}

/**
 * Of an order's files, the newest RECEIPT_HISTORY are kept, the current one always among them; the
 * older ones lose their owner here, under the order's lock, and are removed by the caller after.
 */
async function letGoOfOldReceipts(tx: Tx, orderId: number, current: string): Promise<string[]> {
	const earlier = (await filesOf(tx, receiptOwner(orderId))).filter((f) => f.id !== current)
	const extra = earlier.slice(RECEIPT_HISTORY - 1).map((f) => f.id)
	if (extra.length) await tx.update(files).set({ owner: null }).where(inArray(files.id, extra))
	return extra
}

// A file left behind is counted against the quota until the history cap or the expiry sweep removes it.
export async function removeQuietly(store: FileStore, id: string) {
	await store.delete(id).catch((error: unknown) => logger.warn({ err: error, id }, 'could not remove a receipt file'))
}
