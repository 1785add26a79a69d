import { BLOCKED_CHECKOUT_MESSAGE } from '../../app/domain/buyers/blocklist'
import { test, expect, gotoHydrated, optionSelect, signInAsOwner, waitForHydration } from './helpers'
import { inEnglish } from '../../app/i18n/english'

// Blocked buyers (issue: money in and money out): the owner blocks an email on a phone, the buyer
// reads only the neutral sentence at checkout, and the owner sees the refusal counted on the block.

test('the owner blocks an email; that buyer’s checkout is refused with a neutral sentence, and the block counts it', async ({ page, browser }) => {
	const { staff, close } = await signInAsOwner(browser, { path: '/admin/blocklist' })
	const email = `blocked.${Date.now()}@example.pk`

	// A wrong value is refused beside its field before anything is sent.
	await staff.getByLabel('What to block').selectOption('phone')
	await staff.getByLabel('Email, phone number or network address').fill('12')
	await staff.getByRole('button', { name: 'Block', exact: true }).click()
	await expect(staff.getByText('Enter a Pakistani mobile number, like 0300 1234567.')).toBeVisible()
	await expect(staff.getByLabel('Email, phone number or network address')).toHaveAttribute('aria-invalid', 'true')

	await staff.getByLabel('What to block').selectOption('email')
	await staff.getByLabel('Email, phone number or network address').fill(email.toUpperCase())
	await staff.getByLabel('Note for staff (optional)').fill('Chargeback on an earlier order')
	await staff.getByRole('button', { name: 'Block', exact: true }).click()
	await expect(staff.getByText(`Blocked email ${email}: their checkouts and sign-ins are refused from now on.`)).toBeVisible()
	const row = staff.getByRole('listitem').filter({ hasText: email })
	await expect(row).toContainText('Chargeback on an earlier order')
	await expect(row).toContainText('Nothing refused yet.')

	// The buyer, on a phone, fills in checkout with that address in another spelling.
	await gotoHydrated(page, '/product/14')
	await optionSelect(page, 'Value').selectOption('$10 USD')
	await page.getByRole('button', { name: 'Buy $10 USD - Rs. 3,200' }).click()
	await waitForHydration(page)
	await page.getByLabel('Full Name').fill('Ali Khan')
	await page.getByLabel('Email Address').fill(email.replace('blocked', 'Blocked'))
	await page.getByLabel('Phone Number').fill('0300 1234567')
	await page.getByRole('button', { name: 'Proceed to Payment Rs. 3,200' }).click()
	await expect(page.getByText(inEnglish(BLOCKED_CHECKOUT_MESSAGE))).toBeVisible()
	await expect(page).toHaveURL(/\/checkout/)

	await staff.reload()
	await expect(staff.getByRole('listitem').filter({ hasText: email })).toContainText('Refused 1 time')
	await staff.getByRole('button', { name: `Unblock ${email}` }).click()
	await expect(staff.getByText('The block is lifted.')).toBeVisible()
	await expect(staff.getByRole('listitem').filter({ hasText: email })).toHaveCount(0)
	await close()
})
