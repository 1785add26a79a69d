import type { Page } from '@playwright/test'
import { test, expect, emailTo, gotoHydrated, menuToggle, waitForHydration } from './helpers'

// Issue 25's proof, on a phone: a buyer browses the Urdu shop, switches to English and back on the way
// without losing the cart, checks out in Urdu, pays on the test payment page, watches the Urdu order
// page turn paid without reloading it, and gets the order's email in Urdu.
test.use({ viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true })

const UR = {
	addToCart: 'کارٹ میں ڈالیں',
	cart: 'شاپنگ کارٹ',
	toCheckout: 'چیک آؤٹ پر جائیں',
	name: 'پورا نام',
	email: 'ای میل ایڈریس',
	phone: 'فون نمبر',
	proceed: /^ادائیگی کی طرف بڑھیں/,
	paid: 'ادائیگی کامیاب',
}

async function expectLanguage(page: Page, lang: 'en' | 'ur') {
	await expect(page.locator('html')).toHaveAttribute('lang', lang)
	await expect(page.locator('html')).toHaveAttribute('dir', lang === 'ur' ? 'rtl' : 'ltr')
}

/** The phone menu's language switch: a plain link that keeps the page. */
async function switchLanguage(page: Page, to: 'en' | 'ur') {
	await menuToggle(page).click()
	await page.locator(`.phone-nav a[hreflang="${to}"]`).click()
	await waitForHydration(page)
	await expectLanguage(page, to)
}


test('a buyer shops in Urdu from /ur to a paid order: the cart survives a language switch, the order page turns paid live in Urdu, the email is Urdu', async ({ page, context }) => {
	const email = `urdu.journey.${Date.now().toString(36)}@example.pk`

	// Browse the Urdu shop to a gift card and put it in the cart.
	await gotoHydrated(page, '/ur/products')
	await expectLanguage(page, 'ur')
	await page.getByRole('heading', { name: 'Xbox Gift Card' }).getByRole('link').click()
	await expect(page).toHaveURL(/\/ur\/product\/14$/)
	await waitForHydration(page)
	await page.getByRole('button', { name: UR.addToCart }).click()
	const drawer = page.getByRole('dialog', { name: UR.cart })
	const total = (await drawer.getByTestId('cart-total').innerText()).trim()
	expect(total).toMatch(/^Rs\. \d{1,3}(,\d{3})*$/)
	await page.keyboard.press('Escape')
	await expect(drawer).toBeHidden()

	// Mid-journey, to English and back: the same page each time, and the cart is still there.
	await switchLanguage(page, 'en')
	await expect(page).toHaveURL(/\/product\/14$/)
	expect(new URL(page.url()).pathname).toBe('/product/14')
	await expect(page.getByRole('banner').getByTestId('cart-badge')).toHaveText('1')
	await switchLanguage(page, 'ur')
	await expect(page).toHaveURL(/\/ur\/product\/14$/)
	await expect(page.getByRole('banner').getByTestId('cart-badge')).toHaveText('1')

	// The choice is remembered: the English address of a page now opens its Urdu twin.
	await page.goto('/products')
	await expect(page).toHaveURL(/\/ur\/products$/)
	await waitForHydration(page)

	// Check out in Urdu and go to the test payment page.
	await page.getByRole('banner').locator('.cart-button').click()
	await expect(drawer.getByTestId('cart-total')).toHaveText(total)
	await drawer.getByRole('button', { name: UR.toCheckout }).click()
	await expect(page).toHaveURL(/\/ur\/checkout$/)
	await waitForHydration(page)
	await expectLanguage(page, 'ur')
	await page.getByLabel(UR.name).fill('علی رضا')
	await page.getByLabel(UR.email).fill(email)
	await page.getByLabel(UR.phone).fill('0300 1234567')
	await page.getByRole('button', { name: UR.proceed }).click()
	await expect(page).toHaveURL(/\/pay\/\d+/, { timeout: 15_000 })
	const payproId = /\/pay\/(\d+)/.exec(page.url())![1]

	// The order page, open in another tab before paying, says it waits for the payment, in Urdu.
	const orderTab = await context.newPage()
	await gotoHydrated(orderTab, `/ur/order-status?ordId=${payproId}`)
	await expectLanguage(orderTab, 'ur')
	await expect(orderTab.getByText(UR.paid)).toHaveCount(0)

	// Pay: back from the payment page, the order opens in its own language.
	await page.getByRole('button', { name: `Pay ${total}` }).click()
	await expect(page).toHaveURL(/\/ur\/order-status\?/)
	await expectLanguage(page, 'ur')
	await expect(page.getByText(UR.paid).first()).toBeVisible()

	// The other tab turned paid by itself.
	await expect(orderTab.getByText(UR.paid).first()).toBeVisible({ timeout: 15_000 })
	await expectLanguage(orderTab, 'ur')

	// The order's email is Urdu, right to left, and links to the Urdu order page.
	// Paid, and delivered at once when stock holds a code: either email, in Urdu.
	const mail = await emailTo(page, email, /ادائیگی موصول|ڈیلیور/)
	expect(mail.htmlContent).toMatch(/<html[^>]*lang="ur"/)
	expect(mail.htmlContent).toMatch(/<html[^>]*dir="rtl"/)
	expect(mail.htmlContent).toMatch(/href="https?:\/\/[^"]+\/ur\/order-status\?/)
})
