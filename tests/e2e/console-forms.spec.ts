// The console's forms check what is typed with the server's own zod schema (issue 22): the schema's
// sentence appears beside the field before anything is sent, and a browser without scripts gets the
// same sentence beside the same field from the server.
import fs from 'node:fs'
import type { Locator, Page } from '@playwright/test'
import type { Browser } from '@playwright/test'
import { test, expect, gotoHydrated, paidOrder, signInAsOwner, unique, receiptUpload } from './helpers'

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

/** A product of its own with one option and `codes` codes in stock, on its stock page. */
async function productWithStock(page: Page, codes: number) {
	const created = await page.request.post('/api/admin/products', {
		data: { name: unique('PSN Card (forms)'), platform: 'playstation', kind: 'gift_card', description: 'Delivered on your order page.', variants: [{ label: '$10 USD', value: 10, price: 3100 }] },
	})
	expect(created.status()).toBe(201)
	const product = (await created.json()) as { id: number; variants: { id: number }[] }
	if (codes) {
		const units = Array.from({ length: codes }, (_, i) => ({ code: unique(`FORMS-${i}`).replace(/\s/g, '-') }))
		const imported = await page.request.post(`/api/admin/products/${product.id}/stock`, { data: { variantId: product.variants[0]!.id, units } })
		expect(imported.status()).toBe(201)
	}
	return product
}

test('stock: a threshold past the limit, a void reason of spaces and eleven buyers per unit are refused beside their fields before anything is sent', async ({ browser }) => {
	const { staff: page, close } = await signInAsOwner(browser, { path: '/admin/products' })
	const product = await productWithStock(page, 1)
	await gotoHydrated(page, `/admin/products/${product.id}/stock`)
	const posts = postsTo(page, `/admin/products/${product.id}/stock`)

	const threshold = page.getByLabel('Low-stock threshold for $10 USD')
	// The bounds the browser knows come from the schema.
	await expect(threshold).toHaveAttribute('min', '0')
	await expect(threshold).toHaveAttribute('max', '1000')
	await threshold.fill('5000')
	await threshold.locator('xpath=ancestor::form').getByRole('button', { name: 'Save' }).click()
	await expectRefusedBeside(page, 'Low-stock threshold for $10 USD', 'The low-stock threshold must be a whole number from 0 to 1000.')
	await screenshotsOf(page, page.locator('.stock-counts-table'), 'stock-threshold-refused')

	const reason = page.getByRole('textbox', { name: /^Reason to void unit/ })
	await expect(reason).toHaveAttribute('maxlength', '300')
	const reasonLabel = (await reason.getAttribute('aria-label'))!
	await reason.fill('   ')
	await reason.locator('xpath=ancestor::form').getByRole('button', { name: 'Void' }).click()
	await expectRefusedBeside(page, reasonLabel, 'Please give a reason of at most 300 characters.')
	await screenshotsOf(page, page.locator('.stock-units li').first(), 'stock-void-refused')

	const importForm = page.locator('form#stock-import')
	await expect(importForm.getByLabel('Buyers per unit')).toHaveAttribute('max', '10')
	await importForm.getByLabel(/Codes: one per line/).fill('FORMS-SLOTS-1')
	await importForm.getByLabel('Buyers per unit').fill('11')
	await importForm.getByRole('button', { name: 'Import' }).click()
	await expectRefusedBeside(page, 'Buyers per unit', 'Slots must be a whole number from 1 to 10.', importForm)
	expect(posts).toEqual([])
	await screenshotsOf(page, importForm, 'stock-import-refused')

	// A value the browser cannot know is wrong (no codes in the text) is refused by the server beside the text.
	await importForm.getByLabel('Buyers per unit').fill('')
	await importForm.getByLabel(/Codes: one per line/).fill('\n\n')
	await importForm.getByRole('button', { name: 'Import' }).click()
	await expectRefusedBeside(page, 'Codes: one per line, each line exactly one code (commas and quotes included). Accounts: CSV with the header login,password,notes,slots.', 'Paste at least one code or account, or choose a CSV file.', importForm)
	await close()
})

test('library: a title emptied in its row is refused beside the row’s title before anything is sent', async ({ browser }) => {
	const { staff: page, close } = await signInAsOwner(browser, { path: '/admin/library' })
	const name = unique('Forms Row')
	const add = page.getByRole('region', { name: 'Add a title' })
	await add.getByLabel('Title').fill(name)
	await add.getByLabel('Genre').fill('Racing')
	await add.getByRole('button', { name: 'Add title' }).click()
	await expect(page.getByRole('status').first()).toHaveText(`Added “${name}” (Racing) to the library.`)
	await gotoHydrated(page, `/admin/library?q=${encodeURIComponent(name)}`)
	const posts = postsTo(page, '/admin/library')
	const label = `Title of ${name}`
	const title = page.getByLabel(label, { exact: true })
	await expect(title).toHaveAttribute('maxlength', '120')
	await title.fill('   ')
	await page.getByRole('button', { name: `Save ${name}` }).click()
	await expectRefusedBeside(page, label, "Enter the game's title (up to 120 characters).")
	expect(posts).toEqual([])
	await screenshotsOf(page, page.locator('.library-table'), 'library-row-refused')
	await close()
})

test('settings: a short backup passphrase is refused beside its field before anything is sent; a long one downloads the backup', async ({ browser }) => {
	const { staff: page, close } = await signInAsOwner(browser, { path: '/admin/settings' })
	const posts = postsTo(page, '/admin/backup')
	const backup = page.locator('section[aria-labelledby="backup-heading"]')
	await backup.getByLabel('Passphrase for this backup').fill('too short')
	await backup.getByRole('button', { name: 'Download a backup' }).click()
	await expectRefusedBeside(page, 'Passphrase for this backup', 'A backup passphrase has at least 12 characters: a few words you will remember.', backup)
	expect(posts).toEqual([])
	await backup.getByLabel('Passphrase for this backup').fill('four words kept apart')
	const download = page.waitForEvent('download')
	await backup.getByRole('button', { name: 'Download a backup' }).click()
	const file = await download
	expect(file.suggestedFilename()).toMatch(/^shop-backup-\d{4}-\d{2}-\d{2}\.backup$/)
	// The file `npm run restore` reads: its first line names the format, the rest is sealed.
	expect(fs.readFileSync(await file.path()).toString('latin1')).toMatch(/^\{"format":"shop-backup","version":1,/)
	await close()
})

/** The owner's session in a browser without scripts. */
async function withoutScripts(browser: Browser) {
	const { staff: signedIn, close } = await signInAsOwner(browser, { path: '/admin/settings' })
	const storageState = await signedIn.context().storageState()
	await close()
	const context = await browser.newContext({ javaScriptEnabled: false, storageState })
	return context.newPage()
}

test('store details: a malformed support email is refused beside the field before anything is sent', async ({ browser }) => {
	const { staff: page, close } = await signInAsOwner(browser, { path: '/admin/store' })
	const posts = postsTo(page, '/admin/store')
	const form = page.locator('form.store-form')
	await form.getByLabel('Support email').fill('support-at-shop')
	await form.getByLabel('Support email').blur()
	await expectRefusedBeside(page, 'Support email', 'Enter the support email as an address like support@yourshop.pk.', form)
	await form.getByRole('button', { name: 'Save store details' }).first().click()
	expect(posts).toEqual([])
	await screenshotsOf(page, form.getByRole('region', { name: 'Store and contacts' }), 'store-refused')
	// Corrected, the sentence goes as it is typed.
	await form.getByLabel('Support email').fill('support@gamevault.pk')
	await expect(form.getByLabel('Support email')).not.toHaveAttribute('aria-invalid', 'true')
	await close()
})

test('order page: delivery content past the limit is refused beside the box before anything is sent', async ({ browser }) => {
	const orderNumber = await paidOrder(browser, `${unique('fulfil').replace(' ', '-')}@example.pk`, { id: 2, quantity: 1, selectedDuration: { months: 1 } }, 'Rs. 1,000')
	const { staff: page, close } = await signInAsOwner(browser, { path: `/admin/orders/${orderNumber}` })
	const posts = postsTo(page, '/admin/orders')
	const form = page.getByRole('form', { name: `Update order ${orderNumber}` })
	const content = form.getByLabel('Game codes or account details')
	// The box takes the schema's limit; past it (an old page, a paste the browser let through) the schema refuses it.
	await expect(content).toHaveAttribute('maxlength', '20000')
	await content.evaluate((box: HTMLTextAreaElement) => box.removeAttribute('maxlength'))
	await content.fill('X'.repeat(20_001))
	await form.getByRole('button', { name: 'Save' }).click()
	await expectRefusedBeside(page, 'Game codes or account details', 'Delivery content can be at most 20,000 characters.', form)
	expect(posts).toEqual([])
	await content.fill('XBOX-CORE-7Q4K')
	await expect(content).not.toHaveAttribute('aria-invalid', 'true')
	await content.fill('X'.repeat(20_001))
	await content.blur()
	await screenshotsOf(page, form, 'fulfillment-refused')
	await close()
})

test('product editor: a name of spaces is refused beside the name before anything is saved', async ({ browser }) => {
	const { staff: page, close } = await signInAsOwner(browser, { path: '/admin/products/2' })
	const posts = postsTo(page, '/admin/products/2')
	const form = page.locator('form#product-form')
	await form.getByLabel('Name', { exact: true }).fill('   ')
	await form.getByLabel('Name', { exact: true }).blur()
	await expectRefusedBeside(page, 'Name', 'Please give the product a name.', form)
	await form.getByRole('button', { name: 'Save' }).first().click()
	expect(posts).toEqual([])
	await screenshotsOf(page, form.getByRole('region', { name: 'Product' }), 'product-refused')
	await form.getByLabel('Name', { exact: true }).fill('Xbox Game Pass Core')
	await expect(form.getByLabel('Name', { exact: true })).not.toHaveAttribute('aria-invalid', 'true')
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

	test('stock: the server refuses a void reason of spaces with the sentence beside that unit’s reason', async ({ browser }) => {
		const page = await withoutScripts(browser)
		const product = await productWithStock(page, 2)
		await page.goto(`/admin/products/${product.id}/stock`)
		const reason = page.getByRole('textbox', { name: /^Reason to void unit/ }).last()
		const label = (await reason.getAttribute('aria-label'))!
		await reason.fill('   ')
		await reason.locator('xpath=ancestor::form').getByRole('button', { name: 'Void' }).click()
		await expectRefusedBeside(page, label, 'Please give a reason of at most 300 characters.')
		// Only that unit's field: the other unit's reason is not marked.
		await expect(page.getByRole('textbox', { name: /^Reason to void unit/ }).and(page.locator('[aria-invalid="true"]'))).toHaveCount(1)
		await page.context().close()
	})

	test('library: the server refuses a genre of spaces in a row beside that row’s genre, keeping what was typed', async ({ browser }) => {
		const page = await withoutScripts(browser)
		const name = unique('Forms NoScript')
		await page.goto('/admin/library')
		const add = page.getByRole('region', { name: 'Add a title' })
		await add.getByLabel('Title').fill(name)
		await add.getByLabel('Genre').fill('Racing')
		await add.getByRole('button', { name: 'Add title' }).click()
		await page.goto(`/admin/library?q=${encodeURIComponent(name)}`)
		await page.getByLabel(`Title of ${name}`, { exact: true }).fill(`${name} II`)
		await page.getByLabel(`Genre of ${name}`, { exact: true }).fill('   ')
		await page.getByRole('button', { name: `Save ${name}` }).click()
		await expectRefusedBeside(page, `Genre of ${name}`, 'Enter the genre (up to 40 characters), like Shooter or RPG.')
		await expect(page.getByLabel(`Title of ${name}`, { exact: true })).toHaveValue(`${name} II`)
		await page.context().close()
	})

	test('reviews: a Hide the server cannot take is refused beside that review’s button', async ({ browser }) => {
		const page = await withoutScripts(browser)
		const posted = await page.request.post('/api/reviews', { data: { productId: 12, name: unique('Faraz'), rating: 4, comment: unique('Forms review') } })
		expect(posted.status()).toBe(201)
		await page.goto('/admin/reviews')
		const review = page.getByRole('article').first()
		const id = await review.locator('input[name="reviewId"]').inputValue()
		// A form that says neither hidden nor shown (an old page, a hand-made post).
		await review.locator('input[name="hidden"]').evaluate((input: HTMLInputElement) => (input.value = 'maybe'))
		await review.getByRole('button', { name: /^(Hide|Show again) the review by/ }).click()
		const refused = page.locator('article').filter({ has: page.locator(`input[name="reviewId"][value="${id}"]`) })
		await expect(refused.getByRole('alert')).toHaveText('Say whether the review is hidden (true) or shown (false).')
		await expect(refused.getByRole('button', { name: /^(Hide|Show again) the review by/ })).toHaveAccessibleDescription('Say whether the review is hidden (true) or shown (false).')
		await page.context().close()
	})
	test('transfers: the server refuses a reason of spaces beside that transfer’s reason, not above the list', async ({ browser }) => {
		const page = await withoutScripts(browser)
		const answer = await page.request.post('/api/checkout', {
			data: { customerName: 'Sana Malik', customerEmail: `${unique('transfer').replace(' ', '-')}@example.pk`, customerMobile: '03331234567', paymentMethod: 'manual', checkoutKey: unique('e2e-forms-transfer').replace(' ', '-'), productDetails: [{ id: 2, quantity: 1, selectedDuration: { months: 1 } }] },
		})
		expect(answer.ok(), await answer.text()).toBe(true)
		const { orderNumber } = (await answer.json()) as { orderNumber: string }
		const upload = await page.request.post(`/api/order/${orderNumber}/receipt`, { multipart: receiptUpload(orderNumber) })
		expect(upload.ok()).toBe(true)
		await page.goto('/admin/payments')
		const entry = page.getByRole('article', { name: orderNumber })
		await entry.getByLabel('Reason for rejection').fill('   ')
		await entry.getByRole('button', { name: 'Reject' }).click()
		const refused = page.getByRole('article', { name: orderNumber })
		await expectRefusedBeside(page, 'Reason for rejection', 'Please write a reason: the buyer sees it on their order page.', refused)
		// Beside that field only: no sentence above the list, the confirmation note not marked.
		await expect(page.locator('.staff-transfers > .error-box')).toHaveCount(0)
		await expect(refused.getByLabel('Confirmation note')).not.toHaveAttribute('aria-invalid', 'true')
		await screenshotsOf(page, refused, 'transfer-refused')
		await page.context().close()
	})

	test('store details: the server refuses a malformed support email beside the field, keeping what was typed', async ({ browser }) => {
		const page = await withoutScripts(browser)
		await page.goto('/admin/store')
		const form = page.locator('form.store-form')
		await form.getByLabel('Support email').fill('support-at-shop')
		await form.getByLabel('Store name').fill('GameVault PK (forms)')
		await form.getByRole('button', { name: 'Save store details' }).first().click()
		await expectRefusedBeside(page, 'Support email', 'Enter the support email as an address like support@yourshop.pk.', page.locator('form.store-form'))
		await expect(page.locator('form.store-form').getByLabel('Store name')).toHaveValue('GameVault PK (forms)')
		await page.context().close()
	})
	test('product editor: the server refuses an option without a price beside its price, with a summary that links to it', async ({ browser }) => {
		const page = await withoutScripts(browser)
		await page.goto('/admin/products/new')
		const name = unique('Forms product')
		await page.getByLabel('Name', { exact: true }).fill(name)
		await page.getByLabel('Platform').selectOption({ label: 'Xbox' })
		await page.getByLabel('Kind').selectOption({ label: 'Subscription' })
		await page.getByLabel('Description', { exact: true }).fill('Checked by the server without scripts.')
		const price = page.getByLabel('Price (Rs.), option 1', { exact: true })
		await page.getByLabel('Label, option 1', { exact: true }).fill('1 Month')
		await page.getByLabel('Months, option 1', { exact: true }).fill('1')
		await page.getByRole('button', { name: 'Create product' }).last().click()
		const summary = page.getByRole('alert')
		await expect(summary).toContainText('Nothing was saved. Please fix this field:')
		await expect(summary.getByRole('link', { name: 'Option 1: Please give this option a price in rupees' })).toBeVisible()
		await expect(price).toHaveAttribute('aria-invalid', 'true')
		await expect(price).toHaveAccessibleDescription('Please give this option a price in rupees (0 only for the custom entry quoted on WhatsApp).')
		await expect(page.getByLabel('Name', { exact: true })).toHaveValue(name)
		await page.context().close()
	})
})
