import type { Page } from '@playwright/test'
import { test, expect, cartButton, gotoHydrated, placeOrderFromPage, signInAsOwner } from './helpers'

// The staff console on a phone: its own plain frame, and orders as cards that fit the screen.
const BANNER = 'Xbox Game Pass Revamped - New Plans & Price Hike on Ultimate Tier!'
// The shop frame's modules (app/components/layout/shop-chrome.ts and what only it needs; built as shop-base, vite.config.ts).
const SHOP_CHROME_SCRIPT = /\/assets\/(shop-base|shop-chrome|cart-context|cart-drawer|chat-button|site-header|site-footer)-[^/]*\.js$/

const PHONE = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true }
test.use({ viewport: PHONE.viewport })



const pageScrollsSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)
const loadedScripts = (page: Page) =>
	page.evaluate(() => performance.getEntriesByType('resource').map((r) => new URL(r.name).pathname).filter((p) => p.endsWith('.js')))

test('on a phone the dashboard lists orders as cards with number, customer, total, payment and fulfillment, and never scrolls sideways', async ({ page, browser }) => {
	const customer = 'Mahnoor Abdullah Yousafzai'
	const { orderNumber } = await placeOrderFromPage(page, { customerName: customer, customerEmail: 'console.buyer@example.pk' })
	const { staff, close } = await signInAsOwner(browser, { context: PHONE })

	await expect(staff.getByRole('link', { name: orderNumber })).toBeVisible()
	expect(await pageScrollsSideways(staff)).toBe(false)
	// No table headings on a phone: each order is a card of its own.
	await expect(staff.getByRole('columnheader', { name: 'Customer' })).toBeHidden()
	const card = staff.locator('.staff-order-row').filter({ has: staff.getByRole('link', { name: orderNumber }) })
	for (const text of [customer, 'Rs. 3,200', 'Payment Pending', 'Order Received']) await expect(card.getByText(text, { exact: true })).toBeVisible()
	const box = (await card.boundingBox())!
	expect(box.x).toBeGreaterThanOrEqual(0)
	expect(box.x + box.width).toBeLessThanOrEqual(360)

	// Updating from the card opens the form under it, still within the screen.
	await card.getByRole('button', { name: `Update order ${orderNumber}` }).click()
	await expect(staff.getByLabel('Fulfillment status')).toBeVisible()
	expect(await pageScrollsSideways(staff)).toBe(false)
	await close()
})

test('console pages have their own header, without the shop’s banner, cart, chat button or footer, and never load them', async ({ page, browser }) => {
	// The shop itself still has them: what this test looks for is there to find.
	await gotoHydrated(page, '/')
	await expect(page.getByText(BANNER)).toBeVisible()
	await expect(cartButton(page)).toBeVisible()
	await expect(page.getByRole('link', { name: 'Chat with us on WhatsApp' })).toBeVisible()
	expect((await loadedScripts(page)).some((p) => SHOP_CHROME_SCRIPT.test(p))).toBe(true)

	// Signed out, the sign-in page is the console's too.
	await gotoHydrated(page, '/admin/login')
	await expect(page.getByRole('heading', { name: 'Staff sign-in' })).toBeVisible()
	await expect(page.getByText(BANNER)).toHaveCount(0)
	await expect(page.getByRole('button', { name: /cart/i })).toHaveCount(0)
	expect((await loadedScripts(page)).filter((p) => SHOP_CHROME_SCRIPT.test(p))).toEqual([])

	// A session of its own: this test signs out at the end.
	const { staff, close } = await signInAsOwner(browser, { context: PHONE, ownSession: true })
	for (const path of ['/admin-dashboard', '/admin/payments', '/admin/settings', '/admin/store']) {
		await gotoHydrated(staff, path)
		const nav = staff.getByRole('navigation', { name: 'Staff console' })
		await expect(nav.getByRole('link', { name: 'Orders' })).toBeVisible()
		await expect(nav.getByRole('link', { name: 'Settings' })).toBeVisible()
		await expect(staff.getByRole('banner')).toContainText('Owner')
		await expect(staff.getByRole('banner').getByRole('button', { name: 'Sign out', exact: true })).toBeVisible()
		// The banner itself (the owner's checklist may quote it while it is still the sample).
		await expect(staff.getByText(BANNER, { exact: true })).toHaveCount(0)
		await expect(staff.getByRole('button', { name: /cart/i })).toHaveCount(0)
		// The shop's chat button (the owner's checklist may still link to the WhatsApp number's field).
		await expect(staff.getByRole('link', { name: /on WhatsApp$/ })).toHaveCount(0)
		await expect(staff.getByRole('contentinfo')).toHaveCount(0)
		expect(await pageScrollsSideways(staff)).toBe(false)
		expect((await loadedScripts(staff)).filter((p) => SHOP_CHROME_SCRIPT.test(p)), path).toEqual([])
	}
	await staff.getByRole('banner').getByRole('button', { name: 'Sign out', exact: true }).click()
	await expect(staff).toHaveURL(/\/admin\/login$/)
	await close()
})

test('the payment filter offers the states of the order model, by their console words', async ({ browser }) => {
	const { staff, close } = await signInAsOwner(browser, { context: PHONE })
	const options = await staff.getByLabel('Payment').locator('option').allTextContents()
	expect(options).toEqual(['All payments', 'Payment Pending', 'Pending', 'Completed', 'Failed', 'Expired', 'Cancelled', 'Partly refunded', 'Refunded', 'Paid after cancel'])
	await close()
})
