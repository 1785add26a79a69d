import type { Page } from '@playwright/test'
import { test, expect, cartButton, cartDrawer, gotoHydrated, mainNav, menuToggle, placeOrderFromPage, seedCart, storedLine, waitForHydration } from './helpers'

// The shop's frame and the small things a buyer expects of it, on a phone: a menu that opens with
// or without scripts, My orders one tap away, a search over the products, a sign-in code box that
// survives a reload, a cart drawer that keeps the keyboard inside, and a header text cannot show through.

test.use({ viewport: { width: 360, height: 740 } })

const productCards = (page: Page) => page.getByRole('main').getByRole('article')
const searchBox = (page: Page) => page.getByRole('searchbox', { name: 'Search products' })

test.describe('without scripts', () => {
	test.use({ javaScriptEnabled: false })

	test('the ☰ menu opens, lists every page with My orders, and its links work', async ({ page }) => {
		await page.goto('/products')
		await expect(mainNav(page)).toBeHidden()
		await menuToggle(page).click()
		await expect(mainNav(page)).toBeVisible()
		for (const name of ['Home', 'Products', 'Services', 'About', 'Contact', 'My orders']) {
			await expect(mainNav(page).getByRole('link', { name, exact: true })).toBeVisible()
		}
		await expect(mainNav(page).getByRole('link', { name: 'Products', exact: true })).toHaveAttribute('aria-current', 'page')
		await mainNav(page).getByRole('link', { name: 'My orders', exact: true }).click()
		await expect(page).toHaveURL(/\/my-orders$/)
		await expect(page.getByRole('heading', { name: 'My orders', level: 1 })).toBeVisible()
		await menuToggle(page).click()
		await mainNav(page).getByRole('link', { name: 'Contact', exact: true }).click()
		await expect(page).toHaveURL(/\/contact$/)
	})

	test('the product search works as a plain form, with the category filters', async ({ page }) => {
		await page.goto('/products')
		await searchBox(page).fill('gift card')
		await searchBox(page).press('Enter')
		await expect(page).toHaveURL(/\/products\?q=gift\+card$/)
		// The address changes as the new page starts to arrive: read its list once all of it has.
		await page.waitForLoadState('load')
		const names = await productCards(page).getByRole('heading').allTextContents()
		// Those named for it first, then other gift-card codes (V-Bucks, points).
		expect(names).toEqual(expect.arrayContaining(['Steam Wallet Gift Card', 'Xbox Gift Card', 'PlayStation Store Gift Card (US)']))
		expect(names[0]).toMatch(/gift card/i)
		expect(names.length).toBeLessThan(20)
		await expect(page.getByText(`${names.length} products match “gift card”.`)).toBeVisible()

		// A category narrows the search; the search stays.
		await page.getByRole('group', { name: 'Filter by category' }).getByRole('link', { name: /^PlayStation/ }).click()
		await expect(page).toHaveURL(/\/products\?q=gift\+card&category=playstation$/)
		await page.waitForLoadState('load')
		await expect(searchBox(page)).toHaveValue('gift card')
		const playstation = await productCards(page).getByRole('heading').allTextContents()
		expect(playstation.slice(0, 2).sort()).toEqual(['PlayStation Store Gift Card (UAE)', 'PlayStation Store Gift Card (US)'])
		expect(playstation.length).toBeLessThan(names.length)
	})
})

test('My orders is in the phone menu, and in the header on a wider screen', async ({ page }) => {
	await gotoHydrated(page, '/')
	await menuToggle(page).click()
	await mainNav(page).getByRole('link', { name: 'My orders' }).click()
	await expect(page).toHaveURL(/\/my-orders$/)
	await expect(mainNav(page)).toBeHidden()

	await page.setViewportSize({ width: 1280, height: 900 })
	await gotoHydrated(page, '/products')
	await expect(menuToggle(page)).toBeHidden()
	const header = page.getByRole('banner')
	await header.getByRole('link', { name: 'My orders' }).click()
	await expect(page).toHaveURL(/\/my-orders$/)
	await expect(header.getByRole('link', { name: 'My orders' })).toHaveAttribute('aria-current', 'page')
})

test('the product search finds what a buyer types, says so when nothing matches, and clears', async ({ page }) => {
	await gotoHydrated(page, '/products')
	const all = await productCards(page).count()
	expect(all).toBeGreaterThan(40)

	await searchBox(page).fill('GTA')
	await page.getByRole('button', { name: 'Search' }).click()
	await expect(page).toHaveURL(/\/products\?q=GTA$/)
	await expect(productCards(page)).toHaveCount(1)
	await expect(productCards(page).getByRole('heading')).toHaveText('Grand Theft Auto V: Premium Edition')

	await searchBox(page).fill('vbucks')
	await searchBox(page).press('Enter')
	await expect(productCards(page)).toHaveCount(2)
	for (const name of await productCards(page).getByRole('heading').allTextContents()) expect(name).toContain('V-Bucks')

	await searchBox(page).fill('zzqx')
	await searchBox(page).press('Enter')
	await expect(productCards(page)).toHaveCount(0)
	await expect(page.getByText('No products match “zzqx”')).toBeVisible()
	await page.getByRole('link', { name: 'see all products' }).click()
	await expect(page).toHaveURL(/\/products$/)
	await expect(productCards(page)).toHaveCount(all)
})

test('the sign-in code box on My orders is still there after a reload, for the address it was sent to', async ({ page }) => {
	const email = `reload.${Date.now().toString(36)}@example.pk`
	await gotoHydrated(page, '/my-orders')
	await page.getByLabel('Email address').fill(email)
	await page.getByRole('button', { name: 'Email me a sign-in code' }).click()
	await expect(page.getByLabel('6-digit code')).toBeVisible()

	await page.reload()
	await waitForHydration(page)
	await expect(page.getByText('If that email address is on an order, we have sent it a sign-in link and a 6-digit code.')).toBeVisible()
	await expect(page.getByLabel('6-digit code')).toBeVisible()
	await expect(page.getByLabel('Email address')).toHaveValue(email)
	// The code itself is never kept in the page's address or its cookies.
	expect(page.url()).not.toMatch(/code=/)
	const cookies = await page.context().cookies()
	expect(cookies.map((c) => `${c.name}=${decodeURIComponent(c.value)}`).join(';')).not.toMatch(/\d{6}/)

	await page.getByRole('button', { name: 'Use another email address' }).click()
	await expect(page.getByRole('button', { name: 'Email me a sign-in code' })).toBeVisible()
	await page.reload()
	await expect(page.getByLabel('6-digit code')).toHaveCount(0)
})

test('on an order page the sign-in code box survives a reload too', async ({ page, browser }) => {
	const buyer = await browser.newContext()
	const { orderNumber } = await placeOrderFromPage(await buyer.newPage(), { customerEmail: 'reload.order@example.pk' })
	await buyer.close()
	await gotoHydrated(page, `/order-status?internalOrderId=${orderNumber}`)
	await page.getByLabel('Email address').fill('reload.order@example.pk')
	await page.getByRole('button', { name: 'Email me a sign-in code' }).click()
	await expect(page.getByLabel('6-digit code')).toBeVisible()
	await page.reload()
	await waitForHydration(page)
	await expect(page.getByLabel('6-digit code')).toBeVisible()
	await expect(page.getByLabel('Email address')).toHaveValue('reload.order@example.pk')
})

test('the open cart drawer keeps focus inside; Escape closes it and focus returns to the cart button', async ({ page }) => {
	await seedCart(page, { items: [storedLine.giftCard10(1)] })
	await gotoHydrated(page, '/products')
	await cartButton(page).click()
	const drawer = cartDrawer(page)
	await expect(drawer).toBeVisible()
	await expect(drawer.getByRole('button', { name: 'Close cart' })).toBeFocused()

	const inside = () => drawer.evaluate((el) => el.contains(document.activeElement))
	for (let i = 0; i < 12; i++) {
		await page.keyboard.press('Tab')
		expect(await inside(), `after ${i + 1} Tab presses`).toBe(true)
	}
	await drawer.getByRole('button', { name: 'Close cart' }).focus()
	await page.keyboard.press('Shift+Tab')
	await expect(drawer.getByRole('button', { name: 'Continue Shopping' })).toBeFocused()
	await page.keyboard.press('Tab')
	await expect(drawer.getByRole('button', { name: 'Close cart' })).toBeFocused()

	await page.keyboard.press('Escape')
	await expect(drawer).toBeHidden()
	await expect(cartButton(page)).toBeFocused()
})

test('the sticky header is opaque: text scrolled under it does not show through', async ({ page }) => {
	await gotoHydrated(page, '/products')
	await page.mouse.wheel(0, 1200)
	const alpha = await page.getByRole('banner').evaluate((el) => {
		const colour = getComputedStyle(el).backgroundColor
		const parts = colour.match(/[\d.]+/g)!.map(Number)
		return parts.length === 4 ? parts[3] : 1
	})
	expect(alpha).toBe(1)
})
