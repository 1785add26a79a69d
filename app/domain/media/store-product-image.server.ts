import crypto from 'node:crypto'
import { eq, inArray, sql } from 'drizzle-orm'
import { fileTypeFromBuffer } from 'file-type'
import sharp from 'sharp'
import { limitImageWork } from '../jobs/cpu-limits.server'
import type { Db, Tx } from '../../db/client.server'
import { media, products } from '../../db/schema'
import { AppError } from '../../utils/app-error'
import type { ProductImageSet } from '../catalogue/types'
import { recordAudit, type Actor } from '../staff/audit.server'
import { notifyStoreChanged } from '../store-changes.server'
import {
	PRODUCT_IMAGE_MAX_BYTES,
	PRODUCT_IMAGE_MIN_SIDE,
	PRODUCT_IMAGE_MISSING,
	PRODUCT_IMAGE_NOT_IMAGE,
	PRODUCT_IMAGE_TOO_LARGE,
	PRODUCT_IMAGE_TOO_MANY_PIXELS,
	PRODUCT_IMAGE_TOO_SMALL,
	PRODUCT_IMAGE_UNREADABLE,
	PRODUCT_IMAGE_WIDTHS,
} from './product-image-rules'
import { mainWidth, mediaUrl } from './media-files'
import { requireGrant } from '../staff/permissions'

// An uploaded product cover: checked by its bytes, turned upright, cropped square (the storefront's
// covers are 1:1, `.product-image` in app.css), stripped of its metadata (a phone photo's EXIF can
// carry where it was taken) and written as WebP and JPEG at each width the storefront asks for.

/** Formats a browser's file picker gives for a photo or a picture, read by libvips; an animated GIF or WebP keeps its first frame. */
const ACCEPTED = new Set(['image/jpeg', 'image/png', 'image/webp', 'image/avif', 'image/gif'])

/** A decompression bomb declares a huge canvas in a few bytes: nothing over this is decoded. */
const MAX_PIXELS = 64_000_000

/** The cover slot's own colour (--surface-2 in app.css): a transparent image sits on it in both formats. */
const COVER_BACKGROUND = '#1c242f'

/** Part of every key: a change to how covers are written gives new keys, so no cached file is ever stale. */
const PIPELINE_VERSION = 'cover-v2'

// How each file is encoded, chosen for the owner's wait as much as for the bytes: WebP at libwebp's
// effort 2 (4 took twice as long for files about the same size) and JPEG, the fallback for email
// programs and browsers without WebP, with libjpeg-turbo instead of mozjpeg (about a third larger,
// four to ten times quicker). The eight files of a cover take a third of the CPU time they took.
const WEBP: sharp.WebpOptions = { quality: 80, effort: 2 }
const JPEG: sharp.JpegOptions = { quality: 80 }

// Uploads are rare and large: libvips' operation cache would only hold their memory. Each operation
// uses one libvips thread: an image never takes every core from the pages (CPU_LIMITS.images bounds how many run).
sharp.cache(false)
sharp.concurrency(1)

export interface MediaFile {
	key: string
	contentType: 'image/webp' | 'image/jpeg' | 'image/png'
	bytes: Buffer
	width: number
	height: number
}

export interface PreparedProductImage {
	imageSet: ProductImageSet
	/** The files to store; empty when they are stored already (the same image uploaded before). */
	files: MediaFile[]
}

const unreadable = () => new AppError('BAD_REQUEST', PRODUCT_IMAGE_UNREADABLE)

const keyOf = (base: string, width: number, format: 'webp' | 'jpg') => mediaUrl(base, width, format).slice('/media/'.length)

/** The widths of the storefront's list that the image has; an image narrower than the smallest is kept at its own size. */
export function widthsFor(side: number): number[] {
	const widths = PRODUCT_IMAGE_WIDTHS.filter((w) => w <= side)
	return widths.length ? widths : [side]
}

/** The URL products.image points at: the main width's WebP, or the largest when the image is smaller. */
export const mainImageUrl = (set: ProductImageSet) => mediaUrl(set.base, mainWidth(set), 'webp')

/**
 * Checks an upload and converts it into the cover's files, without writing anything: the slow part,
 * kept outside any transaction. Bytes stored before (the same image again) are not converted twice.
 * One image is decoded and encoded at a time per server, a few wait, and beyond that the upload is
 * refused with a sentence (cpu-limits.server.ts): sharp works on Node's threadpool, which pages and files need too.
 */
export async function prepareProductImage(db: Db | Tx, bytes: Uint8Array): Promise<PreparedProductImage> {
	if (bytes.byteLength === 0) throw new AppError('BAD_REQUEST', PRODUCT_IMAGE_MISSING)
	if (bytes.byteLength > PRODUCT_IMAGE_MAX_BYTES) throw new AppError('TOO_LARGE', PRODUCT_IMAGE_TOO_LARGE)
	// By the bytes, never the name or the type the browser claims: an SVG or a page is text, which this never takes for an image.
	const type = await fileTypeFromBuffer(bytes)
	if (!type || !ACCEPTED.has(type.mime)) throw new AppError('BAD_REQUEST', PRODUCT_IMAGE_NOT_IMAGE)
	return limitImageWork(() => convertProductImage(db, bytes))
}

async function convertProductImage(db: Db | Tx, bytes: Uint8Array): Promise<PreparedProductImage> {

	const input = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength)
	const options: sharp.SharpOptions = { limitInputPixels: MAX_PIXELS, failOn: 'error', animated: false }
	let metadata: sharp.Metadata
	try {
		// Only the header is read here, so the size is checked by this code before any pixel is decoded.
		metadata = await sharp(input, { ...options, limitInputPixels: false }).metadata()
	} catch {
		throw unreadable()
	}
	if (!metadata.width || !metadata.height) throw unreadable()
	if (metadata.width * metadata.height > MAX_PIXELS) throw new AppError('BAD_REQUEST', PRODUCT_IMAGE_TOO_MANY_PIXELS)
	const { width, height } = metadata.autoOrient
	if (Math.min(width, height) < PRODUCT_IMAGE_MIN_SIDE) throw new AppError('BAD_REQUEST', PRODUCT_IMAGE_TOO_SMALL)

	const base = crypto.createHash('sha256').update(PIPELINE_VERSION).update(input).digest('hex').slice(0, 24)
	const widths = widthsFor(Math.min(width, height))
	const largest = widths.at(-1)!
	const imageSet: ProductImageSet = { base, widths, width: largest, height: largest }

	const keys = widths.flatMap((w) => [keyOf(base, w, 'webp'), keyOf(base, w, 'jpg')])
	const stored = await db.select({ key: media.key }).from(media).where(inArray(media.key, keys))
	if (stored.length === keys.length) return { imageSet, files: [] }

	try {
		// Decoded once: upright, cropped to the middle square at the largest width, on the cover's colour, in sRGB.
		const square = await sharp(input, options)
			.autoOrient()
			.resize(largest, largest, { fit: 'cover', position: 'centre' })
			.flatten({ background: COVER_BACKGROUND })
			.toColourspace('srgb')
			.raw()
			.toBuffer({ resolveWithObject: true })
		const raw = { raw: { width: square.info.width, height: square.info.height, channels: square.info.channels } }
		// A width at a time, its WebP and JPEG together: two of libuv's four threads, never all of them.
		const files: MediaFile[] = []
		for (const w of widths) {
			const sized = () => sharp(square.data, raw).resize(w, w)
			// No withMetadata(): sharp writes none of the original's EXIF, GPS, XMP or ICC profile.
			const [webp, jpeg] = await Promise.all([sized().webp(WEBP).toBuffer(), sized().jpeg(JPEG).toBuffer()])
			files.push(
				{ key: keyOf(base, w, 'webp'), contentType: 'image/webp', bytes: webp, width: w, height: w },
				{ key: keyOf(base, w, 'jpg'), contentType: 'image/jpeg', bytes: jpeg, width: w, height: w },
			)
		}
		return { imageSet, files }
	} catch (error) {
		if (error instanceof AppError) throw error
		// A truncated or corrupt file fails here, once its pixels are read.
		throw unreadable()
	}
}

/** Writes a prepared cover's files in the caller's transaction; files already there (same content, same key) are left as they are. */
export async function saveMediaFiles(tx: Db | Tx, files: MediaFile[]) {
	if (files.length === 0) return
	await tx
		.insert(media)
		.values(files.map(({ key, contentType, bytes, width, height }) => ({ key, contentType, bytes, width, height })))
		.onConflictDoNothing({ target: media.key })
}

/** Checks and converts an uploaded cover and stores its files in one transaction; the same image again stores nothing new. */
export async function storeProductImage(db: Db, bytes: Uint8Array): Promise<ProductImageSet> {
	const prepared = await prepareProductImage(db, bytes)
	await db.transaction((tx) => saveMediaFiles(tx, prepared.files))
	return prepared.imageSet
}

/**
 * A product's new cover from the console: stored, the product pointed at it (image and imageSet),
 * audited before and after, and every instance told to drop its cached pages, in one transaction.
 */
export async function setProductImage(db: Db, actor: Actor, productId: number, bytes: Uint8Array): Promise<{ image: string; imageSet: ProductImageSet }> {
	requireGrant(actor, 'catalogue')
	// A missing product is said before a large image is converted for nothing.
	const [exists] = await db.select({ id: products.id }).from(products).where(eq(products.id, productId)).limit(1)
	if (!exists) throw new AppError('NOT_FOUND', 'Product not found')
	const { imageSet, files } = await prepareProductImage(db, bytes)
	const image = mainImageUrl(imageSet)
	return db.transaction(async (tx) => {
		const [before] = await tx.select({ image: products.image, imageSet: products.imageSet }).from(products).where(eq(products.id, productId)).for('update')
		if (!before) throw new AppError('NOT_FOUND', 'Product not found')
		await saveMediaFiles(tx, files)
		await tx.update(products).set({ image, imageSet, updatedAt: sql`now()` }).where(eq(products.id, productId))
		await recordAudit(tx, actor, {
			action: 'product.image',
			target: `product ${productId}`,
			before: { image: before.image, imageSet: before.imageSet ?? null },
			after: { image, imageSet },
		})
		await notifyStoreChanged(tx, 'catalogue')
		return { image, imageSet }
	})
}
