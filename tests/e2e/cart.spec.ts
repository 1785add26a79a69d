import {
	test,
	expect,
	CART_KEY,
	cartBadge,
	cartButton,
	cartDrawer,
	cartLine,
	cartLines,
	gotoHydrated,
	optionSelect,
	seedCart,
	storedLine,
} from './helpers'

test.describe('cart drawer', () => {
	test('adding, merging, a second option, minus to zero and remove', async ({ page }) => {
		await gotoHydrated(page, '/product/14')
		const drawer = cartDrawer(page)
		const total = drawer.getByTestId('cart-total')

		await optionSelect(page, 'Value').selectOption('$10 USD')
		await expect(page.getByRole('button', { name: 'Buy $10 USD - Rs. 3,200' })).toBeVisible()
		await page.getByRole('button', { name: 'Add to Cart' }).click()

		await expect(drawer).toBeVisible()
		await expect(cartLines(page)).toHaveCount(1)
		const ten = cartLine(page, 'Value: $10 USD')
		await expect(ten).toContainText('Xbox Gift Card')
		await expect(ten).toContainText('Rs. 3,200')
		await expect(ten.getByLabel('Quantity 1')).toBeVisible()
		await expect(total).toHaveText('Rs. 3,200')
		await expect(cartBadge(page)).toHaveText('1')

		// The same product and value again: one line, quantity 2.
		await drawer.getByRole('button', { name: 'Continue Shopping' }).click()
		await expect(drawer).toBeHidden()
		await page.getByRole('button', { name: 'Add to Cart' }).click()
		await expect(drawer).toBeVisible()
		await expect(cartLines(page)).toHaveCount(1)
		await expect(ten.getByLabel('Quantity 2')).toBeVisible()
		await expect(ten).toContainText('Rs. 6,400')
		await expect(total).toHaveText('Rs. 6,400')
		await expect(cartBadge(page)).toHaveText('2')

		// Another value: a second line.
		await page.keyboard.press('Escape')
		await expect(drawer).toBeHidden()
		await optionSelect(page, 'Value').selectOption('$20 USD')
		await page.getByRole('button', { name: 'Add to Cart' }).click()
		await expect(cartLines(page)).toHaveCount(2)
		const twenty = cartLine(page, 'Value: $20 USD')
		await expect(twenty).toContainText('Rs. 6,000')
		await expect(total).toHaveText('Rs. 12,400')
		await expect(cartBadge(page)).toHaveText('3')

		// Plus and minus change one line only; minus to zero removes it.
		await twenty.getByRole('button', { name: 'Increase quantity of Xbox Gift Card' }).click()
		await expect(twenty.getByLabel('Quantity 2')).toBeVisible()
		await expect(total).toHaveText('Rs. 18,400')
		await twenty.getByRole('button', { name: 'Decrease quantity of Xbox Gift Card' }).click()
		await expect(twenty.getByLabel('Quantity 1')).toBeVisible()
		await twenty.getByRole('button', { name: 'Decrease quantity of Xbox Gift Card' }).click()
		await expect(cartLines(page)).toHaveCount(1)
		await expect(twenty).toHaveCount(0)
		await expect(total).toHaveText('Rs. 6,400')

		// Remove empties the cart.
		await ten.getByRole('button', { name: 'Remove Xbox Gift Card' }).click()
		await expect(cartLines(page)).toHaveCount(0)
		await expect(drawer.getByText('Your cart is empty')).toBeVisible()
		await expect(drawer.getByText('Add some products to get started!')).toBeVisible()
		await expect(total).toHaveText('Rs. 0')
		await expect(cartBadge(page)).toHaveCount(0)
	})

	test('an empty cart shows its empty state and Proceed does nothing', async ({ page }) => {
		await gotoHydrated(page, '/products')
		await cartButton(page).click()
		const drawer = cartDrawer(page)
		await expect(drawer).toBeVisible()
		await expect(drawer.getByText('Your cart is empty')).toBeVisible()
		await expect(drawer.getByText('Add some products to get started!')).toBeVisible()
		const proceed = drawer.getByRole('button', { name: 'Proceed to Checkout' })
		await expect(proceed).toBeDisabled()
		// It is only marked disabled (aria-disabled): a click still reaches it, and must do nothing.
		await proceed.click({ force: true })
		await expect(page).toHaveURL(/\/products$/)
		await expect(drawer).toBeVisible()
		await drawer.getByRole('button', { name: 'Close cart' }).click()
		await expect(drawer).toBeHidden()
	})

	test('the cart survives a reload', async ({ page }) => {
		await gotoHydrated(page, '/product/14')
		await optionSelect(page, 'Value').selectOption('$20 USD')
		await page.getByRole('button', { name: 'Add to Cart' }).click()
		await expect(cartLine(page, 'Value: $20 USD')).toBeVisible()

		await page.reload({ waitUntil: 'domcontentloaded' })
		await expect(cartBadge(page)).toHaveText('1')
		await cartButton(page).click()
		await expect(cartLines(page)).toHaveCount(1)
		await expect(cartLine(page, 'Value: $20 USD')).toContainText('Rs. 6,000')
		await expect(cartDrawer(page).getByTestId('cart-total')).toHaveText('Rs. 6,000')
	})

	test('a broken saved cart is ignored and the shop still works', async ({ page }) => {
		const pageErrors: Error[] = []
		page.on('pageerror', (error) => pageErrors.push(error))
		await seedCart(page, 'not json')
		await gotoHydrated(page, '/product/14')

		await expect(cartBadge(page)).toHaveCount(0)
		await page.getByRole('button', { name: 'Add to Cart' }).click()
		await expect(cartLine(page, 'Value: $5 USD')).toContainText('Rs. 2,200')
		await expect(cartBadge(page)).toHaveText('1')
		// The broken value has been replaced by the working cart.
		const saved = await page.evaluate((key) => localStorage.getItem(key), CART_KEY)
		expect(JSON.parse(saved ?? 'null')).toEqual([expect.objectContaining({ id: 14, quantity: 1 })])
		expect(pageErrors).toEqual([])
	})

	test('the badge is capped at 99+', async ({ page }) => {
		await seedCart(page, [storedLine.giftCard10(120)])
		await gotoHydrated(page, '/')
		await expect(cartBadge(page)).toHaveText('99+')
		await expect(cartButton(page)).toHaveAccessibleName('Cart, 120 items')
	})
})

test.describe('proceed to checkout', () => {
	test('a cart with PC Game Pass goes to the PC Game Pass terms first', async ({ page }) => {
		await seedCart(page, [storedLine.giftCard10(), storedLine.pcGamePass()])
		await gotoHydrated(page, '/products')
		await cartButton(page).click()
		await cartDrawer(page).getByRole('button', { name: 'Proceed to Checkout' }).click()
		await expect(page).toHaveURL(/\/game-pass-pc-terms$/)
		await expect(page.getByRole('heading', { level: 1, name: 'PC Game Pass Terms' })).toBeVisible()
		await expect(cartDrawer(page)).toBeHidden()
	})

	test('any other cart goes straight to checkout', async ({ page }) => {
		await seedCart(page, [storedLine.giftCard10(2)])
		await gotoHydrated(page, '/products')
		await cartButton(page).click()
		await cartDrawer(page).getByRole('button', { name: 'Proceed to Checkout' }).click()
		await expect(page).toHaveURL(/\/checkout$/)
		await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible()
		await expect(page.getByText('No items to checkout')).toHaveCount(0)
		await expect(cartDrawer(page)).toBeHidden()
	})
})
