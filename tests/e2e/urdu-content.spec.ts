import AxeBuilder from '@axe-core/playwright'
import type { Page } from '@playwright/test'
import { test, expect, gotoHydrated, signInAsOwner, waitForHydration } from './helpers'

// The shop's own pages in Urdu, as a buyer on a phone reads them: Urdu headings and buttons, a
// right-to-left page, links that stay in Urdu, no message keys showing, and no serious axe finding.

const PAGES: { path: string; heading: string }[] = [
	{ path: '/ur/about', heading: 'ہمارے بارے میں' },
	{ path: '/ur/services', heading: 'ہماری سروسز' },
	{ path: '/ur/contact', heading: 'ہم سے رابطہ کریں' },
	{ path: '/ur/palestine-initiative', heading: 'ہمارا فلسطین منصوبہ' },
	{ path: '/ur/game-pass-library', heading: 'گیم پاس الٹیمیٹ لائبریری' },
	{ path: '/ur/game-pass-details', heading: 'Xbox گیم پاس الٹیمیٹ' },
	{ path: '/ur/gta-v-content', heading: 'Grand Theft Auto V - اس میں کیا شامل ہے' },
	{ path: '/ur/tekken-7-content', heading: 'Tekken 7 - اس میں کیا شامل ہے' },
	{ path: '/ur/privacy-policy', heading: 'پرائیویسی پالیسی' },
	{ path: '/ur/terms-and-conditions', heading: 'شرائط و ضوابط' },
	{ path: '/ur/refund-policy', heading: 'ریفنڈ اور منسوخی کی پالیسی' },
	{ path: '/ur/ownership', heading: 'ملکیت کا بیان' },
	{ path: '/ur/faq', heading: 'عام سوالات' },
]

async function seriousViolations(page: Page) {
	const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).options({ resultTypes: ['violations'] }).analyze()
	return violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.impact} ${v.id}: ${v.help} -> ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
}

/** Links in the page's main part that lead to another page of the shop: they stay under /ur. */
async function shopLinksOf(page: Page) {
	// The reviews (drawn by the product pages' own components) are left to their own tests.
	const hrefs = await page.getByRole('main').locator('a[href^="/"]:not(#reviews a)').evaluateAll((links) => links.map((a) => a.getAttribute('href')!))
	return hrefs.filter((href) => !href.startsWith('/media/') && !href.startsWith('/images/'))
}

for (const { path, heading } of PAGES) {
	test(`${path} reads in Urdu, right to left, its links staying in Urdu`, async ({ page }) => {
		await gotoHydrated(page, path)
		await expect(page.locator('html')).toHaveAttribute('lang', 'ur')
		await expect(page.locator('html')).toHaveAttribute('dir', 'rtl')
		await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading)
		await expect(page).toHaveTitle(new RegExp(`^${heading.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}|`))
		const text = await page.getByRole('main').innerText()
		expect(text).not.toMatch(/\bcontent\.[a-z]+\.[a-zA-Z.]+/)
		for (const href of await shopLinksOf(page)) expect(href, `a link on ${path}`).toMatch(/^\/ur(\/|$|\?)/)
		expect(await seriousViolations(page)).toEqual([])
	})
}

test('the Game Pass page shows its prices as Rs. with Western digits and Urdu table headings', async ({ page }) => {
	await gotoHydrated(page, '/ur/game-pass-details')
	const table = page.getByRole('table').first()
	await expect(table.getByRole('columnheader', { name: 'مدت' })).toBeVisible()
	await expect(table).toContainText(/Rs\. \d{1,3}(,\d{3})*/)
	await expect(page.getByRole('link', { name: /خریدیں$/ }).first()).toHaveAttribute('href', /^\/ur\/product\/\d+$/)
})

test('the library searches and filters in Urdu, and says so when nothing matches', async ({ page }) => {
	await gotoHydrated(page, '/ur/game-pass-library')
	await expect(page.getByRole('heading', { name: /^تمام گیمز/ })).toBeVisible()
	await page.getByRole('searchbox', { name: 'گیمز تلاش کریں' }).fill('zzzz no such game')
	await expect(page).toHaveURL(/\/ur\/game-pass-library\?q=zzzz/)
	await expect(page.getByText('آپ کی تلاش سے ملتی کوئی گیم نہیں ملی')).toBeVisible()
	await expect(page.getByRole('heading', { name: /^تمام گیمز/ })).toContainText('0 گیمز')
	await expect(page.getByRole('combobox', { name: 'صنف' }).locator('option').first()).toHaveText('تمام اصناف')
})

test('the contact form answers in Urdu: its labels, the field sentences and the thanks', async ({ page }) => {
	await gotoHydrated(page, '/ur/contact')
	await page.getByLabel('نام').fill('علی رضا')
	await page.getByLabel('ای میل').fill('ali.raza-at-example')
	await page.getByLabel('پیغام', { exact: true }).fill('کیا آپ کے پاس 3 مہینے کا گیم پاس ہے؟')
	// Sent with the phone keyboard's Go key, as from the email field.
	await page.getByLabel('ای میل').press('Enter')
	const email = page.getByLabel('ای میل')
	await expect(email).toHaveAttribute('aria-invalid', 'true')
	await expect(email).toHaveAccessibleDescription(/^براہِ? ?کرم درست ای میل ایڈریس لکھیں۔$/)
	await expect(page.getByRole('alert')).toContainText('براہِ کرم نشان زدہ خانے دیکھ لیں۔')
	await expect(page).toHaveURL(/\/ur\/contact$/)

	await email.fill('ali.raza@example.com')
	await page.getByRole('button', { name: 'پیغام بھیجیں' }).press('Enter')
	await expect(page.getByRole('status').filter({ hasText: 'آپ کا پیغام بھیج دیا گیا ہے' })).toBeVisible()
})

test('the owner writes a page’s Urdu version beside the English; without one /ur shows the English with a note', async ({ page, browser }) => {
	test.slow()
	const { staff, close } = await signInAsOwner(browser, { path: '/admin/pages/ownership' })
	try {
		const urdu = staff.getByLabel('Urdu text (Markdown)')
		await expect(staff.getByRole('heading', { name: 'Urdu version (optional)' })).toBeVisible()
		await expect(urdu).toHaveValue(/## ہم کون ہیں/)

		await urdu.fill('')
		await staff.getByRole('button', { name: 'Save Urdu version' }).click()
		await expect(staff.getByRole('status')).toHaveText('Saved: no Urdu version. /ur/ownership shows the English text with a note in Urdu.')
		await gotoHydrated(page, '/ur/ownership')
		await expect(page.getByRole('heading', { level: 1 })).toHaveText('ملکیت کا بیان')
		await expect(page.getByRole('note')).toHaveText('یہ صفحہ ابھی اردو میں نہیں لکھا گیا، اس لیے انگریزی میں دکھایا جا رہا ہے۔')
		await expect(page.getByRole('heading', { level: 2, name: 'Who we are' })).toBeVisible()

		await staff.goto('/admin/pages/ownership')
		await waitForHydration(staff)
		await staff.getByLabel('Urdu text (Markdown)').fill('## ہمارا تعارف\n\nہم **GameVault** چلاتے ہیں۔ <script>alert(1)</script>')
		await staff.getByRole('button', { name: 'Save Urdu version' }).click()
		await expect(staff.getByRole('status')).toHaveText('Saved. /ur/ownership shows this Urdu text now.', { timeout: 30_000 })
		await gotoHydrated(page, '/ur/ownership')
		await expect(page.getByRole('heading', { level: 2, name: 'ہمارا تعارف' })).toBeVisible()
		await expect(page.getByRole('note')).toHaveCount(0)
		await expect(page.locator('.policy-body script')).toHaveCount(0)
	} finally {
		// Back to the shop's own Urdu, for the other tests.
		await staff.goto('/admin/pages/ownership')
		await waitForHydration(staff)
		await staff.getByRole('button', { name: 'Restore the shop’s Urdu' }).click()
		await expect(staff.getByRole('status')).toContainText('Restored the shop’s own Urdu text.')
		await close()
	}
})
