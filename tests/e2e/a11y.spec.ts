import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { test, expect, cartButton, cartDrawer, gotoHydrated, modal, optionSelect, seedCart, storedLine } from './helpers'

const ROUTES = [
	'/',
	'/products',
	'/product/1',
	'/product/14',
	'/product/999',
	'/services',
	'/about',
	'/contact',
	'/palestine-initiative',
	'/game-pass-library',
	'/game-pass-details',
	'/gta-v-content',
	'/tekken-7-content',
	'/privacy-policy',
	'/terms-and-conditions',
	'/refund-policy',
	'/ownership',
	'/faq',
	'/game-pass-terms',
	'/game-pass-pc-terms',
	'/checkout',
	'/payment-details',
	'/order-status',
]

/** Serious and critical WCAG 2 A/AA violations, as readable lines. */
async function seriousViolations(page: Page, include?: string) {
	let builder = new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).options({ resultTypes: ['violations'] })
	if (include) builder = builder.include(include)
	const { violations } = await builder.analyze()
	return violations
		.filter((v) => v.impact === 'serious' || v.impact === 'critical')
		.map((v) => `${v.impact} ${v.id}: ${v.help} -> ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
}

for (const path of ROUTES) {
	test(`${path} has no serious or critical accessibility violations`, async ({ page }) => {
		await gotoHydrated(page, path)
		await expect(page.getByRole('main')).toBeVisible()
		expect(await seriousViolations(page)).toEqual([])
	})
}

test('the open cart drawer has no serious or critical accessibility violations', async ({ page }) => {
	await seedCart(page, [storedLine.giftCard10(2), storedLine.pcGamePass()])
	await gotoHydrated(page, '/products')
	await cartButton(page).click()
	await expect(cartDrawer(page)).toBeVisible()
	await expect(cartDrawer(page).getByRole('listitem')).toHaveCount(2)
	expect(await seriousViolations(page)).toEqual([])
})

test('open modals have no serious or critical accessibility violations', async ({ page }) => {
	await gotoHydrated(page, '/product/1')
	await optionSelect(page, 'Duration').selectOption('Custom Duration')
	await expect(modal(page, 'Custom Duration')).toBeVisible()
	expect(await seriousViolations(page)).toEqual([])
	await page.keyboard.press('Escape')
	await expect(modal(page)).toHaveCount(0)

	await page.getByRole('button', { name: 'Add to Cart' }).click()
	const account = modal(page, 'Choose account type')
	await expect(account).toBeVisible()
	expect(await seriousViolations(page)).toEqual([])
	await account.getByRole('button', { name: /Shared Account/ }).click()
	await expect(modal(page, 'Shared Account Details')).toBeVisible()
	expect(await seriousViolations(page)).toEqual([])
})

test('an order page, for its buyer and for a stranger, has no serious or critical accessibility violations', async ({ page, browser }) => {
	const answer = await page.request.post('/api/checkout', {
		data: {
			customerName: 'Zara Malik',
			customerEmail: 'zara@example.pk',
			customerMobile: '03211234567',
			checkoutKey: `a11y-${Date.now()}-${Math.random().toString(36).slice(2)}`,
			paymentMethod: 'paypro',
			productDetails: [{ id: 14, quantity: 1, selectedDenomination: { value: 5 } }],
		},
	})
	expect(answer.ok()).toBe(true)
	const { orderNumber } = (await answer.json()) as { orderNumber: string }

	await gotoHydrated(page, `/order-status?internalOrderId=${orderNumber}`)
	await expect(page.getByText('zara@example.pk')).toBeVisible()
	expect(await seriousViolations(page)).toEqual([])

	const context = await browser.newContext()
	const stranger = await context.newPage()
	await stranger.goto(`/order-status?internalOrderId=${orderNumber}`)
	await expect(stranger.getByLabel('Email address')).toBeVisible()
	expect(await seriousViolations(stranger)).toEqual([])
	await context.close()
})
