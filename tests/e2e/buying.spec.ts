import { devices, type Browser, type Page } from '@playwright/test'
import { cartDrawer, expect, gotoHydrated, holdEntryScript, modal, optionSelect, seedCart, signInAsOwner, storedLine, test, waitForHydration } from './helpers'

// Buying on a phone: refusals seen where the buyer looks, choices made before the scripts start
// kept, Buy and checkout as plain forms without scripts, and renewals that say what they renew.

const PHONE_MESSAGE = 'Please enter a Pakistani mobile number, like 0300 1234567.'
const EMAIL_MESSAGE = 'Please enter a valid email address.'

/** A phone without JavaScript. */
async function noScriptPhone(browser: Browser) {
	const context = await browser.newContext({ ...devices['Pixel 7'], javaScriptEnabled: false })
	return { page: await context.newPage(), close: () => context.close() }
}

/** The field's message, read the way a screen reader finds it (aria-describedby). */
async function describedBy(page: Page, label: string) {
	const id = await page.getByLabel(label).getAttribute('aria-describedby')
	expect(id).toBeTruthy()
	return page.locator(`[id="${id}"]`)
}

test('a refused checkout marks the fields beside them, focuses the first, and is placed once corrected', async ({ page }) => {
	await gotoHydrated(page, '/product/14')
	await optionSelect(page, 'Value').selectOption('$10 USD')
	await page.getByRole('button', { name: 'Buy $10 USD - Rs. 3,200' }).click()
	await expect(page).toHaveURL(/\/checkout$/)
	await waitForHydration(page)
	await expect(page.getByRole('link', { name: 'Back to Product' })).toHaveAttribute('href', '/product/14')

	// An ordinary name with a period; an email and a phone the server refuses.
	await page.getByLabel('Full Name').fill('Syed M. Ali')
	await page.getByLabel('Email Address').fill('ali@x')
	await page.getByLabel('Phone Number').fill('12')
	await page.getByRole('button', { name: 'Proceed to Payment Rs. 3,200' }).click()

	const email = page.getByLabel('Email Address')
	const phone = page.getByLabel('Phone Number')
	await expect(email).toHaveAttribute('aria-invalid', 'true')
	await expect(phone).toHaveAttribute('aria-invalid', 'true')
	await expect(page.getByLabel('Full Name')).not.toHaveAttribute('aria-invalid', 'true')
	await expect(await describedBy(page, 'Email Address')).toHaveText(EMAIL_MESSAGE)
	await expect(await describedBy(page, 'Phone Number')).toHaveText(PHONE_MESSAGE)
	// The first field to correct has the focus, in view on the phone; each problem is said once.
	await expect(email).toBeFocused()
	await expect(email).toBeInViewport()
	await expect(page.getByText(EMAIL_MESSAGE)).toHaveCount(1)
	await expect(page.getByText(PHONE_MESSAGE)).toHaveCount(1)
	const messageBox = (await (await describedBy(page, 'Phone Number')).boundingBox())!
	const phoneBox = (await phone.boundingBox())!
	expect(messageBox.y).toBeGreaterThanOrEqual(phoneBox.y + phoneBox.height - 1)
	expect(messageBox.y).toBeLessThan(phoneBox.y + phoneBox.height + 40)

	// Correcting a field clears its mark; then the order is placed.
	await email.fill('ali@example.pk')
	await expect(email).not.toHaveAttribute('aria-invalid', 'true')
	await phone.fill('0300 1234567')
	await page.getByRole('button', { name: 'Proceed to Payment Rs. 3,200' }).click()
	await expect(page).toHaveURL(/\/paypro-sim\/pay\/\d+$/)
	await expect(page.getByText('Rs. 3,200').first()).toBeVisible()
})

test('checkout from the cart goes back to the cart; the PayPro note shows for online payment only', async ({ page }) => {
	await seedCart(page, { items: [storedLine.giftCard10(1)] })
	await gotoHydrated(page, '/products')
	await page.getByRole('banner').getByRole('button', { name: /^Cart/ }).click()
	await cartDrawer(page).getByRole('button', { name: 'Proceed to Checkout' }).click()
	await expect(page).toHaveURL(/\/checkout$/)
	await waitForHydration(page)
	await expect(page.getByRole('link', { name: 'Back to Product' })).toHaveCount(0)
	const note = page.getByText('Payments are processed securely by PayPro.', { exact: false })
	await expect(note).toBeVisible()
	await page.getByText('Send the amount yourself and upload the receipt').tap()
	await expect(note).toBeHidden()
	await page.getByText('Card, JazzCash, EasyPaisa and more through PayPro').tap()
	await expect(note).toBeVisible()
	await page.getByRole('button', { name: 'Back to Cart' }).click()
	await expect(page).toHaveURL(/\/products$/)
	await expect(cartDrawer(page)).toBeVisible()
})

test('a name with digits shows one message beside it: the live one while typing, the submit one after', async ({ page }) => {
	await gotoHydrated(page, '/product/14')
	await page.getByRole('button', { name: /^Buy / }).click()
	await waitForHydration(page)
	const name = page.getByLabel('Full Name')
	await name.fill('Ali2')
	await expect(await describedBy(page, 'Full Name')).toHaveText('Name Cannot Contains Numbers & Special Letters')
	await page.getByLabel('Email Address').fill('ali@example.pk')
	await page.getByLabel('Phone Number').fill('0300 1234567')
	await page.getByRole('button', { name: /^Proceed to Payment/ }).click()
	await expect(await describedBy(page, 'Full Name')).toHaveText('Name Cannot Contain Numbers & Special Letters')
	await expect(page.getByText(/^Name Cannot Contains? Numbers/)).toHaveCount(1)
	await expect(name).toBeFocused()
	await expect(name).toHaveAttribute('aria-invalid', 'true')
	await name.fill("Mu'az Khan")
	await expect(name).not.toHaveAttribute('aria-invalid', 'true')
	await expect(page.getByText(/^Name Cannot Contains? Numbers/)).toHaveCount(0)
})

test('a duration chosen before the scripts start is kept: its price, its Buy button and its checkout line', async ({ page }) => {
	const release = await holdEntryScript(page)
	await page.goto('/product/1', { waitUntil: 'load' })
	const duration = optionSelect(page, 'Duration')
	const twoMonths = (await duration.locator('option', { hasText: /^2 Months/ }).textContent())!
	const twoMonthsPrice = /Rs\. [\d,]+/.exec(twoMonths)![0]
	await duration.selectOption('2 Months')
	release()
	await waitForHydration(page)
	// Give the page a re-render after hydration (the chat button's message, the cart's restore).
	await page.waitForLoadState('networkidle')
	await expect(duration).toHaveValue('2 Months')
	await expect(page.locator('.product-price')).toContainText(twoMonthsPrice)
	await page.getByRole('button', { name: `Buy 2 Months - ${twoMonthsPrice}` }).click()
	await modal(page).getByRole('button', { name: /^Private Account/ }).click()
	await expect(page).toHaveURL(/\/game-pass-terms$/)
	await page.getByLabel('I have read and agree to these terms').check()
	await page.getByRole('button', { name: 'Proceed to Checkout' }).click()
	await expect(page).toHaveURL(/\/checkout$/)
	await expect(page.getByText('Duration: 2 Months')).toBeVisible()
	await expect(page.getByTestId('checkout-total')).toHaveText(twoMonthsPrice)
})

test('a console tap made as the scripts start lands where the owner scrolled: hydration keeps the page where it is', async ({ browser }) => {
	const { staff, close } = await signInAsOwner(browser, { path: '/admin/products' })
	const release = await holdEntryScript(staff)
	// Another page loaded and left first, scrolled (its position is saved as it goes).
	await staff.goto('/admin/reviews', { waitUntil: 'load' })
	await staff.evaluate(() => window.scrollTo(0, 120))
	await staff.goto('/admin/products', { waitUntil: 'load' })
	const hide = staff.getByRole('button', { name: /^Hide / }).first()
	const productName = (await hide.getAttribute('aria-label'))!.replace(/^Hide /, '')
	await hide.scrollIntoViewIfNeeded()
	const scrolled = await staff.evaluate(() => window.scrollY)
	expect(scrolled).toBeGreaterThan(0)
	const before = (await hide.boundingBox())!
	release()
	await waitForHydration(staff)
	expect(await staff.evaluate(() => window.scrollY)).toBe(scrolled)
	// The tap where the button was when the owner aimed hits it.
	await staff.mouse.click(before.x + before.width / 2, before.y + before.height / 2)
	await expect(staff.getByRole('button', { name: `Show ${productName}` })).toBeVisible()
	// Put it back for the other tests.
	await staff.getByRole('button', { name: `Show ${productName}` }).click()
	await expect(staff.getByRole('button', { name: `Hide ${productName}` })).toBeVisible()
	await close()
})

test('a Buy Now tap made before the scripts start opens checkout with the duration chosen', async ({ page }) => {
	const release = await holdEntryScript(page)
	await page.goto('/product/14', { waitUntil: 'load' })
	await optionSelect(page, 'Value').selectOption('$10 USD')
	await page.getByRole('button', { name: /^Buy / }).click()
	release()
	await expect(page).toHaveURL(/\/checkout\?product=14&value=%2410\+USD$/)
	await waitForHydration(page)
	await expect(page.getByText('Value: $10 USD')).toBeVisible()
	await expect(page.getByTestId('checkout-total')).toHaveText('Rs. 3,200')
})

test('without scripts: Buy opens checkout with the chosen value, whose form places the order and opens PayPro', async ({ browser }) => {
	const { page, close } = await noScriptPhone(browser)
	await page.goto('/product/14')
	await expect(page.getByText('The cart needs JavaScript, which is off in this browser. Buy Now works without it.')).toBeVisible()
	await optionSelect(page, 'Value').selectOption('$10 USD')
	await page.getByRole('button', { name: /^Buy / }).click()
	await expect(page).toHaveURL(/\/checkout\?product=14&value=%2410\+USD$/)
	await expect(page.getByText('Value: $10 USD')).toBeVisible()
	await expect(page.getByTestId('checkout-total')).toHaveText('Rs. 3,200')
	await page.getByLabel('Full Name').fill('Ayesha Siddiqui')
	await page.getByLabel('Email Address').fill('ayesha@example.pk')
	await page.getByLabel('Phone Number').fill('0300 7654321')
	await page.getByRole('button', { name: 'Proceed to Payment Rs. 3,200' }).click()
	await expect(page).toHaveURL(/\/paypro-sim\/pay\/\d+$/)
	await expect(page.getByText('Rs. 3,200').first()).toBeVisible()
	await close()
})

test('without scripts: a Game Pass asks the account type and the terms, a refusal keeps the values, and transfer opens the order page', async ({ browser }) => {
	const { page, close } = await noScriptPhone(browser)
	await page.goto('/product/1')
	await optionSelect(page, 'Duration').selectOption('2 Months')
	// Without scripts the button cannot follow the list: it says Buy Now, and what follows shows the choice.
	await page.getByRole('button', { name: 'Buy Now' }).click()
	await expect(page.getByRole('heading', { name: /2 Months/ })).toBeVisible()
	const shared = page.getByRole('radio', { name: /^Shared Account/ })
	const sharedPrice = /Rs\. [\d,]+/.exec((await page.locator('label', { has: shared }).textContent())!)![0]
	await shared.check()
	await page.getByLabel(/I have read and agree to the/).check()
	await page.getByRole('button', { name: 'Continue to Checkout' }).click()
	await expect(page).toHaveURL(/\/checkout\?/)
	await expect(page.getByText('Duration: 2 Months')).toBeVisible()
	await expect(page.getByText('Account Type: Shared')).toBeVisible()
	await expect(page.getByTestId('checkout-total')).toHaveText(sharedPrice)

	await page.getByLabel('Full Name').fill('Mu’az Khan')
	await page.getByLabel('Email Address').fill('muaz@example.pk')
	await page.getByLabel('Phone Number').fill('12')
	await page.getByRole('radio', { name: /^Bank or wallet transfer/ }).check()
	// PayPro's notes are for online payment only.
	await expect(page.getByText('Payments are processed securely by PayPro.', { exact: false })).toBeHidden()
	await page.getByRole('button', { name: /^Proceed to Payment/ }).click()

	const phone = page.getByLabel('Phone Number')
	await expect(phone).toHaveAttribute('aria-invalid', 'true')
	await expect(phone).toBeFocused()
	await expect(await describedBy(page, 'Phone Number')).toHaveText(PHONE_MESSAGE)
	await expect(page.getByLabel('Full Name')).toHaveValue('Mu’az Khan')
	await expect(page.getByLabel('Email Address')).toHaveValue('muaz@example.pk')
	await expect(phone).toHaveValue('12')
	await expect(page.getByRole('radio', { name: /^Bank or wallet transfer/ })).toBeChecked()

	await phone.fill('0300 7654321')
	await page.getByRole('button', { name: /^Proceed to Payment/ }).click()
	await expect(page).toHaveURL(/\/order-status\?internalOrderId=/)
	await expect(page.getByText(sharedPrice).first()).toBeVisible()
	await expect(page.getByText('muaz@example.pk')).toBeVisible()
	await close()
})

test('without scripts: Check Prices and Get Quote open WhatsApp with the product and the length or range written in', async ({ browser }) => {
	const { page, close } = await noScriptPhone(browser)
	try {
		await page.goto('/product/1')
		// The dialog's button needs scripts: in its place, a plain list of WhatsApp links.
		await expect(page.getByRole('button', { name: 'Check Prices' })).toBeHidden()
		await page.locator('summary', { hasText: 'Check Prices' }).click()
		const months = page.getByRole('link', { name: '3 Months', exact: true })
		await expect(months).toBeVisible()
		const href = new URL((await months.getAttribute('href'))!)
		expect(href.hostname).toBe('wa.me')
		expect(href.searchParams.get('text')).toBe("Hi! I'd like a quote for Xbox Game Pass Ultimate (Console Edition) for 3 months.")

		await page.goto('/product/14')
		await expect(page.getByRole('button', { name: 'Get Quote' })).toBeHidden()
		await page.locator('summary', { hasText: 'Get Quote' }).click()
		const range = page.getByRole('link', { name: '$50-$80', exact: true })
		await expect(range).toBeVisible()
		expect(new URL((await range.getAttribute('href'))!).searchParams.get('text')).toBe("Hi! I'd like a quote for an Xbox Gift Card in the $50-$80 range.")
	} finally {
		await close()
	}
})

test('Renew opens checkout filled in, says what it renews, and staff see the two orders linked', async ({ page, browser }) => {
	// A Game Pass bought by transfer (its cookie is in this browser).
	await gotoHydrated(page, '/checkout?product=1&duration=1+Month&accountType=shared&terms=agreed')
	await page.getByLabel('Full Name').fill('Sara Ahmed')
	await page.getByLabel('Email Address').fill('sara.renews@example.pk')
	await page.getByLabel('Phone Number').fill('0301 2345678')
	await page.getByText('Send the amount yourself and upload the receipt').tap()
	await page.getByRole('button', { name: /^Proceed to Payment/ }).click()
	await expect(page).toHaveURL(/\/payment-details$/)
	const original = (await page.getByTestId('payment-order-number').textContent())!.trim()

	await page.goto(`/renew/${original}/0`)
	await expect(page).toHaveURL(new RegExp(`/checkout\\?renew=${original}&line=0$`))
	await waitForHydration(page)
	await expect(page.getByText(/^Renewing /)).toHaveText(`Renewing Xbox Game Pass Ultimate (Console Edition), 1 Month · Shared account from order #${original}.`)
	await expect(page.getByLabel('Full Name')).toHaveValue('Sara Ahmed')
	await expect(page.getByLabel('Email Address')).toHaveValue('sara.renews@example.pk')
	await expect(page.getByLabel('Phone Number')).toHaveValue('03012345678')
	await expect(page.getByText('Account Type: Shared')).toBeVisible()
	await expect(page.getByRole('link', { name: 'Back to Order' })).toBeVisible()
	await page.getByText('Send the amount yourself and upload the receipt').tap()
	await page.getByRole('button', { name: /^Proceed to Payment/ }).click()
	await expect(page).toHaveURL(/\/payment-details$/)
	const renewal = (await page.getByTestId('payment-order-number').textContent())!.trim()
	expect(renewal).not.toBe(original)

	const { staff, close } = await signInAsOwner(browser, { path: `/admin/orders/${renewal}` })
	await staff.getByRole('link', { name: `#${original}` }).click()
	await expect(staff).toHaveURL(new RegExp(`/admin/orders/${original}$`))
	await expect(staff.getByText(`Renewed by #${renewal}`)).toBeVisible()
	await staff.goto(`/admin/orders/${renewal}`)
	await expect(staff.getByText(`Renews order #${original}`)).toBeVisible()
	await close()
})
