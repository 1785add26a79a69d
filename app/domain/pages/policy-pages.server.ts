import { eq } from 'drizzle-orm'
import { z } from 'zod'
import { policyPages, type PolicySlug } from '../../content/policies'
import { policyPagesUr } from '../../content/ur/policies'
import type { Db } from '../../db/client.server'
import { storeSettings } from '../../db/schema'
import { AppError } from '../../utils/app-error'
import { recordAudit, type Actor } from '../staff/audit.server'
import { notifyStoreChanged } from '../store-changes.server'
import { readStoreSetting, writeStoreSetting } from '../store-settings.server'
import { CpuTimeout, runOnCpuPool } from '../jobs/cpu-limits.server'
import { readStoreDetails } from '../settings/store-details.server'
import { PAGE_MESSAGES, PAGE_NESTING_LIMIT, POLICY_SLUGS, pageMarkdownSchema } from './page-input'
import { policyMarkdown } from './policy-markdown'
import { nestingDepth, pageTokens, renderMarkdownReport, type PageTokens, type RenderedPage } from './render-markdown.server'
import { formatPakistanLongDay, formatPakistanNumeric } from '../../utils/pakistan-time'
import { requireGrant } from '../staff/permissions'

// The policy pages and the FAQ, editable by the owner as Markdown: the edited text is a store
// setting ('page:faq' → {markdown, updatedAt, html, tokens, dropped}); without one the page shows
// the shop's own text. The owner's text is rendered once, when it is saved, on the pages pool with
// a time limit (cpu-limits.server.ts); a text that cannot render is refused and nothing is saved.
// Views serve the stored HTML; they render again only when the store's details it names have
// changed (or for a row saved before HTML was stored), once per server, under the same guard.
//
// Each page has an optional Urdu version, stored the same way under 'page:faq:ur' (an empty text
// there: the owner wants none). Without a row, the Urdu page shows the shop's own Urdu while the
// English is the shop's own too; once the owner has changed the English, the shop's Urdu would say
// something else, so the Urdu page shows the owner's English (with a note) until an Urdu is saved.

export const PAGE_NOT_FOUND = 'There is no such page. The pages you can edit are: ' + POLICY_SLUGS.join(', ') + '.'

const pageKey = (slug: PolicySlug) => `page:${slug}`
const urduKey = (slug: PolicySlug) => `page:${slug}:ur`
const pageTokensSchema = z.object({ storeName: z.string(), supportEmail: z.string(), whatsapp: z.string() })
const storedPage = z.object({
	markdown: z.string(),
	updatedAt: z.string(),
	/** The sanitised HTML made when it was saved, with these store details filled in. */
	html: z.string().optional(),
	tokens: pageTokensSchema.optional(),
	dropped: z.array(z.string()).optional(),
})
type StoredPage = z.infer<typeof storedPage>

export const isPolicySlug = (slug: unknown): slug is PolicySlug => typeof slug === 'string' && (POLICY_SLUGS as readonly string[]).includes(slug)

function requireSlug(slug: string): PolicySlug {
	if (!isPolicySlug(slug)) throw new AppError('NOT_FOUND', PAGE_NOT_FOUND)
	return slug
}

/** 'July 8, 2025', as the pages date themselves, for the day in Pakistan. */
const pageDate = formatPakistanLongDay

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
/** What the Urdu twin (/ur/…) of a listed page shows: the shop's own Urdu, the owner's, or the English (no Urdu version). */
export type UrduState = { shows: 'shop' } | { shows: 'owner'; updatedAt: string } | { shows: 'english' }

export async function listPolicyPages(db: Db): Promise<(Omit<EditablePage, 'markdown' | 'defaultMarkdown'> & { urdu: UrduState })[]> {
	return Promise.all(
		POLICY_SLUGS.map(async (slug) => {
			const [english, urdu] = await Promise.all([readStored(db, slug), readStoredUrdu(db, slug)])
			const { markdown: _m, defaultMarkdown: _d, ...page } = editable(slug, english)
			const version = urduVersion(slug, english, urdu)
			const state: UrduState = version.markdown === null ? { shows: 'english' } : version.edited && version.updatedAt ? { shows: 'owner', updatedAt: version.updatedAt } : { shows: 'shop' }
			return { ...page, urdu: state }
		}),
	)
}

/** The store's details as page texts name them. */
const storeTokens = async (db: Db) => pageTokens(await readStoreDetails(db))
const sameTokens = (a: PageTokens | undefined, b: PageTokens) => !!a && a.storeName === b.storeName && a.supportEmail === b.supportEmail && a.whatsapp === b.whatsapp

/** How long one page may take to render on the pages pool: the shop's own longest takes a few ms. */
const RENDER_MS = 3_000

/**
 * The owner's Markdown as sanitised HTML, with what it leaves out; refused with a sentence (400)
 * when it nests too deep, takes too long or breaks the renderer. Runs on the pages pool, never
 * on the event loop; a full pool answers 503 with its sentence.
 */
export async function renderPageMarkdown(markdown: string, tokens: PageTokens, { timeoutMs = RENDER_MS } = {}): Promise<RenderedPage> {
	if (nestingDepth(markdown) > PAGE_NESTING_LIMIT) throw new AppError('BAD_REQUEST', PAGE_MESSAGES.tooDeep, { markdown: PAGE_MESSAGES.tooDeep })
	let rendered: RenderedPage
	try {
		rendered = await runOnCpuPool<RenderedPage>('pages', 'renderPage', { markdown, tokens }, { timeoutMs, warmUp: 'loadPages' })
	} catch (error) {
		if (error instanceof AppError) throw error
		const message = error instanceof CpuTimeout ? PAGE_MESSAGES.tooSlow : PAGE_MESSAGES.cannotRender
		throw new AppError('BAD_REQUEST', message, { markdown: message })
	}
	return rendered
}

/** Text that cannot render, shown as what it is: escaped, a paragraph per blank-line block. */
const asPlainText = (markdown: string) =>
	markdown
		.split(/\n{2,}/)
		.map((block) => block.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/\n/g, '<br>'))
		.filter((block) => block.trim())
		.map((block) => `<p>${block}</p>`)
		.join('\n')

export interface ShownPage extends RenderedPage {
	/** Set when the stored text cannot render (saved before texts were checked): the page shows it as plain text. */
	problem: string | null
}

/** Renders done on this server for texts without fitting stored HTML: the shop's own texts, rows from before, changed store details. */
const rendered = new Map<string, Promise<ShownPage>>()
const RENDERED_KEPT = 50

function renderOnce(key: string, render: () => Promise<ShownPage>): Promise<ShownPage> {
	let page = rendered.get(key)
	if (!page) {
		page = render()
		rendered.set(key, page)
		// A full pool is no answer about the text: the next view tries again.
		page.catch(() => rendered.delete(key))
		if (rendered.size > RENDERED_KEPT) rendered.delete(rendered.keys().next().value!)
	}
	return page
}

/** The page's HTML for these details: stored when it fits, else rendered once; a text that cannot render is shown as plain text. */
async function shownPage(slug: PolicySlug, stored: StoredPage | null, tokens: PageTokens, version: 'en' | 'ur' = 'en'): Promise<ShownPage> {
	if (stored?.html !== undefined && sameTokens(stored.tokens, tokens)) return { html: stored.html, dropped: stored.dropped ?? [], problem: null }
	const key = JSON.stringify([slug, version, stored?.updatedAt ?? null, tokens])
	// The shop's own texts are known to render in milliseconds: on this thread, once per server.
	if (!stored) return renderOnce(key, async () => ({ ...renderMarkdownReport(version === 'ur' ? urduDefault(slug) : policyMarkdown(policyPages[slug]), tokens), problem: null }))
	return renderOnce(key, async () => {
		try {
			return { ...(await renderPageMarkdown(stored.markdown, tokens)), problem: null }
		} catch (error) {
			if (error instanceof AppError && error.code === 'UNAVAILABLE') throw error
			return { html: asPlainText(stored.markdown), dropped: [], problem: PAGE_MESSAGES.storedUnreadable }
		}
	}).catch((error: unknown) => {
		// The pages pool is full: this view shows the text plainly rather than fail.
		if (error instanceof AppError && error.code === 'UNAVAILABLE') return { html: asPlainText(stored.markdown), dropped: [], problem: null }
		throw error
	})
}

/** A page as the storefront shows it: title, date and its text as sanitised HTML. */
export async function renderPolicyPage(db: Db, slug: string, tokens?: PageTokens) {
	const known = requireSlug(slug)
	const stored = await readStored(db, known)
	const page = editable(known, stored)
	const { html } = await shownPage(known, stored, tokens ?? (await storeTokens(db)))
	return { slug: page.slug, title: page.title, lastUpdated: page.lastUpdated, html }
}

// --- The Urdu version -------------------------------------------------------------------------

/** The shop's own Urdu text of a page, as Markdown. */
const urduDefault = (slug: PolicySlug) => policyMarkdown(policyPagesUr[slug])

/** The store's details in an Urdu text: the WhatsApp number kept left to right (an isolate), so '+92 300…' never turns around. */
export const urduTokens = (tokens: PageTokens): PageTokens => ({ ...tokens, whatsapp: tokens.whatsapp ? `\u2066${tokens.whatsapp}\u2069` : '' })

async function readStoredUrdu(db: Db, slug: PolicySlug): Promise<StoredPage | null> {
	return readStoreSetting<StoredPage | null>(db, urduKey(slug), storedPage, null)
}

export interface UrduVersion {
	/** The Urdu text the /ur page shows now (the owner's, else the shop's own), or null: the /ur page shows the English. */
	markdown: string | null
	/** The shop's own Urdu text. */
	defaultMarkdown: string
	/** The owner saved an Urdu version (or chose to have none). */
	edited: boolean
	updatedAt: string | null
}

function urduVersion(slug: PolicySlug, english: StoredPage | null, urdu: StoredPage | null): UrduVersion {
	const defaultMarkdown = urduDefault(slug)
	if (urdu) return { markdown: urdu.markdown || null, defaultMarkdown, edited: true, updatedAt: urdu.updatedAt }
	return { markdown: english ? null : defaultMarkdown, defaultMarkdown, edited: false, updatedAt: null }
}

/** '08/07/2025': an Urdu page's date, day/month/year in Western digits. */
const numericDate = (iso: string) => formatPakistanNumeric(new Date(iso)).split(',')[0]!

/**
 * A page as its Urdu twin (/ur/faq) shows it: the Urdu title, and the Urdu version's text and date,
 * or, without one, the English text and date with `english: true` (the page says so in Urdu).
 */
export async function renderPolicyPageUrdu(db: Db, slug: string, tokens?: PageTokens) {
	const known = requireSlug(slug)
	const [english, urdu] = await Promise.all([readStored(db, known), readStoredUrdu(db, known)])
	const version = urduVersion(known, english, urdu)
	const details = tokens ?? (await storeTokens(db))
	const title = policyPagesUr[known].title
	if (version.markdown === null) {
		const { html } = await shownPage(known, english, details)
		return { slug: known, title, lastUpdated: english ? numericDate(english.updatedAt) : policyPagesUr[known].lastUpdated, html, english: true }
	}
	const { html } = await shownPage(known, urdu, urduTokens(details), 'ur')
	return { slug: known, title, lastUpdated: urdu ? numericDate(urdu.updatedAt) : policyPagesUr[known].lastUpdated, html, english: false }
}

/** A page's Urdu version for the editor and the API: its text and what /ur shows (null: the English). */
export async function readUrduVersion(db: Db, slug: string, tokens?: PageTokens): Promise<UrduVersion & { html: string | null }> {
	const known = requireSlug(slug)
	const [english, urdu] = await Promise.all([readStored(db, known), readStoredUrdu(db, known)])
	const version = urduVersion(known, english, urdu)
	if (version.markdown === null) return { ...version, html: null }
	const { html } = await shownPage(known, urdu, urduTokens(tokens ?? (await storeTokens(db))), 'ur')
	return { ...version, html }
}

/**
 * An Urdu version as it would be saved: its Markdown ('' for none) and its render, or refused with a
 * sentence under `urdu` (400) when it is no text, too long, or cannot render. Tokens as urduTokens gives them.
 */
export async function renderUrduVersion(input: unknown, tokens: PageTokens): Promise<{ markdown: string; page: RenderedPage | null }> {
	if (typeof input !== 'string' && input !== null) throw new AppError('BAD_REQUEST', PAGE_MESSAGES.notText, { urdu: PAGE_MESSAGES.notText })
	const text = (input ?? '').replace(/\r\n?/g, '\n')
	const markdown = text.trim() ? text : ''
	if (!markdown) return { markdown, page: null }
	const parsed = pageMarkdownSchema.safeParse(markdown)
	if (!parsed.success) throw new AppError('BAD_REQUEST', parsed.error.issues[0]!.message, { urdu: parsed.error.issues[0]!.message })
	try {
		return { markdown, page: await renderPageMarkdown(markdown, tokens) }
	} catch (error) {
		if (error instanceof AppError && error.fieldErrors?.markdown) throw new AppError(error.code, error.message, { urdu: error.message })
		throw error
	}
}

/**
 * Saves a page's Urdu version: the owner's Urdu Markdown, rendered and sanitised as the English is
 * (refused with a sentence, nothing saved, when it cannot render); an empty text means no Urdu
 * version (/ur shows the English); the shop's own Urdu, sent back while the English is the shop's
 * own, is the page without an edit. Audited, and every instance's pages cleared.
 */
export async function saveUrduVersion(db: Db, actor: Actor, slug: string, input: unknown, tokens?: PageTokens): Promise<UrduVersion & { html: string | null }> {
	requireGrant(actor, 'catalogue')
	const known = requireSlug(slug)
	const details = urduTokens(tokens ?? (await storeTokens(db)))
	const { markdown, page } = await renderUrduVersion(input, details)
	await db.transaction(async (tx) => {
		const english = await readStoreSetting<StoredPage | null>(tx, pageKey(known), storedPage, null)
		const before = await readStoreSetting<StoredPage | null>(tx, urduKey(known), storedPage, null)
		const current = urduVersion(known, english, before)
		const asDefault = !english && markdown === current.defaultMarkdown
		if (before ? before.markdown === markdown : asDefault || (current.markdown ?? '') === markdown) return
		const after: StoredPage | null = asDefault ? null : { markdown, updatedAt: new Date().toISOString(), ...(page ? { html: page.html, tokens: details, dropped: page.dropped } : {}) }
		if (after) await writeStoreSetting(tx, urduKey(known), after)
		else await tx.delete(storeSettings).where(eq(storeSettings.key, urduKey(known)))
		await recordAudit(tx, actor, { action: 'page.update', target: `page ${known} (Urdu)`, before: { markdown: current.markdown ?? '', edited: before !== null }, after: { markdown, edited: after !== null } })
		await notifyStoreChanged(tx, 'pages')
	})
	return readUrduVersion(db, known, tokens)
}

/** Back to the shop's own Urdu (or, while the English is the owner's, to none): the owner's Urdu is removed, the audit entry keeps it. */
export async function restoreUrduVersion(db: Db, actor: Actor, slug: string): Promise<void> {
	requireGrant(actor, 'catalogue')
	const known = requireSlug(slug)
	await db.transaction(async (tx) => {
		const before = await readStoreSetting<StoredPage | null>(tx, urduKey(known), storedPage, null)
		if (!before) return
		await tx.delete(storeSettings).where(eq(storeSettings.key, urduKey(known)))
		const english = await readStoreSetting<StoredPage | null>(tx, pageKey(known), storedPage, null)
		await recordAudit(tx, actor, { action: 'page.restore', target: `page ${known} (Urdu)`, before: { markdown: before.markdown, edited: true }, after: { markdown: urduVersion(known, english, null).markdown ?? '', edited: false } })
		await notifyStoreChanged(tx, 'pages')
	})
}

/** A page for the editor and the API: its Markdown and what the storefront shows. Opens whatever is stored. */
export async function readPolicyPageShown(db: Db, slug: string, tokens?: PageTokens): Promise<EditablePage & ShownPage> {
	const known = requireSlug(slug)
	const stored = await readStored(db, known)
	return { ...editable(known, stored), ...(await shownPage(known, stored, tokens ?? (await storeTokens(db)))) }
}

/** The editor's preview: as saving would render it, without saving. */
export async function previewPolicyPage(markdown: unknown, tokens: PageTokens): Promise<RenderedPage> {
	const parsed = pageMarkdownSchema.safeParse(markdown)
	if (!parsed.success) throw new AppError('BAD_REQUEST', parsed.error.issues[0]!.message, { markdown: parsed.error.issues[0]!.message })
	return renderPageMarkdown(parsed.data.replace(/\r\n?/g, '\n'), tokens)
}

/**
 * Saves the owner's Markdown for a page, with its HTML rendered now (refused with a sentence, and
 * nothing saved, when it cannot render): audited with the text before and after, and every
 * instance's pages cleared. The answer lists what the page leaves out (raw HTML, images).
 */
export async function savePolicyPage(db: Db, actor: Actor, slug: string, input: unknown, tokens?: PageTokens): Promise<EditablePage & ShownPage> {
	requireGrant(actor, 'catalogue')
	const known = requireSlug(slug)
	const parsed = pageMarkdownSchema.safeParse(input)
	if (!parsed.success) throw new AppError('BAD_REQUEST', parsed.error.issues[0]!.message, { markdown: parsed.error.issues[0]!.message })
	// Stored as written (line endings as the browser sends them, \r\n, made plain \n).
	const markdown = parsed.data.replace(/\r\n?/g, '\n')
	const defaultMarkdown = policyMarkdown(policyPages[known])
	const details = tokens ?? (await storeTokens(db))
	// Rendered before anything is written: a text that cannot render leaves the page as it was.
	const page = markdown === defaultMarkdown ? null : await renderPageMarkdown(markdown, details)
	const after = await db.transaction(async (tx) => {
		const before = await readStoreSetting<StoredPage | null>(tx, pageKey(known), storedPage, null)
		const current = before?.markdown ?? defaultMarkdown
		if (markdown === current) return before
		// The shop's own text, sent back word for word, is the page without an edit.
		const after: StoredPage | null = page ? { markdown, updatedAt: new Date().toISOString(), html: page.html, tokens: details, dropped: page.dropped } : null
		if (after) await writeStoreSetting(tx, pageKey(known), after)
		else await tx.delete(storeSettings).where(eq(storeSettings.key, pageKey(known)))
		await recordAudit(tx, actor, { action: 'page.update', target: `page ${known}`, before: { markdown: current, edited: before !== null }, after: { markdown, edited: after !== null } })
		await notifyStoreChanged(tx, 'pages')
		return after
	})
	return { ...editable(known, after), ...(page && after?.markdown === markdown ? { ...page, problem: null } : await shownPage(known, after, details)) }
}

/** Back to the shop's own text: the owner's is removed (the audit entry keeps it). */
export async function restorePolicyPage(db: Db, actor: Actor, slug: string): Promise<EditablePage> {
	requireGrant(actor, 'catalogue')
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
