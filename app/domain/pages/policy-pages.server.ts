import { eq } from 'drizzle-orm'
import { z } from 'zod'
import { policyPages, type PolicySlug } from '../../content/policies'
import type { Db } from '../../db/client.server'
import { storeSettings } from '../../db/schema'
import { AppError } from '../../utils/app-error'
import { recordAudit, type Actor } from '../staff/audit.server'
import { notifyStoreChanged } from '../store-changes.server'
import { readStoreSetting, writeStoreSetting } from '../store-settings.server'
import { POLICY_SLUGS, pageMarkdownSchema } from './page-input'
import { policyMarkdown } from './policy-markdown'
import { renderMarkdown, type PageTokens } from './render-markdown.server'

// The policy pages and the FAQ, editable by the owner as Markdown: the edited text is a store
// setting ('page:faq' → {markdown, updatedAt}); without one the page shows the shop's own text.

export const PAGE_NOT_FOUND = 'There is no such page. The pages you can edit are: ' + POLICY_SLUGS.join(', ') + '.'

const pageKey = (slug: PolicySlug) => `page:${slug}`
const storedPage = z.object({ markdown: z.string(), updatedAt: z.string() })
type StoredPage = z.infer<typeof storedPage>

export const isPolicySlug = (slug: unknown): slug is PolicySlug => typeof slug === 'string' && (POLICY_SLUGS as readonly string[]).includes(slug)

function requireSlug(slug: string): PolicySlug {
	if (!isPolicySlug(slug)) throw new AppError('NOT_FOUND', PAGE_NOT_FOUND)
	return slug
}

/** 'July 8, 2025', as the pages date themselves, for the day in Pakistan. */
const pageDate = (iso: string) => new Intl.DateTimeFormat('en-US', { timeZone: 'Asia/Karachi', month: 'long', day: 'numeric', year: 'numeric' }).format(new Date(iso))

export interface EditablePage {
	slug: PolicySlug
	title: string
	/** The page's text now: the owner's, else the shop's own. */
	markdown: string
	defaultMarkdown: string
	/** The owner changed it (false: the shop's own text). */
	edited: boolean
	/** When the owner last saved it, or null. */
	updatedAt: string | null
	/** 'Last updated: …' on the page. */
	lastUpdated: string
}

async function readStored(db: Db, slug: PolicySlug): Promise<StoredPage | null> {
	return readStoreSetting<StoredPage | null>(db, pageKey(slug), storedPage, null)
}

function editable(slug: PolicySlug, stored: StoredPage | null): EditablePage {
	const page = policyPages[slug]
	const defaultMarkdown = policyMarkdown(page)
	return {
		slug,
		title: page.title,
		markdown: stored?.markdown ?? defaultMarkdown,
		defaultMarkdown,
		edited: stored !== null,
		updatedAt: stored?.updatedAt ?? null,
		lastUpdated: stored ? pageDate(stored.updatedAt) : page.lastUpdated,
	}
}

export async function readPolicyPage(db: Db, slug: string): Promise<EditablePage> {
	const known = requireSlug(slug)
	return editable(known, await readStored(db, known))
}

/** The five pages for the console's list: whether each is the owner's text and since when. */
export async function listPolicyPages(db: Db): Promise<Omit<EditablePage, 'markdown' | 'defaultMarkdown'>[]> {
	const pages = await Promise.all(POLICY_SLUGS.map(async (slug) => editable(slug, await readStored(db, slug))))
	return pages.map(({ markdown: _m, defaultMarkdown: _d, ...page }) => page)
}

/** A page as the storefront shows it: title, date and its text as sanitised HTML. */
export async function renderPolicyPage(db: Db, slug: string, tokens: PageTokens) {
	const page = await readPolicyPage(db, slug)
	return { slug: page.slug, title: page.title, lastUpdated: page.lastUpdated, html: renderMarkdown(page.markdown, tokens) }
}

/** Saves the owner's Markdown for a page: audited with the text before and after, and every instance's pages cleared. */
export async function savePolicyPage(db: Db, actor: Actor, slug: string, input: unknown): Promise<EditablePage> {
	const known = requireSlug(slug)
	const parsed = pageMarkdownSchema.safeParse(input)
	if (!parsed.success) throw new AppError('BAD_REQUEST', parsed.error.issues[0]!.message, { markdown: parsed.error.issues[0]!.message })
	// Stored as written (line endings as the browser sends them, \r\n, made plain \n).
	const markdown = parsed.data.replace(/\r\n?/g, '\n')
	const defaultMarkdown = policyMarkdown(policyPages[known])
	return db.transaction(async (tx) => {
		const before = await readStoreSetting<StoredPage | null>(tx, pageKey(known), storedPage, null)
		const current = before?.markdown ?? defaultMarkdown
		if (markdown === current) return editable(known, before)
		// The shop's own text, sent back word for word, is the page without an edit.
		const after: StoredPage | null = markdown === defaultMarkdown ? null : { markdown, updatedAt: new Date().toISOString() }
		if (after) await writeStoreSetting(tx, pageKey(known), after)
		else await tx.delete(storeSettings).where(eq(storeSettings.key, pageKey(known)))
		await recordAudit(tx, actor, { action: 'page.update', target: `page ${known}`, before: { markdown: current, edited: before !== null }, after: { markdown, edited: after !== null } })
		await notifyStoreChanged(tx, 'pages')
		return editable(known, after)
	})
}

/** Back to the shop's own text: the owner's is removed (the audit entry keeps it). */
export async function restorePolicyPage(db: Db, actor: Actor, slug: string): Promise<EditablePage> {
	const known = requireSlug(slug)
	return db.transaction(async (tx) => {
		const before = await readStoreSetting<StoredPage | null>(tx, pageKey(known), storedPage, null)
		if (!before) return editable(known, null)
		await tx.delete(storeSettings).where(eq(storeSettings.key, pageKey(known)))
		const defaultMarkdown = policyMarkdown(policyPages[known])
		await recordAudit(tx, actor, { action: 'page.restore', target: `page ${known}`, before: { markdown: before.markdown, edited: true }, after: { markdown: defaultMarkdown, edited: false } })
		await notifyStoreChanged(tx, 'pages')
		return editable(known, null)
	})
}
