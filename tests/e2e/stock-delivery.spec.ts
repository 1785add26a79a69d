import { test, expect, gotoHydrated, signInAsOwner, unique } from './helpers'

// The proof in Chromium: staff import codes on the stock page; a buyer pays on the test
// payment page while the order page is open in another tab. This server runs production on the
// simulator (PAYPRO_SIMULATOR=true), so the payment is a test payment: the open page says it awaits
// staff and no code leaves stock; staff approve it in the console and the code appears there without
// a reload within a second; staff replace the code from the console and the open page shows the new
// one, the old one named only by its last characters.

test('a test payment takes no code until staff approve it; then the code reaches the open order page within a second, and a replacement reaches it live', async ({ browser, page, context }) => {
	test.setTimeout(120_000)
	const name = unique('PSN Card (stock)')
	const { staff: owner, close } = await signInAsOwner(browser, { path: '/admin/products' })
	const created = await owner.request.post('/api/admin/products', {
		data: { name, platform: 'playstation', kind: 'gift_card', description: 'Delivered on your order page.', variants: [{ label: '$10 USD', value: 10, price: 3100 }] },
	})
	expect(created.status()).toBe(201)
	const product = (await created.json()) as { id: number; variants: { id: number }[] }
	const variantId = product.variants[0]!.id
	const codes = ['PSN1-AAAA-7K2Q', 'PSN2-BBBB-9X4M', 'PSN3-CCCC-5T8W'].map((c) => `${c}-${Date.now() % 100000}`)

	try {
		// Staff import three codes on the product's stock page.
		await gotoHydrated(owner, `/admin/products/${product.id}/stock`)
		await owner.getByLabel(/Codes: one per line/).fill(codes.join('\n'))
		await owner.getByRole('button', { name: 'Import' }).click()
		await expect(owner.getByText(/Imported: 3 added; nothing refused/)).toBeVisible()

		// The product page says it is delivered at once.
		await gotoHydrated(page, `/product/${product.id}`)
		await expect(page.getByText('Instant delivery').first()).toBeVisible()

		// The buyer orders; their order page is open while they pay in another tab.
		const answer = await page.request.post('/api/checkout', {
			data: { customerName: 'Hamza Ali', customerEmail: 'hamza.ali@example.pk', customerMobile: '03001239876', checkoutKey: `e2e-stock-${Date.now()}`, productDetails: [{ id: product.id, quantity: 1, variantId }] },
		})
		expect(answer.ok(), await answer.text()).toBe(true)
		const { orderNumber, paymentUrl } = (await answer.json()) as { orderNumber: string; paymentUrl: string }
		await gotoHydrated(page, `/order-status?internalOrderId=${orderNumber}`)
		await expect(page.getByText('Live updates active')).toBeVisible()
		await page.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true))

		const payTab = await context.newPage()
		await payTab.goto(paymentUrl)
		await payTab.getByRole('button', { name: 'Pay Rs. 3,100' }).click()
		await expect(payTab).toHaveURL(/\/order-status\?ordId=\d+/)
		await payTab.close()
		// A test payment: the open page says it waits for staff, and nothing came from stock.
		const delivery = page.locator('.order-delivery pre')
		await expect(page.getByTestId('test-payment-awaiting')).toContainText('This was a test payment')
		await expect(delivery).toHaveCount(0)

		// Staff see the badge and approve it: the code reaches the open page live, with no reload (how
		// soon a change reaches open pages is measured by `npm run bench -- live`).
		await gotoHydrated(owner, `/admin/orders/${orderNumber}`)
		await expect(owner.locator('.test-payment').first()).toHaveText('Test payment')
		await owner.getByRole('button', { name: 'Approve test order' }).click()
		// It comes hidden behind its Reveal (ADR-050); one tap shows it.
		const deliverables = page.locator('section[aria-labelledby="order-deliverables-title"]')
		await expect(deliverables.getByTestId('hidden-unit')).toContainText('Code · hidden')
		await expect(page.getByText('Delivery Complete')).toBeVisible()
		await expect(page.getByTestId('test-payment-awaiting')).toHaveCount(0)
		expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true)
		await expect(owner.getByText(`Test order ${orderNumber} approved and delivered from stock.`)).toBeVisible()
		await expect(deliverables).not.toContainText(codes[0]!)
		await deliverables.getByRole('button', { name: 'Reveal Code · hidden' }).click()
		await expect(delivery).toContainText(codes[0]!)
		await expect(page.getByText('Live updates active')).toBeVisible()
		await page.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true))

		// Staff replace it from the console; the buyer's open page follows.
		await gotoHydrated(owner, `/admin/orders/${orderNumber}`)
		const stock = owner.locator('section[aria-labelledby="order-stock"]')
		await expect(stock).toContainText(`•••• ${codes[0]!.replace(/-/g, '').slice(-4)}`)
		await stock.getByText('Replace unit').click()
		await stock.getByLabel('Why it is replaced').fill('Buyer says it was already redeemed')
		await stock.getByRole('button', { name: 'Replace with another unit' }).click()
		await expect(owner.getByText('Unit replaced. The buyer sees the new one on their order page.')).toBeVisible()
		// The new unit arrives hidden; the old one is named by its end only.
		await expect(deliverables.getByTestId('hidden-unit')).toContainText('Code · hidden')
		await expect(deliverables).toContainText('no longer applies')
		await expect(deliverables).not.toContainText(codes[0]!)
		await expect(deliverables).not.toContainText(codes[1]!)
		expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true)
	} finally {
		// The storefront's product count stays as the other tests expect.
		await owner.request.patch(`/api/admin/products/${product.id}`, { data: { visible: false } })
		await close()
	}
})

test('on a phone the stock page fits, keeps each radio with its words, and after an import shows the delivery mode it switched to', async ({ browser }) => {
	const { staff: owner, close } = await signInAsOwner(browser, { path: '/admin/products', context: { viewport: { width: 360, height: 740 } } })
	try {
		const created = await owner.request.post('/api/admin/products', {
			data: { name: unique('Steam Card (mode)'), platform: 'pc', kind: 'gift_card', description: 'Delivered on your order page.', variants: [{ label: '$5 USD', value: 5, price: 1500 }, { label: '$10 USD', value: 10, price: 3000 }] },
		})
		expect(created.status()).toBe(201)
		const product = (await created.json()) as { id: number }
		await gotoHydrated(owner, `/admin/products/${product.id}/stock`)
		const mode = owner.getByRole('radio', { name: /^Manual/ })
		await expect(mode).toBeChecked()
		// Nothing cut at the right edge; each radio on the row of its words.
		expect(await owner.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true)
		for (const label of ['Codes (gift cards, keys)', 'Accounts (login and password)', 'Stock, else manual']) {
			const text = (await owner.getByText(label, { exact: true }).boundingBox())!
			const radio = (await owner.getByRole('radio', { name: new RegExp(`^${label.replace(/[()]/g, '\\$&')}`) }).boundingBox())!
			expect(Math.abs(radio.y + radio.height / 2 - (text.y + text.height / 2)), label).toBeLessThan(text.height)
			expect(radio.x).toBeLessThan(text.x)
		}
		for (const cell of ['Available', 'Sold', 'Voided']) await expect(owner.locator(`td[data-label="${cell}"]`).first()).toBeInViewport()

		await owner.getByLabel(/Codes: one per line/).fill(`STEAM-${Date.now()}-A`)
		await owner.getByRole('button', { name: 'Import' }).click()
		await expect(owner.getByText(/Imported: 1 added/)).toBeVisible()
		// The import switched Manual to 'Stock, else manual': the form says so, so saving it keeps it.
		await expect(owner.getByRole('radio', { name: /^Stock, else manual/ })).toBeChecked()
		await owner.getByRole('button', { name: 'Save delivery mode' }).click()
		await expect(owner.getByText('Delivery mode saved.')).toBeVisible()
		const saved = await owner.request.get(`/api/admin/products/${product.id}/stock`)
		expect(((await saved.json()) as { stockMode: string }).stockMode).toBe('stock_or_manual')
	} finally {
		await close()
	}
})
