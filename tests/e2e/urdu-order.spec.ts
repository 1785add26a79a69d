import AxeBuilder from '@axe-core/playwright'
import type { Browser, Page } from '@playwright/test'
import { test, expect, gotoHydrated, installHydrationProbe } from './helpers'

// An Urdu buyer's order, on a phone: its page, receipt and My orders in Urdu, right to left, with
// prices as "Rs. 1,000", codes and order numbers left to right, and every link staying under /ur.

test.use({ viewport: { width: 360, height: 740 } })

/** Xbox Game Pass Core, 1 Month: Rs. 1,000. */
const core1 = { id: 2, quantity: 1, selectedDuration: { months: 1 } }

async function seriousViolations(page: Page) {
	const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze()
	return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
}

/** Screens for a person to look at, when asked for (SHOTS_DIR): the phone, then a computer's width. */
async function shoot(page: Page, name: string) {
	const dir = process.env.SHOTS_DIR
	if (!dir) return
	await page.screenshot({ path: `${dir}/${name}-360.png`, fullPage: true })
	await page.setViewportSize({ width: 1280, height: 900 })
	await page.screenshot({ path: `${dir}/${name}-1280.png`, fullPage: true })
	await page.setViewportSize({ width: 360, height: 740 })
}

/** What every Urdu page of the order shows: Urdu, right to left, no message key, links under /ur. */
async function expectUrduPage(page: Page) {
	await expect(page.locator('html')).toHaveAttribute('lang', 'ur')
	await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
	const text = await page.locator('main').innerText()
	expect(text).not.toMatch(/\b(order|email|common)\.[a-z]+[A-Za-z.]*\b/)
	const hrefs = await page.locator('main a[href^="/"]').evaluateAll((links) => links.map((a) => a.getAttribute('href')!))
	expect(hrefs.filter((href) => !href.startsWith('/ur') && !href.startsWith('/api/'))).toEqual([])
	expect(await seriousViolations(page)).toEqual([])
}

/** An order placed in Urdu by transfer, in a browser of its own that keeps the order's cookie. */
async function urduTransferOrder(browser: Browser) {
	const context = await browser.newContext({ viewport: { width: 360, height: 740 } })
	await installHydrationProbe(context)
	const answer = await context.request.post('/api/checkout', {
		data: { customerName: 'Ayesha Khan', customerEmail: `ayesha.${Date.now().toString(36)}@example.pk`, customerMobile: '03331234567', paymentMethod: 'manual', lang: 'ur', checkoutKey: `e2e-urdu-${Date.now()}-${Math.random().toString(36).slice(2)}`, productDetails: [core1] },
	})
	expect(answer.ok(), await answer.text()).toBe(true)
	const { orderNumber } = (await answer.json()) as { orderNumber: string }
	return { context, orderNumber }
}

test('an Urdu transfer order: its English address opens the Urdu page, in Urdu, right to left, with its receipt', async ({ browser }) => {
	test.setTimeout(150_000)
	const { context, orderNumber } = await urduTransferOrder(browser)
	const page = await context.newPage()
	try {
		await gotoHydrated(page, `/order-status?internalOrderId=${orderNumber}`)
		await expect(page).toHaveURL(new RegExp(`/ur/order-status\\?internalOrderId=${orderNumber}$`))
		await expect(page.getByRole('heading', { level: 1, name: 'آرڈر کی صورتحال' })).toBeVisible()
		await expect(page.getByTestId('payment-badge')).toHaveText('ادائیگی کا انتظار')
		await expect(page.getByRole('heading', { name: 'آرڈر کا خلاصہ' })).toBeVisible()
		await expect(page.getByTestId('order-number')).toHaveText(orderNumber)
		await expect(page.getByTestId('order-number')).toHaveAttribute('dir', 'ltr')
		await expect(page.locator('.order-total')).toHaveText('Rs. 1,000')
		await expect(page.getByRole('link', { name: 'خریداری جاری رکھیں' })).toHaveAttribute('href', '/ur/products')
		await expect(page.getByTestId('live-indicator')).toHaveText('لائیو اپ ڈیٹس جاری ہیں')
		// The date the Urdu way, in Pakistan time: '6 دسمبر 2026، صبح 4:57', no AM/PM PKT.
		await expect(page.locator('.order-card time').first()).toHaveText(/^\d{1,2} (جنوری|فروری|مارچ|اپریل|مئی|جون|جولائی|اگست|ستمبر|اکتوبر|نومبر|دسمبر) \d{4}، (رات|صبح|دوپہر|سہ پہر|شام) \d{1,2}:\d{2}$/)
		// The help link's WhatsApp message is Urdu too, the order number in it as typed.
		const help = new URL((await page.getByRole('link', { name: 'واٹس ایپ پر بات کریں' }).getAttribute('href'))!)
		expect(help.searchParams.get('text')).toBe(`السلام علیکم! مجھے اپنے آرڈر ${orderNumber} کے بارے میں مدد چاہیے۔`)
		await expectUrduPage(page)
		await shoot(page, 'order-transfer')

		// The receipt follows the order: an order summary until paid, in Urdu.
		await expect(page.locator('.order-receipt-link a')).toHaveAttribute('href', `/ur/receipt/${orderNumber}`)
		await gotoHydrated(page, `/ur/receipt/${orderNumber}`)
		await expect(page.getByRole('heading', { level: 1, name: 'آرڈر کا خلاصہ' })).toBeVisible()
		await expect(page.getByText('ادائیگی نہیں ہوئی۔')).toBeVisible()
		await expect(page.getByRole('button', { name: 'پرنٹ کریں یا PDF محفوظ کریں' })).toBeVisible()
		await expectUrduPage(page)
		await shoot(page, 'receipt-unpaid')

		// A buyer who chose English with the switch keeps the English page.
		await context.addCookies([{ name: 'lang', value: 'en', url: new URL('/', page.url()).href }])
		await gotoHydrated(page, `/order-status?internalOrderId=${orderNumber}`)
		expect(new URL(page.url()).pathname).toBe('/order-status')
		await expect(page.getByRole('heading', { level: 1, name: 'Order Status' })).toBeVisible()
		await expect(page.getByTestId('payment-badge')).toHaveText('Awaiting payment')
	} finally {
		await context.close()
	}
})

test('a stranger sees the Urdu unlock form', async ({ page, browser }) => {
	test.setTimeout(150_000)
	const { context, orderNumber } = await urduTransferOrder(browser)
	await context.close()
	// No cookie: the public view, its unlock form in Urdu.
	await gotoHydrated(page, `/ur/order-status?internalOrderId=${orderNumber}`)
	await expect(page.getByRole('heading', { name: 'اپنے آرڈر کی تفصیل اَن لاک کریں' })).toBeVisible()
	await expect(page.getByRole('button', { name: 'مجھے سائن اِن کوڈ ای میل کریں' })).toBeVisible()
	await expectUrduPage(page)
	await shoot(page, 'order-locked')

})

test('an order that is not there, and My orders signed out, in Urdu', async ({ page }) => {
	test.setTimeout(150_000)
	await gotoHydrated(page, '/ur/order-status?internalOrderId=GV-NOPE-0000')
	await expect(page.getByRole('heading', { level: 1, name: 'آرڈر نہیں ملا' })).toBeVisible()
	await expect(page.getByRole('alert')).toContainText('GV-NOPE-0000')
	await expect(page.getByRole('alert')).toContainText('سپورٹ سے رابطہ کریں')
	await expectUrduPage(page)

	await gotoHydrated(page, '/ur/my-orders')
	await expect(page.getByRole('heading', { level: 1, name: 'میرے آرڈر' })).toBeVisible()
	await expect(page.getByLabel('ای میل ایڈریس')).toBeVisible()
	await expectUrduPage(page)
	await shoot(page, 'my-orders-signed-out')

	await gotoHydrated(page, '/ur/my-orders/verify')
	await expect(page.getByRole('heading', { level: 1, name: 'اپنے آرڈرز میں سائن اِن کریں' })).toBeVisible()
	await expectUrduPage(page)
	await shoot(page, 'verify')

	await gotoHydrated(page, '/ur/unsubscribe?t=nonsense')
	await expect(page.getByRole('alert')).toContainText('یہ ان سبسکرائب لنک درست نہیں۔')
	await expectUrduPage(page)
	await shoot(page, 'unsubscribe')

	await gotoHydrated(page, '/ur/renew/GV-NOPE-0000/0')
	await expect(page.getByRole('heading', { level: 1, name: 'سبسکرپشن نہیں ملی' })).toBeVisible()
	await expectUrduPage(page)
	await shoot(page, 'renew')
})
