import type { Browser, Page } from '@playwright/test'
import { FAKE_TELEGRAM_TOKEN } from '../fakes/telegram-server'
import { test, expect, PNG_1PX, fillTransferFacts, gotoHydrated, placeOrderFromPage, signInAsOwner, signInAsStaffMember } from './helpers'
import { shopUrls, telegramUrls } from './shops'

// Staff alerts on Telegram (issue 24): the owner connects the shop's bot, each member links their
// chat by sending it a one-time code, and a transfer receipt a buyer uploads reaches, within two
// seconds, the chat of the member who chose it and not the chat of one who switched it off. The
// shop's Telegram is a fake Bot API server (tests/fakes/telegram-server.ts) that records messages.

const telegramOf = (page: Page) => {
	const url = telegramUrls[shopUrls.indexOf(new URL(page.url()).origin.replace('127.0.0.1', 'localhost'))]
	expect(url, `no Telegram for ${page.url()}`).toBeTruthy()
	return url!
}
const sentTo = async (page: Page, chatId: number) => (await (await fetch(`${telegramOf(page)}/sent?chat_id=${chatId}`)).json()) as { text: string; at: number }[]

/** On /admin/alerts: gets a code, writes "/start CODE" to the bot from `chatId` as a person would, and checks. */
async function linkChat(page: Page, chatId: number) {
	// A chat linked by an earlier run on this shop is let go first.
	const unlink = page.getByRole('button', { name: 'Unlink Telegram' })
	if (await unlink.isVisible()) {
		await unlink.click()
		await expect(page.getByText('Your Telegram chat is unlinked')).toBeVisible()
	}
	await page.getByRole('button', { name: 'Get a link code' }).click()
	const instruction = page.locator('.telegram-code')
	await expect(instruction).toContainText('Send /start ')
	const command = (await instruction.locator('code').textContent())!.trim()
	expect(command).toMatch(/^\/start [A-Z0-9]{8}$/)
	await fetch(`${telegramOf(page)}/updates`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ chat_id: chatId, text: command }) })
	await page.getByRole('button', { name: 'I sent it: check' }).click()
	await expect(page.getByText('Your Telegram chat is linked.')).toBeVisible()
	await expect(page.getByText(/Linked to @/)).toBeVisible()
}

/** Saves the alerts form: every event but `without`, by Telegram only. */
async function chooseAlerts(page: Page, without?: string) {
	const form = page.locator('form.alerts-form')
	for (const box of await form.getByRole('group', { name: 'Tell me when' }).getByRole('checkbox').all()) await box.check()
	if (without) await form.getByRole('checkbox', { name: without }).uncheck()
	await form.getByRole('checkbox', { name: /^Email to/ }).uncheck()
	await form.getByRole('checkbox', { name: /^Telegram/ }).check()
	await form.getByRole('button', { name: 'Save alerts' }).click()
	await expect(page.getByText('Your alerts are saved.')).toBeVisible()
}

async function newStaffMember(browser: Browser, owner: Page) {
	const email = `alerts-${Date.now()}@example.pk`
	await gotoHydrated(owner, '/admin/settings')
	await owner.getByLabel('Email').fill(email)
	await owner.getByLabel('Name', { exact: true }).fill('Bilal')
	await owner.getByRole('button', { name: 'Create account' }).click()
	const password = (await owner.locator('.staff-secret').textContent())!.trim()
	return signInAsStaffMember(browser, email, password)
}

test('a transfer receipt uploaded by a buyer reaches the linked Telegram chat of the staff member who chose it within 2 seconds, and not one who switched it off', async ({ browser, page }) => {
	test.setTimeout(90_000)
	const ownerChat = 5_000_000 + Math.floor(Math.random() * 1_000_000)
	const staffChat = ownerChat + 1

	// The owner connects the bot: the token is refused when wrong, and never shown back in full.
	const { staff: owner, close: closeOwner } = await signInAsOwner(browser, { path: '/admin/alerts' })
	await expect(owner.getByRole('heading', { name: 'Alerts', level: 1 })).toBeVisible()
	// (Replaced, when an earlier run on this shop connected it.)
	const token = owner.getByLabel(/^(Bot token|Replace the token)$/)
	const connect = owner.getByRole('button', { name: /^(Connect bot|Replace token)$/ })
	await token.fill('123:nope')
	await connect.click()
	await expect(owner.getByText(/does not look like a bot token/)).toBeVisible()
	await token.fill(FAKE_TELEGRAM_TOKEN)
	await connect.click()
	await expect(owner.getByText(/The shop’s bot @\w+ is connected/)).toBeVisible()
	await expect(owner.getByText(`token ending …${FAKE_TELEGRAM_TOKEN.slice(-4)}`)).toBeVisible()
	expect(await owner.content()).not.toContain(FAKE_TELEGRAM_TOKEN.split(':')[1])
	await linkChat(owner, ownerChat)
	await chooseAlerts(owner)

	// A staff member links their chat too, and switches transfer receipts off.
	const member = await newStaffMember(browser, owner)
	await member.page.getByRole('link', { name: 'Alerts' }).click()
	await expect(member.page.getByRole('heading', { name: 'The shop’s Telegram bot' })).toHaveCount(0)
	await linkChat(member.page, staffChat)
	await chooseAlerts(member.page, 'A transfer receipt is waiting')
	await member.close()
	await closeOwner()

	// The buyer uploads their receipt on the order page.
	await gotoHydrated(page, '/')
	const buyerEmail = `buyer.${Date.now().toString(36)}@example.pk`
	const { orderNumber } = await placeOrderFromPage(page, { customerEmail: buyerEmail, paymentMethod: 'manual' })
	await gotoHydrated(page, `/order-status?internalOrderId=${orderNumber}`)
	await fillTransferFacts(page, orderNumber)
	await page.getByLabel(/PNG, JPG up to 10MB/).setInputFiles({ name: 'receipt.png', mimeType: 'image/png', buffer: PNG_1PX })
	await expect(page.getByRole('img', { name: 'Payment receipt preview' })).toBeVisible()
	// From the moment the shop has the receipt (its answer to the upload) to the message in the staff chat.
	const stored = page.waitForResponse((r) => r.request().method() === 'POST' && r.url().includes(`/${orderNumber}/receipt`) && r.status() < 400, { timeout: 30_000 }).then(() => Date.now())
	const clickedAt = Date.now()
	await page.getByRole('button', { name: 'Upload receipt', exact: true }).click()
	const storedAt = await stored

	let arrived: { text: string; at: number } | undefined
	await expect
		.poll(
			async () => {
				arrived = (await sentTo(page, ownerChat)).find((m) => m.text.includes(orderNumber))
				return !!arrived
			},
			{ timeout: 10_000, intervals: [50] },
		)
		.toBe(true)
	await expect(page.getByText('Receipt received, awaiting confirmation.')).toBeVisible()
	const seconds = (arrived!.at - storedAt) / 1000
	console.log(`staff alert: receipt stored → Telegram message in ${seconds.toFixed(2)} s (click → message ${((arrived!.at - clickedAt) / 1000).toFixed(2)} s)`)
	expect(seconds).toBeLessThan(2)
	expect(arrived!.text).toContain('Transfer receipt to check')
	expect(arrived!.text).toContain('b***@example.pk')
	expect(arrived!.text).not.toContain(buyerEmail)

	// Never twice, and never to the member who switched it off.
	await page.waitForTimeout(1500)
	expect((await sentTo(page, ownerChat)).filter((m) => m.text.includes(orderNumber))).toHaveLength(1)
	expect((await sentTo(page, staffChat)).filter((m) => m.text.includes(orderNumber))).toHaveLength(0)
})
