import type { Page } from '@playwright/test'
import { test, expect, CART_KEY, cartButton, cartDrawer, cartLine, changeProductAsOwner, gotoHydrated, optionSelect, seedCart, storedLine, waitForHydration, type ConsoleVariant } from './helpers'

// A saved cart is re-priced from the server: the owner changes a price (through the console API, as
// from the console) while a buyer has the item in their cart.

const withPrice = (value: number, price: number) => (variants: ConsoleVariant[]) => ({
	variants: variants.map((v) => (v.value === value ? { ...v, price } : v)),
})

async function fillCustomer(page: Page) {
	await page.getByLabel('Full Name').fill('Ali Khan')
	await page.getByLabel('Email Address').fill('ali.khan@example.pk')
	await page.getByLabel('Phone Number').fill('0300 1234567')
}

async function proceedToCheckout(page: Page) {
	await cartDrawer(page).getByRole('button', { name: 'Proceed to Checkout' }).click()
	await expect(page).toHaveURL(/\/checkout$/)
	await waitForHydration(page)
}

test('a price changed since the item was added shows as changed after a reload, and checkout charges the new price', async ({ page, browser }) => {
	await gotoHydrated(page, '/product/14')
	await optionSelect(page, 'Value').selectOption('$10 USD')
	await page.getByRole('button', { name: 'Add to Cart' }).click()
	await expect(cartLine(page, 'Value: $10 USD')).toContainText('Rs. 3,200')

	const owner = await changeProductAsOwner(browser, 14, withPrice(10, 3700))
	try {
		await page.reload({ waitUntil: 'domcontentloaded' })
		await waitForHydration(page)
		await cartButton(page).click()
		const line = cartLine(page, 'Value: $10 USD')
		await expect(line.getByRole('note')).toHaveText('Price changed: was Rs. 3,200, now Rs. 3,700')
		await expect(line).toContainText('Rs. 3,700')
		await expect(cartDrawer(page).getByTestId('cart-total')).toHaveText('Rs. 3,700')
		// What the cart saves is numbers, at the new price.
		const saved = JSON.parse((await page.evaluate((key) => localStorage.getItem(key), CART_KEY)) ?? '[]')
		expect(saved).toEqual([expect.objectContaining({ id: 14, price: 3700, priceWas: 3200, variantId: expect.any(Number) })])

		await proceedToCheckout(page)
		await expect(page.getByRole('region', { name: 'Order Summary' }).getByRole('note')).toHaveText('Price changed: was Rs. 3,200, now Rs. 3,700')
		await expect(page.getByTestId('checkout-total')).toHaveText('Rs. 3,700')
		await fillCustomer(page)
		await page.getByText('Bank or wallet transfer').click()
		await page.getByRole('button', { name: 'Proceed to Payment Rs. 3,700' }).click()
		await expect(page).toHaveURL(/\/payment-details$/)
		await expect(page.getByTestId('payment-total')).toHaveText('Rs. 3,700')
	} finally {
		await owner.restore()
	}
})

test('a price changed while the buyer is on checkout: the server’s total is shown before paying', async ({ page, browser }) => {
	await seedCart(page, [storedLine.giftCard10()])
	await gotoHydrated(page, '/products')
	await cartButton(page).click()
	await expect(cartDrawer(page).getByTestId('cart-total')).toHaveText('Rs. 3,200')
	await proceedToCheckout(page)
	await expect(page.getByTestId('checkout-total')).toHaveText('Rs. 3,200')
	await fillCustomer(page)

	const owner = await changeProductAsOwner(browser, 14, withPrice(10, 3900))
	try {
		await page.getByRole('button', { name: 'Proceed to Payment Rs. 3,200' }).click()
		await expect(page.getByRole('alert')).toContainText('Your order’s total is now Rs. 3,900')
		await expect(page.getByTestId('checkout-total')).toHaveText('Rs. 3,900')
		await expect(page.getByRole('region', { name: 'Order Summary' }).getByRole('note')).toHaveText('Price changed: was Rs. 3,200, now Rs. 3,900')
		await expect(page).toHaveURL(/\/checkout$/)
		await page.getByRole('button', { name: 'Continue to Payment Rs. 3,900' }).click()
		await expect(page).toHaveURL(/\/paypro-sim\/pay\/\d+$/)
		await expect(page.getByText('Rs. 3,900').first()).toBeVisible()
	} finally {
		await owner.restore()
	}
})

test('an old saved cart is read; a value no longer sold is marked, left out of checkout, and can be removed', async ({ page, browser }) => {
	const twenty = { ...storedLine.giftCard10(), price: 6000, selectedDenomination: { label: '$20 USD', price: 6000, value: 20 } }
	await seedCart(page, [storedLine.oldGiftCard10(2), twenty])
	const owner = await changeProductAsOwner(browser, 14, (variants) => ({ variants: variants.map((v) => (v.value === 10 ? { ...v, hidden: true } : v)) }))
	try {
		await gotoHydrated(page, '/products')
		await cartButton(page).click()
		const ten = cartLine(page, 'Value: $10 USD')
		await expect(ten.getByRole('note')).toHaveText('No longer available: Xbox Gift Card has no $10 USD value. It is left out of your order; you can remove it.')
		await expect(cartDrawer(page).getByTestId('cart-total')).toHaveText('Rs. 6,000')

		await proceedToCheckout(page)
		const summary = page.getByRole('region', { name: 'Order Summary' })
		await expect(summary.getByRole('note')).toContainText('No longer available')
		await expect(summary.getByText('Items (1)')).toBeVisible()
		await expect(page.getByTestId('checkout-total')).toHaveText('Rs. 6,000')
		await expect(page.getByRole('button', { name: 'Proceed to Payment Rs. 6,000' })).toBeEnabled()

		await cartButton(page).click()
		await cartDrawer(page).getByRole('button', { name: 'Remove Xbox Gift Card' }).first().click()
		await expect(cartDrawer(page).getByRole('listitem')).toHaveCount(1)
		await expect(cartLine(page, 'Value: $20 USD')).toBeVisible()
		const saved = JSON.parse((await page.evaluate((key) => localStorage.getItem(key), CART_KEY)) ?? '[]')
		expect(saved).toEqual([expect.objectContaining({ price: 6000, selectedDenomination: { label: '$20 USD', price: 6000, value: 20 } })])
	} finally {
		await owner.restore()
	}
})
