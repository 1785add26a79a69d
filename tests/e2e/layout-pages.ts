import type { Page } from '@playwright/test'
import { expect, cartButton, cartDrawer, gotoHydrated, placeOrderFromPage, seedCart, storedLine, waitForHydration } from './helpers'
import { clippedText, coveredAtFirstView, coveredControls, emojiInText, smallTapTargets, unfilledTokens, widerThanViewport } from './layout-checks'

/** The storefront pages a buyer sees on the way to an order, each opened as a buyer reaches it. */
export const STOREFRONT_PAGES: { name: string; open: (page: Page) => Promise<void> }[] = [
	{ name: '/', open: (page) => openSettled(page, '/') },
	{ name: '/products', open: (page) => openSettled(page, '/products') },
	{ name: '/product/1', open: (page) => openSettled(page, '/product/1') },
	{ name: '/product/5', open: (page) => openSettled(page, '/product/5') },
	{ name: '/product/14', open: (page) => openSettled(page, '/product/14') },
	{ name: '/game-pass-library', open: (page) => openSettled(page, '/game-pass-library') },
	{ name: '/contact', open: (page) => openSettled(page, '/contact') },
	{ name: '/checkout with an item in the cart', open: openCheckoutWithCart },
	{ name: '/order-status of a fresh order', open: async (page) => void (await openFreshOrder(page)) },
	{ name: '/my-orders', open: (page) => openSettled(page, '/my-orders') },
]

/** Checkout as a buyer reaches it: a gift card in the cart, then Proceed to Checkout from the drawer. */
export async function openCheckoutWithCart(page: Page) {
	await seedCart(page, { items: [storedLine.giftCard10(1)] })
	await gotoHydrated(page, '/products')
	await cartButton(page).click()
	await cartDrawer(page).getByRole('button', { name: 'Proceed to Checkout' }).click()
	await expect(page).toHaveURL(/\/checkout$/)
	await waitForHydration(page)
	await expect(page.getByRole('heading', { name: 'Order Summary' })).toBeVisible()
	await expect(cartDrawer(page)).toBeHidden()
}

/** The order page of an order just placed in this browser (its cookie shows the full view). */
export async function openFreshOrder(page: Page) {
	const { orderNumber } = await placeOrderFromPage(page)
	await openSettled(page, `/order-status?internalOrderId=${orderNumber}`)
	await expect(page.getByText('zara@example.pk')).toBeVisible()
	return orderNumber
}

/** Opens a page and waits until it is interactive and its streamed sections have arrived. */
export async function openSettled(page: Page, path: string) {
	await gotoHydrated(page, path)
	await expect(page.getByRole('status').filter({ hasText: /^Loading/ })).toHaveCount(0)
}

/** Every layout check on the open page, each failing softly so one run lists all that is wrong. */
export async function expectCleanLayout(page: Page) {
	expect.soft(await clippedText(page), 'text cut off by its box').toEqual([])
	expect.soft(await unfilledTokens(page), 'unfilled {tokens}').toEqual([])
	expect.soft(await emojiInText(page), 'characters that need an emoji font').toEqual([])
	expect.soft(await widerThanViewport(page), 'wider than the viewport').toEqual([])
	expect.soft(await smallTapTargets(page), 'tap targets under 24×24 px').toEqual([])
	expect.soft(await coveredControls(page), 'focused controls covered by fixed or sticky elements').toEqual([])
	expect.soft(await coveredAtFirstView(page), 'controls and text under a floating button as the page opens').toEqual([])
}

/** How many product cards show a SALE badge, and the names of those whose badge is drawn over the cover. */
export async function saleBadgesOnCovers(page: Page) {
	return page.getByRole('article').evaluateAll((cards) => {
		const overlap = (a: DOMRect, b: DOMRect) => a.left < b.right && a.right > b.left && a.top < b.bottom && a.bottom > b.top
		let badges = 0
		const onCovers: string[] = []
		for (const card of cards) {
			const badge = Array.from(card.querySelectorAll('*')).find((el) => el.children.length === 0 && el.textContent?.trim() === 'SALE')
			const cover = card.querySelector('img')
			if (!badge || !cover) continue
			badges++
			if (overlap(badge.getBoundingClientRect(), cover.getBoundingClientRect())) onCovers.push(cover.alt)
		}
		return { badges, onCovers }
	})
}
