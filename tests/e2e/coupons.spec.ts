import { devices, type Browser, type Page } from '@playwright/test'
import { COUPON_REFUSALS } from '../../app/domain/coupons/coupon'
import { test, expect, gotoHydrated, optionSelect, signInAsOwner, waitForHydration } from './helpers'
import { inEnglish } from '../../app/i18n/english'

// Discount codes (issue 23) on a phone: the owner makes a code in the console, the buyer applies it at
// checkout (with scripts, and without), pays the discounted total on the PayPro simulator, and the
// order page shows the discount; the console counts the use.

/** The owner makes a 20% code on /admin/coupons; answers its name and the owner's page. */
async function ownerMakesCode(browser: Browser) {
	const owner = await signInAsOwner(browser, { path: '/admin/coupons' })
	const code = `E2E${Date.now()}`
	const { staff } = owner
	// A percent over 100 is refused beside its field before anything is sent.
	await staff.getByLabel('Code').fill(code)
	await staff.getByLabel('Amount (percent or rupees)').fill('150')
	await staff.getByRole('button', { name: 'Create code' }).click()
	await expect(staff.getByText('A percent off is a whole number from 1 to 100, like 20 or 20%.')).toBeVisible()
	await staff.getByLabel('Amount (percent or rupees)').fill('20%')
	await staff.getByLabel('Total uses (optional)').fill('5')
	await staff.getByRole('button', { name: 'Create code' }).click()
	await expect(staff.getByText(`Code ${code} is ready: 20% off.`)).toBeVisible()
	await expect(staff.getByRole('listitem').filter({ hasText: code })).toContainText('0 uses of 5')
	return { ...owner, code }
}

async function fillCustomer(page: Page) {
	await page.getByLabel('Full Name').fill('Ali Khan')
	await page.getByLabel('Email Address').fill(`ali.${Date.now()}@example.pk`)
	await page.getByLabel('Phone Number').fill('0300 1234567')
}

test('the owner makes a code; the buyer applies it, pays the discounted total on PayPro, and the order shows the discount', async ({ page, browser }) => {
	const { staff, close, code } = await ownerMakesCode(browser)

	await gotoHydrated(page, '/product/14')
	await optionSelect(page, 'Value').selectOption('$10 USD')
	await page.getByRole('button', { name: 'Buy $10 USD - Rs. 3,200' }).click()
	await expect(page).toHaveURL(/\/checkout$/)
	await waitForHydration(page)
	await fillCustomer(page)

	// A code that does not exist says so in one sentence, beside the field.
	await page.getByLabel('Discount code').fill('NOSUCHCODE')
	await page.getByRole('button', { name: 'Apply' }).click()
	await expect(page.getByText(inEnglish(COUPON_REFUSALS.unknown))).toBeVisible()
	await expect(page.getByLabel('Discount code')).toHaveAttribute('aria-invalid', 'true')
	await expect(page.getByTestId('checkout-total')).toHaveText('Rs. 3,200')

	// Typed in another case, the owner's code applies: the server's discount and the new total.
	await page.getByLabel('Discount code').fill(code.toLowerCase())
	await page.getByRole('button', { name: 'Apply' }).click()
	await expect(page.getByTestId('checkout-discount')).toHaveText('−Rs. 640')
	await expect(page.getByTestId('checkout-total')).toHaveText('Rs. 2,560')
	await expect(page.getByText(`Code ${code} applied: Rs. 640 off.`)).toBeVisible()

	await page.getByRole('button', { name: 'Proceed to Payment Rs. 2,560' }).click()
	await expect(page).toHaveURL(/\/paypro-sim\/pay\/\d+$/)
	await page.getByRole('button', { name: 'Pay Rs. 2,560' }).click()
	await expect(page).toHaveURL(/\/order-status\?ordId=\d+/)
	await expect(page.getByText('Payment Successful')).toBeVisible()
	await expect(page.locator('.order-discount')).toHaveText('−Rs. 640')
	await expect(page.locator('.order-total')).toHaveText('Rs. 2,560')

	await staff.reload()
	await expect(staff.getByRole('listitem').filter({ hasText: code })).toContainText('1 use of 5')
	// Paused, the code is refused at checkout.
	await staff.getByRole('button', { name: `Pause ${code}` }).click()
	await expect(staff.getByText(`Code ${code} is paused: checkout refuses it until you resume it.`)).toBeVisible()
	await close()
})

test('without scripts: Apply prices the code on the server and the order is placed at the discounted total', async ({ browser }) => {
	const { close, code } = await ownerMakesCode(browser)
	const context = await browser.newContext({ ...devices['Pixel 7'], javaScriptEnabled: false })
	const page = await context.newPage()
	await page.goto('/checkout?product=14&value=%2410+USD')
	await expect(page.getByTestId('checkout-total')).toHaveText('Rs. 3,200')
	await fillCustomer(page)
	await page.getByLabel('Discount code').fill(code)
	await page.getByRole('button', { name: 'Apply' }).click()
	await expect(page.getByTestId('checkout-discount')).toHaveText('−Rs. 640')
	await expect(page.getByTestId('checkout-total')).toHaveText('Rs. 2,560')
	// What was typed is kept.
	await expect(page.getByLabel('Full Name')).toHaveValue('Ali Khan')
	await page.getByRole('button', { name: 'Proceed to Payment Rs. 2,560' }).click()
	await expect(page).toHaveURL(/\/paypro-sim\/pay\/\d+$/)
	await expect(page.getByText('Rs. 2,560').first()).toBeVisible()
	await context.close()
	await close()
})
