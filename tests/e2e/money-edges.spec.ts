import type { Page, TestInfo } from '@playwright/test'
import { test, expect, gotoHydrated, optionSelect, signInAsOwner, signInCodeFor, transferPaidOrder, unique, waitForHydration } from './helpers'
import { expectCleanLayout } from './layout-pages'

// The money edges of the hardening round on a phone, as people meet them: a code the buyer opened on
// My orders can only be voided (the owner's refund form says so, and "return to stock" is refused);
// a discount that takes the whole total settles the order with nothing to pay, with scripts and
// without; asking for sign-in emails past the hour's limit answers with when to try again. Each
// first screen is kept (`testInfo.outputPath`) at the phone's size and the desktop's.

test.use({ viewport: { width: 360, height: 740 } })

/** A client address of its own, so this test's requests count against no other test's limits. */
const ownAddress = () => ({ 'X-Forwarded-For': `198.19.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 254)}` })

async function keepScreens(page: Page, testInfo: TestInfo, name: string) {
	await page.screenshot({ path: testInfo.outputPath(`${name}-360.png`) })
	const size = page.viewportSize()
	await page.setViewportSize({ width: 1280, height: 900 })
	await page.screenshot({ path: testInfo.outputPath(`${name}-1280.png`) })
	if (size) await page.setViewportSize(size)
}

test('a code the buyer opened on My orders can only be voided: the refund form says so, and returning it to stock is refused', async ({ browser, page }, testInfo) => {
	test.setTimeout(150_000)
	const { staff: owner, close } = await signInAsOwner(browser, { path: '/admin/products', context: { viewport: { width: 1280, height: 900 } } })
	const created = await owner.request.post('/api/admin/products', {
		data: { name: unique('Steam Card (stock)'), platform: 'pc', kind: 'gift_card', description: 'Delivered on your order page.', variants: [{ label: '$5 USD', value: 5, price: 1500 }] },
	})
	expect(created.status()).toBe(201)
	const product = (await created.json()) as { id: number; variants: { id: number }[] }
	const codes = ['STM1-AAAA-7K2Q', 'STM2-BBBB-9X4M'].map((c) => `${c}-${Date.now() % 100000}`)
	const email = `bilal.${Date.now().toString(36)}@example.pk`
	try {
		await gotoHydrated(owner, `/admin/products/${product.id}/stock`)
		await owner.getByLabel(/Codes: one per line/).fill(codes.join('\n'))
		await owner.getByRole('button', { name: 'Import' }).click()
		await expect(owner.getByText(/Imported: 2 added; nothing refused/)).toBeVisible()
		const orderNumber = await transferPaidOrder(browser, owner, email, { id: product.id, quantity: 1, variantId: product.variants[0]!.id })

		// The buyer signs in on My orders and opens the code.
		await gotoHydrated(page, '/my-orders')
		await page.getByLabel('Email address').fill(email)
		await page.getByRole('button', { name: 'Email me a sign-in code' }).click()
		await page.getByLabel('6-digit code').fill(await signInCodeFor(owner, email))
		await page.getByRole('button', { name: 'Open my orders' }).click()
		await waitForHydration(page)
		const card = page.getByRole('article').filter({ hasText: orderNumber })
		await card.getByRole('button', { name: 'Reveal Code · hidden' }).click()
		await expect(card.getByText(codes[0]!)).toBeVisible()

		// The owner's refund form says the buyer has seen it; a return to stock is refused with what to do.
		await gotoHydrated(owner, `/admin/orders/${orderNumber}`)
		const form = owner.locator('form.refund-form')
		await expect(form).toContainText('1 delivered, seen by the buyer: it can only be voided')
		// The unit ticked, the amount is computed from it (left empty: the server gives back exactly that).
		await form.getByRole('checkbox', { name: /seen by the buyer: void only/ }).check()
		await expect(form.getByTestId('refund-figure')).toHaveText('The units ticked were sold for Rs. 1,500 (all that is left): the most this refund gives back.')
		await form.getByLabel(/Return to stock/).check()
		await form.getByLabel('Reason (the buyer reads it)').fill('Bought the wrong region')
		await form.getByRole('button', { name: 'Refund' }).click()
		const refusal = owner.getByText(/The buyer has already opened the code delivered for Steam Card \(stock\).*: it cannot go back to stock\. Void it instead\./)
		await expect(refusal).toBeVisible()
		await owner.setViewportSize({ width: 360, height: 740 })
		await refusal.scrollIntoViewIfNeeded()
		await keepScreens(owner, testInfo, 'refund-seen-refused')

		// Voided, the refund goes through; the code never reaches another buyer.
		await form.getByLabel(/Void them/).check()
		await form.getByRole('button', { name: 'Refund' }).click()
		await expect(owner.getByText(`Refunded Rs. 1,500 on order ${orderNumber} in full. The buyer has been emailed.`)).toBeVisible()
		await expect(owner.getByText(/the code •••• \w{4} no longer applies/)).toBeVisible()
	} finally {
		await owner.request.patch(`/api/admin/products/${product.id}`, { data: { visible: false } })
		await close()
	}
})

test.describe('a discount that takes the whole total', () => {
	test.use({ extraHTTPHeaders: ownAddress() })

	test('settles the order with nothing to pay, with scripts and without', async ({ browser, page }, testInfo) => {
		test.setTimeout(120_000)
		const { staff: owner, close } = await signInAsOwner(browser, { path: '/admin/coupons' })
		const code = `FREE${Date.now()}`
		try {
			const made = await owner.request.post('/api/admin/coupons', { data: { code, type: 'percent', value: 100, maxUses: 2 } })
			expect(made.status(), await made.text()).toBe(201)

			await gotoHydrated(page, '/product/14')
			await optionSelect(page, 'Value').selectOption('$10 USD')
			await page.getByRole('button', { name: /^Buy \$10 USD/ }).click()
			await expect(page).toHaveURL(/\/checkout$/)
			await waitForHydration(page)
			await page.getByLabel('Full Name').fill('Ayesha Noor')
			await page.getByLabel('Email Address').fill(`ayesha.${Date.now().toString(36)}@example.pk`)
			await page.getByLabel('Phone Number').fill('0300 7654321')
			await page.getByLabel('Discount code').fill(code)
			await page.getByRole('button', { name: 'Apply' }).click()
			await expect(page.getByTestId('checkout-total')).toHaveText('Rs. 0')
			await page.getByRole('button', { name: 'Place order · Rs. 0' }).scrollIntoViewIfNeeded()
			await keepScreens(page, testInfo, 'free-checkout')
			await page.getByRole('button', { name: 'Place order · Rs. 0' }).click()

			// No payment page: the order's own page, paid.
			await expect(page).toHaveURL(/\/order-status\?internalOrderId=/)
			const badge = page.getByTestId('payment-badge')
			await expect(badge).toHaveText('Payment Successful')
			await keepScreens(page, testInfo, 'free-order-page')
			await expectCleanLayout(page)

			// Without scripts, the checkout form's own post lands on the same paid page.
			const noScripts = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 360, height: 740 }, extraHTTPHeaders: ownAddress() })
			try {
				const plain = await noScripts.newPage()
				await plain.goto('/checkout?product=14&value=%2410+USD')
				await plain.getByLabel('Full Name').fill('Usman Tariq')
				await plain.getByLabel('Email Address').fill(`usman.${Date.now().toString(36)}@example.pk`)
				await plain.getByLabel('Phone Number').fill('0301 7654321')
				await plain.getByLabel('Discount code').fill(code)
				await plain.getByRole('button', { name: 'Apply' }).click()
				await expect(plain.getByTestId('checkout-total')).toHaveText('Rs. 0')
				await plain.getByRole('button', { name: 'Place order · Rs. 0' }).click()
				await expect(plain).toHaveURL(/\/order-status\?internalOrderId=/)
				await expect(plain.getByTestId('payment-badge')).toHaveText('Payment Successful')
			} finally {
				await noScripts.close()
			}
		} finally {
			await close()
		}
	})
})

test.describe('sign-in emails past the hour’s limit', () => {
	test.use({ extraHTTPHeaders: ownAddress() })

	test('the sixth request for one address says when to try again, in the page’s language', async ({ page, request }, testInfo) => {
		const email = `limit.${Date.now().toString(36)}@example.pk`
		// Five asked from elsewhere (no cookie of this phone's): the hour's allowance for the address.
		for (let i = 0; i < 5; i++) {
			const asked = await request.post('/my-orders', { form: { intent: 'request', email } })
			expect(asked.status()).toBe(200)
		}
		await gotoHydrated(page, '/my-orders')
		await page.getByLabel('Email address').fill(email)
		await page.getByRole('button', { name: 'Email me a sign-in code' }).click()
		await expect(page.getByText(/^Too many sign-in emails were asked for\. Please try again in \d+ minutes?, or use the link in the email you already have\.$/)).toBeVisible()
		await expectCleanLayout(page)
		await keepScreens(page, testInfo, 'sign-in-limit')

		await gotoHydrated(page, '/ur/my-orders')
		await page.locator('#my-orders-email').fill(email)
		await page.locator('form.my-orders-request button[type=submit]').click()
		await expect(page.locator('form.my-orders-request')).toContainText('سائن اِن ای میلز بہت زیادہ بار منگوائی گئیں')
		await keepScreens(page, testInfo, 'sign-in-limit-ur')
	})
})
