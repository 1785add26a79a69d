import { test, gotoHydrated, installHydrationProbe } from './helpers'
import { translator } from '../../app/i18n/messages.server'

for (const [size, viewport] of [['phone', { width: 360, height: 740 }], ['desktop', { width: 1280, height: 900 }]] as const) {
	for (const lang of ['en', 'ur'] as const) {
		test(`shots ${lang} ${size}`, async ({ browser, baseURL }) => {
			const context = await browser.newContext({ baseURL, viewport, isMobile: size === 'phone', hasTouch: size === 'phone' })
			await installHydrationProbe(context)
			const page = await context.newPage()
			const t = translator(lang)
			const prefix = lang === 'ur' ? '/ur' : ''
			await gotoHydrated(page, `${prefix}/checkout?product=14`)
			await page.getByLabel(t('checkout.field.name')).fill(lang === 'ur' ? 'علی 2' : 'Ali 2')
			await page.getByLabel(t('checkout.field.email')).fill('ali@')
			await page.getByLabel(t('checkout.field.phone')).fill('0300 12')
			await page.locator('.checkout-form-panel button[type="submit"].primary').click()
			await page.waitForTimeout(500)
			await page.screenshot({ path: `/tmp/h3-shots/${lang}-${size}-fields.png` })
			await page.route('**/api/checkout', (route) => route.fulfill({ status: 429, contentType: 'application/json', body: JSON.stringify({ status: '02', error: t('checkout.tooManyCheckouts') }) }))
			await page.getByLabel(t('checkout.field.name')).fill(lang === 'ur' ? 'علی رضا' : 'Ali Khan')
			await page.getByLabel(t('checkout.field.email')).fill('ali@example.pk')
			await page.getByLabel(t('checkout.field.phone')).fill('۰۳۰۰ ۱۲۳۴۵۶۷')
			await page.evaluate(() => window.scrollTo(0, 0))
			await page.locator('.checkout-form-panel button[type="submit"].primary').click()
			await page.waitForTimeout(500)
			await page.screenshot({ path: `/tmp/h3-shots/${lang}-${size}-429.png` })
			await context.close()
		})
	}
}
