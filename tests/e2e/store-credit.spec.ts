import { test, expect, gotoHydrated, paidFromStock, paidOrder, signInAsOwner, signInCodeFor } from './helpers'

// Store credit on a phone (ADR-051): staff refund an order to store credit; the buyer signs in on My
// orders and sees the balance (in English and in Urdu), then buys with the credit ticked at checkout:
// it covers the whole total, so the order is paid at once, with no payment page.

test.use({ viewport: { width: 360, height: 740 } })

/** One $10 Xbox gift card: Rs. 3,200. */
const giftCard10 = { id: 14, quantity: 1, selectedDenomination: { label: '$10 USD', value: 10 } }

test('a refund to store credit shows on My orders in both languages and pays a whole order at checkout', async ({ page, browser }) => {
	test.setTimeout(180_000)
	const email = `sana.${Date.now().toString(36)}@example.pk`
	const first = await paidOrder(browser, email, giftCard10, 'Rs. 3,200')
	const { staff, close } = await signInAsOwner(browser, { context: { viewport: { width: 1280, height: 900 } } })
	try {
		const refund = await staff.request.post(`/api/admin/orders/${first}/refunds`, { data: { amount: 3200, method: 'credit', reason: 'Out of stock at the supplier' } })
		expect(refund.ok(), await refund.text()).toBe(true)

		await gotoHydrated(page, '/my-orders')
		await page.getByLabel('Email address').fill(email)
		await page.getByRole('button', { name: 'Email me a sign-in code' }).click()
		await page.getByLabel('6-digit code').fill(await signInCodeFor(staff, email))
		await page.getByRole('button', { name: 'Open my orders' }).click()
		const credit = page.getByTestId('store-credit')
		await expect(credit).toContainText('Your balance: Rs. 3,200')
		await expect(credit).toContainText(`Refund of order ${first}`)
		await gotoHydrated(page, '/ur/my-orders')
		await expect(page.getByTestId('store-credit')).toContainText('آپ کا بیلنس')

		await gotoHydrated(page, '/checkout?product=14&value=%2410+USD')
		await page.getByLabel('Full Name').fill('Sana Tariq')
		// Signed in: the address is the buyer's already.
		await expect(page.getByLabel('Email Address')).toHaveValue(email)
		await page.getByLabel('Phone Number').fill('0333 1234567')
		await expect(page.getByRole('button', { name: 'Proceed to Payment Rs. 3,200' })).toBeVisible()
		await page.getByLabel('Use my store credit (Rs. 3,200)').check()
		// The credit covers the whole total: nothing is left to pay.
		await page.getByRole('button', { name: 'Place order · Rs. 0' }).click()
		await expect(page).toHaveURL(/\/order-status\?internalOrderId=/)
		await expect(page.getByTestId('credit-used-note')).toHaveText('Paid in full with your store credit (Rs. 3,200).')

		const ledger = await staff.request.get(`/api/admin/customers/${encodeURIComponent(email)}/credit`)
		expect(ledger.ok(), await ledger.text()).toBe(true)
		expect(await ledger.json()).toMatchObject({ balance: 0, entries: [{ kind: 'spent', amount: -3200 }, { kind: 'refund', amount: 3200, orderNumber: first }] })
	} finally {
		await close()
	}
})

test('a code never opened goes back for store credit from its order page, in Urdu too; an opened one does not', async ({ page, browser }) => {
	test.setTimeout(180_000)
	const orderNumber = await paidFromStock(browser, page, `PSN-RTN-${Date.now() % 1_000_000}-4KQ2`, { returnDays: 7 })
	const second = await paidFromStock(browser, page, `PSN-RTN-${Date.now() % 1_000_000}-9WX3`, { returnDays: 7 })

	// The Urdu page offers it in Urdu; the buyer returns it from the English page.
	await gotoHydrated(page, `/ur/order-status?internalOrderId=${orderNumber}`)
	await expect(page.getByTestId('return-units')).toContainText('جو کوڈ آپ نے نہیں کھولا اسے واپس کریں')
	await expect(page.getByRole('button', { name: 'اسٹور کریڈٹ کے بدلے واپس کریں' })).toBeVisible()
	await gotoHydrated(page, `/order-status?internalOrderId=${orderNumber}`)
	const section = page.getByTestId('return-units')
	await expect(section).toContainText('Returnable until')
	await section.getByRole('button', { name: 'Return for store credit' }).click()
	await expect(page.getByText('Returned: Rs. 3,100 is now in your store credit.')).toBeVisible()
	// Nothing is left to reveal or return: the code went back to stock.
	await expect(page.getByTestId('hidden-unit')).toHaveCount(0)
	await expect(section.getByRole('button', { name: 'Return for store credit' })).toHaveCount(0)

	// Once revealed, a code is the buyer's: no return is offered.
	await gotoHydrated(page, `/order-status?internalOrderId=${second}`)
	await expect(page.getByTestId('return-units').getByRole('button', { name: 'Return for store credit' })).toBeVisible()
	await page.getByRole('button', { name: 'Reveal Code · hidden' }).click()
	await expect(page.locator('.order-delivery pre')).toContainText('PSN-RTN-')
	await expect(page.getByTestId('return-units')).toHaveCount(0)
})
