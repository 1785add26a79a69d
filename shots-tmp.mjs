import { chromium } from '@playwright/test'
const base = 'http://localhost:3312'
const out = '/work/shots/checkout'
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-background-networking'] })
const sizes = [['360', { width: 360, height: 740 }], ['1280', { width: 1280, height: 900 }]]
const waitHydrated = (page) => page.waitForFunction(() => document.querySelector('html') && Object.keys(document).some(k => k.startsWith('__reactContainer')) ).then(() => page.waitForTimeout(600))
for (const [name, viewport] of sizes) {
	const ctx = await browser.newContext({ viewport, deviceScaleFactor: 1, hasTouch: name === '360', isMobile: name === '360' })
	const page = await ctx.newPage()
	page.on('dialog', (d) => d.accept())
	await page.goto(`${base}/product/1`, { waitUntil: 'load' }); await waitHydrated(page)
	await page.screenshot({ path: `${out}/product-1-${name}.png` })
	// Checkout, empty form (address line, the no-script path's page)
	await page.goto(`${base}/checkout?product=14&value=%2410+USD`, { waitUntil: 'load' }); await waitHydrated(page)
	await page.screenshot({ path: `${out}/checkout-empty-${name}.png`, fullPage: true })
	// Refused by the server: email and phone
	await page.getByLabel('Full Name').fill('Syed M. Ali')
	await page.getByLabel('Email Address').fill('ali@x')
	await page.getByLabel('Phone Number').fill('12')
	await page.getByRole('button', { name: /^Proceed to Payment/ }).click()
	await page.waitForSelector('[aria-invalid="true"]')
	await page.waitForTimeout(300)
	await page.screenshot({ path: `${out}/checkout-refused-${name}.png` })
	// Transfer chosen: no PayPro note
	await page.getByText('Send the amount yourself and upload the receipt').click()
	await page.screenshot({ path: `${out}/checkout-transfer-${name}.png`, fullPage: true })
	// From the cart
	await page.goto(`${base}/products`, { waitUntil: 'load' }); await waitHydrated(page)
	await page.evaluate(() => localStorage.setItem('gamevault-pk-cart', JSON.stringify({ items: [{ id: 14, name: 'Xbox Gift Card', image: '/images/products/14.webp', price: 3200, quantity: 2, selectedDenomination: { label: '$10 USD', price: 3200, value: 10 } }] })))
	await page.reload({ waitUntil: 'load' }); await waitHydrated(page)
	await page.getByRole('banner').getByRole('button', { name: /^Cart/ }).click()
	await page.getByRole('button', { name: 'Proceed to Checkout' }).click()
	await page.waitForURL(/\/checkout$/); await page.waitForTimeout(800)
	await page.screenshot({ path: `${out}/checkout-from-cart-${name}.png` })
	// Without scripts: the account type and terms step
	const nojs = await browser.newContext({ viewport, javaScriptEnabled: false, isMobile: name === '360', hasTouch: name === '360' })
	const np = await nojs.newPage()
	await np.goto(`${base}/product/1`); await np.screenshot({ path: `${out}/product-1-noscript-${name}.png` })
	await np.goto(`${base}/checkout?product=1&duration=2+Months`); await np.screenshot({ path: `${out}/checkout-questions-noscript-${name}.png`, fullPage: true })
	await np.goto(`${base}/checkout?product=1&duration=2+Months&accountType=shared&terms=agreed`)
	await np.getByLabel('Full Name').fill('Ali Khan'); await np.getByLabel('Email Address').fill('ali@example.pk'); await np.getByLabel('Phone Number').fill('12')
	await np.getByRole('button', { name: /^Proceed to Payment/ }).click(); await np.waitForLoadState('load')
	await np.screenshot({ path: `${out}/checkout-refused-noscript-${name}.png` })
	// Renew: an order placed (transfer), then its renewal link
	await np.getByLabel('Phone Number').fill('0300 1234567'); await np.getByText('Send the amount yourself and upload the receipt').click()
	await np.getByRole('button', { name: /^Proceed to Payment/ }).click(); await np.waitForURL(/order-status/)
	const orderNumber = new URL(np.url()).searchParams.get('internalOrderId')
	await np.goto(`${base}/renew/${orderNumber}/0`)
	await np.screenshot({ path: `${out}/renew-checkout-${name}.png`, fullPage: true })
	console.log(name, orderNumber)
	await nojs.close()
	await ctx.close()
}
await browser.close()
