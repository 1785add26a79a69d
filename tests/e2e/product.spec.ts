import { test, expect, cartDrawer, cartLine, gotoHydrated, modal, optionSelect, waitForHydration } from './helpers'

test.describe('console Game Pass (product 1)', () => {
	test('duration starts at 1 Month; 2 Months shows the saving against two single months', async ({ page }) => {
		await gotoHydrated(page, '/product/1')
		const duration = optionSelect(page, 'Duration')
		await expect(duration).toHaveValue('1 Month')
		await expect(page.getByRole('button', { name: 'Buy 1 Month - Rs. 4,000' })).toBeVisible()
		await expect(page.getByText(/^Save Rs\./)).toHaveCount(0)

		await duration.selectOption('2 Months')
		await expect(page.getByRole('button', { name: 'Buy 2 Months - Rs. 5,000' })).toBeVisible()
		// 2 × Rs. 4,000 − Rs. 5,000 = Rs. 3,000, with the doubled price struck through.
		const badge = page.getByText(/^Save Rs\. 3,000/)
		await expect(badge).toBeVisible()
		await expect(badge.locator('s')).toHaveText('Rs. 8,000')

		await expect(page.getByRole('link', { name: 'View Included Games' })).toHaveAttribute('href', '/game-pass-library')
	})

	test('Custom Duration opens a dialog that Escape closes, returning focus to the select', async ({ page }) => {
		await gotoHydrated(page, '/product/1')
		const duration = optionSelect(page, 'Duration')
		// A buyer taps the select before choosing, so it holds focus when the dialog opens.
		await duration.focus()
		await duration.selectOption('Custom Duration')

		const dialog = modal(page, 'Custom Duration')
		await expect(dialog).toBeVisible()
		for (const months of ['3 Months', '6 Months', '12 Months']) {
			await expect(dialog.getByRole('button', { name: months, exact: true })).toBeVisible()
		}
		// Choosing Custom Duration asks for a quote; it does not become the selection.
		await expect(duration).toHaveValue('1 Month')

		await page.keyboard.press('Escape')
		await expect(dialog).toBeHidden()
		await expect(duration).toBeFocused()
		await expect(page.getByRole('button', { name: 'Buy 1 Month - Rs. 4,000' })).toBeVisible()
	})

	test('an open dialog traps Tab focus and locks the page scroll', async ({ page }) => {
		await gotoHydrated(page, '/product/1')
		const bodyOverflow = () => page.evaluate(() => getComputedStyle(document.body).overflow)
		expect(await bodyOverflow()).not.toBe('hidden')

		await optionSelect(page, 'Duration').selectOption('Custom Duration')
		const dialog = modal(page, 'Custom Duration')
		await expect(dialog).toBeVisible()
		await expect.poll(bodyOverflow).toBe('hidden')

		const close = dialog.getByRole('button', { name: 'Close' })
		const last = dialog.getByRole('button', { name: '12 Months' })
		await expect(close).toBeFocused()
		// Close, 3, 6, 12 Months: four stops, then back to the first.
		for (let i = 0; i < 4; i++) {
			await page.keyboard.press('Tab')
			await expect(dialog.locator(':focus')).toHaveCount(1)
		}
		await expect(close).toBeFocused()
		await page.keyboard.press('Shift+Tab')
		await expect(last).toBeFocused()
		await page.keyboard.press('Tab')
		await expect(close).toBeFocused()

		await close.click()
		await expect(dialog).toBeHidden()
		await expect.poll(bodyOverflow).not.toBe('hidden')
	})

	test('Add to Cart asks for the account type; shared shows its details first', async ({ page }) => {
		await gotoHydrated(page, '/product/1')
		const addToCart = page.getByRole('button', { name: 'Add to Cart' })
		await addToCart.click()

		const choose = modal(page, 'Choose account type')
		await expect(choose).toBeVisible()
		// The prices of the duration chosen on the page (1 Month) as each account type.
		await expect(choose.getByText('Prices for 1 Month')).toBeVisible()
		await expect(choose.getByRole('button', { name: /Private Account/ })).toContainText('Rs. 4,000')
		await expect(choose.getByRole('button', { name: /Shared Account/ })).toContainText('Rs. 2,700')

		await choose.getByRole('button', { name: /Shared Account/ }).click()
		const details = modal(page, 'Shared Account Details')
		await expect(details).toBeVisible()
		await expect(details.getByRole('button', { name: 'Add Shared Account to Cart' })).toBeVisible()
		await details.getByRole('button', { name: 'Back to Selection' }).click()
		await expect(choose).toBeVisible()
		await expect(details).toBeHidden()

		// Leave from the second step; the next opening starts again at the first.
		await choose.getByRole('button', { name: /Shared Account/ }).click()
		await expect(details).toBeVisible()
		await page.keyboard.press('Escape')
		await expect(modal(page)).toHaveCount(0)
		await addToCart.click()
		await expect(choose).toBeVisible()
		await expect(details).toBeHidden()

		await choose.getByRole('button', { name: /Shared Account/ }).click()
		await details.getByRole('button', { name: 'Add Shared Account to Cart' }).click()
		await expect(modal(page)).toHaveCount(0)
		await expect(cartDrawer(page)).toBeVisible()
		const line = cartLine(page, 'Xbox Game Pass Ultimate (Console Edition)')
		await expect(line).toContainText('1 Month')
		await expect(line).toContainText('Account: Shared')
		await expect(line).toContainText('Rs. 2,700')
	})

	test('Buy Now asks for the account type, then goes to the Game Pass terms', async ({ page }) => {
		await gotoHydrated(page, '/product/1')
		await expect(page.getByText('Private account price. Shared account: Rs. 2,700.')).toBeVisible()
		await page.getByRole('button', { name: 'Buy 1 Month - Rs. 4,000' }).click()
		await modal(page, 'Choose account type').getByRole('button', { name: /Private Account/ }).click()
		await expect(page).toHaveURL(/\/game-pass-terms$/)
		await expect(page.getByRole('link', { name: 'Switch to Private Account' })).toHaveCount(0)
		await expect(page.getByRole('heading', { level: 1, name: 'Game Pass Ultimate Terms' })).toBeVisible()
		await expect(page.getByRole('checkbox', { name: 'I have read and agree to these terms' })).toBeVisible()
	})
})

test('PC Game Pass Buy Now goes to the PC terms', async ({ page }) => {
	await gotoHydrated(page, '/product/10')
	await expect(page.getByRole('link', { name: 'View Included Games' })).toHaveAttribute('href', '/game-pass-library')
	await page.getByRole('button', { name: 'Buy 1 Month - Rs. 1,200' }).click()
	await expect(page).toHaveURL(/\/game-pass-pc-terms$/)
	await expect(page.getByRole('heading', { level: 1, name: 'PC Game Pass Terms' })).toBeVisible()
	await expect(page.getByRole('heading', { name: 'Third-party launchers: do not sign out' })).toBeVisible()
	await expect(page.getByText(/28 to 31 days/).first()).toBeVisible()
})

test('the gift card Get Quote opens the custom amount ranges', async ({ page }) => {
	await gotoHydrated(page, '/product/14')
	const getQuote = page.getByRole('button', { name: 'Get Quote' })
	await getQuote.click()
	const dialog = modal(page, 'Custom Amount')
	await expect(dialog).toBeVisible()
	for (const range of ['$20-$50', '$50-$80', '$80-$100']) {
		await expect(dialog.getByRole('button', { name: range, exact: true })).toBeVisible()
	}
	await page.keyboard.press('Escape')
	await expect(dialog).toBeHidden()
	await expect(getQuote).toBeFocused()
	// With scripts, the links meant for a browser without them stay hidden.
	await expect(page.getByRole('link', { name: '$50-$80', exact: true })).toBeHidden()
})

test('included content pages link both ways', async ({ page }) => {
	for (const { id, path, heading } of [
		{ id: 5, path: '/gta-v-content', heading: 'Grand Theft Auto V - Included Content' },
		{ id: 6, path: '/tekken-7-content', heading: /Tekken 7/ },
	]) {
		await gotoHydrated(page, `/product/${id}`)
		const link = page.getByRole('link', { name: 'View Included Content' })
		await expect(link).toHaveAttribute('href', path)
		await link.click()
		await expect(page).toHaveURL(new RegExp(`${path}$`))
		await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()

		const back = page.getByRole('main').getByRole('link', { name: 'Back to Product', exact: true })
		await expect(back).toHaveAttribute('href', `/product/${id}`)
		await back.click()
		await expect(page).toHaveURL(new RegExp(`/product/${id}$`))
	}
})

test('a cover that cannot load says so, whether it failed before or after the page hydrated', async ({ page }) => {
	await page.route('**/images/products/1*.webp', (route) => route.fulfill({ status: 404, body: '' }))
	await gotoHydrated(page, '/product/1')
	await expect(page.locator('.product-hero-image')).toContainText('Image unavailable')
	await expect(page.locator('.product-hero-image img')).toHaveCount(0)

	// Here the image has failed before the scripts even start: hydration finds it broken.
	await page.goto('/products', { waitUntil: 'load' })
	await waitForHydration(page)
	await expect(page.locator('.product-card').first().getByText('Image unavailable')).toBeAttached()
	// A cover that loads shows the image, its spinner gone.
	const second = page.locator('.product-card').nth(1).locator('.product-image')
	await expect(second.locator('img')).toHaveJSProperty('complete', true)
	await expect(second.getByRole('status', { name: 'Loading image' })).toBeHidden()
})
