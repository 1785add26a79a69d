import type { Browser, Page } from '@playwright/test'
import { test, expect, PNG_1PX, gotoHydrated, placeOrderFromPage, reviewTransfer, signInAsOwner, unique, fillTransferFacts, receiptUpload, expectOnFirstScreen } from './helpers'

// The order page leads with the answer (ADR-041): at every money moment the first screen of a phone
// says what happened and holds the next step. Each test opens the buyer's order page at 360×740 and
// checks that both end above the fold (where they sit in the page, whatever it was scrolled to).

test.use({ viewport: { width: 360, height: 740 } })



const orderPage = (orderNumber: string) => `/order-status?internalOrderId=${orderNumber}`

/** The buyer's transfer receipt, sent from their own browser (it holds the order's cookie). */
async function sendReceipt(page: Page, orderNumber: string) {
	const upload = await page.request.post(`/api/order/${orderNumber}/receipt`, { multipart: receiptUpload(orderNumber) })
	expect(upload.ok(), await upload.text()).toBe(true)
}

/** A transfer order placed in the buyer's browser, its receipt sent and confirmed by staff: paid, a real sale. */
async function paidByTransfer(browser: Browser, page: Page, line?: { productId: number; variantId: number }) {
	const { orderNumber } = await placeOrderFromPage(page, line ? { customerName: 'Hamza Ali', customerEmail: 'hamza.ali@example.pk', paymentMethod: 'manual', line } : { paymentMethod: 'manual' })
	await sendReceipt(page, orderNumber)
	const { staff, close } = await signInAsOwner(browser, { path: '/admin/payments' })
	try {
		await reviewTransfer(staff, orderNumber, 'confirm')
	} finally {
		await close()
	}
	return orderNumber
}

test('paid and delivered by hand: the hidden details and their Reveal, then the code and its Copy button, are on the first screen', async ({ browser, page }) => {
	const orderNumber = await paidByTransfer(browser, page)
	const code = `XBOX-${Date.now().toString(36).toUpperCase()}-7K2Q`
	const { staff, close } = await signInAsOwner(browser)
	try {
		const done = await staff.request.post('/api/admin-update-order', { data: { orderNumber, updates: { fulfillment_status: 'completed', delivery_content: code } } })
		expect(done.ok(), await done.text()).toBe(true)
	} finally {
		await close()
	}
	await gotoHydrated(page, orderPage(orderNumber))
	await expect(page.getByTestId('payment-badge')).toHaveText('Payment Successful')
	// Hidden until the buyer taps Reveal (ADR-050): the masked details and the button on the first screen.
	await expect(page.getByText(code)).toHaveCount(0)
	await expectOnFirstScreen(page, page.getByTestId('payment-badge'), page.getByText('Delivery details · hidden'), page.getByRole('button', { name: 'Reveal Delivery details · hidden' }))
	await page.getByRole('button', { name: 'Reveal Delivery details · hidden' }).click()
	await expectOnFirstScreen(page, page.locator('.order-delivery pre').filter({ hasText: code }), page.getByRole('button', { name: 'Copy delivery details' }))
})

test('paid and delivered from stock: the hidden code and its Reveal, then the code, are on the first screen', async ({ browser, page }) => {
	test.setTimeout(90_000)
	const { staff, close } = await signInAsOwner(browser, { path: '/admin/products' })
	const created = await staff.request.post('/api/admin/products', {
		data: { name: unique('PSN Card (answer)'), platform: 'playstation', kind: 'gift_card', description: 'Delivered on your order page.', variants: [{ label: '$10 USD', value: 10, price: 3100 }] },
	})
	expect(created.status()).toBe(201)
	const product = (await created.json()) as { id: number; variants: { id: number }[] }
	const code = `PSN-ANSW-${Date.now() % 1_000_000}`
	try {
		const imported = await staff.request.post(`/api/admin/products/${product.id}/stock`, { data: { variantId: product.variants[0]!.id, units: [{ code }] } })
		expect(imported.status(), await imported.text()).toBe(201)
		const orderNumber = await paidByTransfer(browser, page, { productId: product.id, variantId: product.variants[0]!.id })
		await gotoHydrated(page, orderPage(orderNumber))
		await expect(page.getByText('Delivery Complete')).toBeVisible()
		await expect(page.getByText(code)).toHaveCount(0)
		await expectOnFirstScreen(page, page.getByTestId('payment-badge'), page.getByText('Code · hidden'), page.getByRole('button', { name: 'Reveal Code · hidden' }))
		await page.getByRole('button', { name: 'Reveal Code · hidden' }).click()
		await expectOnFirstScreen(page, page.getByTestId('payment-badge'), page.locator('.order-delivery pre').filter({ hasText: code }), page.getByRole('button', { name: 'Copy delivery details' }))
	} finally {
		// The storefront's product count stays as the other tests expect.
		await staff.request.patch(`/api/admin/products/${product.id}`, { data: { visible: false } })
		await close()
	}
})

test('paid and waiting for staff to deliver: "we are preparing it" with the time it takes is on the first screen', async ({ browser, page }) => {
	const orderNumber = await paidByTransfer(browser, page)
	await gotoHydrated(page, orderPage(orderNumber))
	await expect(page.getByTestId('payment-badge')).toHaveText('Payment Successful')
	await expectOnFirstScreen(page, page.getByRole('heading', { name: 'Almost Ready!' }), page.getByText(/We are preparing your order: most are delivered within 0-12 hours of payment/))
})

test('a failed online payment: Payment Failed and Try again are on the first screen', async ({ page }) => {
	const { paymentUrl } = await placeOrderFromPage(page)
	await page.goto(paymentUrl!)
	await page.getByRole('button', { name: 'Fail payment' }).click()
	await expect(page).toHaveURL(/\/order-status\?ordId=\d+/)
	await expect(page.getByTestId('payment-badge')).toHaveText('Payment Failed')
	await expectOnFirstScreen(page, page.getByTestId('payment-badge'), page.getByRole('button', { name: 'Try again' }))
})

test('an online payment not made yet: Continue to payment is on the first screen', async ({ page }) => {
	const { orderNumber } = await placeOrderFromPage(page)
	await gotoHydrated(page, orderPage(orderNumber))
	await expectOnFirstScreen(page, page.getByTestId('payment-badge'), page.getByRole('button', { name: 'Continue to payment' }))
})

test('a transfer waiting for its receipt: the amount, the reference and the receipt upload are on the first screen', async ({ page }) => {
	const { orderNumber } = await placeOrderFromPage(page, { paymentMethod: 'manual' })
	await gotoHydrated(page, orderPage(orderNumber))
	await expect(page.getByTestId('payment-badge')).toHaveText('Awaiting payment')
	// The upload begins there with the transfer's TID (ADR-049); who paid, the screenshot and the button follow it.
	await expectOnFirstScreen(page, page.getByTestId('transfer-amount'), page.getByTestId('transfer-reference'), page.getByRole('textbox', { name: 'Transaction ID (TID)' }))
	await expect(page.getByRole('button', { name: 'Upload receipt', exact: true })).toBeVisible()
})

test('a rejected transfer: the reason and the ways on are on the first screen; a new receipt goes back to staff, who confirm it, and the order is paid', async ({ browser, page }) => {
	test.setTimeout(90_000)
	const { orderNumber } = await placeOrderFromPage(page, { paymentMethod: 'manual' })
	await sendReceipt(page, orderNumber)
	const reason = 'No transfer of Rs. 3,200 reached our account.'
	const { staff, close } = await signInAsOwner(browser, { path: '/admin/payments' })
	try {
		await reviewTransfer(staff, orderNumber, 'reject', reason)

		await gotoHydrated(page, orderPage(orderNumber))
		await expect(page.getByTestId('payment-badge')).toHaveText('Receipt not accepted')
		const why = page.getByText(`Your transfer could not be confirmed: ${reason}`)
		const upload = page.getByRole('button', { name: 'Upload new receipt' })
		const online = page.getByRole('button', { name: 'Pay online instead' })
		const chat = page.getByRole('link', { name: 'Ask us on WhatsApp' })
		// The quick ways on, then the new receipt's form beginning with its TID; its button follows.
		await expectOnFirstScreen(page, why, online, chat, page.getByRole('textbox', { name: 'Transaction ID (TID)' }))
		await expect(upload).toBeVisible()
		// The chat opens with the order number written in.
		expect(decodeURIComponent((await chat.getAttribute('href'))!)).toContain(`order ${orderNumber} could not be confirmed`)

		// The buyer sends a new receipt right there: it waits for staff again.
		await fillTransferFacts(page, orderNumber)
		await page.getByLabel(/PNG, JPG up to 10MB/).setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: PNG_1PX })
		// Checked and previewed before it is sent, as the buyer sees it.
		await expect(page.getByRole('img', { name: 'Payment receipt preview' })).toBeVisible()
		await upload.click()
		await expect(page.getByText('Receipt received, awaiting confirmation.')).toBeVisible()
		await expect(page.getByTestId('payment-badge')).toHaveText('Receipt being checked')
		await expect(why).toHaveCount(0)

		// Staff find it in their Transfers queue again, and confirm it.
		await reviewTransfer(staff, orderNumber, 'confirm')
		await page.reload()
		await expect(page.getByTestId('payment-badge')).toHaveText('Payment Successful')
		await expectOnFirstScreen(page, page.getByTestId('payment-badge'), page.getByRole('heading', { name: 'Almost Ready!' }))
	} finally {
		await close()
	}
})

test('in Urdu too: a rejected transfer’s reason and ways on are on the first screen', async ({ browser, page }) => {
	const { orderNumber } = await placeOrderFromPage(page, { paymentMethod: 'manual' })
	await sendReceipt(page, orderNumber)
	const { staff, close } = await signInAsOwner(browser, { path: '/admin/payments' })
	try {
		await reviewTransfer(staff, orderNumber, 'reject', 'Amount does not match.')
	} finally {
		await close()
	}
	await gotoHydrated(page, `/ur${orderPage(orderNumber)}`)
	await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
	await expectOnFirstScreen(
		page,
		page.getByText('آپ کی ٹرانسفر کی تصدیق نہیں ہو سکی'),
		page.getByRole('button', { name: 'اس کی جگہ آن لائن ادائیگی کریں' }),
		page.getByRole('link', { name: 'واٹس ایپ پر ہم سے پوچھیں' }),
		page.getByRole('textbox', { name: 'ٹرانزیکشن آئی ڈی (TID)' }),
	)
	await expect(page.getByRole('button', { name: 'نئی رسید اپ لوڈ کریں' })).toBeVisible()
})

test('a rejected transfer may be paid online instead: Pay online instead opens the payment page for the same order', async ({ browser, page }) => {
	const { orderNumber } = await placeOrderFromPage(page, { paymentMethod: 'manual' })
	await sendReceipt(page, orderNumber)
	const { staff, close } = await signInAsOwner(browser, { path: '/admin/payments' })
	try {
		await reviewTransfer(staff, orderNumber, 'reject')
	} finally {
		await close()
	}
	await gotoHydrated(page, orderPage(orderNumber))
	await page.getByRole('button', { name: 'Pay online instead' }).click()
	await expect(page).toHaveURL(/\/paypro-sim\/pay\/\d+$/)
	await expect(page.getByText(orderNumber)).toBeVisible()
	await page.getByRole('button', { name: 'Pay Rs. 3,200' }).click()
	await expect(page).toHaveURL(/\/order-status\?ordId=\d+/)
	await expect(page.getByTestId('payment-badge')).toHaveText('Payment Successful')
})

test('without scripts the order page offers a link to look again, and looks again by itself only while something is to come', async ({ browser }) => {
	const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 360, height: 740 } })
	try {
		const page = await context.newPage()
		const { orderNumber } = await placeOrderFromPage(page, { paymentMethod: 'manual' })
		await page.goto(orderPage(orderNumber))
		await expect(page.getByText('Checking for updates...')).toBeHidden()
		await expect(page.getByRole('link', { name: 'Refresh to see the latest' })).toBeVisible()
		await expect(page.locator('meta[http-equiv="refresh"]')).toHaveAttribute('content', '30')
		// Refresh Status is a link too.
		await expect(page.getByRole('link', { name: 'Refresh Status' })).toBeVisible()

		// Cancelled, nothing is to come: the page no longer looks again by itself.
		const { staff, close } = await signInAsOwner(browser)
		try {
			const cancelled = await staff.request.post(`/api/admin/orders/${orderNumber}/cancel`, { data: { reason: 'Out of stock for this value' } })
			expect(cancelled.ok(), await cancelled.text()).toBe(true)
		} finally {
			await close()
		}
		await page.goto(orderPage(orderNumber))
		await expect(page.getByTestId('payment-badge')).toHaveText('Cancelled')
		await expect(page.locator('meta[http-equiv="refresh"]')).toHaveCount(0)
	} finally {
		await context.close()
	}
})
