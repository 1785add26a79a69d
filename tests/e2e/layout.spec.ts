import { test, expect, gotoHydrated, modal, optionSelect, signInAsOwner } from './helpers'
import { emojiInText, stuckAtTop, unfilledTokens } from './layout-checks'
import { STOREFRONT_PAGES, expectCleanLayout, openSettled, saleBadgesOnCovers } from './layout-pages'

// The narrowest phones buyers here use (the project's Pixel 7 is 412 px wide).
const PHONE = { width: 360, height: 740 }
test.use({ viewport: PHONE })

for (const { name, open } of STOREFRONT_PAGES) {
	test(`${name} at 360×740: no cut-off text, unfilled tokens, overflow, small tap targets or covered controls`, async ({ page }) => {
		await open(page)
		await expectCleanLayout(page)
	})
}

// Urdu runs taller and wider than English: each Urdu page gets the same checks (issue 25).
const URDU_PAGES = ['/ur', '/ur/products', '/ur/product/1', '/ur/product/14', '/ur/game-pass-library', '/ur/game-pass-details', '/ur/services', '/ur/about', '/ur/contact', '/ur/faq', '/ur/my-orders', '/ur/checkout?product=14', '/ur/nothing-here']
for (const path of URDU_PAGES) {
	test(`${path} at 360×740: no cut-off text, unfilled tokens, overflow, small tap targets or covered controls`, async ({ page }) => {
		await openSettled(page, path)
		await expectCleanLayout(page)
	})
}

test('a product the owner names with a long word keeps its name inside its card at 360×740', async ({ page, browser }) => {
	const { staff, close } = await signInAsOwner(browser, { path: '/admin/products' })
	const created = await staff.request.post('/api/admin/products', {
		data: { name: `PSN Card Supercalifragilistic${Date.now().toString(36)}`, platform: 'playstation', kind: 'gift_card', description: 'Delivered on your order page.', variants: [{ label: '$10 USD', value: 10, price: 3100 }] },
	})
	expect(created.status()).toBe(201)
	const { id } = (await created.json()) as { id: number }
	try {
		await openSettled(page, '/products')
		await expect(page.getByRole('link', { name: /PSN Card Supercalifragilistic/ }).first()).toBeAttached()
		await expectCleanLayout(page)
	} finally {
		await staff.request.delete(`/api/admin/products/${id}`)
		await close()
	}
})

const OTHER_PAGES = ['/services', '/about', '/palestine-initiative', '/game-pass-details', '/gta-v-content', '/tekken-7-content', '/privacy-policy', '/terms-and-conditions', '/refund-policy', '/ownership', '/faq', '/product/999', '/checkout', '/payment-details', '/order-status']

test('no other shop page prints an unfilled {token} or a character only an emoji font draws', async ({ page }) => {
	for (const path of OTHER_PAGES) {
		await page.goto(path)
		expect.soft(await unfilledTokens(page), path).toEqual([])
		expect.soft(await emojiInText(page), path).toEqual([])
	}
})

test('the header that stays on screen while scrolling takes at most a tenth of a 740 px phone screen', async ({ page }) => {
	await openSettled(page, '/products')
	expect(await stuckAtTop(page)).toBeLessThanOrEqual(PHONE.height / 10)
})

test("the hero's two buttons share one row, each on one line", async ({ page }) => {
	await openSettled(page, '/')
	const browse = (await page.getByRole('link', { name: 'Browse All Products' }).boundingBox())!
	const learn = (await page.getByRole('link', { name: /^Learn More/ }).boundingBox())!
	expect(learn.y).toBe(browse.y)
	expect(browse.height).toBeLessThan(48)
	expect(learn.height).toBeLessThan(48)
})

test('on a phone the duration select gets the row (Check Prices is desktop-only) and Custom Duration still opens the picker', async ({ page }) => {
	await openSettled(page, '/product/1')
	await expect(page.getByRole('button', { name: 'Check Prices' })).toBeHidden()
	const select = optionSelect(page, 'Duration')
	const buy = (await page.getByRole('button', { name: /^Buy / }).boundingBox())!
	expect((await select.boundingBox())!.width).toBe(buy.width)
	await select.selectOption('Custom Duration')
	await expect(modal(page, 'Custom Duration')).toBeVisible()
})

test('on a phone the chat button sits in the header bar, beside the cart: it floats over nothing, even while the buyer types', async ({ page }) => {
	await gotoHydrated(page, '/contact')
	const chat = page.getByRole('banner').getByRole('link', { name: 'Chat with us on WhatsApp' })
	await expect(chat).toBeVisible()
	const bar = (await page.getByRole('banner').getByRole('button', { name: 'Cart' }).boundingBox())!
	const box = (await chat.boundingBox())!
	expect(Math.abs(box.y - bar.y)).toBeLessThanOrEqual(1)
	await page.getByLabel('Message').focus()
	await expect(chat).toBeVisible()
	expect(await chat.evaluate((el) => getComputedStyle(el).position)).not.toBe('fixed')
})

test('SALE badges sit beside the price, clear of the cover art', async ({ page }) => {
	await openSettled(page, '/products')
	const { badges, onCovers } = await saleBadgesOnCovers(page)
	expect(badges).toBeGreaterThan(0)
	expect(onCovers).toEqual([])
})
