import { test, expect, signInAsOwner } from './helpers'

// Customers (issue 24), on a phone: staff find a buyer by their phone number typed in another
// spelling, open their page, add a note and block their phone, and see why they are blocked.

test('staff find a customer by phone, open their page, add a note and block them', async ({ page, browser }) => {
	const stamp = Date.now()
	const email = `customer.${stamp}@example.pk`
	const phone = `03${String(stamp).slice(-9)}`
	const order = await page.request.post('/api/checkout', {
		data: {
			customerName: 'Nadia Qureshi',
			customerEmail: email,
			customerMobile: phone,
			checkoutKey: `e2e-customers-${stamp}`,
			paymentMethod: 'manual',
			productDetails: [{ id: 14, quantity: 1, selectedDenomination: { value: 10 } }],
		},
	})
	expect(order.ok()).toBe(true)
	const { orderNumber } = (await order.json()) as { orderNumber: string }

	const { staff, close } = await signInAsOwner(browser, { path: '/admin/customers' })
	await expect(staff.getByRole('heading', { name: 'Customers', level: 1 })).toBeVisible()
	// The phone as a buyer might say it: +92, spaces, a dash.
	await staff.getByLabel('Search email, name or phone').fill(`+92 ${phone.slice(1, 4)}-${phone.slice(4)}`)
	await staff.getByRole('button', { name: 'Search' }).click()
	await expect(staff.getByText('1 customer.')).toBeVisible()
	await staff.getByRole('link', { name: email }).click()

	await expect(staff.getByRole('heading', { name: 'Nadia Qureshi', level: 1 })).toBeVisible()
	await expect(staff.getByRole('link', { name: orderNumber })).toHaveAttribute('href', `/admin/orders/${orderNumber}`)
	await expect(staff.getByText('Not blocked: they can order and sign in.')).toBeVisible()

	// An empty note is refused beside its box before anything is sent.
	await staff.getByRole('button', { name: 'Add note' }).click()
	await expect(staff.getByText('Write a note of 1 to 2,000 characters.')).toBeVisible()
	await staff.getByLabel('New note').fill('Asked for delivery on WhatsApp after 6 pm')
	await staff.getByRole('button', { name: 'Add note' }).click()
	await expect(staff.getByText('Note added.')).toBeVisible()
	await expect(staff.getByRole('listitem').filter({ hasText: 'Asked for delivery on WhatsApp after 6 pm' })).toContainText('owner@example.pk')
	await expect(staff.getByLabel('New note')).toHaveValue('')

	await staff.getByLabel('Block', { exact: true }).selectOption({ label: `Phone ${phone.slice(0, 4)} ${phone.slice(4)}` })
	await staff.getByLabel('Why (staff read it)').fill('Chargeback on an earlier order')
	await staff.getByRole('button', { name: 'Block', exact: true }).click()
	await expect(staff.getByText(`Blocked phone ${phone}: their checkouts and sign-ins are refused from now on.`)).toBeVisible()
	const block = staff.getByRole('listitem').filter({ hasText: 'is blocked' })
	await expect(block).toContainText(`${phone.slice(0, 4)} ${phone.slice(4)}`)
	await expect(block).toContainText('Why: Chargeback on an earlier order')

	await staff.getByRole('button', { name: `Unblock ${phone}` }).click()
	await expect(staff.getByText('The block is lifted.')).toBeVisible()
	await expect(staff.getByText('Not blocked: they can order and sign in.')).toBeVisible()
	await close()
})
