import { devices, type Locator } from '@playwright/test'
import { test, expect, cartBadge, cartDrawer, cartLine, gotoHydrated } from './helpers'

// Cards flip on hover, which needs a mouse. The 'mobile' project runs every spec file, so pin
// this one to a desktop browser whichever project runs it.
const { defaultBrowserType: _browser, ...desktop } = devices['Desktop Chrome']
test.use(desktop)

/**
 * Which face of a flip card faces the viewer: the front and back are stacked and the one
 * turned away is hidden by backface-visibility, so this composes the 3D transforms from the
 * face up to the card and reads where the face's normal points.
 */
function facingSide(card: Locator) {
	return card.evaluate((article) => {
		const facesViewer = (face: Element) => {
			if (getComputedStyle(face).display === 'none') return false
			let matrix = new DOMMatrix()
			for (let node: Element | null = face; node && node !== article.parentElement; node = node.parentElement) {
				const transform = getComputedStyle(node).transform
				if (transform && transform !== 'none') matrix = new DOMMatrix(transform).multiply(matrix)
			}
			return matrix.m33 > 0
		}
		const front = article.querySelector('.card-front')
		const back = article.querySelector('.card-back')
		if (front && facesViewer(front) && !(back && facesViewer(back))) return 'front'
		if (back && facesViewer(back) && !(front && facesViewer(front))) return 'back'
		return 'both or neither'
	})
}

test('hovering a card turns it to its back face with the starting price, Add and View', async ({ page }) => {
	await gotoHydrated(page, '/products')
	const card = page.getByRole('article', { name: 'Xbox Gift Card' })
	await expect.poll(() => facingSide(card)).toBe('front')

	await card.hover()
	await expect.poll(() => facingSide(card)).toBe('back')
	await expect(card.getByText('Starting Price')).toBeVisible()
	await expect(card.getByText('Rs. 2,200').first()).toBeVisible()
	await expect(card.getByRole('button', { name: 'Add Xbox Gift Card to cart' })).toBeVisible()
	await expect(card.getByRole('link', { name: 'View Xbox Gift Card' })).toHaveAttribute('href', '/product/14')

	// Leaving turns it back.
	await page.getByRole('heading', { level: 1, name: 'Our Products' }).hover()
	await expect.poll(() => facingSide(card)).toBe('front')
})

test('Add on a card puts its first option in the cart and opens the drawer', async ({ page }) => {
	await gotoHydrated(page, '/products')
	const card = page.getByRole('article', { name: 'Xbox Gift Card' })
	await card.hover()
	await expect.poll(() => facingSide(card)).toBe('back')
	await card.getByRole('button', { name: 'Add Xbox Gift Card to cart' }).click()

	await expect(cartDrawer(page)).toBeVisible()
	await expect(cartLine(page, 'Xbox Gift Card')).toContainText('Value: $5 USD')
	await expect(cartLine(page, 'Xbox Gift Card')).toContainText('Rs. 2,200')
	await expect(cartBadge(page)).toHaveText('1')
	await expect(page).toHaveURL(/\/products$/)
})

test('Add on the console Game Pass card opens its product page instead of adding', async ({ page }) => {
	await gotoHydrated(page, '/products')
	const card = page.getByRole('article', { name: 'Xbox Game Pass Ultimate (Console Edition)' })
	await card.hover()
	await expect.poll(() => facingSide(card)).toBe('back')
	await card.getByRole('button', { name: 'Add Xbox Game Pass Ultimate (Console Edition) to cart' }).click()

	await expect(page).toHaveURL(/\/product\/1$/)
	await expect(page.getByRole('heading', { level: 1, name: 'Xbox Game Pass Ultimate (Console Edition)' })).toBeVisible()
	await expect(cartBadge(page)).toHaveCount(0)
	await expect(cartDrawer(page)).toBeHidden()
})
