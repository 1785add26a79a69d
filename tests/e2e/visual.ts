import type { Browser, Locator, Page } from '@playwright/test'
import { expect, cartButton, cartDrawer, gotoHydrated, seedCart, signInAsOwner, storedLine } from './helpers'
import { openCheckoutWithCart, openFreshOrder, openSettled } from './layout-pages'

// What a buyer sees in the first seconds, compared with committed baselines. Only the first screen
// of each page is compared (what decides trust), with what changes from run to run masked: order
// numbers, dates, ratings and counts that other tests' reviews and orders move.

/** Every cover and icon on screen has arrived, fonts are ready and nothing is mid-transition. */
async function settle(page: Page) {
	await page.evaluate(async () => {
		await document.fonts.ready
		const images = Array.from(document.images).filter((img) => {
			const box = img.getBoundingClientRect()
			return box.bottom > 0 && box.top < innerHeight && img.loading !== 'lazy'
		})
		await Promise.all(images.map((img) => (img.complete ? null : new Promise((r) => img.addEventListener('load', r, { once: true })))))
	})
	await page.mouse.move(0, 0)
}

const dynamic = (page: Page): Locator[] => [
	page.locator('.stars, .rating, [data-testid="rating"], .review-count'),
	page.locator('.console-to-do a'),
	page.locator('time'),
]

/** `upTo`: compare the screen only down to the bottom of this element (what follows depends on earlier tests). */
export async function expectScreen(page: Page, name: string, mask: Locator[] = [], upTo?: Locator) {
	// Whether a rating line, a waiting badge or a stock alert is there at all depends on earlier tests: left out of the comparison.
	await page.addStyleTag({ content: '.rating-summary, .nav-badge, .stock-panel { display: none !important; }' })
	await settle(page)
	const viewport = page.viewportSize()!
	const bottom = upTo ? await upTo.evaluate((el) => Math.ceil(el.getBoundingClientRect().bottom) + 8) : viewport.height
	await expect(page).toHaveScreenshot(`${name}.png`, {
		clip: { x: 0, y: 0, width: viewport.width, height: Math.min(bottom, viewport.height) },
		animations: 'disabled',
		caret: 'hide',
		mask: [...dynamic(page), ...mask],
		// The machine's font rendering varies by a few anti-aliased pixels between runs.
		maxDiffPixelRatio: 0.01,
	})
}

export const SCREENS: { name: string; show: (page: Page, browser: Browser) => Promise<void> }[] = [
	{ name: 'home', show: async (page) => expectScreen(page, 'home', (await openSettled(page, '/'), [])) },
	{ name: 'products', show: async (page) => expectScreen(page, 'products', (await openSettled(page, '/products'), [])) },
	{ name: 'product', show: async (page) => expectScreen(page, 'product', (await openSettled(page, '/product/1'), [])) },
	{
		name: 'cart drawer',
		show: async (page) => {
			await seedCart(page, { items: [storedLine.giftCard10(1)] })
			await gotoHydrated(page, '/products')
			await cartButton(page).click()
			await expect(cartDrawer(page)).toBeVisible()
			await expectScreen(page, 'cart-drawer')
		},
	},
	{ name: 'checkout', show: async (page) => expectScreen(page, 'checkout', (await openCheckoutWithCart(page), [])) },
	{
		name: 'order page',
		show: async (page) => {
			await openFreshOrder(page)
			// The order number, PayPro id and date differ on every run.
			await expectScreen(page, 'order', [page.locator('.order-code'), page.getByText(/PKT$/)])
		},
	},
	{
		name: 'dashboard',
		show: async (page, browser) => {
			const { staff, close } = await signInAsOwner(browser, { context: { viewport: page.viewportSize()!, isMobile: page.viewportSize()!.width < 500 } })
			// The orders themselves are whatever earlier tests placed: the console's frame and filters are compared.
			await expectScreen(staff, 'dashboard', [], staff.getByRole('search', { name: 'Search orders' }))
			await close()
		},
	},
]
