// The installed app's name, short name and icon as the owner sets them on /admin/store, over HTTP
// against the real server (ADR-034, ADR-046): the manifest and the apple-touch-icon follow them, an
// uploaded square picture becomes the three PNGs the manifest names, a wrong one is refused with a
// sentence, each change is audited, and the dashboard's checklist names the built-in icon until then.
import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../app/db/client.server'
import { auditLog } from '../../app/db/schema'
import type { RunningShop } from '../../server/start'
import { databaseKinds } from '../setup/test-db'
import { signInOverHttp, useTestShop } from '../setup/test-shop'

const OWNER = { email: 'owner@example.pk', password: 'app-icon-owner-password' }

/** A picture of `width` × `height`: red on the left half, blue on the right. */
const picture = (width: number, height: number, format: 'png' | 'jpeg' | 'webp' = 'png') =>
	sharp({ create: { width, height, channels: 3, background: '#ff0000' } })
		.composite([{ input: { create: { width: Math.floor(width / 2), height, channels: 3, background: '#0000ff' } }, left: width - Math.floor(width / 2), top: 0 }])
		// Lossless, so the colours read back exactly.
		.toFormat(format, format === 'webp' ? { lossless: true } : {})
		.toBuffer()

describe.each(databaseKinds)('the app’s name and icon on %s', (kind) => {
	let shop: RunningShop
	let db: Db
	let owner: string

	const testShop = useTestShop(kind, 'app_icon', { TRUST_PROXY: 'true', JOBS_WORKER: 'false', ADMIN_EMAIL: OWNER.email, ADMIN_PASSWORD: OWNER.password })

	beforeAll(async () => {
		shop = testShop.shop
		db = shop.database.db
		owner = await signInOverHttp(shop.url, OWNER.email, OWNER.password, '198.51.100.120')
	})

	const get = (path: string, cookie?: string) => fetch(`${shop.url}${path}`, { redirect: 'manual', headers: cookie ? { Cookie: cookie } : {} })
	const saveStore = (form: Record<string, string>) =>
		fetch(`${shop.url}/admin/store`, { method: 'POST', redirect: 'manual', headers: { Origin: shop.url, Cookie: owner, 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(form) })
	const upload = (bytes: Buffer, accept = 'text/html', name = 'icon.png') => {
		const body = new FormData()
		body.append('icon', new Blob([new Uint8Array(bytes)]), name)
		return fetch(`${shop.url}/api/admin/app-icon`, { method: 'POST', redirect: 'manual', headers: { Origin: shop.url, Cookie: owner, Accept: accept }, body })
	}
	const manifest = async () => (await (await get('/manifest.webmanifest')).json()) as { name: string; short_name: string; icons: { src: string; sizes: string; purpose: string }[] }

	it('names the app as the owner sets it, else the store name and its first words that fit in 12 characters', async () => {
		expect((await saveStore({ storeName: 'Karachi Game Hub' })).status).toBe(200)
		expect(await manifest()).toMatchObject({ name: 'Karachi Game Hub', short_name: 'Karachi Game' })

		const saved = await saveStore({ appName: 'Karachi Game Hub Store', appShortName: 'KGH' })
		expect(saved.status).toBe(200)
		expect(await saved.text()).toContain('Saved the app name and app short name.')
		expect(await manifest()).toMatchObject({ name: 'Karachi Game Hub Store', short_name: 'KGH' })

		// Longer than a phone shows: refused beside the field, nothing saved.
		const tooLong = await saveStore({ appShortName: 'Karachi Games' })
		expect(tooLong.status).toBe(400)
		expect(await tooLong.text()).toContain('Keep the short name to 12 characters or fewer')
		expect((await manifest()).short_name).toBe('KGH')

		// Emptied: the defaults again.
		expect((await saveStore({ appName: '', appShortName: '' })).status).toBe(200)
		expect(await manifest()).toMatchObject({ name: 'Karachi Game Hub', short_name: 'Karachi Game' })
		const entries = await db.select().from(auditLog).where(eq(auditLog.action, 'store.settings')).orderBy(auditLog.id)
		expect(entries.at(-2)).toMatchObject({ before: { appName: null, appShortName: null }, after: { appName: 'Karachi Game Hub Store', appShortName: 'KGH' } })
	})

	it('draws an uploaded square picture as the manifest’s three icons, named with their version, and the apple-touch-icon', async () => {
		const dashboard = await (await get('/admin-dashboard', owner)).text()
		expect(dashboard).toContain('The app icon is the built-in logo')
		const builtIn = await (await get('/icons/app-512.png')).arrayBuffer()

		const res = await upload(await picture(600, 600, 'webp'), 'text/html', 'icon.webp')
		expect(res.status).toBe(303)
		expect(res.headers.get('location')).toBe('/admin/store?appIcon=saved#app')
		expect(await (await get('/admin/store?appIcon=saved', owner)).text()).toContain('The new app icon is saved')

		const { icons } = await manifest()
		const version = /\?v=([0-9a-f]{24})$/.exec(icons[0]!.src)?.[1]
		expect(version).toBeDefined()
		expect(icons.map((i) => [i.src, i.sizes, i.purpose])).toEqual([
			[`/icons/app-192.png?v=${version}`, '192x192', 'any'],
			[`/icons/app-512.png?v=${version}`, '512x512', 'any'],
			[`/icons/app-maskable-512.png?v=${version}`, '512x512', 'maskable'],
		])
		for (const icon of icons) {
			const png = await get(icon.src)
			expect(png.status).toBe(200)
			expect(png.headers.get('content-type')).toBe('image/png')
			expect(png.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
			const image = sharp(Buffer.from(await png.arrayBuffer()))
			const { width, height, format } = await image.metadata()
			expect([`${width}x${height}`, format]).toEqual([icon.sizes, 'png'])
			const { data, info } = await image.raw().toBuffer({ resolveWithObject: true })
			const pixel = (x: number, y: number) => [...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3)]
			// The owner's picture: red on the left, blue on the right; a maskable one keeps the corners the page colour.
			expect(pixel(Math.round(width! * 0.3), Math.round(height! / 2))).toEqual([255, 0, 0])
			expect(pixel(Math.round(width! * 0.7), Math.round(height! / 2))).toEqual([0, 0, 255])
			if (icon.purpose === 'maskable') expect(pixel(2, 2)).toEqual([0x0b, 0x0f, 0x14])
		}
		expect(Buffer.from(await (await get('/icons/app-512.png')).arrayBuffer()).equals(Buffer.from(builtIn))).toBe(false)
		expect(await (await get('/products')).text()).toContain(`<link rel="apple-touch-icon" href="/icons/app-192.png?v=${version}"/>`)
		expect(await (await get('/admin-dashboard', owner)).text()).not.toContain('The app icon is the built-in logo')
		const [entry] = await db.select().from(auditLog).where(eq(auditLog.action, 'store.app_icon'))
		expect(entry).toMatchObject({ before: { appIcon: 'built-in' }, after: { appIcon: version } })
	})

	it('refuses a picture that is not square, too small or not an image, with a sentence', async () => {
		const refusal = async (bytes: Buffer) => {
			const res = await upload(bytes, 'application/json')
			return [res.status, ((await res.json()) as { error: string }).error]
		}
		expect(await refusal(await picture(800, 600))).toEqual([400, 'The app icon must be square (as wide as it is tall): this one is 800 × 600 pixels.'])
		expect(await refusal(await picture(256, 256, 'jpeg'))).toEqual([400, 'The app icon must be at least 512 × 512 pixels: this one is 256 × 256.'])
		expect(await refusal(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'))).toEqual([400, 'The app icon must be a PNG, JPEG or WebP image.'])
		// Without scripts, the store page says it; an address cannot make it say anything else.
		const page = await upload(await picture(800, 600))
		expect(page.headers.get('location')).toContain('appIconError=')
		expect(await (await get(page.headers.get('location')!, owner)).text()).toContain('this one is 800 × 600 pixels.')
		expect(await (await get('/admin/store?appIconError=Send%20money%20to%20PK00', owner)).text()).not.toContain('Send money to PK00')
		// An API key never changes it: the owner does, signed in.
		expect((await fetch(`${shop.url}/api/admin/app-icon`, { method: 'POST', headers: { 'X-ADMIN-KEY': 'nope' } })).status).toBe(401)
	})
})
