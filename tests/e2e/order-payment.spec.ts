import type { Browser, Page } from '@playwright/test'
import { test, expect, PNG_1PX, gotoHydrated, installHydrationProbe, placeOrderFromPage, signInAsOwner, waitForHydration, fillTransferFacts } from './helpers'

// Unpaid orders are paid from their own page, on a phone: a transfer buyer who comes back from the
// emailed link (with and without scripts), and an online payment left on PayPro's page, continued
// later or switched to a transfer.

// The smallest valid PNG: one transparent pixel.
const AWAITING = 'Receipt received, awaiting confirmation.'

/** A transfer order placed in a browser of its own (the buyer's phone holds no order cookie); the link its email carries, as the owner previews it in the outbox. */
async function transferOrderFromEmail(browser: Browser, email: string) {
	const context = await browser.newContext()
	const { orderNumber } = await placeOrderFromPage(await context.newPage(), { customerEmail: email, paymentMethod: 'manual' })
	await context.close()
	const { staff, close } = await signInAsOwner(browser)
	try {
		await gotoHydrated(staff, '/admin/outbox')
		await staff.getByRole('link', { name: new RegExp(`^Preview email to ${email.replace(/[.+]/g, '\\$&')}: Order .* placed`) }).first().click()
		const text = (await staff.locator('.email-preview pre').textContent()) ?? ''
		const link = /https?:\/\/\S+\/order-status\?\S+/.exec(text)?.[0]
		expect(link, text).toContain(`internalOrderId=${orderNumber}`)
		expect(text).toContain(`Write ${orderNumber} as the payment reference.`)
		const url = new URL(link!)
		return { orderNumber, path: url.pathname + url.search }
	} finally {
		await close()
	}
}

/** The transfer section of the order page: amount, reference, accounts and the upload. */
async function expectTransferDetails(page: Page, orderNumber: string, amount = 'Rs. 3,200') {
	await expect(page.getByRole('heading', { name: 'Pay by bank or wallet transfer' })).toBeVisible()
	await expect(page.getByTestId('transfer-amount')).toHaveText(amount)
	await expect(page.getByTestId('transfer-reference')).toHaveText(orderNumber)
	await expect(page.locator('.transfer-account').first()).toBeVisible()
	await expect(page.getByRole('button', { name: 'Upload receipt', exact: true })).toBeVisible()
}

test('a transfer buyer returns from the emailed link on a phone, is refused a wrong file with one message, uploads the receipt and sees it awaiting confirmation', async ({ page, browser }) => {
	test.setTimeout(90_000)
	const { orderNumber, path } = await transferOrderFromEmail(browser, `sana.${Date.now().toString(36)}@example.pk`)

	await gotoHydrated(page, path)
	// The link's token became the order's cookie and left the address bar.
	await expect(page).toHaveURL(new RegExp(`/order-status\\?internalOrderId=${orderNumber}$`))
	await expect(page.getByTestId('payment-badge')).toHaveText('Awaiting payment')
	await expectTransferDetails(page, orderNumber)
	await expect(page.getByText('Almost Ready!')).toHaveCount(0)

	// Not an image, though named like one: refused before any upload, and nothing says it "will still be uploaded".
	const upload = page.getByLabel(/PNG, JPG up to 10MB/)
	await upload.setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: Buffer.from('this is a text file, not a screenshot') })
	await expect(page.getByRole('alert')).toHaveText('The receipt must be an image (PNG, JPG, WebP or HEIC).')
	await expect(page.getByText(/still be uploaded/)).toHaveCount(0)
	await expect(page.getByRole('img', { name: 'Payment receipt preview' })).toHaveCount(0)

	await fillTransferFacts(page, orderNumber)
	await upload.setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: PNG_1PX })
	await expect(page.getByRole('alert')).toHaveCount(0)
	await expect(page.getByRole('img', { name: 'Payment receipt preview' })).toBeVisible()
	const dialogs: string[] = []
	page.on('dialog', (d) => {
		dialogs.push(d.message())
		void d.accept()
	})
	await page.getByRole('button', { name: 'Upload receipt', exact: true }).click()
	await expect(page.getByText(AWAITING)).toBeVisible()
	await expect(page.getByRole('heading', { name: 'Pay by bank or wallet transfer' })).toHaveCount(0)
	await expect(page).toHaveURL(new RegExp(`/order-status\\?internalOrderId=${orderNumber}$`))
	// No alert asks to attach the receipt again anywhere.
	expect(dialogs).toEqual([])
	await page.reload()
	await expect(page.getByText(AWAITING)).toBeVisible()
})

test('without scripts, the order page’s receipt form posts, keeps the TID and payer typed when refused, and comes back awaiting confirmation', async ({ browser }) => {
	test.setTimeout(90_000)
	const { orderNumber, path } = await transferOrderFromEmail(browser, `bilal.${Date.now().toString(36)}@example.pk`)
	const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 360, height: 740 } })
	await installHydrationProbe(context)
	try {
		const page = await context.newPage()
		await page.goto(path)
		await expectTransferDetails(page, orderNumber)
		await page.getByRole('button', { name: 'Upload receipt', exact: true }).click()
		// The form asks for the transfer's TID first, then the file.
		await expect(page.getByText('Please enter the transaction ID (TID) your bank or wallet shows for this transfer.')).toBeVisible()
		await fillTransferFacts(page, orderNumber)
		// Sent without its file: refused, and the TID and payer come back as typed; only the file is chosen again.
		await page.getByRole('button', { name: 'Upload receipt', exact: true }).click()
		await expect(page).toHaveURL(new RegExp(`/order-status\\?internalOrderId=${orderNumber}&receipt=missing$`))
		await expect(page.locator('input[name="transactionId"]').first()).toHaveValue(`TID${orderNumber.replace(/[^A-Za-z0-9]/g, '')}`)
		await expect(page.locator('input[name="payerAccount"]').first()).toHaveValue('Sana Malik, JazzCash')
		await page.getByLabel(/PNG, JPG up to 10MB/).setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: PNG_1PX })
		await expect(page.getByText('File chosen. Now tap Upload receipt.')).toBeVisible()
		await page.getByRole('button', { name: 'Upload receipt', exact: true }).click()
		await expect(page).toHaveURL(new RegExp(`/order-status\\?internalOrderId=${orderNumber}&receipt=uploaded$`))
		await expect(page.getByText(AWAITING)).toBeVisible()
	} finally {
		await context.close()
	}
})

test('an online payment left on PayPro’s page is completed later: back on the order page, Continue to payment opens the same page, and the order turns paid', async ({ page }) => {
	const { orderNumber, paymentUrl } = await placeOrderFromPage(page)
	await page.goto(paymentUrl!)
	await expect(page.getByRole('button', { name: 'Pay Rs. 3,200' })).toBeVisible()
	// The buyer leaves PayPro's page without paying, and comes back to the order later.
	await gotoHydrated(page, `/order-status?internalOrderId=${orderNumber}`)
	await expect(page.getByTestId('payment-badge')).toHaveText('Awaiting payment')
	await expect(page.getByText('Almost Ready!')).toHaveCount(0)
	await page.getByRole('button', { name: 'Continue to payment' }).click()
	await expect(page).toHaveURL(paymentUrl!)
	await page.getByRole('button', { name: 'Pay Rs. 3,200' }).click()
	await expect(page).toHaveURL(/\/order-status\?ordId=\d+/)
	await expect(page.getByTestId('payment-badge')).toHaveText('Payment Successful')
	await expect(page.getByTestId('order-number')).toHaveText(orderNumber)
	await expect(page.getByRole('button', { name: 'Continue to payment' })).toHaveCount(0)
})

test('an online payment left on PayPro’s page is paid by transfer instead: the same order shows the transfer details and takes the receipt', async ({ page }) => {
	const { orderNumber, paymentUrl } = await placeOrderFromPage(page, { customerEmail: `hina.${Date.now().toString(36)}@example.pk` })
	await page.goto(paymentUrl!)
	await gotoHydrated(page, `/order-status?internalOrderId=${orderNumber}`)
	await page.getByRole('button', { name: 'Pay by transfer instead' }).click()
	await expectTransferDetails(page, orderNumber)
	await expect(page.getByRole('button', { name: 'Continue to payment' })).toHaveCount(0)
	await expect(page).toHaveURL(new RegExp(`/order-status\\?internalOrderId=${orderNumber}`))
	await fillTransferFacts(page, orderNumber)
	await page.getByLabel(/PNG, JPG up to 10MB/).setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: PNG_1PX })
	await page.getByRole('button', { name: 'Upload receipt', exact: true }).click()
	await expect(page.getByText(AWAITING)).toBeVisible()
	await waitForHydration(page)
})

// How soon it says so is measured by `npm run bench -- steps` (the unknown order id step).
test('an unknown order id says Order Not Found, before and after scripts start', async ({ page }) => {
	for (const query of ['ordId=999999999999999', 'internalOrderId=XGC-1-404']) {
		await page.goto(`/order-status?${query}`, { waitUntil: 'commit' })
		await expect(page.getByRole('heading', { name: 'Order Not Found' })).toBeVisible()
		// And it stays said: no late lookups turn it into something else.
		await waitForHydration(page)
		await expect(page.getByRole('heading', { name: 'Order Not Found' })).toBeVisible()
	}
})

test('the order page’s copy buttons copy the transfer reference and an account number, and say so', async ({ page, context }) => {
	await context.grantPermissions(['clipboard-read', 'clipboard-write'])
	const { orderNumber } = await placeOrderFromPage(page, { paymentMethod: 'manual', customerEmail: `copy.${Date.now().toString(36)}@example.pk` })
	await gotoHydrated(page, `/order-status?internalOrderId=${orderNumber}`)
	await page.getByRole('button', { name: 'Copy payment reference' }).click()
	await expect(page.getByRole('status').filter({ hasText: 'Payment reference copied' })).toBeAttached()
	expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(orderNumber)
	const account = page.locator('.transfer-account').first()
	const number = ((await account.locator('.transfer-number').textContent()) ?? '').replace(/\s+/g, '')
	await account.getByRole('button', { name: /^Copy .* account number$/ }).click()
	expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(number)
	// The check goes back to the copy icon after 2 seconds.
	await expect(page.getByRole('button', { name: 'Copy payment reference' })).not.toHaveClass(/copied/, { timeout: 5000 })
})
