import sharp from 'sharp'
import type { Page } from '@playwright/test'
import { test, expect, cartDrawer, cartLine, gotoHydrated, installHydrationProbe, modal, optionSelect, publishOnConsole, reviewsSection, signInAsOwner, unique, waitForHydration } from './helpers'

// The proof, end to end: the owner creates a product with three durations and an uploaded
// cover from the console; a buyer on a phone finds it, buys the 3-month option and pays the right
// total; the owner changes that price: the product page and a cart saved earlier show the new price
// while the earlier order keeps its own; the owner hides the product and it leaves the storefront.

const optionField = (page: Page, field: string, n: number) => page.getByLabel(`${field}, option ${n}`, { exact: true })

async function fillCustomer(page: Page) {
	await page.getByLabel('Full Name').fill('Sana Iqbal')
	await page.getByLabel('Email Address').fill('sana.iqbal@example.pk')
	await page.getByLabel('Phone Number').fill('0301 7654321')
}

test('the owner’s new product is found, bought and paid at its price; a new price reaches the page and saved carts, not the earlier order; hidden, it is gone', async ({ browser, page, context }) => {
	test.setTimeout(150_000)
	const name = unique('Game Pass Ultimate Console')
	const { staff: owner, close } = await signInAsOwner(browser, { path: '/admin/products/new' })

	// The owner creates the product with three durations.
	await owner.getByLabel('Name', { exact: true }).fill(name)
	await owner.getByLabel('Platform').selectOption({ label: 'Xbox' })
	await owner.getByLabel('Kind').selectOption({ label: 'Subscription' })
	await owner.getByLabel('Caption', { exact: true }).fill('Activated on your account')
	await owner.getByLabel('Description', { exact: true }).fill('Game Pass Ultimate for your Xbox, activated on your own account.')
	for (const [n, label, months, price] of [[1, '1 Month', '1', '2500'], [2, '3 Months', '3', '6900'], [3, '6 Months', '6', '12900']] as const) {
		await optionField(owner, 'Label', n).fill(label)
		await optionField(owner, 'Months', n).fill(months)
		await optionField(owner, 'Price (Rs.)', n).fill(price)
	}
	await owner.getByRole('button', { name: 'Create product' }).last().click()
	await expect(owner).toHaveURL(/\/admin\/products\/\d+\?notice=created$/)
	const productId = Number(/\/admin\/products\/(\d+)/.exec(owner.url())![1])

	// … and uploads its cover, which the server converts.
	const cover = await sharp({ create: { width: 900, height: 900, channels: 3, background: '#107c10' } }).png().toBuffer()
	await owner.getByLabel('New cover').setInputFiles({ name: 'cover.png', mimeType: 'image/png', buffer: cover })
	await owner.getByRole('button', { name: 'Upload cover' }).click()
	await expect(owner.locator('.product-image-form-preview img, img.product-image-form-preview').first()).toHaveAttribute('src', /^\/media\//)
	// With its cover, nothing is missing: the owner publishes it (a console product starts as a draft).
	await expect(owner.locator('.product-publish').getByText('A cover image (done)')).toBeAttached()
	await publishOnConsole(owner)

	// A buyer on a phone finds it among the Xbox products and opens it.
	await gotoHydrated(page, '/products?category=xbox')
	const card = page.locator('article.product-card').filter({ hasText: name })
	await expect(card).toHaveCount(1)
	await expect(card.getByText('Rs. 2,500').first()).toBeVisible()
	const coverImage = card.locator('img').first()
	await expect(coverImage).toHaveAttribute('srcset', /\/media\/.+ 320w/)
	await expect(coverImage).toHaveAttribute('width', /\d+/)
	await page.goto(`/product/${productId}`)
	await waitForHydration(page)
	await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible()

	// A second buyer saves the 3-month option in a cart now, and comes back later.
	const later = await browser.newContext({ viewport: { width: 360, height: 740 } })
	await installHydrationProbe(later)
	const laterPage = await later.newPage()
	await gotoHydrated(laterPage, `/product/${productId}`)
	await optionSelect(laterPage, 'Duration').selectOption('3 Months')
	await laterPage.getByRole('button', { name: 'Add to Cart' }).click()
	await expect(cartLine(laterPage, name)).toContainText('Rs. 6,900')

	// The first buyer buys 3 months and pays Rs. 6,900 through the test payment page.
	await optionSelect(page, 'Duration').selectOption('3 Months')
	await page.getByRole('button', { name: 'Buy 3 Months - Rs. 6,900' }).click()
	await expect(page).toHaveURL(/\/checkout$/)
	await waitForHydration(page)
	await expect(page.getByTestId('checkout-total')).toHaveText('Rs. 6,900')
	await fillCustomer(page)
	await page.getByRole('button', { name: 'Proceed to Payment Rs. 6,900' }).click()
	await expect(page).toHaveURL(/\/paypro-sim\/pay\/\d+$/)
	await page.getByRole('button', { name: 'Pay Rs. 6,900' }).click()
	await expect(page).toHaveURL(/\/order-status\?ordId=\d+/)
	await expect(page.getByText('Payment Successful')).toBeVisible()
	const orderPage = page.url()
	await expect(page.getByText('Rs. 6,900').first()).toBeVisible()

	// The owner raises the 3-month price.
	await owner.goto(`/admin/products/${productId}`)
	await waitForHydration(owner)
	await optionField(owner, 'Price (Rs.)', 2).fill('7400')
	await owner.getByRole('button', { name: 'Save', exact: true }).last().click()
	await expect(owner.getByRole('status').filter({ hasText: /Saved/ })).toBeVisible()
	await expect(optionField(owner, 'Price (Rs.)', 2)).toHaveValue('7400')

	// The product page says the new price …
	await gotoHydrated(page, `/product/${productId}`)
	await optionSelect(page, 'Duration').selectOption('3 Months')
	await expect(page.getByRole('button', { name: 'Buy 3 Months - Rs. 7,400' })).toBeVisible()

	// … the cart saved earlier is re-priced when its page loads, and says the price changed …
	await gotoHydrated(laterPage, '/products')
	await laterPage.getByRole('banner').getByRole('button', { name: /^Cart/ }).click()
	const line = cartLine(laterPage, name)
	await expect(line).toContainText('Price changed: was Rs. 6,900, now Rs. 7,400')
	await expect(cartDrawer(laterPage)).toContainText('Rs. 7,400')
	await later.close()

	// … and the earlier order keeps what it was paid.
	await page.goto(orderPage)
	await waitForHydration(page)
	await expect(page.getByText('Payment Successful')).toBeVisible()
	await expect(page.getByText('Rs. 6,900').first()).toBeVisible()
	await expect(page.getByText('Rs. 7,400')).toHaveCount(0)

	// The owner hides it: it leaves the list and its page says so.
	await owner.getByLabel('Visible in the shop').uncheck()
	await owner.getByRole('button', { name: 'Save', exact: true }).last().click()
	await expect(owner.getByRole('status').filter({ hasText: 'Saved. The product is hidden, so buyers do not see it.' })).toBeVisible()
	const gone = await page.goto(`/product/${productId}`)
	expect(gone?.status()).toBe(404)
	await expect(page.getByRole('heading', { name: 'Product not found' })).toBeVisible()
	await gotoHydrated(page, '/products?category=xbox')
	await expect(page.locator('article.product-card').filter({ hasText: name })).toHaveCount(0)
	await close()
	await context.close()
})

test('a product made with the console Game Pass settings takes the same terms, reviews and Buy Now path as the built-in one', async ({ browser, page }) => {
	test.setTimeout(90_000)
	const name = unique('Game Pass Ultimate (Console, reseller)')
	const { staff: owner, close } = await signInAsOwner(browser, { path: '/admin/products/new' })
	await owner.getByLabel('Name', { exact: true }).fill(name)
	await owner.getByLabel('Platform').selectOption({ label: 'Xbox' })
	await owner.getByLabel('Kind').selectOption({ label: 'Subscription' })
	await owner.getByLabel('Description', { exact: true }).fill('Console Game Pass, private or shared.')
	for (const [n, label, months, type, price] of [[1, '1 Month', '1', 'private', '4000'], [2, '1 Month', '1', 'shared', '2700']] as const) {
		await optionField(owner, 'Label', n).fill(label)
		await optionField(owner, 'Months', n).fill(months)
		await optionField(owner, 'Account type', n).selectOption(type)
		await optionField(owner, 'Price (Rs.)', n).fill(price)
	}
	await owner.getByRole('radio', { name: /Console Game Pass terms/ }).check()
	await owner.getByRole('radio', { name: /Game Pass library/ }).check()
	await owner.getByRole('radio', { name: /shares reviews with the other Game Pass products/ }).check()
	await owner.getByRole('button', { name: 'Create product' }).last().click()
	await expect(owner).toHaveURL(/\/admin\/products\/\d+\?notice=created$/)
	const productId = Number(/\/admin\/products\/(\d+)/.exec(owner.url())![1])
	await publishOnConsole(owner)

	// A Game Pass review written on the built-in product shows on the new one too.
	const review = unique('Activated in minutes')
	const posted = await page.request.post('/api/reviews', { data: { productId: 1, name: 'Hamza', rating: 5, comment: review } })
	expect(posted.ok()).toBe(true)

	await gotoHydrated(page, `/product/${productId}`)
	await expect(reviewsSection(page).getByText(review)).toBeVisible()
	await expect(page.getByRole('link', { name: 'View Included Games' })).toHaveAttribute('href', '/game-pass-library')
	await expect(page.getByText('Private account price. Shared account: Rs. 2,700.')).toBeVisible()
	// Buy Now asks for the account type, then goes to the console Game Pass terms, as on the built-in product.
	await page.getByRole('button', { name: 'Buy 1 Month - Rs. 4,000' }).click()
	await modal(page, 'Choose account type').getByRole('button', { name: /Private Account/ }).click()
	await expect(page).toHaveURL(/\/game-pass-terms$/)
	await expect(page.getByRole('heading', { level: 1, name: 'Game Pass Ultimate Terms' })).toBeVisible()

	// Hidden again, so the storefront's counts in later tests are the built-in catalogue's.
	const hidden = await owner.request.patch(`/api/admin/products/${productId}`, { data: { visible: false }, headers: { Origin: new URL(owner.url()).origin } })
	expect(hidden.ok()).toBe(true)
	await close()
})
