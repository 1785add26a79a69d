import { test, expect, emailTo, gotoHydrated, signInAsOwner, unique } from './helpers'

test.describe('contact form', () => {
	test('an invalid email is reported on the field and nothing is sent', async ({ page }) => {
		await gotoHydrated(page, '/contact')
		await page.getByLabel('Name').fill('Ali Raza')
		await page.getByLabel('Email').fill('ali.raza-at-example')
		await page.getByLabel('Message').fill('Do you sell Game Pass for 3 months?')
		await page.getByRole('button', { name: 'Send Message' }).click()

		const email = page.getByLabel('Email')
		await expect(email).toHaveAttribute('aria-invalid', 'true')
		await expect(email).toHaveAccessibleDescription('Please enter a valid email address.')
		await expect(page.getByText('Please enter a valid email address.')).toBeVisible()
		await expect(page.getByRole('alert')).toContainText('Please check the highlighted fields.')
		// What was typed is kept, and the other fields are fine.
		await expect(email).toHaveValue('ali.raza-at-example')
		await expect(page.getByLabel('Name')).not.toHaveAttribute('aria-invalid', 'true')
		await expect(page.getByText('Your message has been sent')).toHaveCount(0)
	})

	test('a valid message is sent', async ({ page }) => {
		await gotoHydrated(page, '/contact')
		await page.getByLabel('Name').fill('Sana Khan')
		await page.getByLabel('Email').fill('sana.khan@example.com')
		await page.getByLabel('Subject (optional)').fill(unique('Order question'))
		await page.getByLabel('Message').fill('Is the Xbox Gift Card delivered by email as well as WhatsApp?')
		await page.getByRole('button', { name: 'Send Message' }).click()
		await expect(page.getByRole('status').filter({ hasText: 'Your message has been sent' })).toBeVisible()
		await expect(page.getByRole('button', { name: 'Send Message' })).toHaveCount(0)
	})

	test('the owner is alerted by email, replies from the inbox, and the buyer receives the reply under their subject', async ({ browser, page }) => {
		test.setTimeout(60_000)
		const subject = unique('Refund question')
		const buyer = `${unique('buyer').replace(/\W+/g, '-')}@example.pk`
		await gotoHydrated(page, '/contact')
		await page.getByLabel('Name').fill('Hamza Ali')
		await page.getByLabel('Email').fill(buyer)
		await page.getByLabel('Subject (optional)').fill(subject)
		await page.getByLabel('Message').fill('Can I get a refund for a code I have not used?')
		await page.getByRole('button', { name: 'Send Message' }).click()
		await expect(page.getByRole('status').filter({ hasText: 'Your message has been sent' })).toBeVisible()

		const { staff, close } = await signInAsOwner(browser, { path: '/admin/inbox' })
		// Alerts are on from the start: the owner, who never chose, hears of it by email.
		await emailTo(staff, 'owner@example.pk', new RegExp(`New contact message: ${subject}`))
		const message = staff.getByRole('article', { name: subject })
		await message.getByText('Reply', { exact: true }).click()
		const box = message.getByLabel(/^Your reply to Hamza Ali/)
		await message.getByRole('button', { name: 'Send reply' }).click()
		await expect(box).toHaveAttribute('aria-invalid', 'true')
		await expect(box).toHaveAccessibleDescription('Write your reply before sending it.')
		await box.fill('Yes: an unused code can be refunded. Send us your order number.')
		await message.getByRole('button', { name: 'Send reply' }).click()
		await expect(staff.getByRole('status')).toContainText(`Your reply is on its way to ${buyer}.`)
		await expect(message.getByRole('list', { name: 'Replies to Hamza Ali' })).toContainText('Yes: an unused code can be refunded.')
		await expect(message.getByRole('list', { name: 'Replies to Hamza Ali' })).toContainText('Replied by owner@example.pk')
		await expect(message.getByText('Handled', { exact: true })).toBeVisible()

		const mail = await emailTo(staff, buyer, new RegExp(`^Re: ${subject}$`))
		expect(mail.textContent).toContain('Yes: an unused code can be refunded. Send us your order number.')
		expect(mail.textContent).toContain('> Can I get a refund for a code I have not used?')
		await close()
	})
})
