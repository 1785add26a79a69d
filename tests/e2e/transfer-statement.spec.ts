import { test, expect, PNG_1PX, fillTransferFacts, gotoHydrated, placeOrderFromPage, signInAsOwner } from './helpers'

// Transfers verified, not eyeballed (ADR-049), on a phone: the buyer uploads the receipt with the
// transfer's TID and who paid; staff import the receiving account's statement with that credit; the
// buyer's page shows the order paid.

test('a receipt sent with its TID is confirmed by the statement staff import, and the buyer sees it paid', async ({ page, browser }) => {
	test.setTimeout(90_000)
	await page.setViewportSize({ width: 360, height: 740 })
	const { orderNumber } = await placeOrderFromPage(page, { customerName: 'Sana Malik', customerEmail: `sana.${Date.now().toString(36)}@example.pk`, paymentMethod: 'manual' })
	const tid = `TID${Date.now()}`
	await gotoHydrated(page, `/order-status?internalOrderId=${orderNumber}`)
	// Spaces and dashes as the wallet shows them: kept as one TID.
	await fillTransferFacts(page, orderNumber, { tid: `${tid.slice(0, 6)} - ${tid.slice(6)}`, payer: 'Sana Malik, JazzCash' })
	await page.getByLabel(/PNG, JPG up to 10MB/).setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: PNG_1PX })
	await page.getByRole('button', { name: 'Upload receipt', exact: true }).click()
	await expect(page.getByText('Receipt being checked')).toBeVisible()

	const { staff, close } = await signInAsOwner(browser, { path: '/admin/transfers/statements', context: { viewport: { width: 360, height: 740 } } })
	try {
		const day = new Date(Date.now() + 5 * 3600_000).toISOString().slice(0, 10).split('-').reverse().join('/')
		await staff.getByLabel('Or paste the statement’s lines').fill(`Date,Credit,Reference,Description\n${day},"3,200.00",${tid},SANA MALIK`)
		await staff.getByRole('button', { name: 'Import statement' }).click()
		await expect(staff.getByRole('status')).toContainText('Imported: 1 confirmed')
		await expect(staff.getByRole('link', { name: orderNumber })).toBeVisible()
	} finally {
		await close()
	}

	await expect(page.getByText('Payment Successful')).toBeVisible({ timeout: 20_000 })
})
