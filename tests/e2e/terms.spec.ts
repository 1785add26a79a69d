import { test, expect, gotoHydrated, modal } from './helpers'

test.describe('Game Pass terms gates', () => {
	test('the console terms opened directly explain that nothing is selected', async ({ page }) => {
		await gotoHydrated(page, '/game-pass-terms')
		await expect(page.getByText('No Game Pass product selected or cart empty.')).toBeVisible()
		await expect(page.getByRole('main').getByRole('link', { name: 'Browse Products' })).toHaveAttribute('href', '/products')
		await expect(page.getByRole('checkbox')).toHaveCount(0)
	})

	test('the PC terms opened directly explain that nothing is selected', async ({ page }) => {
		await gotoHydrated(page, '/game-pass-pc-terms')
		await expect(page.getByText('No Game Pass PC product selected or cart empty.')).toBeVisible()
		await expect(page.getByRole('main').getByRole('link', { name: 'Browse Products' })).toHaveAttribute('href', '/products')
		await expect(page.getByRole('checkbox')).toHaveCount(0)
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
