// Product covers uploaded in the console: checked by their bytes, converted with sharp into the sizes
// the storefront serves, stored in the database, served from /media/{key} for good, and shown on the
// product's page as a <picture> with WebP and JPEG.
import zlib from 'node:zlib'
import { eq, sql } from 'drizzle-orm'
import sharp from 'sharp'
import { afterEach, beforeAll, describe, expect, it } from 'vitest'
import { auditLog, media, products } from '../../app/db/schema'
import { getProduct } from '../../app/domain/catalogue/list-products.server'
import { toCartItem } from '../../app/domain/cart/to-cart-item'
import {
	PRODUCT_IMAGE_NOT_IMAGE,
	PRODUCT_IMAGE_TOO_LARGE,
	PRODUCT_IMAGE_TOO_MANY_PIXELS,
	PRODUCT_IMAGE_TOO_SMALL,
	PRODUCT_IMAGE_UNREADABLE,
} from '../../app/domain/media/product-image-rules'
import { setProductImage, storeProductImage } from '../../app/domain/media/store-product-image.server'
import type { Actor } from '../../app/domain/staff/audit.server'
import { createStaff } from '../../app/domain/staff/manage-staff.server'
import { signIn } from '../../app/domain/staff/sign-in.server'
import { AppError } from '../../app/utils/app-error'
import type { RunningShop } from '../../server/start'
import { databaseKinds, useTestDatabase } from '../setup/test-db'
import { useTestShop } from '../setup/test-shop'

const owner: Actor = { staffId: null, label: 'owner@example.pk' }

/** A phone photo: two colours side by side, with the camera's EXIF (who took it, and where). */
async function photo(width: number, height: number, { orientation }: { orientation?: number } = {}) {
	const left = await sharp({ create: { width: Math.floor(width / 2), height, channels: 3, background: '#d01c1c' } }).png().toBuffer()
	return sharp({ create: { width, height, channels: 3, background: '#1c3fd0' } })
		.composite([{ input: left, left: 0, top: 0 }])
		.jpeg({ quality: 90 })
		.withExif({ IFD0: { Artist: 'Ayesha Khan', Copyright: 'Taken at home in Lahore' } })
		.withMetadata(orientation ? { orientation } : {})
		.toBuffer()
}

const transparentPng = (width: number, height: number) =>
	sharp({ create: { width, height, channels: 4, background: { r: 0, g: 200, b: 0, alpha: 0.5 } } }).png().toBuffer()

function crc32(bytes: Buffer) {
	let crc = 0xffffffff
	for (const byte of bytes) {
		crc ^= byte
		for (let k = 0; k < 8; k++) crc = crc & 1 ? 0xedb88320 ^ (crc >>> 1) : crc >>> 1
	}
	return (crc ^ 0xffffffff) >>> 0
}

function pngChunk(type: string, data: Buffer) {
	const length = Buffer.alloc(4)
	length.writeUInt32BE(data.length)
	const typed = Buffer.concat([Buffer.from(type, 'ascii'), data])
	const crc = Buffer.alloc(4)
	crc.writeUInt32BE(crc32(typed))
	return Buffer.concat([length, typed, crc])
}

/** A decompression bomb: a header that declares 60,000 × 60,000 pixels (3.6 gigapixels) in under a kilobyte. */
function pngBomb() {
	const header = Buffer.alloc(13)
	header.writeUInt32BE(60_000, 0)
	header.writeUInt32BE(60_000, 4)
	header[8] = 8 // bit depth
	header[9] = 0 // greyscale
	const signature = Buffer.from([137, 80, 78, 71, 13, 10, 26, 10])
	return Buffer.concat([signature, pngChunk('IHDR', header), pngChunk('IDAT', zlib.deflateSync(Buffer.alloc(60_001 * 4))), pngChunk('IEND', Buffer.alloc(0))])
}

const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800"><script>alert(1)</script><rect width="800" height="800"/></svg>')
const HTML = Buffer.from('<!doctype html><html><body><img src=x onerror=alert(1)></body></html>')

async function refusal(promise: Promise<unknown>): Promise<{ status: number; message: string }> {
	const error = await promise.then(
		() => null,
		(e: unknown) => e,
	)
	expect(error).toBeInstanceOf(AppError)
	return { status: (error as AppError).status, message: (error as AppError).message }
}

const keyOf = (url: string) => url.replace(/^\/media\//, '')

describe.each(databaseKinds)('product images on %s', (kind) => {
	// The worker's seeded database, emptied before the first test and after each.
	const database = useTestDatabase(kind)

	const stored = async () => database.db.select({ key: media.key, contentType: media.contentType, bytes: media.bytes, width: media.width, height: media.height }).from(media).orderBy(media.key)

	it('stores a 1600 × 1200 photo as square WebP and JPEG at 320, 480, 640 and 960 px, without its EXIF', async () => {
		const upload = await photo(1600, 1200)
		expect(upload.includes('Ayesha')).toBe(true)
		const set = await storeProductImage(database.db, upload)
		expect(set).toMatchObject({ widths: [320, 480, 640, 960], width: 960, height: 960 })
		expect(set.base).toMatch(/^[0-9a-f]{24}$/)

		const files = await stored()
		expect(files.map((f) => f.key).sort()).toEqual([320, 480, 640, 960].flatMap((w) => [`${set.base}-${w}.jpg`, `${set.base}-${w}.webp`]).sort())
		for (const file of files) {
			const meta = await sharp(file.bytes).metadata()
			const [, width, format] = /-(\d+)\.(webp|jpg)$/.exec(file.key)!
			expect({ format: meta.format, width: meta.width, height: meta.height }).toEqual({ format: format === 'jpg' ? 'jpeg' : 'webp', width: Number(width), height: Number(width) })
			expect([file.width, file.height]).toEqual([Number(width), Number(width)])
			expect(file.contentType).toBe(format === 'jpg' ? 'image/jpeg' : 'image/webp')
			// Nothing of the camera's metadata is left: no EXIF block, no name, no place.
			expect(meta.exif).toBeUndefined()
			expect(meta.orientation).toBeUndefined()
			expect(file.bytes.includes('Ayesha')).toBe(false)
			expect(file.bytes.includes('Lahore')).toBe(false)
		}
		// Smaller sizes are smaller files: a phone's card never fetches the 960 one.
		const webp = (w: number) => files.find((f) => f.key === `${set.base}-${w}.webp`)!.bytes.byteLength
		expect(webp(320)).toBeLessThan(webp(960))
	})

	it('turns a sideways phone photo upright and crops the middle square', async () => {
		// Stored sideways (EXIF orientation 6: shown turned a quarter clockwise): its red left half is shown on top.
		const sideways = await photo(1200, 800, { orientation: 6 })
		expect(await sharp(sideways).metadata()).toMatchObject({ width: 1200, height: 800, orientation: 6 })
		const set = await storeProductImage(database.db, sideways)
		expect(set).toMatchObject({ widths: [320, 480, 640], width: 640, height: 640 })
		const [file] = await database.db.select().from(media).where(eq(media.key, `${set.base}-640.jpg`))
		const { data, info } = await sharp(file!.bytes).raw().toBuffer({ resolveWithObject: true })
		const pixel = (x: number, y: number) => [...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3)]
		const [topR, , topB] = pixel(320, 40)
		const [bottomR, , bottomB] = pixel(320, 600)
		expect(topR).toBeGreaterThan(150)
		expect(topB).toBeLessThan(100)
		expect(bottomB).toBeGreaterThan(150)
		expect(bottomR).toBeLessThan(100)
	})

	it('keeps only the widths the image has, and lays a transparent PNG on the cover colour', async () => {
		const set = await storeProductImage(database.db, await transparentPng(500, 420))
		expect(set).toMatchObject({ widths: [320], width: 320, height: 320 })
		const files = await stored()
		expect(files.map((f) => f.key).sort()).toEqual([`${set.base}-320.jpg`, `${set.base}-320.webp`])
		for (const file of files) expect((await sharp(file.bytes).metadata()).hasAlpha).toBe(false)
		// Just over the minimum but under the smallest width: kept at its own size, never enlarged.
		const small = await storeProductImage(database.db, await photo(310, 400))
		expect(small).toMatchObject({ widths: [310], width: 310, height: 310 })
	})

	it('takes WebP, AVIF and a GIF (its first frame) as well as JPEG and PNG', async () => {
		const base = () => sharp({ create: { width: 400, height: 400, channels: 3, background: '#ff6a00' } })
		for (const bytes of [await base().webp().toBuffer(), await base().avif().toBuffer(), await base().gif().toBuffer()]) {
			expect(await storeProductImage(database.db, bytes)).toMatchObject({ widths: [320], width: 320, height: 320 })
		}
		expect(await stored()).toHaveLength(6)
	})

	it('stores the same image twice under the same keys, and writes nothing the second time', async () => {
		const bytes = await photo(1000, 1000)
		const first = await storeProductImage(database.db, bytes)
		const before = await stored()
		const second = await storeProductImage(database.db, bytes)
		expect(second).toEqual(first)
		const after = await stored()
		expect(after.map((f) => f.key)).toEqual(before.map((f) => f.key))
		expect(after.map((f) => f.bytes.byteLength)).toEqual(before.map((f) => f.bytes.byteLength))
	})

	it('refuses what is not a usable image with a sentence, and stores nothing', async () => {
		const jpeg = await photo(1200, 900)
		const cases: [string, Uint8Array, number, string][] = [
			['an SVG', SVG, 400, PRODUCT_IMAGE_NOT_IMAGE],
			['a web page', HTML, 400, PRODUCT_IMAGE_NOT_IMAGE],
			['a PDF', Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF'), 400, PRODUCT_IMAGE_NOT_IMAGE],
			['a photo cut off halfway', jpeg.subarray(0, Math.floor(jpeg.byteLength / 2)), 400, PRODUCT_IMAGE_UNREADABLE],
			['a 1 × 1 image', await sharp({ create: { width: 1, height: 1, channels: 3, background: '#fff' } }).png().toBuffer(), 400, PRODUCT_IMAGE_TOO_SMALL],
			['a banner 1200 × 200', await transparentPng(1200, 200), 400, PRODUCT_IMAGE_TOO_SMALL],
			['a PNG that declares 3.6 gigapixels', pngBomb(), 400, PRODUCT_IMAGE_TOO_MANY_PIXELS],
			['a file over 8 MB', Buffer.concat([jpeg, Buffer.alloc(8 * 1024 * 1024)]), 413, PRODUCT_IMAGE_TOO_LARGE],
		]
		for (const [name, bytes, status, message] of cases) {
			expect({ name, ...(await refusal(storeProductImage(database.db, bytes))) }).toEqual({ name, status, message })
		}
		expect(await stored()).toEqual([])
	})

	it("sets a product's cover: image and imageSet change, the storefront and the cart carry them, and the audit log has before and after", async () => {
		const [product] = await database.db.select().from(products).orderBy(products.id).limit(1)
		const result = await setProductImage(database.db, owner, product!.id, await photo(1400, 1000))
		expect(result.image).toBe(`/media/${result.imageSet.base}-640.webp`)
		expect(result.imageSet.widths).toEqual([320, 480, 640, 960])

		const shown = (await getProduct(database.db, product!.id))!
		expect(shown.image).toBe(result.image)
		expect(shown.imageSet).toEqual(result.imageSet)
		const line = toCartItem(shown, {})
		if (line) expect(line.imageSet).toEqual(result.imageSet)

		const [audit] = await database.db.select().from(auditLog).where(eq(auditLog.target, `product ${product!.id}`)).orderBy(auditLog.id)
		expect(audit).toMatchObject({
			action: 'product.image',
			actor: 'owner@example.pk',
			before: { image: product!.image, imageSet: null },
			after: { image: result.image, imageSet: result.imageSet },
		})
		// The file products.image names is stored.
		const [main] = await database.db.select({ contentType: media.contentType }).from(media).where(eq(media.key, keyOf(result.image)))
		expect(main?.contentType).toBe('image/webp')
	})

	it('refuses a cover for a product that does not exist, and changes nothing', async () => {
		expect(await refusal(setProductImage(database.db, owner, 999_999, await photo(800, 800)))).toEqual({ status: 404, message: 'Product not found' })
		expect(await stored()).toEqual([])
		expect(await database.db.select().from(auditLog)).toEqual([])
	})
})

describe.each(databaseKinds)('product images over HTTP on %s', (kind) => {
	let shop: RunningShop
	let cookie: string
	let helperCookie: string
	let productId: number

	async function session(email: string, role: 'owner' | 'staff') {
		const staff = await createStaff(shop.database.db, { email, name: email.split('@')[0]!, role, password: 'correct-horse-battery' })
		const signedIn = await signIn(shop.database.db, { email: staff.email, password: 'correct-horse-battery' }, { ip: '127.0.0.1' }, { idleMinutes: 60, absoluteHours: 12 })
		if (signedIn.kind !== 'signed-in') throw new Error('expected a session')
		return `staff_session=${signedIn.sessionId}`
	}

	const testShop = useTestShop(kind, 'media', { JOBS_WORKER: 'false' })

	beforeAll(async () => {
		shop = testShop.shop
		cookie = await session('owner@example.pk', 'owner')
		// A staff member the owner has not let manage the catalogue.
		helperCookie = await session('helper@example.pk', 'staff')
		const [product] = await shop.database.db.select({ id: products.id }).from(products).where(eq(products.visible, true)).orderBy(products.id).limit(1)
		productId = product!.id
	}, 120_000)
	afterEach(async () => {
		await shop.database.db.execute(sql`truncate media, audit_log`)
	})

	function upload(bytes: Uint8Array, { accept = 'application/json', as = cookie, id = productId }: { accept?: string; as?: string; id?: number | string } = {}) {
		const form = new FormData()
		form.append('image', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'cover.jpg')
		return fetch(`${shop.url}/api/admin/products/${id}/image`, { method: 'POST', redirect: 'manual', headers: { cookie: as, origin: shop.url, accept }, body: form })
	}

	it('uploads a cover, serves each file for good, and shows the product page as a <picture> with both formats', async () => {
		const res = await upload(await photo(1600, 1200))
		expect(res.status).toBe(200)
		const { image, imageSet } = (await res.json()) as { image: string; imageSet: { base: string; widths: number[]; width: number; height: number } }
		expect(image).toBe(`/media/${imageSet.base}-640.webp`)
		expect(imageSet).toMatchObject({ widths: [320, 480, 640, 960], width: 960, height: 960 })

		const file = await fetch(`${shop.url}/media/${imageSet.base}-480.jpg`)
		expect(file.status).toBe(200)
		expect(file.headers.get('content-type')).toBe('image/jpeg')
		expect(file.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
		const etag = file.headers.get('etag')
		expect(etag).toBe(`"${imageSet.base}-480.jpg"`)
		const bytes = Buffer.from(await file.arrayBuffer())
		expect(await sharp(bytes).metadata()).toMatchObject({ format: 'jpeg', width: 480, height: 480 })
		expect(Number(file.headers.get('content-length'))).toBe(bytes.byteLength)

		const webp = await fetch(shop.url + image)
		expect(webp.headers.get('content-type')).toBe('image/webp')
		expect((await sharp(Buffer.from(await webp.arrayBuffer())).metadata()).width).toBe(640)

		const head = await fetch(`${shop.url}/media/${imageSet.base}-480.jpg`, { method: 'HEAD' })
		expect(head.status).toBe(200)
		expect(head.headers.get('content-type')).toBe('image/jpeg')
		expect((await head.arrayBuffer()).byteLength).toBe(0)
		const again = await fetch(`${shop.url}/media/${imageSet.base}-480.jpg`, { headers: { 'if-none-match': etag! } })
		expect(again.status).toBe(304)

		const page = await (await fetch(`${shop.url}/product/${productId}`)).text()
		const picture = /<picture>[\s\S]*?<\/picture>/.exec(page)?.[0] ?? ''
		expect(picture).toContain(`<source type="image/webp" srcSet="/media/${imageSet.base}-320.webp 320w, /media/${imageSet.base}-480.webp 480w, /media/${imageSet.base}-640.webp 640w, /media/${imageSet.base}-960.webp 960w"`)
		expect(picture).toContain(`srcSet="/media/${imageSet.base}-320.jpg 320w`)
		expect(picture).toMatch(/width="960" height="960"/)
		expect(picture).toMatch(/loading="eager"/)
		expect(picture).toMatch(/fetchPriority="high"/)
		// Link previews get the JPEG.
		expect(page).toContain(`/media/${imageSet.base}-640.jpg"`)
	})

	it('sends a form posted without scripts back to the product in the console', async () => {
		const saved = await upload(await photo(900, 900), { accept: 'text/html,application/xhtml+xml' })
		expect(saved.status).toBe(303)
		expect(saved.headers.get('location')).toBe(`/admin/products/${productId}?image=saved`)
		const refused = await upload(SVG, { accept: 'text/html,application/xhtml+xml' })
		expect(refused.status).toBe(303)
		expect(new URL(refused.headers.get('location')!, shop.url).searchParams.get('imageError')).toBe(PRODUCT_IMAGE_NOT_IMAGE)
	})

	it('answers refused uploads with a sentence and a 4xx, never a 500', async () => {
		const cases: [string, Promise<Response>, number, RegExp | string][] = [
			['an SVG', upload(SVG), 400, PRODUCT_IMAGE_NOT_IMAGE],
			['a 1 × 1 image', upload(await sharp({ create: { width: 1, height: 1, channels: 3, background: '#000' } }).jpeg().toBuffer()), 400, PRODUCT_IMAGE_TOO_SMALL],
			['a PNG bomb', upload(pngBomb()), 400, PRODUCT_IMAGE_TOO_MANY_PIXELS],
			['a file over 8 MB', upload(Buffer.alloc(9 * 1024 * 1024, 1)), 413, PRODUCT_IMAGE_TOO_LARGE],
			['no one signed in', upload(await photo(800, 800), { as: '' }), 401, /sign in/i],
			['staff who may not manage the catalogue', upload(await photo(800, 800), { as: helperCookie }), 403, /manage the catalogue/],
			['a product that does not exist', upload(await photo(800, 800), { id: 999_999 }), 404, 'Product not found'],
			['an id past the integer range', upload(await photo(800, 800), { id: '2147483648' }), 400, 'Product not found'],
		]
		for (const [name, pending, status, says] of cases) {
			const res = await pending
			const body = (await res.json()) as { error: string }
			expect({ name, status: res.status }).toEqual({ name, status })
			if (typeof says === 'string') expect(body.error).toBe(says)
			else expect(body.error).toMatch(says)
		}
		expect(await shop.database.db.select({ key: media.key }).from(media)).toEqual([])
	})

	it('answers 404 for a key it does not have and 400 for one that cannot be a key', async () => {
		const missing = await fetch(`${shop.url}/media/${'a'.repeat(24)}-640.webp`)
		expect(missing.status).toBe(404)
		expect(await missing.text()).toMatch(/no image/)
		for (const bad of ['..%2F..%2Fetc%2Fpasswd', 'abc.webp', `${'a'.repeat(24)}-640.svg`, `${'A'.repeat(24)}-640.webp`, `${'a'.repeat(24)}-640.webp.html`]) {
			const res = await fetch(`${shop.url}/media/${bad}`)
			expect({ bad, status: res.status }).toEqual({ bad, status: 400 })
			expect(await res.text()).toMatch(/not the address of an image/)
		}
		const post = await fetch(`${shop.url}/media/${'a'.repeat(24)}-640.webp`, { method: 'POST', headers: { origin: shop.url } })
		expect(post.status).toBe(405)
	})
})
