import type { Page } from '@playwright/test'
import { FAKE_WHATSAPP, type WhatsAppMessage } from '../fakes/whatsapp-server'
import { test, expect, gotoHydrated, signInAsOwner } from './helpers'
import { shopUrls, whatsappUrls } from './shops'

// Order updates on WhatsApp (ADR-035): the owner connects the WhatsApp Business Cloud API on the store
// details page, a buyer ticks "Send updates on WhatsApp" at checkout and pays on the test payment page,
// and WhatsApp (a fake Cloud API, tests/fakes/whatsapp-server.ts) receives the template message about
// the payment. The owner disconnects afterwards: the other tests' checkout stays as it was.

test.use({ viewport: { width: 360, height: 740 } })

const whatsappOf = (page: Page) => {
	const url = whatsappUrls[shopUrls.indexOf(new URL(page.url()).origin.replace('127.0.0.1', 'localhost'))]
	expect(url, `no WhatsApp for ${page.url()}`).toBeTruthy()
	return url!
}
const sentTo = async (page: Page, to: string) => ((await (await fetch(`${whatsappOf(page)}/sent`)).json()) as WhatsAppMessage[]).filter((m) => m.to === to)

test('the owner connects WhatsApp, a buyer ticks the box and pays, and WhatsApp receives the payment’s template message', async ({ browser, page }, testInfo) => {
	test.setTimeout(90_000)
	const { staff: owner, close } = await signInAsOwner(browser, { path: '/admin/store', context: { viewport: { width: 1280, height: 900 } } })
	const section = owner.locator('section#whatsapp-updates')
	try {
		await expect(section.getByRole('heading', { name: 'WhatsApp updates' })).toBeVisible()
		// (Disconnected first, when an earlier run on this shop left it connected.)
		const disconnect = section.getByRole('button', { name: 'Disconnect WhatsApp' })
		if (await disconnect.isVisible()) {
			await disconnect.click()
			await expect(section.getByText('WhatsApp is disconnected')).toBeVisible()
		}
		await section.getByLabel('Access token').fill(FAKE_WHATSAPP.token)
		await section.getByLabel('Phone number id').fill('not digits')
		await section.getByLabel('Template name').fill('order_update')
		await section.getByRole('button', { name: 'Connect WhatsApp' }).click()
		await expect(section.getByText(/The phone number id is digits only/)).toBeVisible()
		await section.getByLabel('Phone number id').fill(FAKE_WHATSAPP.phoneNumberId)
		await section.getByRole('button', { name: 'Connect WhatsApp' }).click()
		await expect(section.getByText('WhatsApp is connected (template order_update).', { exact: false })).toBeVisible()
		await expect(section.getByText(`…${FAKE_WHATSAPP.token.slice(-4)}`)).toBeVisible()
		await expect(section.getByLabel('Replace the access token')).toHaveValue('')
		expect(await owner.content()).not.toContain(FAKE_WHATSAPP.token)
		await section.screenshot({ path: testInfo.outputPath('console-whatsapp-1280.png') })

		// The buyer checks out with the box ticked.
		const mobile = `03${String(Date.now()).slice(-9)}`
		await gotoHydrated(page, '/checkout?product=14&value=%2410+USD')
		await page.getByLabel('Full Name').fill('Zara Malik')
		await page.getByLabel('Email Address').fill(`whatsapp.${Date.now().toString(36)}@example.pk`)
		await page.getByLabel('Phone Number').fill(mobile)
		const box = page.getByRole('checkbox', { name: 'Send updates on WhatsApp' })
		await box.check()
		await expect(page.getByText('To the number above: when your order is paid, delivered or needs something from you.')).toBeVisible()
		// The form as the server drew it gives way to the script's on the first touch (values kept): scroll once that is done.
		await expect(async () => page.getByLabel('Full Name').scrollIntoViewIfNeeded({ timeout: 2_000 })).toPass()
		await page.screenshot({ path: testInfo.outputPath('checkout-whatsapp-360.png') })
		await page.getByRole('button', { name: 'Proceed to Payment Rs. 3,200' }).click()
		await expect(page).toHaveURL(/\/paypro-sim\/pay\/\d+$/)
		await page.getByRole('button', { name: 'Pay Rs. 3,200' }).click()
		await expect(page).toHaveURL(/\/order-status\?ordId=\d+/)
		await expect(page.getByText('Payment Successful')).toBeVisible()

		const to = `92${mobile.slice(1)}`
		await expect.poll(async () => (await sentTo(page, to)).length, { timeout: 15_000 }).toBe(1)
		const [message] = await sentTo(page, to)
		expect(message).toMatchObject({ template: 'order_update', language: 'en', phoneNumberId: FAKE_WHATSAPP.phoneNumberId })
		const [orderNumber, sentence, link] = message!.values
		expect(sentence).toMatch(/^(Your payment is received\.|Your order is ready\.)/)
		expect(link).toBe(`${new URL(page.url()).origin}/order-status?internalOrderId=${encodeURIComponent(orderNumber!)}`)
		await expect(page.getByText(orderNumber!).first()).toBeVisible()
	} finally {
		await gotoHydrated(owner, '/admin/store')
		const disconnect = section.getByRole('button', { name: 'Disconnect WhatsApp' })
		if (await disconnect.isVisible()) {
			await disconnect.click()
			await expect(section.getByText('WhatsApp is disconnected')).toBeVisible()
		}
		await close()
	}
	// Disconnected: the checkout is as it was.
	await gotoHydrated(page, '/checkout?product=14&value=%2410+USD')
	await expect(page.getByLabel('Phone Number')).toBeVisible()
	await expect(page.getByRole('checkbox', { name: 'Send updates on WhatsApp' })).toHaveCount(0)
})
