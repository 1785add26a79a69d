import type { Page } from '@playwright/test'
import { startFakeKinguin, type FakeKinguin } from '../fakes/kinguin-server'
import { test, expect, gotoHydrated, installHydrationProbe, placeOrderFromPage, receiptUpload, reviewTransfer, signInAsOwner, unique } from './helpers'

// Suppliers on a phone (ADR-054): the owner connects a wholesaler speaking Kinguin's protocol (a
// local server of it), tests its key, and maps a product's option to the supplier's product chosen
// from a search of its catalogue, with a minimum margin. At 360 × 740, nothing scrolls sideways.
// A purchase the margin refuses waits on the suppliers page with its sentence (ADR-055); the owner
// lowers the margin, presses Retry, and the buyer's code arrives on their open order page.

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

test('a purchase the margin refuses waits for the owner with its sentence; once the margin is lowered, Retry delivers the code to the buyer’s page', async ({ browser }) => {
	test.setTimeout(180_000)
	const { staff: owner, close } = await signInAsOwner(browser, { path: '/admin/store', context: PHONE })
	const buyerContext = await browser.newContext(PHONE)
	await installHydrationProbe(buyerContext)
	try {
		// Rates and fee on the store page's costs form: Kinguin's protocol prices in euros.
		const costs = owner.locator('#costs')
		await costs.getByLabel('Rupees per US dollar').fill('280')
		await costs.getByLabel('Rupees per euro').fill('300')
		await costs.getByLabel('PayPro’s fee (%)').fill('2.5')
		await costs.getByRole('button', { name: 'Save rates and fee' }).click()
		await expect(owner.getByTestId('euro-rate-line')).toContainText('Rs. 300 per €')

		// A wholesaler, and an option bought from it with a 90 % minimum margin: Rs. 4,000 leaves € 1.00 a code, and it asks € 10.40.
		const supplierName = unique('Wholesale margin')
		const made = await owner.request.post('/api/admin/suppliers', { data: { name: supplierName, baseUrl: fake.url, apiKey: fake.apiKey } })
		expect(made.status(), await made.text()).toBe(201)
		const supplier = (await made.json()) as { id: number }
		const created = await owner.request.post('/api/admin/products', {
			data: { name: unique('PSN Card (wholesale)'), platform: 'playstation', kind: 'gift_card', description: 'Bought from a wholesaler when stock runs out.', variants: [{ label: '$10 USD', value: 10, price: 4000 }] },
		})
		expect(created.status(), await created.text()).toBe(201)
		const product = (await created.json()) as { id: number; variants: { id: number }[] }
		const variantId = product.variants[0]!.id
		const mapped = await owner.request.patch(`/api/admin/products/${product.id}`, {
			data: { variants: [{ id: variantId, label: '$10 USD', value: 10, price: 4000, supply: [{ supplierId: supplier.id, supplierProductId: 'sim-psn-10' }], minMarginPercent: 90 }] },
		})
		expect(mapped.ok(), await mapped.text()).toBe(true)

		// The buyer pays by transfer (a PayPro test payment would wait for the owner's approval first) and stays on the order page.
		const buyer = await buyerContext.newPage()
		await gotoHydrated(buyer, '/')
		const { orderNumber } = await placeOrderFromPage(buyer, { customerName: 'Maryam Siddiqui', customerEmail: 'maryam.supplier@example.pk', paymentMethod: 'manual', line: { productId: product.id, variantId } })
		const upload = await buyer.request.post(`/api/order/${orderNumber}/receipt`, { multipart: receiptUpload(orderNumber) })
		expect(upload.ok(), await upload.text()).toBe(true)
		await gotoHydrated(buyer, `/order-status?internalOrderId=${orderNumber}`)
		await reviewTransfer(owner, orderNumber, 'confirm')

		// The owner sees it wait, with why, in the supplier's currency.
		const waiting = owner.getByRole('region', { name: /^Waiting for staff/ })
		const item = waiting.getByRole('listitem').filter({ hasText: orderNumber })
		// Bought right after the payment: the page shows it once the supplier has answered.
		await expect(async () => {
			await gotoHydrated(owner, '/admin/suppliers')
			await expect(item).toBeVisible({ timeout: 1000 })
		}).toPass({ timeout: 30_000 })
		await expect(item).toContainText(`${supplierName} asks more than € 1.00 a unit for sim-psn-10, the most that leaves this option’s minimum margin of 90%.`)
		expect(await pageScrollsSideways(owner)).toBe(false)
		expect(fake.orders.size).toBe(0)

		// The owner lowers the option's minimum margin on the product's page…
		await gotoHydrated(owner, `/admin/products/${product.id}`)
		const suppliers = owner.getByRole('region', { name: 'Suppliers' })
		await suppliers.getByLabel('Minimum margin (%)').fill('0')
		await suppliers.getByRole('button', { name: 'Save $10 USD’s suppliers' }).click()
		await expect(owner.getByRole('status').first()).toHaveText('Saved the option’s suppliers. Its price at each is checked daily.')

		// …and presses Retry: the purchase leaves the queue and the buyer's code arrives on their page.
		await gotoHydrated(owner, '/admin/suppliers')
		await owner.getByRole('region', { name: /^Waiting for staff/ }).getByRole('listitem').filter({ hasText: orderNumber }).getByRole('button', { name: 'Retry' }).click()
		await expect(owner.getByRole('region', { name: /^Waiting for staff/ }).getByRole('listitem').filter({ hasText: orderNumber })).toHaveCount(0)
		await expect(buyer.getByRole('button', { name: 'Reveal Code · hidden' })).toBeVisible({ timeout: 30_000 })
		await buyer.getByRole('button', { name: 'Reveal Code · hidden' }).click()
		const [code] = fake.orders.size === 1 ? [...fake.orders.values()][0]!.keys : []
		expect(code).toMatch(/^SIM-/)
		await expect(buyer.locator('.order-delivery pre').filter({ hasText: code! })).toBeVisible()
		expect([...fake.purchasesPerKey().values()]).toEqual([1])
	} finally {
		await buyerContext.close()
		await close()
	}
})
