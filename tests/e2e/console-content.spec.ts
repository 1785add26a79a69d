import type { Page } from '@playwright/test'
import { test, expect, reviewsSection, signInAsOwner, unique, waitForHydration } from './helpers'

// Content from the staff console as a buyer sees it: a review the owner hides leaves a product page
// that is already open, without a reload; the FAQ the owner rewrites in Markdown is what /faq shows.

// No other suite reviews this product, so its list is this test's own.
const PRODUCT = 12

/** Opens a product page and waits until its live reviews stream is connected. */
async function openWithLiveReviews(page: Page, productId: number) {
	const stream = page.waitForResponse((r) => r.url().includes(`/api/reviews/stream?productId=${productId}`))
	await page.goto(`/product/${productId}`, { waitUntil: 'domcontentloaded' })
	await waitForHydration(page)
	expect((await stream).status()).toBe(200)
}

test('a review the owner hides disappears from a buyer’s open product page without a reload, and comes back when shown again', async ({ page, browser }) => {
	const name = unique('Kashif')
	const spam = unique('Cheap coins at spam.example, DM me')
	const kept = unique('Code worked first time')
	for (const comment of [kept, spam]) {
		const posted = await page.request.post('/api/reviews', { data: { productId: PRODUCT, name: comment === spam ? name : 'Ayesha', rating: comment === spam ? 1 : 5, comment } })
		expect(posted.status()).toBe(201)
	}

	// The buyer has the product page open.
	await openWithLiveReviews(page, PRODUCT)
	const reviews = reviewsSection(page)
	await expect(reviews.getByText(spam)).toBeVisible()
	await expect(reviews.getByText(kept)).toBeVisible()
	// Marks this very document: a reload or a navigation would lose it.
	await page.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true))

	const { staff, close } = await signInAsOwner(browser, { path: '/admin/reviews' })
	try {
		const review = staff.getByRole('article').filter({ hasText: spam })
		await expect(review).toContainText(name)
		await review.getByRole('button', { name: `Hide the review by ${name}` }).click()
		await expect(staff.getByRole('status')).toHaveText('Review hidden: it has left the product page, and open pages drop it now.')
		await expect(staff.getByRole('article').filter({ hasText: spam })).toContainText('Hidden')

		await expect(reviews.getByText(spam)).toHaveCount(0)
		await expect(reviews.getByText(kept)).toBeVisible()
		expect(await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true)
		// Gone for a new visitor too (the cached page was cleared).
		const fresh = await (await page.request.get(`/product/${PRODUCT}`)).text()
		expect(fresh).not.toContain(spam)
		expect(fresh).toContain(kept)

		await staff.getByRole('article').filter({ hasText: spam }).getByRole('button', { name: `Show again the review by ${name}` }).click()
		await expect(staff.getByRole('status')).toHaveText('Review shown again on its product page.')
		await expect(reviews.getByRole('listitem').filter({ hasText: spam })).toHaveCount(1)
		// Back in its place: it was posted last, so it comes first.
		await expect(reviews.getByRole('listitem').first()).toContainText(spam)
	} finally {
		await close()
	}
})

test('the owner rewrites the FAQ in Markdown and /faq shows it, sanitised; Restore default brings the shop’s own back', async ({ page, browser }) => {
	const question = unique('Do you deliver on Eid')
	const dialogs: string[] = []
	page.on('dialog', (dialog) => {
		dialogs.push(dialog.message())
		void dialog.dismiss()
	})
	const { staff, close } = await signInAsOwner(browser, { path: '/admin/pages/faq' })
	try {
		const editor = staff.getByLabel('Page text (Markdown)')
		await expect(editor).toHaveValue(/## How will I receive my product\?/)
		await editor.fill(
			[
				'Quick answers from {storeName}.',
				'',
				`## ${question}?`,
				'',
				'Yes, **every day**, Eid included. <script>alert("faq")</script>',
				'',
				'[Message us](javascript:alert(1)) or see the [refund policy](/refund-policy).',
			].join('\n'),
		)
		// The preview follows the text as it is typed.
		const preview = staff.getByRole('region', { name: 'Preview' })
		await expect(preview.getByRole('heading', { name: `${question}?` })).toBeVisible()
		await staff.getByRole('button', { name: 'Save page' }).click()
		await expect(staff.getByRole('status')).toHaveText('Saved. /faq shows your text now.')

		await page.goto('/faq')
		await expect(page.getByRole('heading', { level: 2, name: `${question}?` })).toBeVisible()
		await expect(page.getByText('Quick answers from GameVault PK.')).toBeVisible()
		await expect(page.getByText('every day', { exact: true })).toHaveJSProperty('tagName', 'STRONG')
		await expect(page.getByRole('link', { name: 'refund policy' })).toHaveAttribute('href', '/refund-policy')
		// The javascript: link keeps its words and loses its address; the script never reaches the page.
		await expect(page.getByRole('link', { name: 'Message us' })).toHaveCount(0)
		await expect(page.getByText('Message us')).toBeVisible()
		await expect(page.locator('.policy-body script')).toHaveCount(0)
		await expect(page.getByText('How will I receive my product?')).toHaveCount(0)
		expect(dialogs).toEqual([])
	} finally {
		staff.once('dialog', (dialog) => void dialog.accept())
		await staff.goto('/admin/pages/faq')
		await waitForHydration(staff)
		await staff.getByRole('button', { name: 'Restore default' }).click()
		await expect(staff.getByRole('status')).toContainText('Restored the shop’s own text.')
		await close()
	}
	await page.goto('/faq')
	await expect(page.getByRole('heading', { level: 2, name: 'How will I receive my product?' })).toBeVisible()
	await expect(page.getByText(question)).toHaveCount(0)
})

test('without scripts, the owner adds a library title, hides it, and imports a CSV; the library page follows', async ({ page, browser, baseURL }) => {
	const title = unique('Hunza Valley Rally')
	const imported = unique('Karachi Drift')
	const context = await browser.newContext({ baseURL, javaScriptEnabled: false })
	const staff = await context.newPage()
	const hide = async (name: string) => {
		await staff.goto(`/admin/library?q=${encodeURIComponent(name)}&show=visible`)
		const button = staff.getByRole('button', { name: `Hide ${name}` })
		if ((await button.count()) === 0) return
		await button.click()
		await expect(staff.getByRole('status').first()).toHaveText(`Hid “${name}”: the library page no longer lists it.`)
	}
	try {
		await staff.goto('/admin/library')
		await expect(staff).toHaveURL(/\/admin\/login/)
		await staff.getByLabel('Email').fill('owner@example.pk')
		await staff.getByLabel('Password').fill('e2e-owner-password')
		await staff.getByRole('button', { name: 'Sign in' }).click()
		await expect(staff).toHaveURL(/\/admin\/library$/)

		const add = staff.getByRole('region', { name: 'Add a title' })
		await add.getByLabel('Title').fill(title)
		await add.getByLabel('Genre').fill('Racing')
		await add.getByLabel('Top (Trending Now)').check()
		await add.getByRole('button', { name: 'Add title' }).click()
		await expect(staff.getByRole('status').first()).toHaveText(`Added “${title}” (Racing, Top) to the library.`)

		await page.goto(`/game-pass-library?q=${encodeURIComponent(title)}`)
		await expect(page.getByRole('region', { name: /Trending Now/ }).getByText(title)).toBeVisible()

		await hide(title)
		await page.goto(`/game-pass-library?q=${encodeURIComponent(title)}`)
		await expect(page.getByText('No games found matching your criteria')).toBeVisible()

		await staff.goto('/admin/library')
		await staff.getByLabel('CSV file').setInputFiles({ name: 'titles.csv', mimeType: 'text/csv', buffer: Buffer.from(`title,genre,top\n${imported},Racing,no\nAvowed,RPG,maybe\n`) })
		await staff.getByRole('button', { name: 'Import' }).click()
		await expect(staff.getByRole('status').first()).toHaveText('Imported: 1 added, 0 updated, 1 skipped.')
		await expect(staff.getByRole('region', { name: 'Skipped lines' })).toContainText('Line 3 (Avowed): top is "maybe": use yes, no, true, false, 1 or 0')
		await page.goto(`/game-pass-library?q=${encodeURIComponent(imported)}`)
		await expect(page.getByRole('region', { name: /All Titles/ }).getByText(imported)).toBeVisible()
	} finally {
		// The other suites count the library: what this test added leaves it again.
		await hide(title)
		await hide(imported)
		await context.close()
	}
})
