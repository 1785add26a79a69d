import { expect, test } from './helpers'

test('a buyer opens the shop and an unknown product', async ({ page }) => {
	await page.goto('/')
	await expect(page.getByText('Xbox Game Pass Revamped - New Plans & Price Hike on Ultimate Tier!')).toBeVisible()
	await expect(page.getByRole('link', { name: 'Browse All Products' })).toHaveAttribute('href', '/products')
	const response = await page.goto('/product/999')
	expect(response?.status()).toBe(404)
	await expect(page.getByRole('heading', { name: 'Product not found' })).toBeVisible()
	await expect(page.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/')
})

test('the products page filters by category with counts', async ({ page }) => {
	await page.goto('/products')
	await expect(page.getByRole('heading', { name: 'Our Products' })).toBeVisible()
	// The 49 seeded products, and any another test on this shop has added meanwhile.
	const all = await page.getByRole('link', { name: /^All \(\d+\)$/ }).textContent()
	expect(Number(all!.match(/\((\d+)\)/)![1])).toBeGreaterThanOrEqual(49)
	await page.getByRole('link', { name: /^PlayStation \(\d+\)$/ }).click()
	await expect(page).toHaveURL(/category=playstation/)
	const label = await page.getByRole('link', { name: /^PlayStation \(\d+\)$/ }).textContent()
	const count = Number(label!.match(/\((\d+)\)/)![1])
	await expect(page.locator('article.product-card')).toHaveCount(count)
})
