import { PUSH_ANSWER_MS } from '../../app/components/push/push-flag'
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

test('a phone whose push service never answers is told so once the wait is over, in English and Urdu, with a Try again button', async ({ page, baseURL }) => {
	test.setTimeout(90_000)
	const { orderNumber } = await placeOrderFromPage(page, { paymentMethod: 'manual', customerEmail: `push.silent.${Date.now().toString(36)}@example.pk` })
	await page.context().grantPermissions(['notifications'], { origin: baseURL })
	await page.context().route('**/sw.js', (route) => route.fulfill({ contentType: 'text/javascript', body: "importScripts('/sw-push.js')" }))
	// The browser's push service never answers (as on some phones and in-app browsers): the browser's doing, not the shop's.
	await page.addInitScript(() => {
		PushManager.prototype.subscribe = () => new Promise<PushSubscription>(() => {})
	})
	await page.clock.install()

	for (const { path, offer, asking, sentence, again } of [
		{
			path: `/order-status?internalOrderId=${orderNumber}`,
			offer: 'Notify me on this phone',
			asking: 'Asking your phone…',
			sentence: 'Your phone did not answer. Try again, or get updates by email or WhatsApp instead.',
			again: 'Try again',
		},
		{
			path: `/ur/order-status?internalOrderId=${orderNumber}`,
			offer: 'اس فون پر مجھے اطلاع دیں',
			asking: 'آپ کے فون سے اجازت لے رہے ہیں…',
			sentence: 'آپ کے فون سے جواب نہیں ملا۔ دوبارہ کوشش کریں، یا اپ ڈیٹس ای میل یا واٹس ایپ پر لیں۔',
			again: 'دوبارہ کوشش کریں',
		},
	]) {
		await gotoHydrated(page, path)
		// Time stands still from here but for what the test lets pass.
		await page.clock.pauseAt(await page.evaluate(() => Date.now() + 1_000))
		await page.getByRole('button', { name: offer }).click()
		await expect(page.getByRole('button', { name: asking })).toBeDisabled()
		await page.clock.runFor(PUSH_ANSWER_MS - 1_000)
		await expect(page.getByRole('button', { name: asking }), 'still asking just before the wait is over').toBeDisabled()
		await expect(page.getByRole('alert').filter({ hasText: sentence })).toHaveCount(0)

		await page.clock.runFor(1_000)
		await expect(page.getByRole('alert').filter({ hasText: sentence })).toBeVisible()
		const tryAgain = page.getByRole('button', { name: again, exact: true })
		await expect(tryAgain).toBeEnabled()
		await expect(tryAgain).toHaveAccessibleDescription(sentence)
		// Trying again asks again, and is bounded the same way.
		await tryAgain.click()
		await expect(page.getByRole('button', { name: asking })).toBeDisabled()
		await page.clock.runFor(PUSH_ANSWER_MS)
		await expect(page.getByRole('alert').filter({ hasText: sentence })).toBeVisible()
		await page.clock.resume()
	}
})
