import type { Page } from '@playwright/test'
import { test, expect, gotoHydrated, modal, signInAsOwner } from './helpers'
import { widerThanViewport } from './layout-checks'

// The owner's store details: the WhatsApp number changed on /admin/store is the number of every chat
// link on the shop's pages at once (the chat button, the footer, the contact and home pages, a
// product's quote requests). The old number is put back at the end, for the tests that follow.

const PHONE = { viewport: { width: 360, height: 740 }, isMobile: true, hasTouch: true }
const NEW_NUMBER = { typed: '0321 7654321', link: 'https://wa.me/923217654321', shown: '+92 321 7654321' }

/** The wa.me numbers the page's links point at. */
const chatNumbers = (page: Page) =>
	page.locator('a[href^="https://wa.me/"]').evaluateAll((links) => [...new Set(links.map((a) => new URL((a as HTMLAnchorElement).href).pathname.slice(1)))])

async function saveWhatsApp(staff: Page, typed: string) {
	await staff.getByLabel('WhatsApp number').fill(typed)
	await staff.getByRole('button', { name: 'Save store details' }).first().click()
	await expect(staff.getByRole('status')).toHaveText(/^(Saved the WhatsApp number\.|Nothing had changed)/)
}

test('the WhatsApp number changed in the console appears in the chat links of every page', async ({ page, browser }) => {
	// The dashboard's checklist says the number is still the sample one, and links to its field.
	const { staff, close } = await signInAsOwner(browser, { context: PHONE })
	await staff.getByRole('link', { name: 'Set the WhatsApp number' }).click()
	await expect(staff).toHaveURL(/\/admin\/store#whatsapp$/)
	await expect(staff.getByRole('heading', { level: 1, name: 'Store details' })).toBeVisible()
	expect(await widerThanViewport(staff)).toEqual([])
	const field = staff.getByLabel('WhatsApp number')
	const before = await field.inputValue()
	try {
		await saveWhatsApp(staff, NEW_NUMBER.typed)
		await expect(field).toHaveValue(NEW_NUMBER.typed)

		const number = NEW_NUMBER.link.replace('https://wa.me/', '')
		for (const path of ['/', '/contact', '/products', '/faq', '/product/14']) {
			await gotoHydrated(page, path)
			await expect(page.locator('a.chat-button')).toHaveAttribute('href', new RegExp(`^${NEW_NUMBER.link}(\\?|$)`))
			// The footer shows the number its link opens.
			const footerChat = page.getByRole('contentinfo').getByRole('link', { name: /^WhatsApp / })
			await expect(footerChat).toHaveAttribute('href', NEW_NUMBER.link)
			await expect(footerChat).toHaveText(`WhatsApp ${NEW_NUMBER.shown}`)
			expect(await chatNumbers(page), path).toEqual([number])
		}

		// A product's quote request opens the chat with the new number too.
		await gotoHydrated(page, '/product/14')
		await page.evaluate(() => {
			window.open = ((url?: string | URL) => {
				;(window as unknown as { openedChat?: string }).openedChat = String(url)
				return null
			}) as typeof window.open
		})
		await page.getByRole('button', { name: 'Get Quote' }).click()
		await modal(page, 'Custom Amount').getByRole('button', { name: '$20-$50', exact: true }).click()
		const opened = await page.evaluate(() => (window as unknown as { openedChat?: string }).openedChat)
		expect(opened).toMatch(new RegExp(`^${NEW_NUMBER.link}\\?text=`))

		// Done with the sample number: the checklist no longer lists it.
		await gotoHydrated(staff, '/admin-dashboard')
		await expect(staff.getByRole('heading', { name: /^Finish setting up the shop/ })).toBeVisible()
		await expect(staff.getByRole('link', { name: 'Set the WhatsApp number' })).toHaveCount(0)
	} finally {
		await gotoHydrated(staff, '/admin/store')
		await saveWhatsApp(staff, before)
		await close()
	}
	await gotoHydrated(page, '/contact')
	expect(await chatNumbers(page)).not.toContain('923217654321')
})

test('a wrong number is refused with a sentence under the field, and the shop keeps the one it had', async ({ page, browser }) => {
	const { staff, close } = await signInAsOwner(browser, { path: '/admin/store', context: PHONE })
	const posts: string[] = []
	staff.on('request', (request) => {
		if (request.method() === 'POST' && new URL(request.url()).pathname.startsWith('/admin/store')) posts.push(request.url())
	})
	await staff.getByLabel('WhatsApp number').fill('12345')
	await staff.getByRole('button', { name: 'Save store details' }).first().click()
	const message = 'Enter the WhatsApp number as a Pakistani mobile number, like 0300 1234567.'
	// Refused before it is sent, with the action's own sentence, under the field that names it.
	await expect(staff.getByLabel('WhatsApp number')).toHaveAttribute('aria-invalid', 'true')
	await expect(staff.locator('#whatsapp-error')).toHaveText(message)
	await expect(staff.getByLabel('WhatsApp number')).toHaveAccessibleDescription(new RegExp(message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
	expect(posts).toEqual([])
	await close()
	await gotoHydrated(page, '/contact')
	expect(await chatNumbers(page)).not.toContain('12345')
})
