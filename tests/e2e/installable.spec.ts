import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { chromium, type Page } from '@playwright/test'
import sharp from 'sharp'
import { test, expect, gotoHydrated, paidOrder, placeOrderFromPage, signInAsOwner, signInCodeFor } from './helpers'

// The shop installs as an app (ADR-034): Chromium's own installability check finds nothing missing,
// and the service worker keeps the last seen order pages for offline reading with a notice that
// they are saved copies, shows the offline page for anything else (never a stale price), never keeps
// a page with codes, and forgets every kept page when the buyer signs out.

test.use({ viewport: { width: 360, height: 740 }, serviceWorkers: 'allow' })

/** Waits until the shop's service worker controls the page (registered after load, when the browser is idle). */
async function workerInControl(page: Page) {
	await page.waitForFunction(() => navigator.serviceWorker?.controller != null, null, { timeout: 30_000 })
}

/** Every response the worker keeps, with its address and text (read in the page). */
function keptResponses(page: Page) {
	return page.evaluate(async () => {
		const kept: Array<{ cache: string; url: string; text: string }> = []
		for (const name of await caches.keys()) {
			const cache = await caches.open(name)
			for (const request of await cache.keys()) {
				const response = await cache.match(request)
				const type = response?.headers.get('content-type') ?? ''
				kept.push({ cache: name, url: request.url, text: type.startsWith('text/html') ? await response!.text() : '' })
			}
		}
		return kept
	})
}

const orderPages = (kept: Array<{ url: string }>) => kept.filter((k) => /\/(?:ur\/)?(?:order-status|my-orders)(?:\?|$)/.test(new URL(k.url).pathname + new URL(k.url).search))

test('Chromium finds the shop installable: manifest named after the store, its PNG icons, a worker on buyer pages only', async ({ page, browser, baseURL }, testInfo) => {
	const html = await (await page.request.get('/')).text()
	expect(html).toMatch(/navigator\.serviceWorker\.register\("\/sw\.js\?v=[\w-]+"\)/)
	await gotoHydrated(page, '/')
	await workerInControl(page)

	// Chromium does not offer to install from a private window, as every test context is: a profile of its own on disk.
	const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-install-'))
	const installer = await chromium.launchPersistentContext(profile, { ...testInfo.project.use.launchOptions, baseURL, viewport: { width: 360, height: 740 } })
	try {
		const tab = installer.pages()[0] ?? (await installer.newPage())
		await tab.goto('/')
		await workerInControl(tab)
		const cdp = await installer.newCDPSession(tab)
		const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors')
		expect(installabilityErrors).toEqual([])
		const { url, errors } = await cdp.send('Page.getAppManifest')
		expect(new URL(url).pathname).toBe('/manifest.webmanifest')
		expect(errors).toEqual([])
	} finally {
		await installer.close()
		fs.rmSync(profile, { recursive: true, force: true })
	}

	const manifest = (await (await page.request.get('/manifest.webmanifest')).json()) as { name: string; short_name: string; start_url: string; display: string; icons: Array<{ src: string; sizes: string; type: string }> }
	expect(manifest).toMatchObject({ name: 'GameVault PK', short_name: 'GameVault PK', start_url: '/my-orders', display: 'standalone' })
	expect(manifest.icons.map((i) => i.sizes)).toEqual(['192x192', '512x512', '512x512'])
	for (const icon of manifest.icons) {
		const res = await page.request.get(icon.src)
		expect(res.status(), icon.src).toBe(200)
		expect(res.headers()['content-type']).toBe('image/png')
		const { width, height } = await sharp(await res.body()).metadata()
		expect(`${width}x${height}`).toBe(icon.sizes)
	}

	// The staff console registers nothing and links no manifest.
	const context = await browser.newContext()
	try {
		const staffPage = await context.newPage()
		await staffPage.goto('/admin/login')
		await staffPage.waitForLoadState('load')
		await staffPage.waitForTimeout(1000)
		expect(await staffPage.locator('link[rel="manifest"]').count()).toBe(0)
		expect(await staffPage.evaluate(() => navigator.serviceWorker.getRegistrations().then((r) => r.length))).toBe(0)
	} finally {
		await context.close()
	}
})

test('offline, a seen order page shows as a saved copy with the time it was saved, and a product page shows the offline page, not a stale price', async ({ page, context }, testInfo) => {
	test.setTimeout(120_000)
	await gotoHydrated(page, '/')
	await workerInControl(page)
	const { orderNumber } = await placeOrderFromPage(page, { customerName: 'Hina Baig', customerEmail: 'hina@example.pk' })
	const orderPage = `/order-status?internalOrderId=${orderNumber}`
	await gotoHydrated(page, orderPage)
	await expect(page.getByText(orderNumber).first()).toBeVisible()
	const notice = page.locator('[data-saved-copy]')
	await expect(notice).toBeHidden()
	await gotoHydrated(page, '/product/14')
	await expect(page.getByText('Rs.').first()).toBeVisible()
	await expect.poll(async () => orderPages(await keptResponses(page)).map((k) => new URL(k.url).pathname + new URL(k.url).search)).toContain(orderPage)

	await context.setOffline(true)
	try {
		await page.goto(orderPage)
		await expect(page.getByText(orderNumber).first()).toBeVisible()
		await expect(notice).toBeVisible()
		await expect(notice).toContainText(/^You’re offline\. This is a copy saved on this device on \d{1,2} [A-Z][a-z]{2} \d{4}, \d{1,2}:\d\d [AP]M PKT; it may be out of date\.$/)
		await expect(notice.locator('time')).toHaveAttribute('datetime', /^\d{4}-\d\d-\d\dT/)
		// A plain page: the saved copy starts no scripts that could not reach the shop, and says it checks for nothing.
		expect(await page.locator('script').count()).toBe(0)
		await expect(page.getByTestId('live-indicator')).toBeHidden()
		await page.screenshot({ path: testInfo.outputPath('saved-copy-360.png'), fullPage: false })
		await page.setViewportSize({ width: 1280, height: 900 })
		await page.screenshot({ path: testInfo.outputPath('saved-copy-1280.png'), fullPage: false })

		await page.goto('/product/14')
		await expect(page.getByRole('heading', { level: 1, name: 'You’re offline' })).toBeVisible()
		await expect(page.locator('main')).not.toContainText('Rs.')
		await page.screenshot({ path: testInfo.outputPath('offline-1280.png'), fullPage: false })
		await page.setViewportSize({ width: 360, height: 740 })
		await page.screenshot({ path: testInfo.outputPath('offline-360.png'), fullPage: false })
		// "Try again" asks for the same address.
		await expect(page.getByRole('link', { name: 'Try again' })).toHaveAttribute('href', '')
	} finally {
		await context.setOffline(false)
	}

	// Online again: the network's answer, with no notice.
	await gotoHydrated(page, orderPage)
	await expect(page.getByText(orderNumber).first()).toBeVisible()
	await expect(notice).toBeHidden()
})

test('a page with codes is never kept, and signing out leaves no order page in any cache', async ({ page, browser }) => {
	test.setTimeout(120_000)
	const email = `sana.${Date.now().toString(36)}@example.pk`
	const code = `XBOX-GIFT-${Date.now().toString(36).toUpperCase()}`
	const delivered = await paidOrder(browser, email, { id: 14, quantity: 1, selectedDenomination: { value: 10 } }, 'Rs. 3,200')
	const { staff, close } = await signInAsOwner(browser)
	try {
		const done = await staff.request.post('/api/admin-update-order', { data: { orderNumber: delivered, updates: { fulfillment_status: 'completed', delivery_content: code } } })
		expect(done.ok(), await done.text()).toBe(true)

		await gotoHydrated(page, '/my-orders')
		await workerInControl(page)
		// A second order, not paid yet: its page shows no codes and may be kept.
		const { orderNumber: waiting } = await placeOrderFromPage(page, { customerName: 'Sana Iqbal', customerEmail: email })
		await page.getByLabel('Email address').fill(email)
		await page.getByRole('button', { name: 'Email me a sign-in code' }).click()
		await page.getByLabel('6-digit code').fill(await signInCodeFor(staff, email))
		await page.getByRole('button', { name: 'Open my orders' }).click()
		await expect(page).toHaveURL(/\/my-orders$/)
		// The buyer reveals the delivered details (ADR-050); they stay shown from then on.
		await page.locator('main').getByRole('button', { name: /^Reveal/ }).first().click()
		await expect(page.locator('main')).toContainText(code)

		// Reloaded, and each order's page opened: what shows the code is never kept.
		await page.reload()
		await expect(page.locator('main')).toContainText(code)
		await gotoHydrated(page, `/order-status?internalOrderId=${delivered}`)
		await expect(page.locator('main')).toContainText(code)
		await gotoHydrated(page, `/order-status?internalOrderId=${waiting}`)
		await expect(page.getByText(waiting).first()).toBeVisible()
		await expect.poll(async () => orderPages(await keptResponses(page)).map((k) => new URL(k.url).search)).toEqual([`?internalOrderId=${waiting}`])
		expect((await keptResponses(page)).filter((k) => k.text.includes(code))).toEqual([])

		// Sign out: every kept order page goes.
		await gotoHydrated(page, '/my-orders')
		await page.getByRole('button', { name: 'Sign out', exact: true }).click()
		await expect(page.getByText('You are signed out on this device.')).toBeVisible()
		await expect.poll(async () => orderPages(await keptResponses(page))).toEqual([])
		expect((await keptResponses(page)).filter((k) => k.text.includes(code) || k.text.includes(email))).toEqual([])
	} finally {
		await close()
	}
})
