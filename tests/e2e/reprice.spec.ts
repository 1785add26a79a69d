import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { test, expect, gotoHydrated, publishOnConsole, signInAsOwner, unique } from './helpers'

// Costs and repricing (issue 23), end to end on a phone: the owner sets the dollar rate, gives an
// option a cost in US dollars on the product form, previews the new prices on the reprice page (the
// option without a cost listed as skipped, with why), applies them, and the storefront shows the new price.

const pageScrollsSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)

/** Serious and critical WCAG 2 A/AA violations, as readable lines. */
async function seriousViolations(page: Page) {
	const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).options({ resultTypes: ['violations'] }).analyze()
	return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.impact} ${v.id}: ${v.help}`)
}

const optionField = (page: Page, field: string, n: number) => page.getByLabel(`${field}, option ${n}`, { exact: true })

test('the owner reprices from a dollar cost: preview, then apply; the product page shows the new price', async ({ browser, page }) => {
	test.setTimeout(120_000)
	const { staff: owner, close } = await signInAsOwner(browser, { path: '/admin/store' })

	// The rate, on the store details page, shown with the day it was set.
	await owner.getByLabel('Rupees per US dollar').fill('280')
	await owner.getByLabel('PayPro’s fee (%)').fill('2.5')
	await owner.getByRole('button', { name: 'Save rates and fee' }).click()
	await expect(owner.getByTestId('rate-line')).toContainText(/Rs\. 280 per US\$, set \d{1,2} [A-Z][a-z]{2} \d{4}/)
	// The boxes keep what was saved, ready for the next change.
	await expect(owner.getByLabel('Rupees per US dollar')).toHaveValue('280')
	await expect(owner.getByLabel('PayPro’s fee (%)')).toHaveValue('2.5')
	expect(await pageScrollsSideways(owner)).toBe(false)

	// A product whose first option costs US$ 8; the second has no cost.
	const name = unique('Xbox Live Gold')
	await gotoHydrated(owner, '/admin/products/new')
	await owner.getByLabel('Name', { exact: true }).fill(name)
	await owner.getByLabel('Platform').selectOption({ label: 'Xbox' })
	await owner.getByLabel('Kind').selectOption({ label: 'Subscription' })
	await owner.getByLabel('Description', { exact: true }).fill('Online play for your Xbox.')
	for (const [n, label, months, price] of [[1, '1 Month', '1', '2500'], [2, '3 Months', '3', '6900']] as const) {
		await optionField(owner, 'Label', n).fill(label)
		await optionField(owner, 'Months', n).fill(months)
		await optionField(owner, 'Price (Rs.)', n).fill(price)
	}
	await optionField(owner, 'Cost to you', 1).fill('8')
	await owner.getByLabel('Currency of the cost, option 1').selectOption('USD')
	await owner.getByRole('button', { name: 'Create product' }).last().click()
	await expect(owner).toHaveURL(/\/admin\/products\/\d+\?notice=created$/)
	const productId = Number(/\/admin\/products\/(\d+)/.exec(owner.url())![1])
	await expect(optionField(owner, 'Cost to you', 1)).toHaveValue('8')
	await publishOnConsole(owner)

	// Reprice it: 25 % over US$ 8 × 280 = Rs. 2,240 is 2,800, already a whole Rs. 100.
	await owner.goto('/admin/products')
	await owner.getByRole('link', { name: 'Reprice from costs' }).click()
	await expect(owner.getByRole('heading', { name: 'Reprice from costs' })).toBeVisible()
	await owner.getByLabel('Options to reprice').selectOption({ label: name })
	await owner.getByLabel('Margin (%)').fill('25')
	await owner.getByLabel('Round up to').selectOption({ label: 'Rs. 100' })
	await owner.getByRole('button', { name: 'Preview new prices' }).click()
	await expect(owner.getByRole('heading', { name: 'Preview' })).toBeVisible()
	const rows = owner.locator('.reprice-result tbody tr')
	await expect(rows).toHaveCount(1)
	await expect(rows.nth(0)).toContainText('Rs. 2,500')
	await expect(rows.nth(0)).toContainText('Rs. 2,800')
	await expect(rows.nth(0)).toContainText('US$ 8 = Rs. 2,240')
	await owner.getByText('1 option keeps its price, and why').click()
	await expect(owner.locator('.reprice-skipped-list li')).toHaveText(`${name}, 3 Months: No cost: give this option a cost on its product’s page.`)
	// On a phone the preview fits and reads well.
	expect(await pageScrollsSideways(owner)).toBe(false)
	expect(await seriousViolations(owner)).toEqual([])

	// Nothing changed yet: the shop still sells it at Rs. 2,500.
	await gotoHydrated(page, `/product/${productId}`)
	await expect(page.getByText('Rs. 2,500').first()).toBeVisible()

	await owner.getByRole('button', { name: 'Apply 1 new price' }).click()
	await expect(owner.getByText('Applied: 1 new price is in the shop now.')).toBeVisible()

	await gotoHydrated(page, `/product/${productId}`)
	await expect(page.getByText('Rs. 2,800').first()).toBeVisible()
	await expect(page.getByText('Rs. 2,500')).toHaveCount(0)

	// Out of the shop again: other tests on this shop count what buyers see.
	await gotoHydrated(owner, `/admin/products?q=${encodeURIComponent(name)}`)
	await owner.getByRole('button', { name: `Hide ${name}`, exact: true }).click()
	await expect(owner.getByRole('status').filter({ hasText: `“${name}” is hidden: buyers no longer see it.` })).toBeVisible()
	await close()
})
