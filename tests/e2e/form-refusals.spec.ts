import type { Page } from '@playwright/test'
import { BLOCKED_CHECKOUT_MESSAGE } from '../../app/domain/buyers/blocklist'
import { TOO_MANY_CHECKOUTS } from '../../app/domain/orders/place-order.server'
import { inEnglish } from '../../app/i18n/english'
import { translator } from '../../app/i18n/messages.server'
import { test, expect, gotoHydrated, installHydrationProbe, optionSelect, signInAsOwner, waitForHydration } from './helpers'

// Refusals where the buyer is looking, on a phone: a whole-form refusal (blocked, too many checkouts)
// appears beside "Proceed to Payment", in view below the sticky header and focused, with scripts and
// without; every wrong field is named at once; numbers typed in Urdu digits are taken.

const PHONE = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true }
test.use(PHONE)

const URDU_DIGITS = '۰۱۲۳۴۵۶۷۸۹'
const inUrduDigits = (text: string) => text.replace(/[0-9]/g, (d) => URDU_DIGITS[Number(d)]!)

/** The sentence is on screen: inside the viewport and not under the sticky header. */
async function expectWhereTheBuyerLooks(page: Page, text: string) {
	const alert = page.getByRole('alert').filter({ hasText: text })
	await expect(alert).toBeInViewport({ ratio: 1 })
	const header = await page.locator('.site-header').boundingBox()
	const box = await alert.boundingBox()
	expect(box!.y, 'below the sticky header').toBeGreaterThanOrEqual(header!.y + header!.height - 1)
	expect(box!.y + box!.height).toBeLessThanOrEqual(740)
	return alert
}

/** Checkout for a $10 Xbox gift card, opened from its product page (scripts on). */
async function openCheckout(page: Page) {
	await gotoHydrated(page, '/product/14')
	await optionSelect(page, 'Value').selectOption('$10 USD')
	await page.getByRole('button', { name: 'Buy $10 USD - Rs. 3,200' }).click()
	await waitForHydration(page)
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Checkout')
}

async function fill(page: Page, { name = 'Ali Khan', email, phone = '0300 1234567' }: { name?: string; email: string; phone?: string }) {
	await page.getByLabel('Full Name').fill(name)
	await page.getByLabel('Email Address').fill(email)
	await page.getByLabel('Phone Number').fill(phone)
}

test('a blocked buyer’s refusal appears beside the button, focused and in view, with scripts and without', async ({ page, browser, baseURL }) => {
	const email = `refused.${Date.now()}@example.pk`
	const { staff, close } = await signInAsOwner(browser, { path: '/admin/blocklist' })
	await staff.getByLabel('What to block').selectOption('email')
	await staff.getByLabel('Email, phone number or network address').fill(email)
	await staff.getByRole('button', { name: 'Block', exact: true }).click()
	await expect(staff.getByText(`Blocked email ${email}: their checkouts and sign-ins are refused from now on.`)).toBeVisible()

	await openCheckout(page)
	await fill(page, { email })
	await page.getByRole('button', { name: 'Proceed to Payment Rs. 3,200' }).click()
	const alert = await expectWhereTheBuyerLooks(page, inEnglish(BLOCKED_CHECKOUT_MESSAGE))
	await expect(alert).toBeFocused()
	await expect(page).toHaveURL(/\/checkout/)

	// Pressed again: the same sentence is brought back into view and focus (the buyer scrolled away meanwhile).
	await page.getByLabel('Full Name').focus()
	await page.evaluate(() => window.scrollTo(0, 0))
	await page.getByRole('button', { name: 'Proceed to Payment Rs. 3,200' }).click()
	await expect(await expectWhereTheBuyerLooks(page, inEnglish(BLOCKED_CHECKOUT_MESSAGE))).toBeFocused()

	// Without scripts the server's page opens at the refusal, focused.
	const noScripts = await browser.newContext({ baseURL, ...PHONE, javaScriptEnabled: false })
	const plain = await noScripts.newPage()
	await plain.goto('/checkout?product=14')
	await fill(plain, { email })
	await plain.getByRole('button', { name: /^Proceed to Payment/ }).click()
	await expect(plain).toHaveURL(/\/checkout\?product=14$/)
	await expect(await expectWhereTheBuyerLooks(plain, inEnglish(BLOCKED_CHECKOUT_MESSAGE))).toBeFocused()
	await expect(plain.locator('#form-error')).toHaveText(inEnglish(BLOCKED_CHECKOUT_MESSAGE))
	await noScripts.close()

	await staff.reload()
	await staff.getByRole('button', { name: `Unblock ${email}` }).click()
	await expect(staff.getByText('The block is lifted.')).toBeVisible()
	await close()
})

test('too many checkouts from one address: the server’s 429 sentence appears where the buyer looks, focused', async ({ browser }) => {
	test.setTimeout(120_000)
	// One address of its own (the e2e shops trust X-Forwarded-For), brought to the shops' checkout limit
	// (CHECKOUT_RATE_LIMIT in playwright.config.ts) with a blocked address's attempts: each counts, none is an order.
	const address = `203.0.113.${1 + Math.floor(Math.random() * 254)}`
	const blocked = `limited.${Date.now()}@example.pk`
	const { staff, close } = await signInAsOwner(browser, { path: '/admin/blocklist' })
	const block = await staff.request.post('/api/admin/blocklist', { data: { kind: 'email', value: blocked }, headers: { Origin: new URL(staff.url()).origin } })
	expect(block.status()).toBe(201)
	const { id } = (await block.json()) as { id: number }
	const buyer = await browser.newContext({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true, extraHTTPHeaders: { 'X-Forwarded-For': address } })
	await installHydrationProbe(buyer)
	try {
		const attempt = (n: number) =>
			buyer.request.post('/api/checkout', {
				data: { customerName: 'Ali Khan', customerEmail: blocked, customerMobile: '03001234567', checkoutKey: `limit-${address}-${n}`.replace(/\./g, '-'), paymentMethod: 'manual', productDetails: [{ id: 14, quantity: 1, selectedDenomination: { value: 10 } }] },
			})
		let limited = false
		for (let n = 0; n < 2_000 && !limited; n += 50) {
			const answers = await Promise.all(Array.from({ length: 50 }, (_, i) => attempt(n + i)))
			limited = answers.some((a) => a.status() === 429)
		}
		expect(limited, 'the address reached the checkout limit').toBe(true)

		const page = await buyer.newPage()
		await openCheckout(page)
		await fill(page, { email: `someone.${Date.now()}@example.pk` })
		await page.getByRole('button', { name: 'Proceed to Payment Rs. 3,200' }).click()
		await expect(await expectWhereTheBuyerLooks(page, inEnglish(TOO_MANY_CHECKOUTS))).toBeFocused()
	} finally {
		await buyer.close()
		await staff.request.delete(`/api/admin/blocklist/${id}`, { headers: { Origin: new URL(staff.url()).origin } })
		await close()
	}
})

test('three wrong fields are named at once, the first focused with its message in view', async ({ page }) => {
	await openCheckout(page)
	await fill(page, { name: 'Ali 2', email: 'ali@', phone: '0300 12' })
	await page.getByRole('button', { name: 'Proceed to Payment Rs. 3,200' }).click()
	await expect(page.getByText('Name Cannot Contain Numbers & Special Letters')).toBeVisible()
	await expect(page.getByText('Please enter a valid email address.')).toBeVisible()
	await expect(page.getByText('Please enter a Pakistani mobile number, like 0300 1234567.')).toBeVisible()
	for (const label of ['Full Name', 'Email Address', 'Phone Number']) await expect(page.getByLabel(label)).toHaveAttribute('aria-invalid', 'true')
	await expect(page.getByLabel('Full Name')).toBeFocused()
	await expect(page.getByText('Name Cannot Contain Numbers & Special Letters')).toBeInViewport()
})

test('Urdu checkout takes a phone typed in Urdu digits, and the order is found by its number in Urdu digits', async ({ page }) => {
	await gotoHydrated(page, '/ur/checkout?product=14')
	const t = translator('ur')
	await page.getByLabel(t('checkout.field.name')).fill('علی رضا')
	await page.getByLabel(t('checkout.field.email')).fill(`ali.urdu.${Date.now()}@example.pk`)
	await page.getByLabel(t('checkout.field.phone')).fill('۰۳۰۰ ۱۲۳۴۵۶۷')
	await page.getByText(t('checkout.method.transfer')).click()
	await page.getByRole('button', { name: /ادائیگی کی طرف بڑھیں/ }).click()
	await expect(page).toHaveURL(/\/ur\/payment-details$/)
	const orderNumber = (await page.getByTestId('payment-order-number').textContent())?.trim() ?? ''
	expect(orderNumber).toMatch(/^[A-Z]+-\d+-\d+$/)

	await page.goto(`/ur/order-status?internalOrderId=${encodeURIComponent(inUrduDigits(orderNumber))}`)
	await expect(page.getByText(orderNumber).first()).toBeVisible()
})

test('the review form names a blank name and a blank review at once, the first focused', async ({ page }) => {
	await gotoHydrated(page, '/product/8')
	const section = page.getByRole('region', { name: /Reviews/ })
	const form = section.locator('form.review-form')
	// The form's script arrives at the first touch; from then on the server's answer names every field.
	await section.getByLabel('Your name').focus()
	await expect.poll(() => form.evaluate((f: HTMLFormElement) => f.noValidate)).toBe(true)
	await section.getByRole('button', { name: 'Submit Review' }).click()
	await expect(section.getByText('Please enter your name.')).toBeVisible()
	await expect(section.getByText('Please write your review.')).toBeVisible()
	await expect(section.getByLabel('Your name')).toHaveAttribute('aria-invalid', 'true')
	await expect(section.getByLabel('Your review')).toHaveAttribute('aria-invalid', 'true')
	await expect(section.getByLabel('Your name')).toBeFocused()
	await expect(section.getByText('Please enter your name.')).toBeInViewport()
	// Corrected and sent again: the messages give way and the review is posted.
	const comment = `All at once ${Date.now()}`
	await section.getByLabel('Your name').fill('Sana')
	await section.getByLabel('Your review').fill(comment)
	await section.getByRole('button', { name: 'Submit Review' }).click()
	await expect(section.getByRole('listitem').filter({ hasText: comment })).toBeVisible()
	await expect(section.getByText('Please enter your name.')).toHaveCount(0)
})
