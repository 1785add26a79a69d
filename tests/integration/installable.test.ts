// The shop as an installable app over HTTP against the real server (ADR-034): the manifest named as
// the store's details say, its icons drawn from the logo, the service worker served so updates arrive,
// the manifest and the worker's registration on buyer pages only, and what the pages tell the worker:
// an order page may be kept for offline reading only while it shows no codes, and signing out drops
// every kept page.
import { gzipSync } from 'node:zlib'
import { eq } from 'drizzle-orm'
import sharp from 'sharp'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Db } from '../../app/db/client.server'
import { emailOutbox, orders } from '../../app/db/schema'
import { openEmail } from '../../app/domain/email/sealed-email.server'
import { shortStoreName } from '../../app/domain/installable/web-app-manifest'
import { readStoreDetails } from '../../app/domain/settings/store-details.server'
import { registerWorkerScript } from '../../app/utils/boot-scripts.server'
import type { RunningShop } from '../../server/start'
import { moveDelivery, payByProvider, revealAllAsBuyer } from '../setup/orders'
import { checkoutBody, giftCard10, placeOrder } from '../setup/payments'
import { databaseKinds } from '../setup/test-db'
import { useTestShop } from '../setup/test-shop'

const form = { 'Content-Type': 'application/x-www-form-urlencoded' }

describe('the short name under the app icon', () => {
	it('is the store name when it fits, else its first words that fit, else its start', () => {
		expect(shortStoreName('GameVault PK')).toBe('GameVault PK')
		expect(shortStoreName('GameVault Pakistan Store')).toBe('GameVault')
		expect(shortStoreName('Supercalifragilistic Games')).toBe('Supercalifra')
	})
})

describe.each(databaseKinds)('The installable shop over HTTP on %s', (kind) => {
	let shop: RunningShop
	let db: Db
	const testShop = useTestShop(kind, 'installable', { CHECKOUT_RATE_LIMIT: '1000', JOBS_WORKER: 'false' }, { emptiedAfterEach: true })

	beforeAll(async () => {
		shop = testShop.shop
		db = shop.database.db
	}, 120_000)

	const get = (path: string, headers: Record<string, string> = {}) => fetch(`${shop.url}${path}`, { headers, redirect: 'manual' })

	it('serves the manifest with the store’s name, the page colours, /my-orders as the start and three PNG icons of the logo', async () => {
		const res = await get('/manifest.webmanifest')
		expect(res.status).toBe(200)
		expect(res.headers.get('content-type')).toMatch(/^application\/manifest\+json/)
		const manifest = await res.json()
		const { storeName } = await readStoreDetails(db)
		expect(manifest).toMatchObject({
			id: '/',
			name: storeName,
			short_name: shortStoreName(storeName),
			start_url: '/my-orders',
			scope: '/',
			display: 'standalone',
			theme_color: '#0b0f14',
			background_color: '#0b0f14',
		})
		expect(manifest.icons).toEqual([
			{ src: '/icons/app-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
			{ src: '/icons/app-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
			{ src: '/icons/app-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
		])
		for (const icon of manifest.icons as Array<{ src: string; sizes: string; purpose: string }>) {
			const png = await get(icon.src)
			expect(png.status, icon.src).toBe(200)
			expect(png.headers.get('content-type')).toBe('image/png')
			const image = sharp(Buffer.from(await png.arrayBuffer()))
			const { width, height, format } = await image.metadata()
			expect(`${width}x${height}`).toBe(icon.sizes)
			expect(format).toBe('png')
			// The logo's green is drawn in the middle; a maskable icon fills its corners with the page colour (a phone crops them).
			const { data, info } = await image.raw().toBuffer({ resolveWithObject: true })
			const pixel = (x: number, y: number) => [...data.subarray((y * info.width + x) * info.channels, (y * info.width + x) * info.channels + 3)]
			// Where a point of the 32-unit logo lands: the whole icon, or its middle 60% on a maskable one.
			const at = (x: number, y: number) => {
				const scale = icon.purpose === 'maskable' ? 0.6 : 1
				const offset = (1 - scale) / 2
				return pixel(Math.round(width! * (offset + (scale * x) / 32)), Math.round(height! * (offset + (scale * y) / 32)))
			}
			expect(at(5, 16), `${icon.src}: the logo's green`).toEqual([0x10, 0x7c, 0x10])
			expect(at(16, 19), `${icon.src}: the logo's white triangle`).toEqual([0xff, 0xff, 0xff])
			if (icon.purpose === 'maskable') expect(pixel(2, 2)).toEqual([0x0b, 0x0f, 0x14])
		}
		expect((await get('/icons/other.png')).status).toBe(404)
	})

	it('serves the service worker fresh on each visit, allowed the whole site, importing the push worker first', async () => {
		const res = await get('/sw.js')
		expect(res.status).toBe(200)
		expect(res.headers.get('content-type')).toMatch(/javascript/)
		expect(res.headers.get('cache-control')).toBe('no-cache')
		expect(res.headers.get('service-worker-allowed')).toBe('/')
		expect((await res.text()).split('\n')[0]).toBe("importScripts('/sw-push.js')")
		const push = await get('/sw-push.js')
		expect(push.status).toBe(200)
		expect(push.headers.get('cache-control')).toBe('no-cache')
		// Other files keep their usual hour.
		expect((await get('/favicon.svg')).headers.get('cache-control')).toBe('public, max-age=3600')
	})

	// The registration itself is in the built boot scripts, checked in the browser (tests/e2e/installable.spec.ts).
	it('links the manifest on buyer pages only; the worker’s registration is well under half a kilobyte of script', async () => {
		for (const path of ['/', '/products', '/my-orders', '/offline']) {
			const html = await (await get(path)).text()
			expect(html, path).toContain('<link rel="manifest" href="/manifest.webmanifest"/>')
		}
		// An Urdu page's app is the same app (one id), opening on the Urdu My orders, right to left.
		expect(await (await get('/ur/products')).text()).toContain('<link rel="manifest" href="/manifest.webmanifest?lang=ur"/>')
		const urdu = await (await get('/manifest.webmanifest?lang=ur')).json()
		expect(urdu).toMatchObject({ id: '/', start_url: '/ur/my-orders', lang: 'ur', dir: 'rtl' })
		expect(await (await get('/manifest.webmanifest?lang=fr')).json()).toMatchObject({ start_url: '/my-orders', lang: 'en', dir: 'ltr' })
		expect((await get('/manifest.webmanifest?lang=%00')).status).toBe(400)
		const console = await (await get('/admin/login')).text()
		expect(console).not.toContain('rel="manifest"')
		expect(console).not.toContain('serviceWorker')
		const registration = registerWorkerScript('a1b2c3d4')
		expect(registration).toContain('navigator.serviceWorker.register("/sw.js?v=a1b2c3d4")')
		expect(gzipSync(registration).length).toBeLessThan(250)
	})

	it('serves the offline page the worker keeps', async () => {
		const res = await get('/offline')
		expect(res.status).toBe(200)
		const html = await res.text()
		expect(html).toContain('<h1>You’re offline</h1>')
		expect(html).toContain('href="/my-orders"')
		expect(html).toContain('name="robots" content="noindex"')
	})

	/** Signs in on My orders with the emailed code: the buyer's session cookie. */
	async function signIn(email: string): Promise<string> {
		await fetch(`${shop.url}/my-orders`, { method: 'POST', headers: form, body: new URLSearchParams({ intent: 'request', email }) })
		const mails = (await db.select().from(emailOutbox).where(eq(emailOutbox.toEmail, email)).orderBy(emailOutbox.id)).map(openEmail)
		const code = /^(\d{6}) /.exec(mails.at(-1)!.subject)![1]!
		const res = await fetch(`${shop.url}/my-orders/verify`, { method: 'POST', redirect: 'manual', headers: form, body: new URLSearchParams({ email, code, next: '/my-orders' }) })
		return /buyer_session=[\w-]+/.exec(res.headers.get('set-cookie') ?? '')![0]
	}

	it('lets the worker keep an order page only while it shows no codes, and forget every page after signing out', async () => {
		const order = await placeOrder(db, checkoutBody([giftCard10], { customerEmail: 'sara@example.pk', customerName: 'Sara Ahmed' }))
		const [row] = await db.select().from(orders).where(eq(orders.orderNumber, order.orderNumber))
		const withToken = { Cookie: `oa_${order.orderNumber}=${row!.accessToken}` }
		const page = `/order-status?internalOrderId=${order.orderNumber}`

		// Awaiting payment, seen in full by its buyer and by a stranger: no codes, may be kept.
		for (const headers of [withToken, {}]) {
			const res = await get(page, headers)
			expect(res.status).toBe(200)
			expect(res.headers.get('cache-control')).toBe('private, no-store')
			expect(res.headers.get('x-offline-copy')).toBe('keep')
			const html = await res.text()
			// The saved copy's notice is on the page, hidden until the worker shows a saved copy.
			expect(html).toContain('data-saved-copy="" hidden=""')
			expect(html).toContain('<time data-saved-at=""></time>')
		}

		await payByProvider(db, order)
		await moveDelivery(db, order, 'completed', 'XBOX-GIFT-7Q4K-99ZT')
		// Revealed by its buyer (ADR-050): from then on every view of theirs shows it.
		await revealAllAsBuyer(db, order)
		// Delivered: its buyer sees the code, and the page is never kept; a stranger sees no code, and it may be.
		const full = await get(page, withToken)
		expect(await full.text()).toContain('XBOX-GIFT-7Q4K-99ZT')
		expect(full.headers.get('x-offline-copy')).toBeNull()
		const stranger = await get(page)
		expect(await stranger.text()).not.toContain('XBOX-GIFT-7Q4K-99ZT')
		expect(stranger.headers.get('x-offline-copy')).toBe('keep')

		// My orders: with the delivered order on it, never kept; signed out, not kept either.
		const session = await signIn('sara@example.pk')
		const list = await get('/my-orders', { Cookie: session })
		expect(await list.text()).toContain('XBOX-GIFT-7Q4K-99ZT')
		expect(list.headers.get('x-offline-copy')).toBeNull()
		expect((await get('/my-orders')).headers.get('x-offline-copy')).toBeNull()
		// Another address's orders, none delivered yet: kept.
		await placeOrder(db, checkoutBody([giftCard10], { customerEmail: 'bilal@example.pk', customerName: 'Bilal Khan' }))
		const bilal = await signIn('bilal@example.pk')
		const pending = await get('/my-orders', { Cookie: bilal })
		expect(pending.headers.get('x-offline-copy')).toBe('keep')

		// Signing out, here or everywhere: the browser empties its cache, and the page it lands on tells the worker to forget.
		for (const intent of ['sign-out', 'sign-out-everywhere']) {
			const out = await fetch(`${shop.url}/my-orders`, { method: 'POST', redirect: 'manual', headers: { ...form, Cookie: bilal }, body: new URLSearchParams({ intent }) })
			expect(out.status).toBe(303)
			expect(out.headers.get('clear-site-data')).toBe('"cache"')
			const landing = await get(out.headers.get('location')!)
			expect(landing.status).toBe(200)
			expect(landing.headers.get('x-offline-copy')).toBe('forget')
		}
	})
})
