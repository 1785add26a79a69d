import type { Page } from '@playwright/test'
import { test, expect, cartBadge, cartDrawer, collectDialogs, fillTransferFacts, gotoHydrated, installHydrationProbe, optionSelect, signInAsOwner, seedCart, storedLine, waitForHydration } from './helpers'

// The e2e server's owner account comes from ADMIN_EMAIL / ADMIN_PASSWORD (playwright.config.ts).

async function fillCustomer(page: Page, name = 'Ali Khan') {
	await page.getByLabel('Full Name').fill(name)
	await page.getByLabel('Email Address').fill('ali.khan@example.pk')
	await page.getByLabel('Phone Number').fill('0300 1234567')
}

/** Cart with two $10 gift cards → checkout → the simulator's test payment page. */
async function checkoutToPayPage(page: Page) {
	await seedCart(page, { items: [storedLine.giftCard10(2)] })
	await gotoHydrated(page, '/products')
	await page.getByRole('banner').getByRole('button', { name: /^Cart/ }).click()
	await cartDrawer(page).getByRole('button', { name: 'Proceed to Checkout' }).click()
	await expect(page).toHaveURL(/\/checkout$/)
	await waitForHydration(page)

	await expect(page.getByText('Items (2)')).toBeVisible()
	await expect(page.getByTestId('checkout-total')).toHaveText('Rs. 6,400')
	await fillCustomer(page)
	await page.getByRole('button', { name: 'Proceed to Payment Rs. 6,400' }).click()
	await expect(page.getByText('Redirecting to secure payment page... Please do not close this window.')).toBeVisible()
	await expect(page).toHaveURL(/\/paypro-sim\/pay\/\d+$/)
	await expect(page.getByText('TEST PAYMENT')).toBeVisible()
	await expect(page.getByText('Rs. 6,400').first()).toBeVisible()
	return page.url().split('/').pop()!
}

test('cart → checkout → simulator pay: an open order page turns to Payment Successful live', async ({ page, context }) => {
	const payproId = await checkoutToPayPage(page)

	// The buyer keeps the order page open in another tab while paying.
	const watcher = await context.newPage()
	await gotoHydrated(watcher, `/order-status?ordId=${payproId}`)
	await expect(watcher.getByTestId('payment-badge')).toHaveText('Awaiting payment')
	await expect(watcher.getByText('Live updates active')).toBeVisible()
	await watcher.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true))

	await page.getByRole('button', { name: 'Pay Rs. 6,400' }).click()
	await expect(page).toHaveURL(/\/order-status\?ordId=\d+/)
	await expect(page.getByText('Payment Successful')).toBeVisible()
	// What was bought left the cart: no badge on the order page.
	await waitForHydration(page)
	await expect(cartBadge(page)).toHaveCount(0)

	await expect(watcher.getByText('Payment Successful')).toBeVisible()
	expect(await watcher.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true)
	// The buyer's own browser holds the order's cookie: contact details show.
	await expect(watcher.getByText('ali.khan@example.pk')).toBeVisible()
})

test('an order page whose live updates could not open while the database was away opens them again by itself and turns to Payment Successful', async ({ page, context }) => {
	const payproId = await checkoutToPayPage(page)
	const watcher = await context.newPage()
	// The first opening of the stream is answered as the shop answers it while its database is away
	// (reconnectLater), with a shorter wait than the shop's 5 s to keep the test quick.
	let answeredAway = 0
	await watcher.route('**/api/order/stream?*', async (route) => {
		if (answeredAway >= 1) return route.fallback()
		answeredAway += 1
		await route.fulfill({ status: 200, headers: { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store' }, body: 'retry: 1000\n\n' })
	})
	await gotoHydrated(watcher, `/order-status?ordId=${payproId}`)
	await expect(watcher.getByText('Live updates active')).toBeVisible({ timeout: 15_000 })
	expect(answeredAway).toBe(1)
	await watcher.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true))

	await page.getByRole('button', { name: 'Pay Rs. 6,400' }).click()
	await expect(page).toHaveURL(/\/order-status\?ordId=\d+/)
	await expect(watcher.getByText('Payment Successful')).toBeVisible()
	expect(await watcher.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true)
})

test('the fail path: Payment Failed, then "Try again" pays the same order once on a new PayPro page', async ({ page }) => {
	const firstPayproId = await checkoutToPayPage(page)
	const firstPayPage = page.url()
	await page.getByRole('button', { name: 'Fail payment' }).click()
	await expect(page).toHaveURL(/\/order-status\?ordId=\d+/)
	await expect(page.getByText('Payment Failed')).toBeVisible()
	await expect(page.getByText('Processing might take 10-20 seconds, Kindly wait.')).toHaveCount(0)
	const orderNumber = (await page.getByTestId('order-number').textContent())!.trim()

	await page.getByRole('button', { name: 'Try again' }).click()
	await expect(page).toHaveURL(/\/paypro-sim\/pay\/\d+$/)
	expect(page.url().split('/').pop()).not.toBe(firstPayproId)
	await expect(page.getByText(orderNumber)).toBeVisible()
	await page.getByRole('button', { name: 'Pay Rs. 6,400' }).click()
	await expect(page).toHaveURL(/\/order-status\?ordId=\d+/)
	await expect(page.getByText('Payment Successful')).toBeVisible()
	await expect(page.getByTestId('order-number')).toHaveText(orderNumber)
	await expect(page.getByRole('button', { name: 'Try again' })).toHaveCount(0)
	await waitForHydration(page)
	await expect(cartBadge(page)).toHaveCount(0)

	// The failed PayPro page stays failed: nothing on it can pay the order a second time.
	await page.goto(firstPayPage)
	await expect(page.getByText('This order is already failed.')).toBeVisible()
	await expect(page.getByRole('button', { name: /^Pay / })).toHaveCount(0)
})

test('a failed payment can be paid by transfer instead: the same order page shows the transfer details', async ({ page }) => {
	await checkoutToPayPage(page)
	await page.getByRole('button', { name: 'Fail payment' }).click()
	await expect(page.getByText('Payment Failed')).toBeVisible()
	await expect(page.getByText('Almost Ready!')).toHaveCount(0)
	const orderNumber = (await page.getByTestId('order-number').textContent())!.trim()
	await page.getByRole('button', { name: 'Pay by transfer instead' }).click()
	await expect(page.getByRole('heading', { name: 'Pay by bank or wallet transfer' })).toBeVisible()
	await expect(page.getByTestId('transfer-reference')).toHaveText(orderNumber)
	await expect(page.getByTestId('transfer-amount')).toHaveText('Rs. 6,400')
	await expect(page.getByTestId('order-number')).toHaveText(orderNumber)
})

test('payment choices: a small radio beside its text on one line, and each whole option tappable', async ({ page }) => {
	await gotoHydrated(page, '/product/14')
	await optionSelect(page, 'Value').selectOption('$10 USD')
	await page.getByRole('button', { name: 'Buy $10 USD - Rs. 3,200' }).click()
	await expect(page).toHaveURL(/\/checkout$/)
	await waitForHydration(page)

	for (const [name, title] of [
		['Pay online', 'Pay online'],
		['Bank or wallet transfer', 'Bank or wallet transfer'],
	] as const) {
		const radio = page.getByRole('radio', { name: new RegExp(`^${name}`) })
		const box = (await radio.boundingBox())!
		expect(box.width).toBeLessThanOrEqual(32)
		expect(box.height).toBeLessThanOrEqual(32)
		const text = (await page.getByText(title, { exact: true }).boundingBox())!
		// One line: the radio sits level with its title, just to its left.
		expect(Math.abs(box.y + box.height / 2 - (text.y + text.height / 2))).toBeLessThan(text.height)
		expect(text.x).toBeGreaterThan(box.x + box.width)
		expect(text.x - (box.x + box.width)).toBeLessThan(24)
	}
	const transfer = page.getByRole('radio', { name: /^Bank or wallet transfer/ })
	const online = page.getByRole('radio', { name: /^Pay online/ })
	await page.getByText('Send the amount yourself and upload the receipt').tap()
	await expect(transfer).toBeChecked()
	await page.getByText('Card, JazzCash, EasyPaisa and more through PayPro').tap()
	await expect(online).toBeChecked()
	// The keyboard moves the choice too.
	await online.focus()
	await page.keyboard.press('ArrowDown')
	await expect(transfer).toBeChecked()
})

test('checkout messages: required fields alert and the name rules, live and on submit', async ({ page }) => {
	await gotoHydrated(page, '/product/14')
	await optionSelect(page, 'Value').selectOption('$10 USD')
	await page.getByRole('button', { name: 'Buy $10 USD - Rs. 3,200' }).click()
	await expect(page).toHaveURL(/\/checkout$/)
	await waitForHydration(page)
	await expect(page.getByText('Value: $10 USD')).toBeVisible()
	await expect(page.getByTestId('checkout-total')).toHaveText('Rs. 3,200')

	const alerts = collectDialogs(page)
	await page.getByRole('button', { name: 'Proceed to Payment Rs. 3,200' }).click()
	await expect.poll(() => alerts).toEqual(['Please fill in all required fields'])

	await page.getByLabel('Full Name').fill('Ali 2')
	await expect(page.getByText('Name Cannot Contains Numbers & Special Letters')).toBeVisible()
	await page.getByLabel('Email Address').fill('ali@example.pk')
	await page.getByLabel('Phone Number').fill('03001234567')
	await page.getByRole('button', { name: 'Proceed to Payment Rs. 3,200' }).click()
	// Beside the name, in place of the live message: one message for the one problem.
	const name = page.getByLabel('Full Name')
	await expect(name).toHaveAttribute('aria-invalid', 'true')
	await expect(page.locator(`[id="${await name.getAttribute('aria-describedby')}"]`)).toHaveText('Name Cannot Contain Numbers & Special Letters')
	await expect(page.getByText('Name Cannot Contains Numbers & Special Letters')).toHaveCount(0)
})

test('checkout without items says so', async ({ page }) => {
	await gotoHydrated(page, '/checkout')
	await expect(page.getByRole('heading', { name: 'No items to checkout' })).toBeVisible()
	await expect(page.getByRole('link', { name: 'Browse Products' })).toHaveAttribute('href', '/products')
})

test('manual transfer with a receipt; another browser sees no contact details or deliverables', async ({ page, context, browser }) => {
	// The chat app lies outside the machine: answer its link with a blank page.
	await context.route(/wa\.me|whatsapp\.com/, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<title>chat</title>' }))
	await gotoHydrated(page, '/product/14')
	await optionSelect(page, 'Value').selectOption('$10 USD')
	await page.getByRole('button', { name: 'Buy $10 USD - Rs. 3,200' }).click()
	await waitForHydration(page)
	await fillCustomer(page)
	await page.getByText('Bank or wallet transfer').click()
	await page.getByRole('button', { name: 'Proceed to Payment Rs. 3,200' }).click()

	await expect(page).toHaveURL(/\/payment-details$/)
	await waitForHydration(page)
	const confirm = page.getByRole('button', { name: 'Confirm Payment' })
	await expect(confirm).toBeDisabled()
	await fillTransferFacts(page, '', { tid: `TID${Date.now()}` })
	await page.getByLabel(/PNG, JPG up to 10MB/).setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: PNG_1PX })
	await expect(page.getByRole('img', { name: /receipt/i })).toBeVisible()
	await expect(confirm).toBeEnabled()

	page.on('dialog', (d) => void d.accept())
	await confirm.click()
	await expect(page).toHaveURL(/\/order-status\?internalOrderId=/, { timeout: 15_000 })
	await expect(page.getByText('Receipt being checked')).toBeVisible()
	await expect(page.getByText('ali.khan@example.pk')).toBeVisible()
	const orderUrl = page.url()

	// A stranger with the same order number: status yes, contact details and deliverables no.
	const stranger = await browser.newContext()
	await installHydrationProbe(stranger)
	const other = await stranger.newPage()
	await gotoHydrated(other, new URL(orderUrl).pathname + new URL(orderUrl).search)
	await expect(other.getByText('Receipt being checked')).toBeVisible()
	await expect(other.getByText('Rs. 3,200').first()).toBeVisible()
	await expect(other.getByText('ali.khan@example.pk')).toHaveCount(0)
	await expect(other.getByText('03001234567')).toHaveCount(0)
	await expect(other.getByText('Ali Khan')).toHaveCount(0)
	await expect(other.getByText('Ali K.')).toBeVisible()
	await stranger.close()
})

// The smallest valid PNG: one transparent pixel.
const PNG_1PX = Buffer.from(
	'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
	'base64',
)


test('a DM order says its payment is arranged on WhatsApp; staff mark it paid and the buyer’s open page turns paid live', async ({ page, browser }) => {
	const { staff, close } = await signInAsOwner(browser, { path: '/admin/settings' })
	const keyName = `dm-e2e-${Date.now()}`
	await staff.getByLabel('Key name').fill(keyName)
	await staff.getByRole('checkbox', { name: /^dm-orders / }).check()
	await staff.getByRole('button', { name: 'Create key' }).click()
	const key = (await staff.locator('.shown-once code').textContent())!.trim()
	const created = await staff.request.post('/api/admin-create-dm-order', {
		headers: { 'X-ADMIN-KEY': key },
		data: { customer: { name: 'Sara Ahmed', email: 'sara@example.pk', phone: '03001234567' }, totalAmount: '3200', items: [{ id: 14 }], status: 'pending' },
	})
	expect(created.status()).toBe(201)
	const { trackUrl } = (await created.json()) as { trackUrl: string }
	const orderNumber = new URL(trackUrl).searchParams.get('internalOrderId')!

	// The buyer opens the tracking link they were sent in the chat.
	await page.goto(new URL(trackUrl).pathname + new URL(trackUrl).search)
	await waitForHydration(page)
	await expect(page.getByTestId('payment-badge')).toHaveText('Awaiting payment')
	await expect(page.getByText(/Payment arranged with our team on WhatsApp/)).toBeVisible()
	await expect(page.getByRole('link', { name: 'Open the WhatsApp chat' })).toHaveAttribute('href', /^https:\/\/wa\.me\//)
	await expect(page.getByText('Processing might take 10-20 seconds, Kindly wait.')).toHaveCount(0)
	await expect(page.getByText('Live updates active')).toBeVisible()
	await page.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true))

	await gotoHydrated(staff, `/admin/orders/${orderNumber}`)
	await staff.getByLabel('How the buyer paid').fill('JazzCash, seen in the statement')
	await staff.getByRole('button', { name: 'Mark as paid' }).click()
	await expect(staff.getByText(`Order ${orderNumber} is paid. The buyer has been emailed.`)).toBeVisible()
	await expect(staff.getByRole('button', { name: 'Mark as paid' })).toHaveCount(0)
	await expect(staff.getByText('JazzCash, seen in the statement')).toBeVisible()
	await close()

	await expect(page.getByText('Payment Successful')).toBeVisible()
	await expect(page.getByText(/Payment arranged with our team on WhatsApp/)).toHaveCount(0)
	expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true)
})

test('a checkout opened from its address: what is typed before its form’s script arrives stays, where it was typed, and the form is then the script’s', async ({ page }) => {
	// The form's script is held back until the buyer has typed, as on a slow connection.
	let release = () => {}
	const held = new Promise<void>((resolve) => (release = resolve))
	const asked: string[] = []
	await page.route(/\/assets\/checkout-form-[\w-]+\.js$/, async (route) => {
		asked.push(route.request().url())
		await held
		await route.continue()
	})
	await gotoHydrated(page, '/checkout?product=14&value=%2410+USD')
	await expect(page.getByTestId('checkout-total')).toHaveText('Rs. 3,200')
	// The page is read without the form's script: the buyer's first touch asks for it.
	expect(asked).toEqual([])
	await page.getByLabel('Full Name').fill('Ali Khan')
	await page.getByLabel('Email Address').fill('ali.khan@example.pk')
	await page.getByText('Send the amount yourself and upload the receipt').tap()
	await page.getByLabel('Email Address').focus()
	await expect.poll(() => asked).toHaveLength(1)
	const loaded = page.waitForResponse(/\/assets\/checkout-form-[\w-]+\.js$/)
	release()
	await loaded

	await expect(page.getByLabel('Full Name')).toHaveValue('Ali Khan')
	await expect(page.getByLabel('Email Address')).toHaveValue('ali.khan@example.pk')
	await expect(page.getByLabel('Email Address')).toBeFocused()
	await expect(page.getByRole('radio', { name: /Bank or wallet transfer/ })).toBeChecked()
	// The script's form: its required-fields alert (the drawn form would be refused by the server instead).
	const alerts = collectDialogs(page)
	await page.getByRole('button', { name: 'Proceed to Payment Rs. 3,200' }).click()
	await expect.poll(() => alerts).toEqual(['Please fill in all required fields'])
	await expect(page).toHaveURL(/\/checkout\?product=14/)
	await page.getByLabel('Phone Number').fill('0300 1234567')
	await page.getByRole('button', { name: 'Proceed to Payment Rs. 3,200' }).click()
	await expect(page).toHaveURL(/\/payment-details$/)
	await expect(page.getByTestId('payment-total')).toHaveText('Rs. 3,200')
})

test('a checkout opened from its address: a tap whose click arrives after the finger lifts (as on a phone) still chooses', async ({ page }) => {
	await gotoHydrated(page, '/checkout?product=14&value=%2410+USD')
	const label = page.getByText('Send the amount yourself and upload the receipt')
	const at = { bubbles: true, pointerType: 'touch', isPrimary: true }
	// The finger is down: the form's script is asked for and arrives.
	const loaded = page.waitForResponse(/\/assets\/checkout-form-[\w-]+\.js$/)
	await label.dispatchEvent('pointerdown', at)
	await loaded
	await page.waitForTimeout(100)
	// The finger lifts; the phone's click comes a task later.
	await label.evaluate((el, init) => {
		el.dispatchEvent(new PointerEvent('pointerup', init))
		setTimeout(() => setTimeout(() => (el as HTMLElement).click()))
	}, at)
	await expect(page.getByRole('radio', { name: /Bank or wallet transfer/ })).toBeChecked()
	await page.getByLabel('Full Name').fill('Ali Khan')
	await expect(page.getByRole('radio', { name: /Bank or wallet transfer/ })).toBeChecked()
	await expect(page.getByLabel('Full Name')).toHaveValue('Ali Khan')
})
