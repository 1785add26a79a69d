import { test, expect, gotoHydrated, unique } from './helpers'

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
})
