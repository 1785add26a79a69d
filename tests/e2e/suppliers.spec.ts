import type { Page } from '@playwright/test'
import { startFakeKinguin, type FakeKinguin } from '../fakes/kinguin-server'
import { test, expect, gotoHydrated, signInAsOwner, unique } from './helpers'

// Suppliers on a phone (ADR-054): the owner connects a wholesaler speaking Kinguin's protocol (a
// local server of it), tests its key, and maps a product's option to the supplier's product chosen
// from a search of its catalogue, with a minimum margin. At 360 × 740, nothing scrolls sideways.

const PHONE = { viewport: { width: 360, height: 740 } }
const pageScrollsSideways = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)
const optionField = (page: Page, field: string, n: number) => page.getByLabel(`${field}, option ${n}`, { exact: true })

let fake: FakeKinguin
test.beforeAll(async () => {
	fake = await startFakeKinguin()
})
test.afterAll(() => fake.close())

test('the owner connects a supplier, tests it and maps an option to its product', async ({ browser }) => {
	test.setTimeout(120_000)
	const { staff: owner, close } = await signInAsOwner(browser, { path: '/admin/suppliers', context: PHONE })
	const supplierName = unique('Wholesale')

	// Connect: the key box is a password box, and the saved key comes back only as its end.
	const connect = owner.getByRole('region', { name: 'Connect a supplier' })
	await connect.getByLabel('Name').fill(supplierName)
	await connect.getByLabel('Address of its API').fill(fake.url)
	await connect.getByLabel('API key').fill(fake.apiKey)
	await connect.getByLabel('Alert below (€)').fill('50')
	await connect.getByRole('button', { name: 'Connect' }).click()
	await expect(owner.getByRole('status').first()).toHaveText(`Connected ${supplierName}. Press Test to check it takes the key.`)
	const card = owner.getByRole('article', { name: supplierName })
	await expect(card).toContainText(`ends …${fake.apiKey.slice(-4)}`)
	await expect(card).toContainText('Live')
	expect(await owner.content()).not.toContain(fake.apiKey)

	// Test: a real call to the supplier, answered in a sentence, and the balance on the card.
	await card.getByRole('button', { name: 'Test' }).click()
	await expect(card.getByRole('status')).toHaveText(`${supplierName} accepted the key: the account can spend € 100,000.00.`)
	await expect(card).toContainText('€ 100,000.00')
	expect(await pageScrollsSideways(owner)).toBe(false)

	// A product with one option, then its supplier chosen from a search of the supplier's catalogue.
	const productName = unique('Steam Wallet')
	await gotoHydrated(owner, '/admin/products/new')
	await owner.getByLabel('Name', { exact: true }).fill(productName)
	await owner.getByLabel('Platform').selectOption({ label: 'PC' })
	await owner.getByLabel('Kind').selectOption({ label: 'Subscription' })
	await owner.getByLabel('Description', { exact: true }).fill('Steam credit, bought from a supplier when stock runs out.')
	await optionField(owner, 'Label', 1).fill('1 Month')
	await optionField(owner, 'Months', 1).fill('1')
	await optionField(owner, 'Price (Rs.)', 1).fill('6500')
	await owner.getByRole('button', { name: 'Create product' }).last().click()
	await expect(owner).toHaveURL(/\/admin\/products\/\d+\?notice=created$/)

	const suppliers = owner.getByRole('region', { name: 'Suppliers' })
	await suppliers.getByLabel('Supplier', { exact: true }).selectOption({ label: supplierName })
	await suppliers.getByLabel('Search its catalogue').fill('steam')
	await suppliers.getByRole('button', { name: 'Search' }).click()
	const found = suppliers.getByRole('button', { name: /^Steam Gift Card 20 USD \(simulator\): € 20\.50/ })
	await expect(found).toBeVisible()
	await found.click()
	await expect(suppliers.getByLabel('Supplier’s product id')).toHaveValue('sim-steam-20')
	await expect(suppliers).toContainText('Steam Gift Card 20 USD (simulator): € 20.50')
	await suppliers.getByLabel('Minimum margin (%)').fill('10')
	expect(await pageScrollsSideways(owner)).toBe(false)
	await suppliers.getByRole('button', { name: 'Save 1 Month’s suppliers' }).click()
	await expect(owner).toHaveURL(/notice=supplied/)
	await expect(owner.getByRole('status').first()).toHaveText('Saved the option’s suppliers. Its price at each is checked daily.')
	const saved = owner.getByRole('region', { name: 'Suppliers' })
	await expect(saved.getByLabel('Supplier', { exact: true }).first()).toHaveValue(/\d+/)
	await expect(saved.getByLabel('Supplier’s product id').first()).toHaveValue('sim-steam-20')
	await expect(saved.getByLabel('Minimum margin (%)')).toHaveValue('10')

	// The suppliers page counts the option as the supplier's first choice.
	await gotoHydrated(owner, '/admin/suppliers')
	await expect(owner.getByRole('article', { name: supplierName })).toContainText('First choice of 1 option, backup of 0')
	expect(await pageScrollsSideways(owner)).toBe(false)
	await close()
})
