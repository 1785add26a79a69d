import { test, expect, cartDrawer, cartLine, gotoHydrated, modal, optionSelect, waitForHydration } from './helpers'

// ADR-001: one price per duration and account type, from the product page to what checkout charges.
test('2 months as a shared account on product 1: its price in the dialog and the cart, its terms, and the same total charged', async ({ page }) => {
	await gotoHydrated(page, '/product/1')
	await optionSelect(page, 'Duration').selectOption('2 Months')
	await expect(page.getByRole('button', { name: 'Buy 2 Months - Rs. 5,000' })).toBeVisible()
	await expect(page.getByText('Private account price. Shared account: Rs. 3,400.')).toBeVisible()

	await page.getByRole('button', { name: 'Add to Cart' }).click()
	const choose = modal(page, 'Choose account type')
	await expect(choose.getByText('Prices for 2 Months')).toBeVisible()
	await expect(choose.getByRole('button', { name: /Private Account/ })).toContainText('Rs. 5,000')
	await expect(choose.getByRole('button', { name: /Shared Account/ })).toContainText('Rs. 3,400')
	await choose.getByRole('button', { name: /Shared Account/ }).click()
	await modal(page, 'Shared Account Details').getByRole('button', { name: 'Add Shared Account to Cart' }).click()

	const line = cartLine(page, 'Xbox Game Pass Ultimate (Console Edition)')
	await expect(line).toContainText('2 Months')
	await expect(line).toContainText('Account: Shared')
	await expect(line).toContainText('Rs. 3,400')
	await cartDrawer(page).getByRole('button', { name: 'Proceed to Checkout' }).click()

	// The shared-account terms: the warning and the way back to a private account.
	await expect(page).toHaveURL(/\/game-pass-terms$/)
	await waitForHydration(page)
	await expect(page.getByRole('note')).toContainText('shared accounts may have online or multiplayer problems')
	await expect(page.getByRole('link', { name: 'Switch to Private Account' })).toHaveAttribute('href', '/product/1')
	await page.getByRole('checkbox', { name: 'I have read and agree to these terms' }).check()
	await page.getByRole('button', { name: 'Proceed to Checkout' }).click()

	await expect(page).toHaveURL(/\/checkout$/)
	await waitForHydration(page)
	const summary = page.getByRole('main')
	await expect(summary.getByText('2 Months').first()).toBeVisible()
	await expect(summary.getByText(/Shared/).first()).toBeVisible()
	await expect(page.getByTestId('checkout-total')).toHaveText('Rs. 3,400')
	await page.getByLabel('Full Name').fill('Ali Khan')
	await page.getByLabel('Email Address').fill('ali.khan@example.pk')
	await page.getByLabel('Phone Number').fill('0300 1234567')
	await page.getByRole('button', { name: 'Proceed to Payment Rs. 3,400' }).click()

	// What PayPro is asked to charge is the server's price for that combination.
	await expect(page).toHaveURL(/\/paypro-sim\/pay\/\d+$/)
	await expect(page.getByText('Rs. 3,400').first()).toBeVisible()
})

test('Switch to Private Account from the shared terms shows the private price again', async ({ page }) => {
	await gotoHydrated(page, '/product/1')
	await optionSelect(page, 'Duration').selectOption('2 Months')
	await page.getByRole('button', { name: 'Buy 2 Months - Rs. 5,000' }).click()
	await modal(page, 'Choose account type').getByRole('button', { name: /Shared Account/ }).click()
	await modal(page, 'Shared Account Details').getByRole('button', { name: 'Buy Shared Account' }).click()
	await expect(page).toHaveURL(/\/game-pass-terms$/)
	await page.getByRole('link', { name: 'Switch to Private Account' }).click()
	await expect(page).toHaveURL(/\/product\/1$/)
	await expect(page.getByRole('button', { name: 'Buy 1 Month - Rs. 4,000' })).toBeVisible()
})
