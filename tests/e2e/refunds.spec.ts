import type { Page } from '@playwright/test'
import { test, expect, gotoHydrated, signInAsOwner, unique } from './helpers'

// Cancellations and refunds (issue 23) on a phone: the owner refunds one line of a paid order and the
// buyer's open order page says "Partly refunded" with the amount, without a reload; the owner cancels
// an unpaid order and the open page says so with the reason, its "Continue to payment" gone and paying
// again refused.

/** The page must not reload: the change has to arrive live. */
const noReload = (page: Page) => page.evaluate(() => ((window as unknown as { __noReload: boolean }).__noReload = true))
const stillSamePage = async (page: Page) => expect(await page.evaluate(() => (window as unknown as { __noReload?: boolean }).__noReload)).toBe(true)

test('the owner refunds one line; the buyer’s open order page shows "Partly refunded" with the amount, without a reload', async ({ browser, page, context }) => {
	test.setTimeout(120_000)
	const { staff: owner, close } = await signInAsOwner(browser, { path: '/admin/products' })
	try {
		const created = await owner.request.post('/api/admin/products', {
			data: { name: unique('Steam Card'), platform: 'pc', kind: 'gift_card', description: 'Delivered on your order page.', variants: [{ label: '$5 USD', value: 5, price: 1500 }, { label: '$20 USD', value: 20, price: 5800 }] },
		})
		expect(created.status(), await created.text()).toBe(201)
		const product = (await created.json()) as { id: number; variants: { id: number }[] }
		const answer = await page.request.post('/api/checkout', {
			data: { customerName: 'Hira Baig', customerEmail: 'hira.baig@example.pk', customerMobile: '03001112233', checkoutKey: `e2e-refund-${Date.now()}`, productDetails: [{ id: product.id, quantity: 1, variantId: product.variants[0]!.id }, { id: product.id, quantity: 1, variantId: product.variants[1]!.id }] },
		})
		expect(answer.ok(), await answer.text()).toBe(true)
		const { orderNumber, paymentUrl } = (await answer.json()) as { orderNumber: string; paymentUrl: string }
		const payTab = await context.newPage()
		await payTab.goto(paymentUrl)
		await payTab.getByRole('button', { name: 'Pay Rs. 7,300' }).click()
		await expect(payTab).toHaveURL(/\/order-status\?ordId=\d+/)
		await payTab.close()

		await gotoHydrated(page, `/order-status?internalOrderId=${orderNumber}`)
		await expect(page.getByText('Live updates active')).toBeVisible()
		await expect(page.getByTestId('payment-badge')).toHaveText('Payment Successful')
		await noReload(page)

		await gotoHydrated(owner, `/admin/orders/${orderNumber}`)
		const form = owner.locator('form.refund-form')
		await expect(form.getByTestId('refund-figure')).toHaveText('No units ticked: money alone, up to Rs. 7,300; the units stay with the buyer.')
		await form.getByLabel(/\$5 USD/).fill('1')
		// The total follows the ticks: what the unit was sold for.
		await expect(form.getByTestId('refund-figure')).toHaveText('The units ticked were sold for Rs. 1,500: the most this refund gives back.')
		await form.getByLabel('Amount (Rs.)').fill('1500')
		await form.getByLabel('Refunded by').selectOption('wallet')
		await form.getByLabel('Reference (optional)').fill('JC-55120')
		await form.getByLabel('Reason (the buyer reads it)').fill('The $5 card was sold out')
		await form.getByRole('button', { name: 'Refund' }).click()
		await expect(owner.getByText(`Refunded Rs. 1,500 on order ${orderNumber} (Rs. 5,800 left). The buyer has been emailed.`)).toBeVisible()
		await expect(owner.getByRole('list', { name: 'Refunds' })).toContainText('JC-55120')

		await expect(page.getByTestId('payment-badge')).toHaveText('Partly Refunded')
		await expect(page.getByTestId('refund-note')).toContainText('Partly refunded: Rs. 1,500 of Rs. 7,300')
		await stillSamePage(page)

		// More than is left is refused beside the amount, with a sentence.
		await form.getByLabel('Amount (Rs.)').fill('9000')
		await form.getByLabel('Reason (the buyer reads it)').fill('All of it')
		await form.getByRole('button', { name: 'Refund' }).click()
		await expect(owner.getByText(`Rs. 9,000 is more than is left to refund on order ${orderNumber}: Rs. 5,800 (paid Rs. 7,300, Rs. 1,500 refunded before).`)).toBeVisible()

		// Out of the shop again: other tests on this shop count what buyers see.
		expect((await owner.request.patch(`/api/admin/products/${product.id}`, { data: { visible: false } })).status()).toBe(200)
	} finally {
		await close()
	}
})

test('the owner cancels an unpaid order; the buyer’s open page shows "Cancelled" with the reason live, and its payment link stops', async ({ browser, page }) => {
	test.setTimeout(120_000)
	const { staff: owner, close } = await signInAsOwner(browser, { path: '/admin-dashboard' })
	try {
		const answer = await page.request.post('/api/checkout', {
			data: { customerName: 'Omar Sheikh', customerEmail: 'omar.sheikh@example.pk', customerMobile: '03004445566', checkoutKey: `e2e-cancel-${Date.now()}`, productDetails: [{ id: 14, quantity: 1, selectedDenomination: { label: '$10 USD', value: 10 } }] },
		})
		expect(answer.ok(), await answer.text()).toBe(true)
		const { orderNumber } = (await answer.json()) as { orderNumber: string }
		await gotoHydrated(page, `/order-status?internalOrderId=${orderNumber}`)
		await expect(page.getByText('Live updates active')).toBeVisible()
		await expect(page.getByRole('button', { name: 'Continue to payment' })).toBeVisible()
		await noReload(page)

		await gotoHydrated(owner, `/admin/orders/${orderNumber}`)
		await owner.getByRole('button', { name: 'Cancel order' }).click()
		// A reason is required before anything is sent.
		await expect(owner.getByText('Please write a reason: the buyer reads it on their order page and in the email.')).toBeVisible()
		await owner.getByLabel('Reason (the buyer reads it)').fill('This card is out of stock this week')
		await owner.getByRole('button', { name: 'Cancel order' }).click()
		await expect(owner.getByText(`Order ${orderNumber} is cancelled. The buyer has been emailed.`)).toBeVisible()

		await expect(page.getByTestId('payment-badge')).toHaveText('Cancelled')
		await expect(page.getByTestId('cancelled-note')).toContainText('Reason: This card is out of stock this week')
		await expect(page.getByRole('button', { name: 'Continue to payment' })).toHaveCount(0)
		await expect(page.getByTestId('deliverables-unpaid')).toHaveText('This order was cancelled, so nothing will be delivered.')
		await stillSamePage(page)
		const again = await page.request.post(`/api/order/${orderNumber}/pay-again`, { data: { paymentMethod: 'paypro' } })
		expect(again.status()).toBe(409)
		expect(((await again.json()) as { error: string }).error).toBe(`Order ${orderNumber} was cancelled by our team, so it can no longer be paid. Please refresh the page.`)
	} finally {
		await close()
	}
})
