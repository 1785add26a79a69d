import { devices } from '@playwright/test'
import { test, expect, gotoHydrated, waitForHydration, receiptUpload } from './helpers'

// From 1200px up the dashboard is the spec's table: one row per order, the columns side by side.
const { defaultBrowserType: _browser, ...desktop } = devices['Desktop Chrome']
test.use({ ...desktop, viewport: { width: 1280, height: 900 } })

const OWNER = { email: 'owner@example.pk', password: 'e2e-owner-password' }

test('at 1280px the dashboard shows orders in the table, in the console’s own frame, without sideways scrolling', async ({ page }) => {
	const answer = await page.request.post('/api/checkout', {
		data: {
			customerName: 'Bilal Qureshi',
			customerEmail: 'bilal.desk@example.pk',
			customerMobile: '03001112233',
			checkoutKey: `console-desktop-${Date.now()}-${Math.random().toString(36).slice(2)}`,
			paymentMethod: 'paypro',
			productDetails: [{ id: 14, quantity: 1, selectedDenomination: { value: 10 } }],
		},
	})
	expect(answer.ok()).toBe(true)
	const { orderNumber } = (await answer.json()) as { orderNumber: string }

	await gotoHydrated(page, '/admin/login')
	await page.getByLabel('Email').fill(OWNER.email)
	await page.getByLabel('Password').fill(OWNER.password)
	await page.getByRole('button', { name: 'Sign in' }).click()
	await expect(page).toHaveURL(/\/admin-dashboard$/)
	await waitForHydration(page)

	// Up to 1439px the phone sits under the customer's email, so the products keep their room.
	for (const heading of ['Order #', 'Customer', 'Products', 'Amount', 'Payment', 'Fulfillment', 'Date & Time']) {
		await expect(page.getByRole('columnheader', { name: heading, exact: true })).toBeVisible()
	}
	const row = page.getByRole('row').filter({ has: page.getByRole('link', { name: orderNumber }) })
	const cells = row.getByRole('cell')
	await expect(cells).toHaveCount(8)
	await expect(cells.nth(1).getByText('03001112233')).toBeVisible()
	// One line across: the number, the customer and the amount start at the same height, left to right.
	const [number, customer, amount] = await Promise.all([0, 1, 3].map(async (i) => (await cells.nth(i).boundingBox())!))
	expect(Math.abs(number!.y - customer!.y)).toBeLessThan(2)
	expect(Math.abs(number!.y - amount!.y)).toBeLessThan(2)
	expect(number!.x).toBeLessThan(customer!.x)
	expect(customer!.x).toBeLessThan(amount!.x)
	await expect(row.getByText('Bilal Qureshi')).toBeVisible()
	await expect(row.getByText('Rs. 3,200')).toBeVisible()
	await expect(row.getByText('Payment Pending')).toBeVisible()
	expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false)
	// The whole table fits: it does not scroll inside its box either.
	expect(await page.locator('.staff-orders-list').evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(false)

	// The shop's announcement bar is not in the console (the setup checklist may quote it while it is the sample).
	await expect(page.getByText('Xbox Game Pass Revamped - New Plans & Price Hike on Ultimate Tier!', { exact: true })).toHaveCount(0)
	await expect(page.getByRole('navigation', { name: 'Staff console' }).getByRole('link', { name: 'Orders' })).toHaveClass(/active/)
})

test('at 1280px product names read as names, a transfer shows its receipt, and the to-do counts and the Transfers badge show what waits', async ({ page }) => {
	const place = async (paymentMethod: 'paypro' | 'manual', productDetails: unknown[]) => {
		const answer = await page.request.post('/api/checkout', {
			data: {
				customerName: 'Muhammad Usman Chaudhry',
				customerEmail: 'usman.chaudhry.gaming@example.pk',
				customerMobile: '0333 1112222',
				checkoutKey: `console-layout-${Date.now()}-${Math.random().toString(36).slice(2)}`,
				paymentMethod,
				productDetails,
			},
		})
		expect(answer.ok()).toBe(true)
		return ((await answer.json()) as { orderNumber: string }).orderNumber
	}
	const longName = await place('paypro', [{ id: 1, quantity: 1 }])
	const transfer = await place('manual', [{ id: 14, quantity: 1, selectedDenomination: { value: 10 } }])
	const upload = await page.request.post(`/api/order/${transfer}/receipt`, { multipart: receiptUpload(transfer) })
	expect(upload.ok()).toBe(true)

	await gotoHydrated(page, '/admin/login')
	await page.getByLabel('Email').fill(OWNER.email)
	await page.getByLabel('Password').fill(OWNER.password)
	await page.getByRole('button', { name: 'Sign in' }).click()
	await expect(page).toHaveURL(/\/admin-dashboard$/)

	// 'Xbox Game Pass Ultimate (Console Edition)' (5 words) takes at most three lines, never one word per line.
	const name = page.getByRole('row').filter({ has: page.getByRole('link', { name: longName }) }).locator('.staff-product-name')
	const lineHeight = await name.evaluate((el) => parseFloat(getComputedStyle(el).lineHeight))
	expect((await name.boundingBox())!.height).toBeLessThan(lineHeight * 3.5)

	const transferRow = page.getByRole('row').filter({ has: page.getByRole('link', { name: transfer }) })
	await expect(transferRow.getByRole('link', { name: 'Receipt uploaded' })).toHaveAttribute('href', `/admin/receipts/${transfer}`)
	const toDo = page.getByRole('navigation', { name: 'To do' })
	await expect(toDo.getByRole('link', { name: /^\d+ transfers? to confirm$/ })).toHaveAttribute('href', '/admin/payments')
	await expect(toDo.getByRole('link', { name: /paid orders? to deliver$/ })).toBeVisible()
	const waiting = Number((await toDo.getByRole('link', { name: /transfers? to confirm/ }).textContent())!.match(/\d+/)![0])
	expect(waiting).toBeGreaterThan(0)
	const tab = page.getByRole('navigation', { name: 'Staff console' }).getByRole('link', { name: /^Transfers/ })
	await expect(tab).toHaveAccessibleName(`Transfers ${waiting} waiting`)
	expect(await page.locator('.staff-orders-list').evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(false)
})

