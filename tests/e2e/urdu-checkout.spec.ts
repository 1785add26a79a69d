import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { test, expect, gotoHydrated } from './helpers'

// Checkout, the transfer page and the checkout's API in Urdu, on a phone: the buyer reads Urdu words
// (never a message's key), prices stay "Rs. 2,200", every link and redirect stays under /ur, the
// server's refusals come back in Urdu, and the flow works without scripts too.

const PHONE = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true }
test.use(PHONE)


/** /ur/checkout for a $5 Xbox gift card (product 14), named in the address. */
const CHECKOUT = '/ur/checkout?product=14'

const UR = {
	title: 'چیک آؤٹ',
	name: 'پورا نام',
	email: 'ای میل ایڈریس',
	phone: 'فون نمبر',
	transfer: 'بینک یا والٹ ٹرانسفر',
	proceed: 'ادائیگی کی طرف بڑھیں Rs. 2,200',
	required: 'براہ کرم تمام ضروری خانے پُر کریں',
	nameLive: 'نام میں نمبر یا خاص نشانات نہیں ہو سکتے',
	coupon: 'ڈسکاؤنٹ کوڈ',
	apply: 'لگائیں',
	unknownCode: 'یہ ڈسکاؤنٹ کوڈ درست نہیں۔',
	paymentTitle: 'ادائیگی کی تفصیلات',
	invalidAccess: 'غلط رسائی',
}

/** Serious and critical WCAG 2 A/AA violations of the page's main part, as readable lines. */
async function seriousViolations(page: Page) {
	const { violations } = await new AxeBuilder({ page }).include('main').withTags(['wcag2a', 'wcag2aa']).options({ resultTypes: ['violations'] }).analyze()
	return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.impact} ${v.id}: ${v.help} -> ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
}

/** What every Urdu page of this area shows: Urdu, right to left, no message key, links of the shop under /ur. */
async function expectUrduPage(page: Page) {
	await expect(page.locator('html')).toHaveAttribute('lang', 'ur')
	await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
	const text = await page.locator('main').innerText()
	expect(text).not.toMatch(/\bcheckout\.[a-z]/)
	expect(text).toMatch(/[\u0600-\u06ff]/)
	const hrefs = await page.locator('main a[href^="/"]').evaluateAll((links) => links.map((a) => a.getAttribute('href')!))
	expect(hrefs.filter((href) => href !== '/ur' && !href.startsWith('/ur/') && !href.startsWith('/api/'))).toEqual([])
}

async function fillBuyer(page: Page) {
	await page.getByLabel(UR.name).fill('علی رضا')
	await page.getByLabel(UR.email).fill(`ali.${Date.now().toString(36)}@example.pk`)
	await page.getByLabel(UR.phone).fill('0300 1234567')
}

test('checkout in Urdu with scripts: Urdu refusals beside the fields and from the server, then the transfer page in Urdu', async ({ page }) => {
	await gotoHydrated(page, CHECKOUT)
	await expect(page).toHaveTitle(/^چیک آؤٹ \|/)
	await expect(page.getByRole('heading', { level: 1 })).toHaveText(UR.title)
	await expect(page.getByTestId('checkout-total')).toHaveText('Rs. 2,200')
	await expectUrduPage(page)
	expect(await seriousViolations(page)).toEqual([])

	// Sent empty: the spec's alert, in Urdu, and the same sentence beside each field.
	const alerted = page.waitForEvent('dialog').then(async (dialog) => {
		const message = dialog.message()
		await dialog.accept()
		return message
	})
	await page.getByRole('button', { name: UR.proceed }).click()
	expect(await alerted).toBe(UR.required)
	await expect(page.getByLabel(UR.email)).toHaveAttribute('aria-invalid', 'true')
	await expect(page.getByText(UR.required)).toHaveCount(3)

	// The name's live check speaks Urdu as the buyer types.
	await page.getByLabel(UR.name).fill('Ali 123')
	await expect(page.getByText(UR.nameLive)).toBeVisible()
	await fillBuyer(page)
	await expect(page.getByText(UR.nameLive)).toHaveCount(0)

	// The server refuses an unknown code in Urdu.
	await page.getByLabel(UR.coupon).fill('NOSUCHCODE')
	await page.getByRole('button', { name: UR.apply }).click()
	await expect(page.getByText(UR.unknownCode)).toBeVisible()
	await expect(page.getByLabel(UR.coupon)).toHaveAttribute('aria-invalid', 'true')
	await page.getByLabel(UR.coupon).fill('')

	// A transfer order: the transfer page, in Urdu, at its Urdu address.
	await page.getByText(UR.transfer).click()
	await page.getByRole('button', { name: UR.proceed }).click()
	await expect(page).toHaveURL(/\/ur\/payment-details$/)
	await expect(page.getByRole('heading', { level: 1 })).toHaveText(UR.paymentTitle)
	await expect(page.getByTestId('payment-total')).toHaveText('Rs. 2,200')
	await expect(page.getByText('نیچے دیے گئے کسی ایک اکاؤنٹ میں Rs. 2,200 بھیجیں')).toBeVisible()
	await expect(page.getByRole('button', { name: 'چیک آؤٹ پر واپس' })).toBeVisible()
	await expectUrduPage(page)
	expect(await seriousViolations(page)).toEqual([])
})

test('checkout in Urdu without scripts: refused in Urdu by the server, then the transfer order opens at its Urdu address', async ({ browser, baseURL }) => {
	const context = await browser.newContext({ baseURL, ...PHONE, javaScriptEnabled: false })
	const page = await context.newPage()
	await page.goto(CHECKOUT)
	await expect(page.getByRole('heading', { level: 1 })).toHaveText(UR.title)
	await page.getByLabel(UR.name).fill('Ali 123')
	await page.getByRole('button', { name: UR.proceed }).click()
	await expect(page).toHaveURL(/\/ur\/checkout\?product=14$/)
	await expect(page.getByText('نام میں نمبر یا خاص نشانات نہیں ہو سکتے')).toBeVisible()
	await expect(page.getByText(UR.required).first()).toBeVisible()
	await expectUrduPage(page)

	await fillBuyer(page)
	await page.getByText(UR.transfer).click()
	await page.getByRole('button', { name: UR.proceed }).click()
	await expect(page).toHaveURL(/\/ur\/order-status\?internalOrderId=/)
	await expect(page.locator('html')).toHaveAttribute('lang', 'ur')
	await context.close()
})

test('the checkout API answers a refusal in the language the call names, English as the spec has it otherwise', async ({ request }) => {
	const body = { customerName: 'Ali 123', customerEmail: '', customerMobile: '0300 1234567', productDetails: [{ id: 14, quantity: 1 }] }
	const english = await request.post('/api/checkout', { data: body })
	expect(english.status()).toBe(400)
	const en = await english.json()
	expect(en.fieldErrors).toMatchObject({ customerName: 'Name Cannot Contain Numbers & Special Letters', customerEmail: 'Please fill in all required fields' })

	const urdu = await request.post('/api/checkout', { data: { ...body, lang: 'ur' } })
	expect(urdu.status()).toBe(400)
	const ur = await urdu.json()
	expect(ur.status).toBe('02')
	expect(ur.fieldErrors).toMatchObject({ customerName: 'نام میں نمبر یا خاص نشانات نہیں ہو سکتے', customerEmail: UR.required })

	const code = await request.post('/api/checkout/coupon', { data: { productDetails: [{ id: 14, quantity: 1 }], couponCode: 'NOSUCHCODE', lang: 'ur' } })
	expect(code.status()).toBe(400)
	expect((await code.json()).error).toBe(UR.unknownCode)
})

test('/ur/payment-details opened by itself says so in Urdu and links to the Urdu pages', async ({ page }) => {
	await gotoHydrated(page, '/ur/payment-details')
	await expect(page.getByRole('heading', { level: 1 })).toHaveText(UR.invalidAccess)
	await expect(page.getByRole('link', { name: 'میرے آرڈرز' }).first()).toHaveAttribute('href', '/ur/my-orders')
	await expectUrduPage(page)
	expect(await seriousViolations(page)).toEqual([])
})
