import { test, expect, PNG_1PX, fillTransferFacts, gotoHydrated, placeOrderFromPage, signInAsOwner } from './helpers'

for (const [w, h] of [[360, 740], [1280, 900]] as const) {
	test(`shots ${w}`, async ({ page, browser }) => {
		test.setTimeout(120_000)
		await page.setViewportSize({ width: w, height: h })
		const { orderNumber } = await placeOrderFromPage(page, { customerName: 'Sana Malik', customerEmail: `shot.${Date.now().toString(36)}@example.pk`, paymentMethod: 'manual' })
		for (const lang of ['', '/ur']) {
			await gotoHydrated(page, `${lang}/order-status?internalOrderId=${orderNumber}`)
			await page.locator('input[name="transactionId"]').first().scrollIntoViewIfNeeded()
			await page.screenshot({ path: `/tmp/shots/upload${lang.replace('/', '-')}-${w}.png` })
			await page.locator('form.receipt-upload button[type="submit"]').click()
			await page.waitForTimeout(800)
			await page.locator('form.receipt-upload').screenshot({ path: `/tmp/shots/upload-error${lang.replace('/', '-')}-${w}.png` })
		}
		await gotoHydrated(page, `/order-status?internalOrderId=${orderNumber}`)
		const tid = `TID${Date.now()}`
		await fillTransferFacts(page, orderNumber, { tid })
		await page.getByLabel(/PNG, JPG up to 10MB/).setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: PNG_1PX })
		await page.getByRole('button', { name: 'Upload receipt', exact: true }).click()
		await expect(page.getByText('Receipt being checked')).toBeVisible()
		const other = await placeOrderFromPage(page, { customerName: 'Bilal Ahmed', customerEmail: `shot2.${Date.now().toString(36)}@example.pk`, paymentMethod: 'manual' })
		const { staff, close } = await signInAsOwner(browser, { path: '/admin/transfers/statements', context: { viewport: { width: w, height: h } } })
		await staff.screenshot({ path: `/tmp/shots/statement-${w}.png`, fullPage: true })
		const day = new Date(Date.now() + 5 * 3600_000).toISOString().slice(0, 10).split('-').reverse().join('/')
		await staff.getByLabel('Or paste the statement’s lines').fill(`Date,Credit,Reference,Description\n${day},3200,XYZ999,Zainab Noor\n${day},999,${tid},Sana Malik\n${day},55,,Someone`)
		await staff.getByRole('button', { name: 'Import statement' }).click()
		await expect(staff.getByRole('status')).toContainText('Imported')
		await staff.screenshot({ path: `/tmp/shots/statement-result-${w}.png`, fullPage: true })
		await gotoHydrated(staff, '/admin/payments')
		await staff.screenshot({ path: `/tmp/shots/queue-${w}.png`, fullPage: false })
		void other
		await close()
	})
}
