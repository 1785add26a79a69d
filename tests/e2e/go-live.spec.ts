// A new owner goes live alone (ADR-048): a fresh shop started as `npm start` starts it (no PayPro,
// email or address in its environment), the owner follows the dashboard's checklist to Connections,
// connects PayPro (a PayPro speaking the real protocol at a local address) and email (a local SMTP
// server), tests both, pastes the callback details into "PayPro's panel", and a buyer's order is
// paid online and the buyer's email arrives: no environment variable touched, no restart.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { startFakePayPro, type FakePayPro } from '../fakes/paypro-server'
import { startFakeSmtp, type FakeSmtp } from '../fakes/smtp-server'
import { spawnShop, type ShopProcess } from '../setup/shop-process'
import { expect, test } from './helpers'

const OWNER = { email: 'founder@karachigames.pk', password: 'founder-password-1' }
let shop: ShopProcess
let paypro: FakePayPro
let smtp: FakeSmtp
let dataDir: string

test.beforeAll(async () => {
	test.setTimeout(180_000)
	paypro = await startFakePayPro({ clientId: 'kg-client-2031', clientSecret: 'kg-secret-Zq81', merchantId: 'karachigames' })
	smtp = await startFakeSmtp({ user: 'mailer', password: 'smtp-pass-5520' })
	dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shop-go-live-'))
	// As `npm start` runs the built shop: no NODE_ENV, nothing about PayPro or email in the environment.
	shop = await spawnShop({ NODE_ENV: '', DATA_DIR: dataDir, DATABASE_URL: '', ADMIN_EMAIL: OWNER.email, ADMIN_PASSWORD: OWNER.password, EMAIL_PROVIDER: '', BREVO_API_KEY: '', PUBLIC_URL: '', PAYPRO_SIMULATOR: '', TRUST_PROXY: 'true' }, { startTimeoutMs: 150_000 })
})

test.afterAll(async () => {
	await shop?.stop()
	await paypro?.close()
	await smtp?.close()
	if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true })
})

test('the owner connects PayPro and email on the console, tests both, and a buyer’s order is paid and emailed', async ({ browser }) => {
	test.setTimeout(180_000)
	const owner = await browser.newContext({ baseURL: shop.url, extraHTTPHeaders: { 'X-Forwarded-For': '198.18.7.1' } })
	const staff = await owner.newPage()
	await staff.goto('/admin/login')
	await staff.getByLabel('Email').fill(OWNER.email)
	await staff.getByLabel('Password').fill(OWNER.password)
	await staff.getByRole('button', { name: 'Sign in' }).click()
	// A fresh shop hashes the owner's password at its real cost: on a busy machine that can take more than the usual ten seconds.
	await expect(staff).toHaveURL(/\/admin-dashboard/, { timeout: 30_000 })

	// The checklist names what is missing and leads to the console's forms.
	await expect(staff.getByText('Card and wallet payments go to the built-in PayPro simulator')).toBeVisible()
	await staff.getByRole('link', { name: 'Connect your PayPro account' }).click()
	await expect(staff).toHaveURL(/\/admin\/connections#paypro$/)

	const payproSection = staff.locator('#paypro')
	await payproSection.getByLabel('Client id').fill(paypro.credentials.clientId)
	await payproSection.getByLabel('Client secret').fill(paypro.credentials.clientSecret)
	await payproSection.getByLabel('Merchant id').fill(paypro.credentials.merchantId)
	await payproSection.getByLabel(/Sandbox/).check()
	await payproSection.getByLabel('PayPro’s address (optional)').fill(paypro.url)
	await payproSection.getByRole('button', { name: 'Connect PayPro' }).click()
	await expect(payproSection.locator('.success-box')).toContainText('Saved the PayPro account.')
	await payproSection.getByRole('button', { name: 'Test PayPro' }).click()
	await expect(payproSection.locator('.success-box')).toContainText('PayPro accepted the client id and secret')
	// What the owner pastes into PayPro's panel.
	const pasted = async (label: string) => (await payproSection.locator('.paste-value', { hasText: label }).locator('code').textContent())!.trim()
	const callback = { url: await pasted('Address'), username: await pasted('Username'), password: await pasted('Password') }
	expect(callback.url).toBe(`${shop.url}/paypro/uis`)

	const emailSection = staff.locator('#email')
	await emailSection.getByLabel('An SMTP server').check()
	await emailSection.getByLabel('SMTP address').fill(smtp.url)
	await emailSection.getByLabel('Send from').fill('orders@karachigames.pk')
	await emailSection.getByRole('button', { name: 'Connect email' }).click()
	await expect(emailSection.locator('.success-box')).toContainText('Saved how emails are sent.')
	await emailSection.getByRole('button', { name: 'Send a test email' }).click()
	await expect(emailSection.locator('.success-box')).toContainText(`Sent a test email to ${OWNER.email}`)
	expect(smtp.to(OWNER.email).map((m) => m.subject)).toEqual([expect.stringMatching(/^Test email from /)])
	// The secrets never come back into the page.
	const html = await staff.content()
	expect(html).not.toContain(paypro.credentials.clientSecret)
	expect(html).not.toContain(smtp.password)
	await owner.close()

	// A buyer pays online: the order goes to the connected PayPro, whose hosted page takes the money.
	const buyer = await browser.newContext({ baseURL: shop.url, extraHTTPHeaders: { 'X-Forwarded-For': '198.18.7.2' } })
	const page = await buyer.newPage()
	await page.goto('/')
	const answer = await page.request.post('/api/checkout', {
		data: { customerName: 'Bilal Ahmed', customerEmail: 'bilal@example.pk', customerMobile: '03211234567', checkoutKey: `go-live-${Date.now()}`, paymentMethod: 'paypro', productDetails: [{ id: 14, quantity: 1, selectedDenomination: { value: 10 } }] },
	})
	expect(answer.ok(), await answer.text()).toBe(true)
	const { orderNumber, paymentUrl } = (await answer.json()) as { orderNumber: string; paymentUrl: string }
	expect(paymentUrl.startsWith(`${paypro.url}/pay/`)).toBe(true)
	paypro.pay(orderNumber)
	// PayPro calls the address the owner pasted, with the credentials the owner pasted.
	const called = await fetch(callback.url, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ username: callback.username, password: callback.password, csvinvoiceids: orderNumber }) })
	expect(await called.json()).toEqual([{ StatusCode: '00', InvoiceID: orderNumber, Description: 'Invoice successfully marked as paid' }])

	await page.goto(`/order-status?ordId=${orderNumber}`)
	await expect(page.getByText('Payment Successful')).toBeVisible()
	// A real account is connected: nothing on the page calls it a test payment.
	await expect(page.getByText('Test payments only.')).toHaveCount(0)
	// The buyer's email leaves through the connected SMTP server.
	await expect.poll(() => smtp.to('bilal@example.pk').map((m) => m.subject), { timeout: 30_000 }).toContainEqual(expect.stringContaining(orderNumber))
	await buyer.close()
})
