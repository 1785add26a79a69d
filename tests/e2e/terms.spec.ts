import type { Page } from '@playwright/test'
import { test, expect, gotoHydrated, modal, seedCart, storedLine } from './helpers'

/** Console errors (React's hydration mismatch among them) and uncaught exceptions of a page. */
function collectProblems(page: Page) {
	const problems: string[] = []
	page.on('console', (message) => {
		if (message.type() === 'error') problems.push(`console.error: ${message.text()}`)
	})
	page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`))
	return problems
}

test.describe('Game Pass terms gates', () => {
	for (const { path, message, link, productPath } of [
		{ path: '/game-pass-terms', message: 'No Game Pass product selected or cart empty.', link: 'See Xbox Game Pass Ultimate (Console Edition)', productPath: '/product/1' },
		{ path: '/game-pass-pc-terms', message: 'No Game Pass PC product selected or cart empty.', link: 'See PC Game Pass', productPath: '/product/10' },
	]) {
		test(`${path} opened directly with nothing under these terms in the cart says so, with links to the product and the products`, async ({ page }) => {
			const problems = collectProblems(page)
			await seedCart(page, [storedLine.giftCard10()])
			await gotoHydrated(page, path)
			await expect(page.getByText(message)).toBeVisible()
			await expect(page.getByRole('main').getByRole('link', { name: link })).toHaveAttribute('href', productPath)
			await expect(page.getByRole('main').getByRole('link', { name: 'Browse Products' })).toHaveAttribute('href', '/products')
			await expect(page.getByRole('checkbox')).toHaveCount(0)
			await expect(page.getByRole('button', { name: 'Proceed to Checkout' })).toHaveCount(0)
			await page.reload()
			await expect(page.getByText(message)).toBeVisible()
			await page.waitForLoadState('load')
			expect(problems).toEqual([])
		})
	}

	test('the PC terms opened directly with PC Game Pass in the cart show the terms for it, and a reload hydrates without errors', async ({ page }) => {
		const problems = collectProblems(page)
		await seedCart(page, [storedLine.giftCard10(), storedLine.pcGamePass()])
		await gotoHydrated(page, '/game-pass-pc-terms')
		await expect(page.getByRole('heading', { level: 1, name: 'PC Game Pass Terms' })).toBeVisible()
		const agree = page.getByRole('checkbox', { name: 'I have read and agree to these terms' })
		await expect(agree).not.toBeChecked()
		await expect(page.getByText('No Game Pass PC product selected or cart empty.')).toHaveCount(0)
		await expect(page.locator('.terms-text').getByRole('heading', { level: 2 }).first()).toBeVisible()

		await page.reload()
		await expect(agree).toBeVisible()
		await page.waitForLoadState('load')
		expect(problems).toEqual([])

		await agree.check()
		await page.getByRole('button', { name: 'Proceed to Checkout' }).click()
		await expect(page).toHaveURL(/\/checkout$/)
		await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible()
		// The whole cart goes to checkout, as from the cart.
		await expect(page.getByText('PC Game Pass').first()).toBeVisible()
		await expect(page.getByText('Xbox Gift Card').first()).toBeVisible()
		expect(problems).toEqual([])
	})

	test('the console terms opened directly with a shared Game Pass account in the cart warn about it', async ({ page }) => {
		const problems = collectProblems(page)
		await seedCart(page, [
			{
				id: 1,
				name: 'Xbox Game Pass Ultimate (Console Edition)',
				image: '/images/products/1.webp',
				price: 4000,
				originalPrice: null,
				quantity: 1,
				selectedDuration: { label: '1 Month', price: 4000, months: 1 },
				selectedAccountType: 'shared',
				termsPage: 'game-pass-console',
				variantId: null,
			},
		])
		await gotoHydrated(page, '/game-pass-terms')
		await expect(page.getByRole('heading', { level: 1, name: 'Game Pass Ultimate Terms' })).toBeVisible()
		await expect(page.getByRole('note').getByText('Shared account:')).toBeVisible()
		await expect(page.getByRole('checkbox', { name: 'I have read and agree to these terms' })).toBeVisible()
		await page.reload()
		await expect(page.getByRole('checkbox', { name: 'I have read and agree to these terms' })).toBeVisible()
		await page.waitForLoadState('load')
		expect(problems).toEqual([])
	})

	test('a reload of the terms reached from Buy Now keeps them, without a hydration error', async ({ page }) => {
		const problems = collectProblems(page)
		await gotoHydrated(page, '/product/10')
		await page.getByRole('button', { name: 'Buy 1 Month - Rs. 1,200' }).click()
		await expect(page).toHaveURL(/\/game-pass-pc-terms$/)
		await page.reload()
		await expect(page.getByRole('checkbox', { name: 'I have read and agree to these terms' })).toBeVisible()
		await page.waitForLoadState('load')
		expect(problems).toEqual([])
	})

	for (const { id, buy, path, heading, account } of [
		{ id: 10, buy: 'Buy 1 Month - Rs. 1,200', path: '/game-pass-pc-terms', heading: 'PC Game Pass Terms', account: false },
		{ id: 1, buy: 'Buy 1 Month - Rs. 4,000', path: '/game-pass-terms', heading: 'Game Pass Ultimate Terms', account: true },
	]) {
		test(`Buy Now on product ${id}: proceeding needs the agreement, then goes to checkout`, async ({ page }) => {
			await gotoHydrated(page, `/product/${id}`)
			await page.getByRole('button', { name: buy }).click()
			if (account) await modal(page, 'Choose account type').getByRole('button', { name: /Private Account/ }).click()
			await expect(page).toHaveURL(new RegExp(`${path}$`))
			await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()

			const agree = page.getByRole('checkbox', { name: 'I have read and agree to these terms' })
			const proceed = page.getByRole('button', { name: 'Proceed to Checkout' })
			await expect(agree).not.toBeChecked()
			await expect(proceed).toBeDisabled()

			await agree.check()
			await expect(proceed).toBeEnabled()
			await agree.uncheck()
			await expect(proceed).toBeDisabled()
			await agree.check()
			await proceed.click()

			await expect(page).toHaveURL(/\/checkout$/)
			await expect(page.getByRole('heading', { level: 1, name: 'Checkout' })).toBeVisible()
			await expect(page.getByText('No items to checkout')).toHaveCount(0)
		})
	}
})

test.describe('Game Pass terms in Urdu', () => {
	for (const { id, path, heading, sections, english } of [
		{ id: 1, path: '/ur/game-pass-terms', heading: 'گیم پاس الٹیمیٹ کی شرائط', sections: ['صرف ذاتی استعمال', 'شیئرڈ اکاؤنٹس پر آن لائن اور ملٹی پلیئر گیمنگ', 'آپ کی رضامندی'], english: 'Personal use only' },
		{ id: 10, path: '/ur/game-pass-pc-terms', heading: 'PC گیم پاس کی شرائط', sections: ['صرف ذاتی استعمال', 'تھرڈ پارٹی لانچرز: سائن آؤٹ نہ کریں', 'آپ کی رضامندی'], english: 'Third-party launchers: do not sign out' },
	]) {
		test(`Buy Now on /ur/product/${id} shows the terms in Urdu, then goes to the Urdu checkout`, async ({ page }) => {
			await gotoHydrated(page, `/ur/product/${id}`)
			await page.getByRole('main').getByRole('button', { name: /خریدیں - Rs\. [\d,]+$/ }).click()
			if (id === 1) await modal(page).getByRole('button', { name: /^پرائیویٹ اکاؤنٹ/ }).click()
			await expect(page).toHaveURL(new RegExp(`${path}$`))
			await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible()
			const terms = page.locator('.terms-text')
			for (const name of sections) await expect(terms.getByRole('heading', { level: 2, name })).toBeAttached()
			await expect(terms.getByText(english)).toHaveCount(0)
			await expect(terms.getByRole('heading', { level: 2 }).first()).toHaveCSS('direction', 'rtl')

			const agree = page.getByRole('checkbox', { name: 'میں نے یہ شرائط پڑھ لی ہیں اور ان سے متفق ہوں' })
			const proceed = page.getByRole('button', { name: 'چیک آؤٹ پر جائیں' })
			await expect(proceed).toBeDisabled()
			await agree.check()
			await proceed.click()
			await expect(page).toHaveURL(/\/ur\/checkout$/)
			await expect(page.getByRole('heading', { level: 1, name: 'چیک آؤٹ' })).toBeVisible()
		})
	}
})

test('checkout opened directly has nothing to check out', async ({ page }) => {
	await gotoHydrated(page, '/checkout')
	await expect(page.getByText('No items to checkout')).toBeVisible()
	const browse = page.getByRole('main').getByRole('link', { name: 'Browse Products' })
	await expect(browse).toHaveAttribute('href', '/products')
	await browse.click()
	await expect(page).toHaveURL(/\/products$/)
	await expect(page.getByRole('heading', { level: 1, name: 'Our Products' })).toBeVisible()
})
