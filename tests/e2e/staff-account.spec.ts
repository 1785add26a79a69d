import type { Browser, Page } from '@playwright/test'
import { test, expect, placeOrderFromPage, signInAsOwner } from './helpers'

/** A client address per browser (the e2e server trusts X-Forwarded-For), so sign-in limits never bite here. */
const address = () => `198.19.${Math.floor(Math.random() * 256)}.${1 + Math.floor(Math.random() * 254)}`

async function signedIn(browser: Browser, email: string, password: string, options: { javaScriptEnabled?: boolean } = {}) {
	const context = await browser.newContext({ ...options, extraHTTPHeaders: { 'X-Forwarded-For': address() } })
	const page = await context.newPage()
	await page.goto('/admin/login')
	await page.getByLabel('Email').fill(email)
	await page.getByLabel('Password').fill(password)
	await page.getByRole('button', { name: 'Sign in' }).click()
	await expect(page).toHaveURL(/\/admin-dashboard$/)
	return { page, close: () => context.close() }
}

/** Opens the order's live stream in the page, as its order page does, and notes when the server ends it. */
async function openStaffStream(page: Page, orderNumber: string) {
	await page.evaluate(
		(url) =>
			new Promise<void>((resolve) => {
				const w = window as unknown as { __streamEndedAt?: number }
				const source = new EventSource(url)
				source.addEventListener('ready', () => resolve())
				source.addEventListener('error', () => {
					w.__streamEndedAt ??= Date.now()
					source.close()
				})
			}),
		`/api/order/stream?orderNumber=${encodeURIComponent(orderNumber)}`,
	)
}

test('a staff member changes their password without scripts; their order stream on another device closes within a second', async ({ browser }) => {
	// Four browsers and three sign-ins.
	test.slow()
	// The owner adds a staff member, whose password is shown once.
	const { staff: owner, close: closeOwner } = await signInAsOwner(browser, { path: '/admin/settings' })
	const email = `account-${Date.now()}@example.pk`
	await owner.getByLabel('Email').fill(email)
	await owner.getByLabel('Name', { exact: true }).fill('Mariam')
	await owner.getByRole('button', { name: 'Create account' }).click()
	const password = (await owner.locator('.staff-secret').textContent())!.trim()
	await closeOwner()

	// Their phone: signed in, with an order's live stream open.
	const phone = await signedIn(browser, email, password)
	const { orderNumber } = await placeOrderFromPage(phone.page, { paymentMethod: 'manual' })
	await phone.page.goto(`/order-status?internalOrderId=${orderNumber}`)
	await openStaffStream(phone.page, orderNumber)

	// Their laptop, without scripts: Settings → Your account.
	const laptop = await signedIn(browser, email, password, { javaScriptEnabled: false })
	await laptop.page.getByRole('navigation', { name: 'Staff console' }).getByRole('link', { name: 'Settings' }).click()
	const section = laptop.page.getByRole('region', { name: 'Your account' })
	await expect(section).toBeVisible()
	await expect(laptop.page.getByRole('heading', { name: 'Staff accounts' })).toHaveCount(0)
	for (const [width, height] of [
		[360, 740],
		[1280, 900],
	] as const) {
		await laptop.page.setViewportSize({ width, height })
		await section.screenshot({ path: test.info().outputPath(`your-account-${width}.png`) })
	}

	// A wrong current password is refused with a sentence, and nothing changes.
	await section.getByLabel('Current password').fill('not-my-password')
	await section.getByLabel('New password').fill('mariam-new-password-2')
	await section.getByRole('button', { name: 'Change password' }).click()
	await expect(laptop.page.getByText('That is not your current password.')).toBeVisible()
	expect(await phone.page.evaluate(() => (window as unknown as { __streamEndedAt?: number }).__streamEndedAt)).toBeUndefined()

	await laptop.page.getByLabel('Current password').fill(password)
	await laptop.page.getByLabel('New password').fill('mariam-new-password-2')
	await laptop.page.getByRole('button', { name: 'Change password' }).click()
	await expect(laptop.page).toHaveURL(/\/admin\/login\?signedOut=password-changed$/)
	// Counted from the laptop's answer: hashing the new password (at production cost) comes before it.
	const answeredAt = Date.now()
	await expect(laptop.page.getByText('Your password is changed and every device was signed out. Sign in with your new password.')).toBeVisible()
	await phone.page.waitForFunction(() => (window as unknown as { __streamEndedAt?: number }).__streamEndedAt !== undefined, undefined, { timeout: 5_000 })
	const endedAt = await phone.page.evaluate(() => (window as unknown as { __streamEndedAt: number }).__streamEndedAt)
	expect(endedAt - answeredAt).toBeLessThan(1_000)

	// The phone is signed out too; the new password signs in.
	await phone.page.goto('/admin/settings')
	await expect(phone.page).toHaveURL(/\/admin\/login/)
	await laptop.close()
	const again = await signedIn(browser, email, 'mariam-new-password-2')
	await again.close()
	await phone.close()
})
