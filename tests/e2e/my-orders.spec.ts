import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { test, expect, changeProductAsOwner, gotoHydrated, installHydrationProbe, paidOrder, signInAsOwner, signInCodeFor, waitForHydration, type ConsoleVariant } from './helpers'
import { expectCleanLayout } from './layout-pages'

// A buyer with two delivered Game Pass orders opens My orders on a phone, signs in with the code
// from the email, sees both orders with the days left on each, and renews one: checkout opens with
// the same product and duration at today's price.

test.use({ viewport: { width: 360, height: 740 } })

/** PC Game Pass, 3 Months: Rs. 3,200 in the catalogue. */
const pcGamePass3 = { id: 10, quantity: 1, selectedDuration: { months: 3 } }
/** Xbox Game Pass Core, 1 Month: Rs. 1,000. */
const core1 = { id: 2, quantity: 1, selectedDuration: { months: 1 } }

const withPrice = (months: number, price: number) => (variants: ConsoleVariant[]) => ({
	variants: variants.map((v) => (v.months === months && v.accountType === null ? { ...v, price } : v)),
})

/** Serious and critical WCAG 2 A/AA violations on the open page. */
async function seriousViolations(page: Page) {
	const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze()
	return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
}

test('a buyer signs in on a phone with the emailed code, sees both Game Pass orders with their end dates, and renews one at today’s price', async ({ page, browser }) => {
	test.setTimeout(120_000)
	const email = `maryam.${Date.now().toString(36)}@example.pk`
	const pcOrder = await paidOrder(browser, email, pcGamePass3, 'Rs. 3,200')
	const coreOrder = await paidOrder(browser, email, core1, 'Rs. 1,000')

	// Staff deliver both; delivery starts each subscription's months.
	const { staff, close } = await signInAsOwner(browser, { context: { viewport: { width: 1280, height: 900 } } })
	for (const [orderNumber, code] of [
		[pcOrder, 'PCGP-3M-7Q4K-99ZT'],
		[coreOrder, 'CORE-1M-5T8W-22XA'],
	]) {
		const done = await staff.request.post('/api/admin-update-order', { data: { orderNumber, updates: { fulfillment_status: 'completed', delivery_content: code } } })
		expect(done.ok(), await done.text()).toBe(true)
	}
	// Today's price of the PC option is higher than what was paid.
	const owner = await changeProductAsOwner(browser, 10, withPrice(3, 3450))

	try {
		// Signed out: the email form.
		await gotoHydrated(page, '/my-orders')
		await expect(page.getByRole('heading', { name: 'My orders', level: 1 })).toBeVisible()
		await page.getByLabel('Email address').fill(email)
		await page.getByRole('button', { name: 'Email me a sign-in code' }).click()
		await expect(page.getByText('If that email address is on an order, we have sent it a sign-in link and a 6-digit code.')).toBeVisible()
		expect(await seriousViolations(page)).toEqual([])

		// The code from the email, typed on the phone.
		const code = await signInCodeFor(staff, email)
		await expect(page.getByLabel('Email address')).toHaveValue(email)
		await page.getByLabel('6-digit code').fill(code)
		await page.getByRole('button', { name: 'Open my orders' }).click()
		await expect(page).toHaveURL(/\/my-orders$/)
		await waitForHydration(page)
		await expect(page.getByText(`Signed in as ${email}`)).toBeVisible()

		// Both orders, each with its end date and days left.
		const cards = page.getByRole('article')
		await expect(cards).toHaveCount(2)
		const pcCard = cards.filter({ hasText: pcOrder })
		const coreCard = cards.filter({ hasText: coreOrder })
		await expect(pcCard.getByText('PC Game Pass', { exact: true })).toBeVisible()
		await expect(pcCard.getByText('Payment Successful')).toBeVisible()
		await expect(pcCard.getByText('Rs. 3,200')).toBeVisible()
		const pcEnds = (await pcCard.getByTestId('line-ends').textContent())!
		expect(pcEnds).toMatch(/^Ends \d{1,2} [A-Z][a-z]{2} \d{4} · (89|9[0-2]) days left$/)
		const coreEnds = (await coreCard.getByTestId('line-ends').textContent())!
		expect(coreEnds).toMatch(/^Ends \d{1,2} [A-Z][a-z]{2} \d{4} · (2[89]|3[01]) days left$/)

		// The codes stay hidden until the buyer taps Reveal (ADR-050); the revealed card comes back open.
		await expect(page.getByText('PCGP-3M-7Q4K-99ZT')).toHaveCount(0)
		await expect(coreCard.getByText('Delivery details · hidden')).toBeVisible()
		await pcCard.getByRole('button', { name: 'Reveal Delivery details · hidden' }).click()
		await expect(pcCard.getByText('PCGP-3M-7Q4K-99ZT')).toBeVisible()
		await expect(page.getByText('CORE-1M-5T8W-22XA')).toHaveCount(0)
		// A phone shows the cards whole: no cut-off text, overflow or small tap targets; nothing a screen reader stumbles on.
		await expectCleanLayout(page)
		expect(await seriousViolations(page)).toEqual([])
		await expect(pcCard.getByRole('link', { name: `Receipt for order ${pcOrder}` })).toHaveAttribute('href', `/receipt/${pcOrder}`)

		// Renew: checkout with the same product and duration at today's price.
		await pcCard.getByRole('link', { name: 'Renew PC Game Pass' }).click()
		await expect(page).toHaveURL(/\/checkout\?renew=/)
		await expect(page.locator('.renewal-note')).toContainText('Renewing PC Game Pass, 3 Months from order')
		await waitForHydration(page)
		const summary = page.locator('.summary-line')
		await expect(summary).toHaveCount(1)
		await expect(summary.getByText('PC Game Pass', { exact: true })).toBeVisible()
		await expect(summary.getByText('Duration: 3 Months')).toBeVisible()
		await expect(page.getByTestId('checkout-total')).toHaveText('Rs. 3,450')
	} finally {
		await owner.restore()
		await close()
	}
})

test('without scripts: the email form, the code form and sign out everywhere all work as plain forms', async ({ browser }) => {
	const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 360, height: 740 } })
	await installHydrationProbe(context)
	const page = await context.newPage()
	const email = `noscript.${Date.now().toString(36)}@example.pk`
	await paidOrder(browser, email, core1, 'Rs. 1,000')
	const { staff, close } = await signInAsOwner(browser)
	try {
		await page.goto('/my-orders')
		await page.getByLabel('Email address').fill(email)
		await page.getByRole('button', { name: 'Email me a sign-in code' }).click()
		await expect(page.getByText('If that email address is on an order, we have sent it a sign-in link and a 6-digit code.')).toBeVisible()
		await page.getByLabel('6-digit code').fill(await signInCodeFor(staff, email))
		await page.getByRole('button', { name: 'Open my orders' }).click()
		await expect(page).toHaveURL(/\/my-orders$/)
		await expect(page.getByText(`Signed in as ${email}`)).toBeVisible()
		await expect(page.getByRole('article')).toHaveCount(1)
		await page.getByRole('button', { name: 'Sign out everywhere' }).click()
		await expect(page).toHaveURL(/\/my-orders\?signedOut=everywhere$/)
		await expect(page.getByText('You are signed out on every device.')).toBeVisible()
		await expect(page.getByLabel('Email address')).toBeVisible()
	} finally {
		await close()
		await context.close()
	}
})

test('on an order page from another device, typing the order’s email shows nothing by itself; the emailed code opens the order there', async ({ page, browser }) => {
	test.setTimeout(90_000)
	const email = `hamza.${Date.now().toString(36)}@example.pk`
	const orderNumber = await paidOrder(browser, email, core1, 'Rs. 1,000')
	const { staff, close } = await signInAsOwner(browser)
	try {
		const done = await staff.request.post('/api/admin-update-order', { data: { orderNumber, updates: { fulfillment_status: 'completed', delivery_content: 'CORE-1M-UNLK-44QP' } } })
		expect(done.ok(), await done.text()).toBe(true)

		await gotoHydrated(page, `/order-status?internalOrderId=${orderNumber}`)
		await expect(page.getByRole('heading', { name: 'Unlock your order details' })).toBeVisible()
		await page.getByLabel('Email address').fill(email)
		await page.getByRole('button', { name: 'Email me a sign-in code' }).click()
		await expect(page.getByText('If that email address is on an order, we have sent it a sign-in link and a 6-digit code.')).toBeVisible()
		// Knowing the number and the address opened nothing; a reload still asks for the code.
		await page.reload()
		await waitForHydration(page)
		await expect(page.getByRole('heading', { name: 'Unlock your order details' })).toBeVisible()
		await expect(page.getByLabel('6-digit code')).toBeVisible()
		await expect(page.getByText('CORE-1M-UNLK-44QP')).toHaveCount(0)

		// The email form comes back at once, in place: the page is not loaded again (a load that lands
		// after the code is asked for would bring the email form back over the code's).
		const reloads: string[] = []
		page.on('request', (request) => {
			if (request.url().includes('/order-status.data') && !request.url().includes('signIn=')) reloads.push(request.url())
		})
		await page.getByRole('link', { name: 'Use another email address' }).click()
		await page.getByLabel('Email address').fill(email)
		await page.getByRole('button', { name: 'Email me a sign-in code' }).click()
		await expect(page.getByText('If that email address is on an order, we have sent it a sign-in link and a 6-digit code.')).toBeVisible()
		expect(reloads).toEqual([])
		const code = await signInCodeFor(staff, email)
		// A wrong code is said where it was typed.
		await page.getByLabel('6-digit code').fill(String((Number(code) + 1) % 1_000_000).padStart(6, '0'))
		await page.getByRole('button', { name: 'Open my orders' }).click()
		await expect(page.getByText('That code is not right, or it has expired.')).toBeVisible()
		await expect(page).toHaveURL(new RegExp(`/order-status\\?internalOrderId=${orderNumber}`))

		// The newest code opens this order's page, in full.
		await page.getByLabel('6-digit code').fill(code)
		await page.getByRole('button', { name: 'Open my orders' }).click()
		// The order opens there, its code behind its Reveal (ADR-050), which shows it.
		await expect(page.getByRole('heading', { name: 'Unlock your order details' })).toHaveCount(0)
		await expect(page).toHaveURL(new RegExp(`/order-status\\?internalOrderId=${orderNumber}$`))
		await page.getByRole('button', { name: 'Reveal Delivery details · hidden' }).click()
		await expect(page.getByText('CORE-1M-UNLK-44QP')).toBeVisible()
	} finally {
		await close()
	}
})
