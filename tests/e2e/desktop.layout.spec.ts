import { devices } from '@playwright/test'
import { test, expect, modal, optionSelect } from './helpers'
import { STOREFRONT_PAGES, expectCleanLayout, openSettled, saleBadgesOnCovers } from './layout-pages'

const { defaultBrowserType: _browser, ...desktop } = devices['Desktop Chrome']
test.use({ ...desktop, viewport: { width: 1280, height: 900 } })

for (const { name, open } of STOREFRONT_PAGES) {
	test(`${name} at 1280×900: no cut-off text, unfilled tokens, overflow, small tap targets or covered controls`, async ({ page }) => {
		await open(page)
		await expectCleanLayout(page)
	})
}

// Four cards a row from 1024 px: the narrowest of those layouts.
test.describe('at 1024×768', () => {
	test.use({ viewport: { width: 1024, height: 768 } })
	for (const { name, open } of STOREFRONT_PAGES.filter((p) => p.name === '/' || p.name === '/products')) {
		test(`${name}: no cut-off text, unfilled tokens, overflow, small tap targets or covered controls`, async ({ page }) => {
			await open(page)
			await expectCleanLayout(page)
		})
	}
})

test('SALE badges sit beside the price, clear of the cover art', async ({ page }) => {
	await openSettled(page, '/products')
	const { badges, onCovers } = await saleBadgesOnCovers(page)
	expect(badges).toBeGreaterThan(0)
	expect(onCovers).toEqual([])
})

test('on a desktop, Check Prices beside the duration select opens the custom-duration picker', async ({ page }) => {
	await openSettled(page, '/product/1')
	const select = (await optionSelect(page, 'Duration').boundingBox())!
	const button = page.getByRole('button', { name: 'Check Prices' })
	await expect(button).toBeVisible()
	expect((await button.boundingBox())!.y).toBe(select.y)
	await button.click()
	await expect(modal(page, 'Custom Duration')).toBeVisible()
})
