import type { Page } from '@playwright/test'
import { test, expect, cartBadge, cartDrawer, gotoHydrated } from './helpers'

/** Console errors, hydration warnings and uncaught exceptions of a page. */
function collectProblems(page: Page) {
	const problems: string[] = []
	page.on('console', (message) => {
		const text = message.text()
		if (message.type() === 'error') problems.push(`console.error: ${text}`)
		else if (message.type() === 'warning' && /hydrat|did not match/i.test(text)) problems.push(`console.warn: ${text}`)
	})
	page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`))
	return problems
}

for (const path of ['/', '/products', '/product/1']) {
	test(`${path} hydrates without errors or mismatch warnings`, async ({ page }) => {
		const problems = collectProblems(page)
		await gotoHydrated(page, path)
		await expect(page.getByRole('heading', { level: 1 })).toBeVisible()
		// Late async work (deferred data, images) has had its chance to complain once the page is loaded.
		await page.waitForLoadState('load')
		expect(problems).toEqual([])
	})
}

test('the cart badge appearing after hydration does not shift the header', async ({ page }) => {
	const problems = collectProblems(page)
	await gotoHydrated(page, '/product/14')
	const header = page.getByRole('banner')
	const cart = header.getByRole('button', { name: /^Cart/ })
	await expect(cartBadge(page)).toHaveCount(0)
	const headerBefore = await header.boundingBox()
	const cartBefore = await cart.boundingBox()
	expect(headerBefore).not.toBeNull()

	await page.getByRole('button', { name: 'Add to Cart' }).click()
	await expect(cartDrawer(page)).toBeVisible()
	// A modal dialog takes the focus as it opens; Escape from there closes it.
	await expect(cartDrawer(page).getByRole('button', { name: 'Close cart' })).toBeFocused()
	await page.keyboard.press('Escape')
	await expect(cartDrawer(page)).toBeHidden()
	await expect(cartBadge(page)).toHaveText('1')

	// Clicking Add scrolled the page, and the banner scrolls away with it (only the bar sticks): measure at the top again.
	await page.evaluate(() => window.scrollTo(0, 0))
	const headerAfter = await header.boundingBox()
	const cartAfter = await cart.boundingBox()
	expect(headerAfter!.height).toBe(headerBefore!.height)
	expect(headerAfter!.y).toBe(headerBefore!.y)
	expect(cartAfter).toEqual(cartBefore)
	expect(problems).toEqual([])
})
