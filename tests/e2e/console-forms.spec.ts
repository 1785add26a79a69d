// The console's forms check what is typed with the server's own zod schema (issue 22): the schema's
// sentence appears beside the field before anything is sent, and a browser without scripts gets the
// same sentence beside the same field from the server.
import type { Locator, Page } from '@playwright/test'
import { test, expect, signInAsOwner } from './helpers'

/** The refused form at a phone's and a laptop's width, kept with the test's results to look at. */
async function screenshotsOf(page: Page, part: Locator, name: string) {
	for (const [width, height] of [
		[360, 740],
		[1280, 900],
	] as const) {
		await page.setViewportSize({ width, height })
		await part.screenshot({ path: test.info().outputPath(`${name}-${width}.png`) })
	}
}

/** Counts the form posts the page sends to `path`. */
function postsTo(page: Page, path: string) {
	const posts: string[] = []
	page.on('request', (request) => {
		if (request.method() === 'POST' && new URL(request.url()).pathname.startsWith(path)) posts.push(request.url())
	})
	return posts
}

/** The field is marked invalid and names the sentence shown beside it. */
async function expectRefusedBeside(page: Page, label: string, message: string, scope = page.locator('body')) {
	const field = scope.getByLabel(label, { exact: true })
	await expect(field).toHaveAttribute('aria-invalid', 'true')
	const describedBy = (await field.getAttribute('aria-describedby'))!.split(' ')
	await expect(page.locator(`[id="${describedBy[0]}"]`)).toHaveText(message)
	await expect(field).toHaveAccessibleDescription(new RegExp(message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
}

test('settings: a name of spaces and a short new password are refused beside their fields before anything is sent', async ({ browser }) => {
	const { staff: page, close } = await signInAsOwner(browser, { path: '/admin/settings' })
	const posts = postsTo(page, '/admin/settings')
	const staffForm = page.locator('form#create-staff')
	await staffForm.getByLabel('Email').fill('spaces@example.pk')
	await staffForm.getByLabel('Name', { exact: true }).fill('   ')
	await staffForm.getByRole('button', { name: 'Create account' }).click()
	await expectRefusedBeside(page, 'Name', 'Please enter a name.', staffForm)
	await screenshotsOf(page, staffForm, 'settings-staff-refused')
	// Typing a name clears it as it is typed.
	await staffForm.getByLabel('Name', { exact: true }).fill('Sana')
	await expect(staffForm.getByLabel('Name', { exact: true })).not.toHaveAttribute('aria-invalid', 'true')

	const account = page.getByRole('region', { name: 'Your account' })
	await account.getByLabel('Current password').fill('e2e-owner-password')
	await account.getByLabel('New password').fill('short')
	await account.getByRole('button', { name: 'Change password' }).click()
	await expectRefusedBeside(page, 'New password', 'Passwords need at least 10 characters.', account)
	// The limits the browser knows come from the same schema.
	await expect(account.getByLabel('New password')).toHaveAttribute('maxlength', '1024')
	await expect(staffForm.getByLabel('Name', { exact: true })).toHaveAttribute('maxlength', '100')
	expect(posts).toEqual([])
	await screenshotsOf(page, account, 'settings-password-refused')
	await close()
})

test('DM order: a malformed email is refused beside the field before anything is sent; blank optional fields are not required', async ({ browser }) => {
	const { staff: page, close } = await signInAsOwner(browser, { path: '/admin/dm-order' })
	const posts = postsTo(page, '/admin/dm-order')
	const form = page.locator('form#dm-order')
	// The buyer's details, the amount and the duration may be left blank.
	for (const label of ['Customer Name', 'Customer Email', 'Customer Phone', 'Amount (PKR)']) await expect(form.getByLabel(label)).not.toHaveAttribute('required')
	await expect(form.getByLabel('Customer Name')).toHaveAttribute('maxlength', '100')
	await form.getByLabel('Customer Email').fill('hira-at-example')
	await form.getByLabel('Amount (PKR)').fill('lots')
	await form.getByRole('button', { name: 'Create Order' }).click()
	await expectRefusedBeside(page, 'Customer Email', 'Enter a valid customer email address, or leave it blank.', form)
	await expectRefusedBeside(page, 'Amount (PKR)', 'The amount must be a number of rupees, like 4000.', form)
	expect(posts).toEqual([])
	await screenshotsOf(page, form, 'dm-order-refused')
	await close()
})

test('library: a title without a genre is refused beside the genre before anything is sent', async ({ browser }) => {
	const { staff: page, close } = await signInAsOwner(browser, { path: '/admin/library' })
	const posts = postsTo(page, '/admin/library')
	const add = page.getByRole('region', { name: 'Add a title' })
	await expect(add.getByLabel('Title')).toHaveAttribute('maxlength', '120')
	await expect(add.getByLabel('Genre')).toHaveAttribute('maxlength', '40')
	await add.getByLabel('Title').fill('Forza Horizon 9')
	await add.getByLabel('Genre').fill('  ')
	await add.getByRole('button', { name: 'Add title' }).click()
	await expectRefusedBeside(page, 'Genre', 'Enter the genre (up to 40 characters), like Shooter or RPG.', add)
	expect(posts).toEqual([])
	await screenshotsOf(page, add, 'library-add-refused')
	await close()
})

test('page editor: an emptied page is refused beside the text before anything is saved', async ({ browser }) => {
	const { staff: page, close } = await signInAsOwner(browser, { path: '/admin/pages/refund-policy' })
	const posts = postsTo(page, '/admin/pages/refund-policy')
	const text = page.getByLabel('Page text (Markdown)')
	await expect(text).toHaveAttribute('maxlength', '100000')
	await text.fill('')
	await page.getByRole('button', { name: 'Save page' }).click()
	await expectRefusedBeside(page, 'Page text (Markdown)', 'The page cannot be empty. Write its text, or use Restore default to go back to the shop’s own.')
	expect(posts).toEqual([])
	for (const [width, height] of [
		[360, 740],
		[1280, 900],
	] as const) {
		await page.setViewportSize({ width, height })
		await page.locator('form#page-editor').screenshot({ path: test.info().outputPath(`page-editor-refused-${width}.png`) })
	}
	await close()
})

test('security: a code of spaces is refused beside the field before anything is sent', async ({ browser }) => {
	const { staff: page, close } = await signInAsOwner(browser, { path: '/admin/security' })
	const posts = postsTo(page, '/admin/security')
	const form = page.locator('form#enable')
	await expect(form.getByLabel('Enter the 6-digit code the app shows')).toHaveAttribute('maxlength', '40')
	await form.getByLabel('Enter the 6-digit code the app shows').fill('   ')
	await form.getByRole('button', { name: 'Turn on two-factor sign-in' }).click()
	await expectRefusedBeside(page, 'Enter the 6-digit code the app shows', 'Please enter the 6-digit code your authenticator app shows.', form)
	expect(posts).toEqual([])
	await screenshotsOf(page, form, 'security-code-refused')
	await close()
})

test.describe('without scripts', () => {
	test('settings: the server refuses a name of spaces with the same sentence beside the field, keeping what was typed', async ({ browser }) => {
		const { staff: signedIn, close: closeSignedIn } = await signInAsOwner(browser, { path: '/admin/settings' })
		const storageState = await signedIn.context().storageState()
		await closeSignedIn()
		const context = await browser.newContext({ javaScriptEnabled: false, storageState })
		const close = () => context.close()
		const page = await context.newPage()
		await page.goto('/admin/settings')
		const staffForm = page.locator('form#create-staff')
		await staffForm.getByLabel('Email').fill('spaces-again@example.pk')
		await staffForm.getByLabel('Name', { exact: true }).fill('   ')
		await staffForm.getByRole('button', { name: 'Create account' }).click()
		await expectRefusedBeside(page, 'Name', 'Please enter a name.', page.locator('form#create-staff'))
		await expect(page.locator('form#create-staff').getByLabel('Email')).toHaveValue('spaces-again@example.pk')
		await close()
	})
})
