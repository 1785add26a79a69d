import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { policyPages } from '../../app/content/policies'
import { numericDay, policyPagesUr } from '../../app/content/ur/policies'
import { auditLog } from '../../app/db/schema'
import { contentMessages } from '../../app/domain/pages/content-messages.server'
import { POLICY_SLUGS } from '../../app/domain/pages/page-input'
import { readUrduVersion, renderPolicyPageUrdu, restorePolicyPage, savePolicyPage, saveUrduVersion } from '../../app/domain/pages/policy-pages.server'
import type { Actor } from '../../app/domain/staff/audit.server'
import { sayIn } from '../../app/i18n/messages.server'
import { AppError } from '../../app/utils/app-error'
import { databaseKinds, useTestDatabase } from '../setup/test-db'

const owner: Actor = { staffId: null, label: 'owner@example.pk' }
const tokens = { storeName: 'GameVault PK', supportEmail: 'help@gamevault.pk', whatsapp: '+92\u00a0300\u00a07654321' }
const URDU_LETTERS = /[\u0600-\u06ff]/

describe('the shop’s own Urdu pages', () => {
	it('has each policy page and the FAQ in Urdu, section for section, dated day/month/year', () => {
		for (const slug of POLICY_SLUGS) {
			const english = policyPages[slug]
			const urdu = policyPagesUr[slug]
			expect(urdu.sections.length, slug).toBe(english.sections.length)
			expect(urdu.title).toMatch(URDU_LETTERS)
			expect(urdu.lastUpdated).toBe('08/07/2025')
			for (const section of urdu.sections) expect(section.bullets?.length ?? 0, section.heading).toBe(english.sections[urdu.sections.indexOf(section)]!.bullets?.length ?? 0)
		}
		expect(numericDay('January 5, 2025')).toBe('05/01/2025')
	})

	it('sends a page only its own content words, and puts the contact form’s sentences in Urdu', () => {
		const about = contentMessages('ur', 'about').content!
		expect(Object.keys(about).every((key) => key.startsWith('about.'))).toBe(true)
		expect(about['about.title']).toBe('ہمارے بارے میں')
		expect(contentMessages('en', 'contact').content!['contact.send']).toBe('Send Message')
		// A refusal names its words by key: English for the logs and APIs, each page's language where it is shown.
		const refusal = new AppError('BAD_REQUEST', 'content.contact.error.email')
		expect(refusal.message).toBe('Please enter a valid email address.')
		expect(sayIn('ur', refusal.said)).toBe('براہ کرم درست ای میل ایڈریس لکھیں۔')
		expect(sayIn('en', refusal.said)).toBe('Please enter a valid email address.')
	})
})

describe.each(databaseKinds)('a policy page’s Urdu version on %s', (kind) => {
	const database = useTestDatabase(kind)

	it('shows the shop’s own Urdu until the owner changes the English; then the English, flagged, until an Urdu is saved', async () => {
		const { db } = database
		const shop = await renderPolicyPageUrdu(db, 'faq', tokens)
		expect(shop).toMatchObject({ title: 'عام سوالات', lastUpdated: '08/07/2025', english: false })
		expect(shop.html).toContain('<h2>ڈیلیوری میں کتنا وقت لگتا ہے؟</h2>')
		// The WhatsApp number stays left to right inside the Urdu text.
		expect(shop.html).toContain('\u2066+92\u00a0300\u00a07654321\u2069')

		await savePolicyPage(db, owner, 'faq', 'Questions buyers ask.\n\n## Do you deliver on Eid?\n\nYes, every day of the year.')
		const fallback = await renderPolicyPageUrdu(db, 'faq', tokens)
		expect(fallback).toMatchObject({ title: 'عام سوالات', english: true })
		expect(fallback.html).toContain('<h2>Do you deliver on Eid?</h2>')
		expect(fallback.lastUpdated).toMatch(/^\d{2}\/\d{2}\/\d{4}$/)
		expect(await readUrduVersion(db, 'faq', tokens)).toMatchObject({ markdown: null, edited: false, html: null })

		const urdu = 'خریداروں کے سوالات۔\n\n## کیا آپ عید پر ڈیلیور کرتے ہیں؟\n\nجی ہاں، سال کے ہر دن۔ <script>alert(1)</script>'
		const saved = await saveUrduVersion(db, owner, 'faq', urdu, tokens)
		expect(saved).toMatchObject({ markdown: urdu, edited: true })
		const page = await renderPolicyPageUrdu(db, 'faq', tokens)
		expect(page.english).toBe(false)
		expect(page.html).toContain('<h2>کیا آپ عید پر ڈیلیور کرتے ہیں؟</h2>')
		expect(page.html).not.toContain('<script')
		expect(page.html).not.toContain('alert(1)')

		const [entry] = await db.select().from(auditLog).where(eq(auditLog.target, 'page faq (Urdu)')).orderBy(auditLog.id)
		expect(entry).toMatchObject({ action: 'page.update', actor: 'owner@example.pk', after: { markdown: urdu, edited: true } })
	})

	it('an empty Urdu text means none (the English, flagged); the shop’s own Urdu sent back is the page without an edit', async () => {
		const { db } = database
		await saveUrduVersion(db, owner, 'refund-policy', '  ', tokens)
		expect(await renderPolicyPageUrdu(db, 'refund-policy', tokens)).toMatchObject({ english: true, title: 'ریفنڈ اور منسوخی کی پالیسی' })
		const version = await readUrduVersion(db, 'refund-policy', tokens)
		expect(version).toMatchObject({ markdown: null, edited: true })

		await saveUrduVersion(db, owner, 'refund-policy', version.defaultMarkdown, tokens)
		expect(await readUrduVersion(db, 'refund-policy', tokens)).toMatchObject({ markdown: version.defaultMarkdown, edited: false, updatedAt: null })
		expect(await renderPolicyPageUrdu(db, 'refund-policy', tokens)).toMatchObject({ english: false, lastUpdated: '08/07/2025' })
		// Saving what is already there changes nothing.
		await saveUrduVersion(db, owner, 'refund-policy', version.defaultMarkdown, tokens)
		expect((await db.select().from(auditLog).where(eq(auditLog.target, 'page refund-policy (Urdu)')).orderBy(auditLog.id)).map((e) => e.after?.edited)).toEqual([true, false])
		// Restoring the English leaves the Urdu alone.
		await restorePolicyPage(db, owner, 'refund-policy')
		expect((await renderPolicyPageUrdu(db, 'refund-policy', tokens)).english).toBe(false)
	})

	it('refuses an Urdu text that is not text, too long or NUL-bearing, under its own field, and saves nothing', async () => {
		const { db } = database
		for (const input of [42, 'ا'.repeat(100_001), 'الف\0ب']) {
			const error = await saveUrduVersion(db, owner, 'ownership', input, tokens).catch((e: unknown) => e)
			expect(error).toBeInstanceOf(AppError)
			expect((error as AppError).status).toBe(400)
			expect(Object.keys((error as AppError).fieldErrors ?? {})).toEqual(['urdu'])
		}
		expect(await readUrduVersion(db, 'ownership', tokens)).toMatchObject({ edited: false })
		expect(await db.select().from(auditLog).where(eq(auditLog.target, 'page ownership (Urdu)')).orderBy(auditLog.id)).toEqual([])
	})
})
