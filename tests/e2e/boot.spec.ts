import { cartDrawer, expect, test, waitForHydration } from './helpers'

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
	let release!: () => void
	const held = new Promise<void>((resolve) => (release = resolve))
	await page.route('**/assets/entry.client-*.js', async (route) => {
		await held
		await route.continue()
	})
	await page.goto('/products', { waitUntil: 'load' })
	await page.getByRole('button', { name: 'Cart', exact: true }).click()
	await expect(cartDrawer(page)).toBeHidden()
	release()
	await waitForHydration(page)
	await expect(cartDrawer(page)).toBeVisible()
})
