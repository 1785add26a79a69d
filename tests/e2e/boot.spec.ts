import { cartDrawer, expect, holdEntryScript, test, waitForHydration } from './helpers'

// The shop's scripts start only after the page has loaded and painted (app/utils/boot-scripts.server.ts).

test('the page paints before any script is fetched, then hydrates', async ({ page }) => {
	await page.goto('/products', { waitUntil: 'domcontentloaded' })
	await waitForHydration(page)
	const timing = await page.evaluate(() => {
		const paint = performance.getEntriesByName('first-contentful-paint')[0]
		const nav = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming
		const scripts = performance
			.getEntriesByType('resource')
			.filter((r) => r.name.includes('/assets/') && r.name.endsWith('.js'))
			.map((r) => r.startTime)
		return { paint: paint?.startTime ?? null, load: nav.loadEventStart, scripts }
	})
	expect(timing.paint).not.toBeNull()
	expect(timing.scripts.length).toBeGreaterThan(2)
	for (const start of timing.scripts) {
		expect(start).toBeGreaterThan(timing.paint!)
		expect(start).toBeGreaterThanOrEqual(timing.load)
	}
	// The server's HTML asks for no script up front.
	const html = await (await page.request.get('/products')).text()
	expect(html).not.toContain('rel="modulepreload"')
	expect(html).not.toContain('type="module"')
})

test('a tap on the cart before the scripts have arrived opens it once the page is ready', async ({ page }) => {
	const release = await holdEntryScript(page)
	await page.goto('/products', { waitUntil: 'load' })
	await page.getByRole('button', { name: 'Cart', exact: true }).click()
	await expect(cartDrawer(page)).toBeHidden()
	release()
	await waitForHydration(page)
	await expect(cartDrawer(page)).toBeVisible()
})

test('a cover that has loaded hides its spinner before the scripts run, and hydration leaves it so', async ({ page }) => {
	const release = await holdEntryScript(page)
	await page.goto('/products', { waitUntil: 'load' })
	const first = page.locator('.product-card').first().locator('.product-image')
	await expect(first.locator('img')).toHaveJSProperty('complete', true)
	await expect(first.getByRole('status', { name: 'Loading image' })).toBeHidden()
	// A cover still below the fold (loading lazily) keeps its spinner until it arrives.
	const last = page.locator('.product-card').last().locator('.product-image')
	await expect(last.getByRole('status', { name: 'Loading image' })).toBeAttached()
	expect(await last.evaluate((el) => el.hasAttribute('data-loaded'))).toBe(false)
	release()
	await waitForHydration(page)
	expect(await first.evaluate((el) => el.hasAttribute('data-loaded'))).toBe(true)
	await last.scrollIntoViewIfNeeded()
	await expect(last.locator('img')).toHaveJSProperty('complete', true)
	await expect(last.getByRole('status', { name: 'Loading image' })).toBeHidden()
})
