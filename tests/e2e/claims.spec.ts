import { test, expect, gotoHydrated, PNG_1PX, reviewTransfer, signInAsOwner, unique, receiptUpload } from './helpers'

// The claim's proof on a phone (ADR-052): a paid order from stock, the buyer sees the code and says it
// does not work (a sentence and a screenshot, on the claim page, which has its Urdu twin); staff answer
// from the Claims queue with a replacement (a claim refused without scripts keeps its sentence); the buyer's page shows the new code and the old one as replaced.

test.use({ viewport: { width: 360, height: 740 } })

test('a buyer reports a code that does not work with a screenshot; staff replace it from the queue and the order page shows the new code', async ({ browser, page }) => {
	test.setTimeout(120_000)
	const { staff: owner, close } = await signInAsOwner(browser, { path: '/admin/products' })
	const created = await owner.request.post('/api/admin/products', {
		data: { name: unique('PSN Card (claims)'), platform: 'playstation', kind: 'gift_card', description: 'Delivered on your order page.', variants: [{ label: '$10 USD', value: 10, price: 3100 }] },
	})
	expect(created.status()).toBe(201)
	const product = (await created.json()) as { id: number; variants: { id: number }[] }
	const stamp = Date.now() % 100000
	const codes = [`CLM1-AAAA-7K2Q-${stamp}`, `CLM2-BBBB-9X4M-${stamp}`]
	try {
		await gotoHydrated(owner, `/admin/products/${product.id}/stock`)
		await owner.getByLabel(/Codes: one per line/).fill(codes.join('\n'))
		await owner.getByRole('button', { name: 'Import' }).click()
		await expect(owner.getByText(/Imported: 2 added; nothing refused/)).toBeVisible()

		// The buyer pays by transfer (a real sale); staff confirm it; the code is delivered from stock.
		const answer = await page.request.post('/api/checkout', {
			data: { customerName: 'Hira Baig', customerEmail: 'hira.baig@example.pk', customerMobile: '03001239876', paymentMethod: 'manual', checkoutKey: `e2e-claim-${Date.now()}`, productDetails: [{ id: product.id, quantity: 1, variantId: product.variants[0]!.id }] },
		})
		expect(answer.ok(), await answer.text()).toBe(true)
		const { orderNumber } = (await answer.json()) as { orderNumber: string }
		expect((await page.request.post(`/api/order/${orderNumber}/receipt`, { multipart: receiptUpload(orderNumber) })).ok()).toBe(true)
		await reviewTransfer(owner, orderNumber, 'confirm')

		// The buyer reveals the code, and beside it finds the way to say it does not work.
		await gotoHydrated(page, `/order-status?internalOrderId=${orderNumber}`)
		await page.getByRole('button', { name: 'Reveal Code · hidden' }).click()
		const delivery = page.locator('.order-delivery pre')
		await expect(delivery).toContainText(codes[0]!)
		await page.getByRole('link', { name: 'This code doesn’t work' }).click()
		await expect(page.getByRole('heading', { name: 'This doesn’t work' })).toBeVisible()
		const claimUrl = new URL(page.url())

		// The claim page's Urdu twin.
		await gotoHydrated(page, `/ur${claimUrl.pathname}${claimUrl.search}`)
		await expect(page.getByRole('heading', { name: 'یہ کام نہیں کر رہا' })).toBeVisible()
		await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
		await expect(page.getByRole('button', { name: 'بھیجیں' })).toBeVisible()

		// Without scripts, a refused claim (a file that is not a picture) comes back with its sentence as typed.
		const plain = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 360, height: 740 } })
		try {
			await plain.addCookies(await page.context().cookies())
			const noScript = await plain.newPage()
			await noScript.goto(`${claimUrl.pathname}${claimUrl.search}`)
			await noScript.getByLabel('What happens when you use it?').fill('It says the code was used before.')
			await noScript.getByLabel('Screenshot').setInputFiles({ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('not a picture') })
			await noScript.getByRole('button', { name: 'Send' }).click()
			await expect(noScript).toHaveURL(/\/claim\?unit=\d+&result=not-image$/)
			await expect(noScript.getByRole('alert')).toBeVisible()
			await expect(noScript.getByLabel('What happens when you use it?')).toHaveValue('It says the code was used before.')
		} finally {
			await plain.close()
		}

		// Sent from the English page: a sentence and a screenshot.
		await gotoHydrated(page, `${claimUrl.pathname}${claimUrl.search}`)
		await page.getByLabel('What happens when you use it?').fill('It says this code has already been redeemed.')
		await page.getByLabel('Screenshot').setInputFiles({ name: 'screen.png', mimeType: 'image/png', buffer: PNG_1PX })
		await page.getByRole('button', { name: 'Send' }).click()
		await expect(page).toHaveURL(/\/order-status\?internalOrderId=.*&claim=sent/)
		await expect(page.getByText('Thank you: we have your report.')).toBeVisible()
		await expect(page.getByTestId('claim-state')).toContainText('our team is looking at it')

		// Staff: the order's page says a claim waits and leads to it in the queue, beside the menu's badge.
		await gotoHydrated(owner, `/admin/orders/${orderNumber}`)
		await expect(owner.getByTestId('order-open-claims')).toHaveText('The buyer says a unit of this order does not work. Answer the claim')
		await owner.getByRole('link', { name: 'Answer the claim' }).click()
		await expect(owner).toHaveURL(/\/admin\/claims#claim-\d+$/)
		await expect(owner.locator('.console-nav a[href="/admin/claims"] .count-badge')).toBeVisible()
		const entry = owner.locator('li.claim').filter({ hasText: orderNumber })
		await expect(entry).toContainText('It says this code has already been redeemed.')
		await expect(entry.getByRole('img', { name: /Screenshot sent with claim/ })).toBeVisible()
		await entry.getByRole('button', { name: 'Replace from stock' }).click()
		await expect(owner.getByText(/replaced from stock\. The buyer sees the new unit/)).toBeVisible()
		await gotoHydrated(owner, `/admin/orders/${orderNumber}`)
		await expect(owner.getByRole('heading', { name: `Order ${orderNumber}` })).toBeVisible()
		await expect(owner.getByTestId('order-open-claims')).toHaveCount(0)

		// The buyer's page: the new code behind its own Reveal, the old one as replaced.
		await gotoHydrated(page, `/order-status?internalOrderId=${orderNumber}`)
		await page.getByRole('button', { name: 'Reveal Code · hidden' }).click()
		await expect(delivery).toContainText(codes[1]!)
		await expect(delivery).not.toContainText(codes[0]!)
		await expect(delivery).toContainText('no longer applies')
		await expect(page.getByTestId('claim-state')).toHaveText('Replaced: the new one is above.')
	} finally {
		await owner.request.patch(`/api/admin/products/${product.id}`, { data: { visible: false } })
		await close()
	}
})
