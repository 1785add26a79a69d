import type { Page } from '@playwright/test'
import { test, expect, gotoHydrated, signInAsOwner, unique } from './helpers'
import { expectCleanLayout } from './layout-pages'

// The owner runs the catalogue from the console on a phone: creates a product with three durations,
// finds it, changes a price, duplicates it and hides it; and the same without JavaScript.

const PHONE = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true }
test.use({ viewport: PHONE.viewport })

const OWNER = { email: 'owner@example.pk', password: 'e2e-owner-password' }

const pageScrollsSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)

/** The option row fields, by the label a screen reader hears ("Price (Rs.), option 2"). */
const optionField = (page: Page, field: string, n: number) => page.getByLabel(`${field}, option ${n}`, { exact: true })

async function fillOption(page: Page, n: number, { label, months, price }: { label: string; months: string; price: string }) {
	await optionField(page, 'Label', n).fill(label)
	await optionField(page, 'Months', n).fill(months)
	await optionField(page, 'Price (Rs.)', n).fill(price)
}

async function searchFor(page: Page, text: string) {
	await page.getByRole('searchbox', { name: 'Search' }).fill(text)
	await page.getByRole('button', { name: 'Search', exact: true }).click()
	await expect(page).toHaveURL(new RegExp(`[?&]q=`))
}

const productRow = (page: Page, name: string) => page.locator('.product-row').filter({ has: page.getByRole('link', { name, exact: true }) })

test('the owner creates a product with three durations, finds it, changes a price, duplicates it and hides it', async ({ browser }) => {
	const name = unique('Game Pass Core e2e')
	const { staff: page, close } = await signInAsOwner(browser, { path: '/admin/products', context: PHONE })
	await expect(page.getByRole('heading', { name: 'Products', level: 1 })).toBeVisible()
	await expectCleanLayout(page)
	expect(await pageScrollsSideways(page)).toBe(false)

	await page.getByRole('link', { name: 'New product' }).click()
	await expect(page.getByRole('heading', { name: 'New product' })).toBeVisible()
	await page.getByLabel('Name', { exact: true }).fill(name)
	await page.getByLabel('Platform').selectOption({ label: 'Xbox' })
	await page.getByLabel('Kind').selectOption({ label: 'Subscription' })
	await page.getByLabel('Description', { exact: true }).fill('Hundreds of games for your console, delivered on WhatsApp.')
	await page.getByLabel('Features', { exact: true }).fill('Day-one releases\n\nOnline multiplayer')
	await fillOption(page, 1, { label: '1 Month', months: '1', price: '1500' })
	await fillOption(page, 2, { label: '3 Months', months: '3', price: 'Rs. 4,200' })
	await optionField(page, 'Label', 3).fill('6 Months')
	await optionField(page, 'Months', 3).fill('6')
	const posts: string[] = []
	page.on('request', (request) => {
		if (request.method() === 'POST' && new URL(request.url()).pathname.startsWith('/admin/products')) posts.push(request.url())
	})
	await page.getByRole('button', { name: 'Create product' }).last().click()

	// A missing price is refused before anything is sent, with the action's own sentence next to its
	// field, which gets the focus; everything typed is still there (without scripts the server's
	// summary says it: console-forms.spec.ts).
	await expect(optionField(page, 'Price (Rs.)', 3)).toHaveAttribute('aria-invalid', 'true')
	await expect(optionField(page, 'Price (Rs.)', 3)).toBeFocused()
	expect(posts).toEqual([])
	await expect(optionField(page, 'Price (Rs.)', 3)).toHaveAccessibleDescription('Please give this option a price in rupees (0 only for the custom entry quoted on WhatsApp).')
	await expect(page.getByLabel('Name', { exact: true })).toHaveValue(name)
	await expect(optionField(page, 'Price (Rs.)', 2)).toHaveValue('Rs. 4,200')
	await expectCleanLayout(page)
	expect(await pageScrollsSideways(page)).toBe(false)

	await optionField(page, 'Price (Rs.)', 3).fill('7900')
	await page.getByRole('button', { name: 'Create product' }).last().click()
	await expect(page.getByRole('status').filter({ hasText: 'Created as a draft: only staff see it.' })).toBeVisible()
	await expect(page.getByRole('heading', { name, level: 1 })).toBeVisible()
	await expect(page).toHaveURL(/\/admin\/products\/\d+\?notice=created$/)
	await expect(optionField(page, 'Price (Rs.)', 2)).toHaveValue('4200')
	await expect(page.getByLabel('Features', { exact: true })).toHaveValue('Day-one releases\nOnline multiplayer')
	await expect(page.getByRole('heading', { name: 'Cover image' })).toBeVisible()
	// A draft (ADR-046): staff preview it; the checklist names the missing cover, and publishing without it is ticked on purpose.
	await expect(page.locator('.product-toolbar').getByRole('link', { name: 'Preview' })).toHaveAttribute('href', /^\/admin\/products\/\d+\/preview$/)
	await expect(page.locator('.product-head').getByText('Draft', { exact: true })).toBeVisible()
	const publish = page.locator('.product-publish')
	await expect(publish.getByText('A cover image — missing a cover image')).toBeVisible()
	await publish.getByRole('button', { name: 'Publish' }).click()
	await expect(page.getByRole('alert')).toHaveText('Not published: it still needs a cover image. Tick “Publish anyway” to publish it as it is.')
	await publish.getByLabel('Publish anyway').check()
	await publish.getByRole('button', { name: 'Publish' }).click()
	await expect(page.getByRole('status').filter({ hasText: 'Published' })).toHaveText('Published: buyers can find it in the shop now.')
	await expect(page.getByRole('link', { name: 'View in shop' })).toHaveAttribute('href', /^\/product\/\d+$/)

	// The list finds it by name, with its price range, options and status.
	await page.getByRole('navigation', { name: 'Staff console' }).getByRole('link', { name: 'Products' }).click()
	await searchFor(page, name)
	const row = productRow(page, name)
	await expect(row).toHaveCount(1)
	await expect(row.getByText('from Rs. 1,500')).toBeVisible()
	await expect(row.getByText('Xbox')).toBeVisible()
	await expect(row.getByText('Subscription')).toBeVisible()
	await expect(row.locator('.product-cell-options')).toHaveText('3')
	await expect(row.getByText('Visible', { exact: true })).toBeVisible()
	expect(await pageScrollsSideways(page)).toBe(false)

	// A cheaper first month, and six months moved up before three: the list's starting price follows.
	await row.getByRole('link', { name: `Edit ${name}` }).click()
	await optionField(page, 'Price (Rs.)', 1).fill('1400')
	await page.getByRole('button', { name: 'Move option 3 up' }).click()
	await expect(optionField(page, 'Label', 2)).toHaveValue('6 Months')
	await page.getByRole('button', { name: 'Save', exact: true }).last().click()
	await expect(page.getByRole('status').filter({ hasText: 'Saved. The shop shows the change now.' })).toBeVisible()
	await expect(optionField(page, 'Price (Rs.)', 1)).toHaveValue('1400')
	await expect(optionField(page, 'Label', 2)).toHaveValue('6 Months')
	await expect(optionField(page, 'Label', 3)).toHaveValue('3 Months')
	await page.getByRole('link', { name: '← All products' }).click()
	await searchFor(page, name)
	await expect(productRow(page, name).getByText('from Rs. 1,400')).toBeVisible()

	// Duplicate: the copy opens, hidden, with the same options and prices.
	await productRow(page, name).getByRole('button', { name: `Duplicate ${name}` }).click()
	await expect(page.getByRole('heading', { name: `${name} (copy)`, level: 1 })).toBeVisible()
	await expect(page.getByRole('status').filter({ hasText: 'This is the copy, hidden until you show it' })).toBeVisible()
	await expect(page.locator('.product-head').getByText('Hidden', { exact: true })).toBeVisible()
	await expect(optionField(page, 'Price (Rs.)', 1)).toHaveValue('1400')
	await expect(optionField(page, 'Label', 2)).toHaveValue('6 Months')

	// Hide the original from the list: it says so, and the Hidden filter finds it.
	await page.getByRole('link', { name: '← All products' }).click()
	await searchFor(page, name)
	await expect(page.locator('.product-row')).toHaveCount(2)
	await productRow(page, name).getByRole('button', { name: `Hide ${name}`, exact: true }).click()
	await expect(page.getByRole('status').filter({ hasText: `“${name}” is hidden: buyers no longer see it.` })).toBeVisible()
	await expect(productRow(page, name).getByText('Hidden', { exact: true })).toBeVisible()
	await expect(productRow(page, name).getByRole('button', { name: `Show ${name}`, exact: true })).toBeVisible()
	await page.getByLabel('Shown').selectOption({ label: 'Visible' })
	await page.getByRole('button', { name: 'Search', exact: true }).click()
	await expect(page).toHaveURL(/visibility=visible/)
	await expect(page.getByText('No products match. Try fewer filters or another word.')).toBeVisible()
	await close()
})

test('a product address that names no product is a “Product not found” page', async ({ browser }) => {
	const { staff: page, close } = await signInAsOwner(browser, { path: '/admin/products', context: PHONE })
	for (const path of ['/admin/products/not-a-number', '/admin/products/99999999999', '/admin/products/2147483647']) {
		const response = await gotoHydrated(page, path)
		expect(response?.status()).toBe(404)
		await expect(page.getByRole('heading', { name: 'Product not found' })).toBeVisible()
		await expect(page.getByRole('link', { name: 'Back to products' })).toBeVisible()
	}
	await close()
})

test('without JavaScript the owner creates a product, orders its options by number, and deletes it', async ({ browser }) => {
	const context = await browser.newContext({ ...PHONE, javaScriptEnabled: false })
	const page = await context.newPage()
	await page.goto('/admin/products/new')
	await page.getByLabel('Email').fill(OWNER.email)
	await page.getByLabel('Password').fill(OWNER.password)
	await page.getByRole('button', { name: 'Sign in' }).click()
	await expect(page).toHaveURL(/\/admin\/products\/new$/)

	const name = unique('Steam Wallet no-JS')
	await page.getByLabel('Name', { exact: true }).fill(name)
	await page.getByLabel('Platform').selectOption({ label: 'PC' })
	await page.getByLabel('Kind').selectOption({ label: 'Gift card' })
	await page.getByLabel('Description', { exact: true }).fill('Steam credit for your account.')
	// Three blank rows to fill; the last typed is put first by its position number.
	await optionField(page, 'Label', 1).fill('$10 USD')
	await optionField(page, 'Value', 1).fill('10')
	await optionField(page, 'Price (Rs.)', 1).fill('3100')
	await optionField(page, 'Label', 2).fill('$5 USD')
	await optionField(page, 'Value', 2).fill('5')
	await optionField(page, 'Price (Rs.)', 2).fill('1600')
	await optionField(page, 'Position', 2).fill('1')
	await page.getByRole('button', { name: 'Create product' }).last().click()
	await expect(page.getByRole('status').filter({ hasText: 'Created' })).toHaveText('Created as a draft: only staff see it. Upload its cover, check the list below, then publish it.')
	await expect(optionField(page, 'Label', 1)).toHaveValue('$5 USD')
	await expect(optionField(page, 'Label', 2)).toHaveValue('$10 USD')
	// Saved rows and three blank ones to add more.
	await expect(optionField(page, 'Label', 5)).toHaveValue('')

	await page.getByText('Delete this product…').click()
	await expect(page.getByText('Products with orders are hidden instead')).toBeVisible()
	await page.getByRole('button', { name: 'Delete product' }).click()
	await expect(page).toHaveURL(/\/admin\/products\?notice=deleted$/)
	await expect(page.getByRole('status').filter({ hasText: 'deleted' })).toHaveText('The product was deleted.')
	await page.getByRole('searchbox', { name: 'Search' }).fill(name)
	await page.getByRole('button', { name: 'Search', exact: true }).click()
	await expect(page.getByText('No products match. Try fewer filters or another word.')).toBeVisible()
	await context.close()
})
