import { test, expect, gotoHydrated, paidFromStock, signInAsOwner, expectOnFirstScreen } from './helpers'

// Codes revealed with a record (ADR-050), on a phone in English and Urdu: a paid order's code comes
// hidden, its kind and its Reveal on the first screen; one tap shows it with its Copy button, also on
// the first screen; the owner's order page says who revealed it, where and when, and downloads the
// order's evidence as a PDF.

test.use({ viewport: { width: 360, height: 740 } })




for (const { lang, prefix, hidden, reveal, copy } of [
	{ lang: 'English', prefix: '', hidden: 'Code · hidden', reveal: 'Reveal Code · hidden', copy: 'Copy delivery details' },
	{ lang: 'Urdu', prefix: '/ur', hidden: 'کوڈ · چھپا ہوا', reveal: 'کوڈ · چھپا ہوا دکھائیں', copy: /ڈیلیوری کی تفصیل/ },
]) {
	test(`in ${lang}: the hidden code and its Reveal on the first screen, then the code with Copy; the owner sees the reveal and downloads the evidence`, async ({ browser, page }) => {
		test.setTimeout(120_000)
		const code = `PSN-RVL-${Date.now() % 1_000_000}-7K2Q`
		const orderNumber = await paidFromStock(browser, page, code)

		await gotoHydrated(page, `${prefix}/order-status?internalOrderId=${orderNumber}`)
		await expect(page.getByText(code)).toHaveCount(0)
		await expectOnFirstScreen(page, page.getByTestId('payment-badge'), page.getByText(hidden), page.getByRole('button', { name: reveal }))
		await page.getByRole('button', { name: reveal }).click()
		await expect(page).toHaveURL(new RegExp(`^[^#]*${prefix}/order-status\\?internalOrderId=${orderNumber}#unit-\\d+$`))
		await expectOnFirstScreen(page, page.locator('.order-delivery pre').filter({ hasText: code }), page.getByRole('button', { name: copy }))
		// Revealed stays revealed: a later visit shows it without a tap.
		await gotoHydrated(page, `${prefix}/order-status?internalOrderId=${orderNumber}`)
		await expect(page.locator('.order-delivery pre').filter({ hasText: code })).toBeVisible()
		await expect(page.getByTestId('hidden-unit')).toHaveCount(0)

		const { staff, close } = await signInAsOwner(browser, { path: `/admin/orders/${orderNumber}`, context: { viewport: { width: 1280, height: 900 } } })
		try {
			const stock = staff.locator('section[aria-labelledby="order-stock"]')
			await expect(stock.getByTestId('unit-reveal')).toContainText(/Revealed .* on the order page by the buyer \(address [0-9a-f]{8}, device [0-9a-f]{8}\)/)
			const download = staff.waitForEvent('download')
			await staff.getByRole('link', { name: 'Download evidence (PDF)' }).click()
			const file = await download
			expect(file.suggestedFilename()).toBe(`order-${orderNumber}-evidence.pdf`)
			const path = await file.path()
			const { readFileSync } = await import('node:fs')
			expect(readFileSync(path).subarray(0, 5).toString('latin1')).toBe('%PDF-')
		} finally {
			await close()
		}
	})
}

test('without scripts: the Reveal is a plain form whose answer opens the order at the code; a second code goes back for store credit the same way', async ({ browser, page }) => {
	test.setTimeout(180_000)
	const code = `PSN-NJS-${Date.now() % 1_000_000}-3M8D`
	const orderNumber = await paidFromStock(browser, page, code)
	const kept = `PSN-NJS-${Date.now() % 1_000_000}-5T2W`
	const returned = await paidFromStock(browser, page, kept, { returnDays: 7 })

	// The buyer's phone with scripts off, holding the order's cookie from checkout.
	const phone = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 360, height: 740 }, storageState: await page.context().storageState() })
	try {
		const buyer = await phone.newPage()
		await buyer.goto(`/order-status?internalOrderId=${orderNumber}`)
		await expect(buyer.getByText(code)).toHaveCount(0)
		await expectOnFirstScreen(buyer, buyer.getByRole('button', { name: 'Reveal Code · hidden' }))
		await buyer.getByRole('button', { name: 'Reveal Code · hidden' }).click()
		await expect(buyer).toHaveURL(new RegExp(`/order-status\\?internalOrderId=${orderNumber}#unit-\\d+$`))
		await expectOnFirstScreen(buyer, buyer.locator('.order-delivery pre').filter({ hasText: code }))

		await buyer.goto(`/order-status?internalOrderId=${returned}`)
		await buyer.getByTestId('return-units').getByRole('button', { name: 'Return for store credit' }).click()
		await expect(buyer.getByText('Returned: Rs. 3,100 is now in your store credit.')).toBeVisible()
		await expect(buyer.getByTestId('hidden-unit')).toHaveCount(0)
		await expect(buyer.getByText(kept)).toHaveCount(0)
	} finally {
		await phone.close()
	}
})
