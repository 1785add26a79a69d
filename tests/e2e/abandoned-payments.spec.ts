import type { Browser, Locator } from '@playwright/test'
import { test, expect, gotoHydrated, emailTo, installHydrationProbe, placeOrderFromPage, signInAsOwner, receiptUpload } from './helpers'

// Every money moment has a next step (issue 34), on a 360×740 phone: an online order left unpaid is
// reminded by email, whose link opens the order with its pay button on the first screen; and a transfer
// staff rejected is reopened on the console and confirmed after all, and the buyer's page says paid.

const PHONE = { width: 360, height: 740 }
test.use({ viewport: PHONE })

/** On the first screen of the phone: the answer and the next step without scrolling. */
async function expectOnFirstScreen(locator: Locator) {
	await expect(locator).toBeVisible()
	const box = await locator.boundingBox()
	expect(box, 'drawn on the page').not.toBeNull()
	expect(box!.y + box!.height, 'within the first 740 px').toBeLessThanOrEqual(PHONE.height)
}

/** The owner sets the payment reminders on the console's store page (minutes, hours). */
async function setReminders(browser: Browser, first: number, second: number) {
	const { staff, close } = await signInAsOwner(browser, { path: '/admin/store' })
	try {
		const form = staff.locator('form.store-form')
		await form.getByLabel('First reminder, minutes after the order').fill(String(first))
		await form.getByLabel('Second reminder, hours after the order').fill(String(second))
		await form.locator('#paymentReminders').getByRole('button', { name: 'Save store details' }).click()
		await expect(staff.getByText(/Saved the payment reminders|Nothing had changed/)).toBeVisible()
	} finally {
		await close()
	}
}


test('abandoned: an online order left unpaid is reminded by email, whose link opens the order with its pay button first, and paying succeeds', async ({ browser, page }) => {
	// The reminder waits a minute after the order, and the worker's sweep runs once a minute.
	test.setTimeout(240_000)
	const email = `abandoned.${Date.now().toString(36)}@example.pk`
	await setReminders(browser, 1, 0)
	try {
		await gotoHydrated(page, '/about')
		const { orderNumber } = await placeOrderFromPage(page, { customerEmail: email, customerName: 'Bilal Ahmed' })
		const reminder = await emailTo(page, email, new RegExp(`Order ${orderNumber} is waiting for your payment`), { timeout: 170_000, every: 2_000 })
		expect(reminder.textContent).toContain(`Your order ${orderNumber} for Rs. 3,200 is saved, but it is not paid yet.`)
		expect(reminder.textContent).toContain('Pay by transfer instead')
		const link = /Pay now: (https?:\/\/\S+)/.exec(reminder.textContent)?.[1]
		expect(link, reminder.textContent).toContain(`internalOrderId=${orderNumber}`)

		// On another phone (no order cookie): the email's link alone opens the order.
		const phone = await browser.newContext({ viewport: PHONE, isMobile: true, hasTouch: true })
		await installHydrationProbe(phone)
		try {
			const buyer = await phone.newPage()
			const url = new URL(link!)
			await gotoHydrated(buyer, url.pathname + url.search)
			await expect(buyer.getByTestId('payment-badge')).toHaveText('Awaiting payment')
			await expectOnFirstScreen(buyer.getByTestId('payment-badge'))
			const pay = buyer.getByRole('button', { name: 'Continue to payment' })
			await expectOnFirstScreen(pay)
			await pay.click()
			await buyer.getByRole('button', { name: 'Pay Rs. 3,200' }).click()
			await expect(buyer).toHaveURL(/\/order-status\?ordId=\d+/)
			await expect(buyer.getByTestId('payment-badge')).toHaveText('Payment Successful')
			await expectOnFirstScreen(buyer.getByTestId('payment-badge'))
		} finally {
			await phone.close()
		}
	} finally {
		await setReminders(browser, 30, 20)
	}
})

test('rejection reopened by staff: staff reject a transfer, reopen it on the console, confirm it, and the buyer’s page shows paid', async ({ browser, page }) => {
	await gotoHydrated(page, '/about')
	const { orderNumber } = await placeOrderFromPage(page, { customerEmail: `reopened.${Date.now().toString(36)}@example.pk`, paymentMethod: 'manual' })
	const upload = await page.request.post(`/api/order/${orderNumber}/receipt`, { multipart: receiptUpload(orderNumber) })
	expect(upload.ok()).toBe(true)

	const { staff, close } = await signInAsOwner(browser, { path: '/admin/payments' })
	try {
		const entry = staff.getByRole('article', { name: orderNumber })
		await entry.getByLabel('Reason for rejection').fill('No such amount in the statement')
		await entry.getByRole('button', { name: 'Reject' }).click()
		await expect(staff.getByRole('article', { name: orderNumber })).toHaveCount(0)

		// The buyer's page says so, with the reason, on the first screen.
		await gotoHydrated(page, `/order-status?internalOrderId=${orderNumber}`)
		await expect(page.getByTestId('payment-badge')).toHaveText('Receipt not accepted')
		await expectOnFirstScreen(page.getByTestId('payment-badge'))
		await expect(page.getByText('No such amount in the statement')).toBeVisible()

		// The money turned up: staff reopen it on the order's console page, beside Cancel.
		await gotoHydrated(staff, `/admin/orders/${orderNumber}`)
		const reopen = staff.getByRole('form', { name: 'Reopen the rejected transfer' })
		await expect(staff.getByRole('form', { name: 'Cancel order' })).toBeVisible()
		await reopen.getByRole('button', { name: 'Reopen' }).click()
		await expect(reopen.getByText('Please write a note: why the rejected transfer is opened again (the money turned up, say).')).toBeVisible()
		await reopen.getByLabel('Why (for the audit log)').fill('Found it under the sender’s brother’s name')
		await reopen.getByRole('button', { name: 'Reopen' }).click()
		await expect(staff.getByText(`Order ${orderNumber}’s transfer is reopened: confirm it on Transfers once you have checked the money.`)).toBeVisible()
		await expect(staff.locator('.order-timeline')).toContainText('Transfer reopened: the receipt waits for review again')
		await expect(staff.getByRole('form', { name: 'Reopen the rejected transfer' })).toHaveCount(0)

		await expect(page.getByTestId('payment-badge')).toHaveText('Receipt being checked')

		await gotoHydrated(staff, '/admin/payments')
		const waiting = staff.getByRole('article', { name: orderNumber })
		await waiting.getByLabel('Confirmation note').fill('Seen in the statement')
		await waiting.getByRole('button', { name: 'Confirm' }).click()
		await expect(staff.getByText(`Order ${orderNumber} is paid. The buyer has been emailed.`)).toBeVisible()
	} finally {
		await close()
	}
	await expect(page.getByTestId('payment-badge')).toHaveText('Payment Successful')
	await page.reload()
	await expect(page.getByTestId('payment-badge')).toHaveText('Payment Successful')
	await expectOnFirstScreen(page.getByTestId('payment-badge'))
})
