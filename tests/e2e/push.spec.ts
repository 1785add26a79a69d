import { test, expect, gotoHydrated, placeOrderFromPage } from './helpers'

// "Notify me on this phone" on the order page: offered once scripts run in a browser that can take
// pushes (notifications allowed), absent without scripts. Headless Chromium here reaches no real push
// service, so subscribing fails: the buyer reads that it did not work and may try again, and the
// page never hangs on "Asking".

test.use({ viewport: { width: 360, height: 740 }, serviceWorkers: 'allow' })

test('the order page offers notifications with scripts, says plainly when the phone could not be signed up, and shows nothing without scripts', async ({ page, browser, baseURL }) => {
	test.setTimeout(90_000)
	const { orderNumber } = await placeOrderFromPage(page, { paymentMethod: 'manual', customerEmail: `push.${Date.now().toString(36)}@example.pk` })
	const orderPage = `/order-status?internalOrderId=${orderNumber}`
	await page.context().grantPermissions(['notifications'], { origin: baseURL })
	// The shop's service worker (another part of the shop) loads the push handlers the same way
	// (the context's routes see a service worker's requests, a page's do not).
	await page.context().route('**/sw.js', (route) => route.fulfill({ contentType: 'text/javascript', body: "importScripts('/sw-push.js')" }))

	await gotoHydrated(page, orderPage)
	const offer = page.getByRole('button', { name: 'Notify me on this phone' })
	await expect(offer).toBeVisible()
	await expect(page.getByText('We tell this phone when your order is paid, delivered or needs something from you.')).toBeVisible()
	await offer.click()
	await expect(page.getByRole('alert').filter({ hasText: 'This phone could not be signed up for notifications just now.' })).toBeVisible({ timeout: 25_000 })
	await expect(page.getByRole('button', { name: 'Try again' })).toBeEnabled()
	// It got as far as the push service: the service worker with the push handlers is running.
	const worker = await page.evaluate(async () => {
		const registration = await navigator.serviceWorker.getRegistration('/')
		return { script: registration?.active?.scriptURL ?? null, subscribed: Boolean(await registration?.pushManager.getSubscription()) }
	})
	// The shop's one worker (its address carries the build's version, ADR-034), signed up for nothing.
	expect(worker.script).toMatch(new RegExp(`^${baseURL}/sw\\.js(\\?v=[\\w-]+)?$`))
	expect(worker.subscribed).toBe(false)

	const noScripts = await browser.newContext({ javaScriptEnabled: false, storageState: await page.context().storageState() })
	try {
		const plain = await noScripts.newPage()
		await plain.goto(orderPage)
		await expect(plain.getByRole('heading', { name: 'Order Status' })).toBeVisible()
		await expect(plain.getByText(orderNumber).first()).toBeVisible()
		await expect(plain.getByRole('button', { name: 'Notify me on this phone' })).toHaveCount(0)
	} finally {
		await noScripts.close()
	}
})
