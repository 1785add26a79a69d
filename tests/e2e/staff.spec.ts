import * as OTPAuth from 'otpauth'
import { test, expect, PNG_1PX, gotoHydrated, placeOrderFromPage, signInAsOwner, signInAsStaffMember, waitForHydration } from './helpers'




test('staff complete a paid order with codes; the buyer’s open page shows them without a reload', async ({ page, browser }) => {
	const { orderNumber, paymentUrl } = await placeOrderFromPage(page, { customerName: 'Hamza Iqbal', customerEmail: 'hamza@example.pk' })
	await page.goto(paymentUrl!)
	await page.getByRole('button', { name: 'Pay Rs. 3,200' }).click()
	await expect(page).toHaveURL(/\/order-status/)
	await waitForHydration(page)
	await expect(page.getByText('Payment Successful')).toBeVisible()
	await expect(page.getByText('Almost Ready!')).toBeVisible()
	await expect(page.getByText('Live updates active')).toBeVisible()
	await page.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true))

	const { staff, close } = await signInAsOwner(browser)
	await staff.getByRole('searchbox', { name: 'Search' }).fill(orderNumber)
	await staff.getByRole('button', { name: 'Search' }).click()
	await expect(staff.getByRole('link', { name: orderNumber })).toBeVisible()
	await waitForHydration(staff)
	await staff.getByRole('button', { name: `Update order ${orderNumber}` }).click()
	await staff.getByLabel('Fulfillment status').selectOption('completed')
	await staff.getByLabel('Game codes or account details').fill('XBOX-GIFT-7Q4K-99ZT')
	await staff.getByRole('button', { name: 'Save' }).click()
	await expect(staff.getByText(`Order ${orderNumber} updated: Completed.`)).toBeVisible()
	await close()

	await expect(page.getByText('Delivery Complete')).toBeVisible()
	// Arrived live, hidden behind its Reveal (ADR-050); one tap shows it.
	await expect(page.getByText('Delivery details · hidden')).toBeVisible()
	expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true)
	await page.getByRole('button', { name: /^Reveal/ }).click()
	await expect(page.getByText('XBOX-GIFT-7Q4K-99ZT')).toBeVisible()
})

test('a transfer confirmed by staff turns the buyer’s open page to Payment Successful', async ({ page, browser }) => {
	const { orderNumber } = await placeOrderFromPage(page, { customerName: 'Hamza Iqbal', customerEmail: 'hamza@example.pk', paymentMethod: 'manual' })
	const upload = await page.request.post(`/api/order/${orderNumber}/receipt`, {
		multipart: { transactionId: `TID${orderNumber.replace(/[^A-Za-z0-9]/g, '')}`, payerAccount: 'Hamza Iqbal, Meezan Bank', receipt: { name: 'receipt.png', mimeType: 'image/png', buffer: PNG_1PX } },
	})
	expect(upload.ok()).toBe(true)
	await gotoHydrated(page, `/order-status?internalOrderId=${orderNumber}`)
	await expect(page.getByText('Receipt being checked')).toBeVisible()
	await expect(page.getByText('Live updates active')).toBeVisible()

	const { staff, close } = await signInAsOwner(browser)
	await staff.getByRole('navigation', { name: 'Staff console' }).getByRole('link', { name: /^Transfers/ }).click()
	await expect(staff.getByRole('heading', { name: 'Transfers' })).toBeVisible()
	const entry = staff.locator('article, li, section').filter({ has: staff.getByRole('img', { name: `Transfer receipt for order ${orderNumber}` }) }).last()
	// Other tests leave transfers waiting too: the receipt images load lazily, as each comes into view.
	await entry.scrollIntoViewIfNeeded()
	await expect(entry.getByRole('img', { name: `Transfer receipt for order ${orderNumber}` })).toBeVisible()
	await entry.getByLabel('Confirmation note').fill('Meezan transfer seen in the statement')
	await entry.getByRole('button', { name: 'Confirm' }).click()
	await expect(staff.getByText(`Order ${orderNumber} is paid. The buyer has been emailed.`)).toBeVisible()
	await close()

	await expect(page.getByText('Payment Successful')).toBeVisible()
})

test('a staff member turns on two-factor sign-in and then signs in with a code from the app', async ({ browser }) => {
	// The owner adds a staff member, whose password is shown once.
	const { staff: owner, close: closeOwner } = await signInAsOwner(browser)
	const email = `twofactor-${Date.now()}@example.pk`
	await owner.getByRole('link', { name: 'Settings' }).click()
	await owner.getByLabel('Email').fill(email)
	await owner.getByLabel('Name', { exact: true }).fill('Ayesha')
	await owner.getByRole('button', { name: 'Create account' }).click()
	const password = (await owner.locator('.staff-secret').textContent())!.trim()
	await closeOwner()

	const { page, close } = await signInAsStaffMember(browser, email, password)

	await page.getByRole('link', { name: 'Security' }).click()
	await expect(page.getByRole('heading', { name: 'Two-factor sign-in' })).toBeVisible()
	await expect(page.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible()
	// What a person types into the app by hand.
	const secret = (await page.locator('.staff-secret').textContent())!.replace(/\s/g, '')
	const app = new OTPAuth.TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: OTPAuth.Secret.fromBase32(secret) })
	await page.getByLabel('Enter the 6-digit code the app shows').fill(app.generate())
	await page.getByRole('button', { name: 'Turn on two-factor sign-in' }).click()
	await expect(page.getByText('Two-factor sign-in is on.')).toBeVisible()
	await expect(page.getByRole('list', { name: 'Recovery codes' }).getByRole('listitem')).toHaveCount(10)

	await page.getByRole('button', { name: 'Sign out' }).click()
	await expect(page).toHaveURL(/\/admin\/login$/)
	await waitForHydration(page)
	await page.getByLabel('Email').fill(email)
	await page.getByLabel('Password').fill(password)
	await page.getByRole('button', { name: 'Sign in' }).click()
	await expect(page.getByLabel('Authentication code')).toBeVisible()
	// The code step may be a page of its own: typed into before its scripts start, the field would be drawn again empty.
	await waitForHydration(page)
	await page.getByLabel('Authentication code').fill('000000')
	await page.getByRole('button', { name: 'Verify and sign in' }).click()
	await expect(page.getByRole('alert')).toHaveText('That code did not work. Please enter the newest code from your authenticator app, or a recovery code.')
	// Each code works once: the app's next code (accepted for clock drift), not the one that turned it on.
	await page.getByLabel('Authentication code').fill(app.generate({ timestamp: Date.now() + 30_000 }))
	await page.getByRole('button', { name: 'Verify and sign in' }).click()
	await expect(page).toHaveURL(/\/admin-dashboard$/)
	await expect(page.getByRole('banner')).toContainText('Ayesha (staff)')
	await close()
})

// The smallest valid PNG: one transparent pixel.
