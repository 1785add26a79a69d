import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { test, expect, gotoHydrated, menuToggle, modal, signInAsOwner } from './helpers'

// The shop's frame, home, products and product pages in Urdu (/ur/…), as a buyer on a phone reads them.
test.use({ viewport: { width: 360, height: 740 } })

/** Serious and critical WCAG 2 A/AA violations, as readable lines. */
async function seriousViolations(page: Page) {
	const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).options({ resultTypes: ['violations'] }).analyze()
	return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.impact} ${v.id}: ${v.help} -> ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
}

/** The page is Urdu, right to left, and shows no message key where a sentence should be. */
async function expectUrduPage(page: Page) {
	await expect(page.locator('html')).toHaveAttribute('lang', 'ur')
	await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
	const text = await page.locator('body').innerText()
	expect(text).not.toMatch(/\b(common|catalogue)\.[a-z]+(\.[a-zA-Z]+)?\b/)
	// Prices keep their Western digits and the shop's form.
	const prices = text.match(/Rs\.\s?\S+/g) ?? []
	for (const price of prices) expect(price).toMatch(/^Rs\.\s?\d{1,3}(,\d{3})*(?!\d)/)
}

/** Every link of the shop on the page stays in Urdu (the language switch and the console are the exceptions). */
async function expectLinksInUrdu(page: Page) {
	const hrefs = await page.locator('main a[href^="/"], header a[href^="/"], footer a[href^="/"]').evaluateAll((links) => links.map((a) => a.getAttribute('href')!))
	const english = hrefs.filter((href) => !href.startsWith('/ur') && !href.startsWith('/language') && !href.startsWith('/api/'))
	expect(english).toEqual([])
}

test('the Urdu home page: Urdu words, right to left, links under /ur, rupee prices, accessible', async ({ page }) => {
	await gotoHydrated(page, '/ur')
	await expectUrduPage(page)
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('گیم پاس، گفٹ کارڈز اور گیم کیز، ادائیگی روپوں میں')
	await expect(page.getByRole('link', { name: 'تمام پروڈکٹس دیکھیں' }).first()).toHaveAttribute('href', '/ur/products')
	await expect(page.getByRole('heading', { name: 'نمایاں پروڈکٹس' })).toBeVisible()
	await expect(page.getByRole('heading', { name: 'اکثر پوچھے جانے والے سوالات' })).toBeVisible()
	await expect(page.locator('.plan-from').first()).toHaveText(/^Rs\. \d{1,3}(,\d{3})* سے شروع$/)
	await expect(page).toHaveTitle(/پاکستان میں ایکس باکس گیم پاس/)
	await expectLinksInUrdu(page)
	expect(await seriousViolations(page)).toEqual([])
})

test('the phone menu carries the language switch; the header keeps to its four controls', async ({ page }) => {
	await gotoHydrated(page, '/ur/products')
	const banner = page.getByRole('banner')
	await expect(banner.locator('.header-language')).toBeHidden()
	await menuToggle(page).click()
	const nav = page.getByRole('navigation', { name: 'مین مینو' })
	await expect(nav.getByRole('link', { name: 'پروڈکٹس' })).toHaveAttribute('href', '/ur/products')
	await nav.getByRole('link', { name: 'Read in English' }).click()
	await expect(page).toHaveURL(/\/products$/)
	await expect(page.locator('html')).toHaveAttribute('lang', 'en')
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Our Products')
})

test('the Urdu products page searches and filters in Urdu, keeping its address', async ({ page }) => {
	await gotoHydrated(page, '/ur/products')
	await expectUrduPage(page)
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('ہماری پروڈکٹس')
	await expect(page.getByRole('group', { name: 'کیٹیگری کے حساب سے دیکھیں' }).getByRole('link', { name: /^سب/ })).toHaveAttribute('aria-current', 'true')
	await page.getByRole('searchbox', { name: 'پروڈکٹس تلاش کریں' }).fill('gift card')
	await page.getByRole('button', { name: 'تلاش', exact: true }).click()
	await expect(page).toHaveURL(/\/ur\/products\?q=gift\+card$/)
	await expect(page.getByRole('status').filter({ hasText: '“gift card” سے' })).toBeVisible()
	await expect(page.getByRole('link', { name: 'تلاش ختم کریں' })).toHaveAttribute('href', '/ur/products')
	await expect(page.getByRole('link', { name: 'Xbox Gift Card دیکھیں' })).toHaveAttribute('href', '/ur/product/14')
	await expectLinksInUrdu(page)
	expect(await seriousViolations(page)).toEqual([])
})

test('a gift card in Urdu: the cart drawer speaks Urdu and checkout opens in Urdu', async ({ page }) => {
	await gotoHydrated(page, '/ur/product/14')
	await expectUrduPage(page)
	await expect(page.getByRole('navigation', { name: 'آپ یہاں ہیں' }).getByRole('link', { name: 'پروڈکٹس' })).toHaveAttribute('href', '/ur/products')
	await expect(page.getByRole('button', { name: /خریدیں - Rs\. \d/ })).toBeVisible()
	await page.getByRole('button', { name: 'کارٹ میں ڈالیں' }).click()
	const drawer = page.getByRole('dialog', { name: 'شاپنگ کارٹ' })
	await expect(drawer.getByRole('heading', { name: 'آپ کا کارٹ' })).toBeVisible()
	await expect(drawer.getByText(/^ویلیو: /)).toBeVisible()
	await expect(drawer.getByTestId('cart-total')).toHaveText(/^Rs\. \d{1,3}(,\d{3})*$/)
	// The drawer slides in (from the line's end, the left on an Urdu page) and stays on screen, not pushed off it.
	await expect.poll(async () => Math.abs(Math.round((await drawer.boundingBox())!.x))).toBeLessThanOrEqual(4)
	expect(await seriousViolations(page)).toEqual([])
	await drawer.getByRole('button', { name: 'چیک آؤٹ پر جائیں' }).click()
	await expect(page).toHaveURL(/\/ur\/checkout$/)
})

test('the account-type dialog and the reviews in Urdu', async ({ page }) => {
	await gotoHydrated(page, '/ur/product/1')
	await expectUrduPage(page)
	await expect(page.getByRole('heading', { name: 'کسٹمر ریویوز' })).toBeVisible()
	await expect(page.getByRole('heading', { name: 'ریویو لکھیں' })).toBeVisible()
	await page.getByRole('button', { name: 'کارٹ میں ڈالیں' }).click()
	const account = modal(page, 'اکاؤنٹ کی قسم چنیں')
	await expect(account.getByRole('button', { name: /پرائیویٹ اکاؤنٹ\s*Rs\. \d/ })).toBeVisible()
	await expect(account.getByRole('button', { name: 'بند کریں' })).toBeVisible()
	expect(await seriousViolations(page)).toEqual([])
	await account.getByRole('button', { name: /شیئرڈ اکاؤنٹ/ }).click()
	const details = modal(page, 'شیئرڈ اکاؤنٹ کی تفصیلات')
	await expect(details.getByRole('button', { name: 'شیئرڈ اکاؤنٹ کارٹ میں ڈالیں' })).toBeVisible()
	expect(await seriousViolations(page)).toEqual([])
	await details.getByRole('button', { name: 'شیئرڈ اکاؤنٹ کارٹ میں ڈالیں' }).click()
	await expect(page.getByRole('dialog', { name: 'شاپنگ کارٹ' }).getByText(/^اکاؤنٹ: شیئرڈ$/)).toBeVisible()
})

test('the built-in catalogue reads in Urdu: the description, the features and the WhatsApp message, the brand name as written', async ({ page }) => {
	await gotoHydrated(page, '/ur/product/1')
	await expectUrduPage(page)
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Xbox Game Pass Ultimate (Console Edition)')
	await expect(page.getByText('آپ کے Xbox پر سینکڑوں گیمز، نئی گیمز ریلیز کے پہلے دن')).toBeVisible()
	await expect(page.getByText('EA Play ممبرشپ شامل')).toBeVisible()
	await expect(page.getByText('Hundreds of games on your Xbox')).toHaveCount(0)
	// The chat button's message is the buyer's own words, in Urdu, naming the product and the chosen option.
	const chat = new URL((await page.locator('a.chat-button').getAttribute('href'))!)
	expect(chat.searchParams.get('text')).toMatch(/^السلام علیکم! مجھے Xbox Game Pass Ultimate \(Console Edition\) \(1 مہینہ - Rs\. [\d,]+\) چاہیے۔ کیا یہ دستیاب ہے؟$/)
	// The English page keeps its English.
	await gotoHydrated(page, '/product/1')
	await expect(page.getByText('Hundreds of games on your Xbox, day-one releases')).toBeVisible()
	const english = new URL((await page.locator('a.chat-button').getAttribute('href'))!)
	expect(english.searchParams.get('text')).toMatch(/^Hi! I'm interested in Xbox Game Pass Ultimate \(Console Edition\) \(1 Month - Rs\. [\d,]+\)\. Is it available\?$/)
})

test('an unknown Urdu address says so in Urdu and leads home in Urdu', async ({ page }) => {
	const response = await gotoHydrated(page, '/ur/no-such-page')
	expect(response?.status()).toBe(404)
	await expectUrduPage(page)
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('صفحہ نہیں ملا')
	await expect(page.getByRole('main').getByRole('link', { name: 'ہوم پیج پر واپس جائیں' })).toHaveAttribute('href', '/ur')
	expect(await seriousViolations(page)).toEqual([])
})

test('the owner’s Urdu name and description show on the Urdu product page only; without them the English shows', async ({ page, browser }) => {
	// The console's sign-in and two saves besides the buyer's pages.
	test.slow()
	const { staff, close } = await signInAsOwner(browser, { path: '/admin/products/14' })
	const name = staff.getByLabel('Urdu name (optional)')
	const description = staff.getByLabel('Urdu description (optional)')
	// Each save's own answer (the "Saved" line of an earlier save may still be on the page).
	const save = async () => {
		const saved = staff.waitForResponse((r) => r.request().method() === 'POST' && new URL(r.url()).pathname.startsWith('/admin/products/14'))
		await staff.getByRole('button', { name: 'Save', exact: true }).last().click()
		expect((await saved).ok()).toBe(true)
		await expect(staff.getByRole('status').filter({ hasText: 'Saved. The shop shows the change now.' })).toBeVisible()
	}
	await name.fill('ایکس باکس گفٹ کارڈ')
	await description.fill('اپنے مائیکروسافٹ اکاؤنٹ میں رقم ڈالیں۔')
	await save()
	try {
		await expect(name).toHaveValue('ایکس باکس گفٹ کارڈ')
		await gotoHydrated(page, '/ur/product/14')
		await expect(page.getByRole('heading', { level: 1 })).toHaveText('ایکس باکس گفٹ کارڈ')
		await expect(page.getByText('اپنے مائیکروسافٹ اکاؤنٹ میں رقم ڈالیں۔')).toBeVisible()
		await gotoHydrated(page, '/ur/products')
		await expect(page.getByRole('heading', { level: 2, name: 'ایکس باکس گفٹ کارڈ' })).toBeVisible()
		await gotoHydrated(page, '/product/14')
		await expect(page.getByRole('heading', { level: 1 })).toHaveText('Xbox Gift Card')
	} finally {
		await name.fill('')
		await description.fill('')
		await save()
		await close()
	}
	await gotoHydrated(page, '/ur/product/14')
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Xbox Gift Card')
})

test('Urdu pages are set in the shop’s own Urdu face, asked for with the page; English pages never fetch it', async ({ page }) => {
	const fonts: string[] = []
	page.on('request', (request) => {
		if (request.resourceType() === 'font') fonts.push(new URL(request.url()).pathname)
	})
	await gotoHydrated(page, '/products')
	await page.evaluate(() => document.fonts.ready)
	expect(fonts).toEqual([])

	await gotoHydrated(page, '/ur/products')
	expect(await page.evaluate(() => document.fonts.ready.then(() => document.fonts.check('16px "Urdu Naskh"', 'پروڈکٹس')))).toBe(true)
	expect(fonts.sort()).toEqual(['/fonts/urdu-naskh-400.woff2', '/fonts/urdu-naskh-700.woff2'])
	// The heading is drawn in it, not in a fallback.
	expect(await page.getByRole('heading', { level: 1 }).evaluate((h) => getComputedStyle(h).fontFamily)).toMatch(/^"?Urdu Naskh"?,/)
})
