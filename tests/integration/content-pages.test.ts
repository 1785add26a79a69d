import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { policyPages } from '../../app/content/policies'
import { auditLog } from '../../app/db/schema'
import { POLICY_SLUGS } from '../../app/domain/pages/page-input'
import { listPolicyPages, readPolicyPage, renderPolicyPage, restorePolicyPage, savePolicyPage, saveUrduVersion } from '../../app/domain/pages/policy-pages.server'
import { renderMarkdown } from '../../app/domain/pages/render-markdown.server'
import type { Actor } from '../../app/domain/staff/audit.server'
import { STORE_CHANGED_CHANNEL } from '../../app/domain/store-changes.server'
import { AppError } from '../../app/utils/app-error'
import { fillPlaceholders } from '../../app/utils/seo'
import { databaseKinds, useTestDatabase } from '../setup/test-db'

const owner: Actor = { staffId: null, label: 'owner@example.pk' }
const tokens = { storeName: 'GameVault PK', supportEmail: 'help@gamevault.pk', whatsapp: '+92 300 7654321' }

/** The words of an HTML fragment, as a reader sees them. */
const textOf = (html: string) =>
	html
		.replace(/<\/?(p|h\d|li|ul|ol|td|th|tr|table|thead|tbody|br|hr|blockquote|pre)\b[^>]*>/g, ' ')
		.replace(/<[^>]+>/g, '')
		.replace(/&amp;/g, '&')
		.replace(/&#39;|&#x27;/g, "'")
		.replace(/&quot;/g, '"')
		.replace(/\s+/g, ' ')
		.trim()

async function failure(promise: Promise<unknown>) {
	const error = await promise.catch((e: unknown) => e)
	expect(error).toBeInstanceOf(AppError)
	return error as AppError
}

describe('policy Markdown as the storefront shows it', () => {
	it('removes scripts, event handlers, raw HTML and javascript: links, and keeps headings, lists, links, bold and tables', () => {
		const html = renderMarkdown(
			[
				'## Can I pay by card?',
				'Yes, **by card** or [JazzCash](https://www.jazzcash.com.pk). <script>alert("stolen")</script>',
				'<img src=x onerror="alert(1)"> <b onclick="alert(2)">loud</b> <iframe src="https://evil.example"></iframe>',
				'[Click for a prize](javascript:alert(3)) [Also](JAVASCRIPT:alert(4)) <a href="javascript:alert(5)">raw link</a> [data](data:text/html;base64,PHNjcmlwdD4=)',
				'',
				'<script>',
				'document.cookie',
				'</script>',
				'',
				'- one',
				'- two',
				'',
				'| Plan | Price |',
				'| --- | ---: |',
				'| 1 Month | Rs. 1,200 |',
				'',
				'See the [refund policy](/refund-policy) or mail {supportEmail}.',
			].join('\n'),
			tokens,
		)
		for (const banned of ['<script', 'alert(', 'onerror', 'onclick', 'javascript:', 'JAVASCRIPT:', '<img', '<iframe', 'data:', 'document.cookie', '<b ']) {
			expect(html).not.toContain(banned)
		}
		expect(html).toContain('<h2>Can I pay by card?</h2>')
		expect(html).toContain('<strong>by card</strong>')
		expect(html).toContain('<a href="https://www.jazzcash.com.pk" rel="nofollow noopener">JazzCash</a>')
		expect(html).toContain('<a href="/refund-policy">refund policy</a>')
		expect(html).toMatch(/<ul>\s*<li>one<\/li>\s*<li>two<\/li>\s*<\/ul>/)
		expect(html).toMatch(/<table>[\s\S]*<th>Plan<\/th>[\s\S]*<td align="right">Rs. 1,200<\/td>[\s\S]*<\/table>/)
		// The words of a refused link stay, without the link.
		expect(textOf(html)).toContain('Click for a prize')
		expect(html).toContain('mailto:help@gamevault.pk')
	})

	it('fills the store’s name, email and WhatsApp number, and makes a second # heading a section', () => {
		const html = renderMarkdown('# About {storeName}\n\nMessage {whatsapp} on WhatsApp or email {supportEmail}. {unknown} stays.', tokens)
		expect(html).toContain('<h2>About GameVault PK</h2>')
		expect(textOf(html)).toContain('Message +92 300 7654321 on WhatsApp or email help@gamevault.pk. {unknown} stays.')
		expect(html).not.toContain('<h1')
	})
})

describe.each(databaseKinds)('policy pages and the FAQ from the console on %s', (kind) => {
	// The worker's seeded database, emptied before the first test and after each.
	const database = useTestDatabase(kind)

	it('shows the shop’s own texts until the owner edits them: every heading, paragraph and bullet, tokens filled', async () => {
		const { db } = database
		for (const slug of POLICY_SLUGS) {
			const page = await renderPolicyPage(db, slug, tokens)
			const source = policyPages[slug]
			expect(page).toMatchObject({ title: source.title, lastUpdated: 'July 8, 2025' })
			const words = textOf(page.html)
			expect(words.startsWith(textOf(fillPlaceholders(source.intro, tokens)))).toBe(true)
			for (const section of source.sections) {
				expect(page.html).toContain(`<h2>${fillPlaceholders(section.heading, tokens).replace(/&/g, '&amp;').replace(/'/g, '&#39;')}</h2>`)
				for (const text of [...section.paragraphs, ...(section.bullets ?? [])]) expect(words).toContain(textOf(fillPlaceholders(text, tokens)))
			}
			expect(page.html).not.toMatch(/\{(storeName|supportEmail|whatsapp)\}/)
		}
		const faq = await renderPolicyPage(db, 'faq', tokens)
		// Each question is a heading with its answer under it, as the FAQ read before.
		expect(faq.html).toMatch(/<h2>How will I receive my product\?<\/h2>\s*<p>Everything is delivered digitally\./)
	})

	it('saves the owner’s Markdown, shows it dated, audits before and after, clears every instance’s pages, and restores the default', async () => {
		const { db } = database
		const changes: string[] = []
		const stop = await database.database.listen(STORE_CHANGED_CHANNEL, (payload) => changes.push(payload))
		try {
			const original = await readPolicyPage(db, 'faq')
			const markdown = 'Questions buyers ask {storeName}.\n\n## Do you deliver on Eid?\n\nYes, every day of the year.'
			const saved = await savePolicyPage(db, owner, 'faq', markdown)
			expect(saved).toMatchObject({ edited: true, markdown })
			expect(saved.lastUpdated).toMatch(/^[A-Z][a-z]+ \d{1,2}, \d{4}$/)
			const page = await renderPolicyPage(db, 'faq', tokens)
			expect(page.html).toContain('<h2>Do you deliver on Eid?</h2>')
			expect(page.html).toContain('Questions buyers ask GameVault PK.')
			expect(page.html).not.toContain('How will I receive my product?')
			await expect.poll(() => changes, { timeout: 5000 }).toContain('pages')

			const [entry] = await db.select().from(auditLog).where(eq(auditLog.target, 'page faq')).orderBy(auditLog.id)
			expect(entry).toMatchObject({ action: 'page.update', actor: 'owner@example.pk' })
			expect(entry!.before).toEqual({ markdown: original.markdown, edited: false })
			expect(entry!.after).toEqual({ markdown, edited: true })
			// The list says the Urdu page now shows this English (the shop's Urdu no longer matches it), until an Urdu version is saved.
			expect((await listPolicyPages(db)).find((p) => p.slug === 'faq')).toMatchObject({ edited: true, urdu: { shows: 'english' } })
			expect((await listPolicyPages(db)).find((p) => p.slug === 'refund-policy')).toMatchObject({ edited: false, urdu: { shows: 'shop' } })
			await saveUrduVersion(db, owner, 'faq', '## کیا آپ عید پر ڈیلیور کرتے ہیں؟\n\nجی ہاں۔')
			expect((await listPolicyPages(db)).find((p) => p.slug === 'faq')).toMatchObject({ urdu: { shows: 'owner', updatedAt: expect.any(String) } })

			const restored = await restorePolicyPage(db, owner, 'faq')
			expect(restored).toMatchObject({ edited: false, markdown: original.markdown, lastUpdated: 'July 8, 2025' })
			expect((await renderPolicyPage(db, 'faq', tokens)).html).toContain('How will I receive my product?')
			const entries = await db.select().from(auditLog).where(eq(auditLog.target, 'page faq')).orderBy(auditLog.id)
			expect(entries.map((e) => e.action)).toEqual(['page.update', 'page.restore'])
			expect(entries[1]!.before).toEqual({ markdown, edited: true })
		} finally {
			await stop()
		}
	})

	it('saving the same text changes nothing, and the shop’s own text sent back is the page without an edit', async () => {
		const { db } = database
		const page = await readPolicyPage(db, 'refund-policy')
		expect(await savePolicyPage(db, owner, 'refund-policy', page.markdown)).toMatchObject({ edited: false })
		await savePolicyPage(db, owner, 'refund-policy', `${page.markdown}\n\nOne more line.`)
		expect(await savePolicyPage(db, owner, 'refund-policy', page.defaultMarkdown)).toMatchObject({ edited: false, updatedAt: null })
		expect((await db.select().from(auditLog).where(eq(auditLog.target, 'page refund-policy')).orderBy(auditLog.id)).map((e) => e.after?.edited)).toEqual([true, false])
	})

	it('refuses an empty, too long or NUL-bearing text and an unknown page, with sentences', async () => {
		const { db } = database
		expect((await failure(savePolicyPage(db, owner, 'faq', '   '))).message).toBe('The page cannot be empty. Write its text, or use Restore default to go back to the shop’s own.')
		expect((await failure(savePolicyPage(db, owner, 'faq', 'x'.repeat(100_001)))).status).toBe(400)
		expect((await failure(savePolicyPage(db, owner, 'faq', 'a\0b'))).status).toBe(400)
		expect((await failure(savePolicyPage(db, owner, 'faq', 42))).message).toBe('Send the page’s Markdown as text.')
		const unknown = await failure(readPolicyPage(db, 'cookies'))
		expect(unknown.status).toBe(404)
		expect(unknown.message).toContain('privacy-policy, terms-and-conditions, refund-policy, ownership, faq')
		expect((await readPolicyPage(db, 'faq')).edited).toBe(false)
	})
})
