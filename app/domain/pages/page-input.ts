import { z } from 'zod'
import type { PolicySlug } from '../../content/policies'
import { textSchema } from '../../utils/input'

// The owner's Markdown for a policy page or the FAQ, from the console's editor or the JSON API. Browser-safe.

export const POLICY_SLUGS = ['privacy-policy', 'terms-and-conditions', 'refund-policy', 'ownership', 'faq'] as const satisfies readonly PolicySlug[]

/** About six times the longest page the shop ships with. */
export const PAGE_MARKDOWN_LIMIT = 100_000
/** Lists and quotes inside each other: the shop's own pages use two. */
export const PAGE_NESTING_LIMIT = 20

export const PAGE_MESSAGES = {
	empty: 'The page cannot be empty. Write its text, or use Restore default to go back to the shop’s own.',
	tooLong: `The page can be at most ${PAGE_MARKDOWN_LIMIT.toLocaleString('en-US')} characters. Shorten it, or split it with headings.`,
	notText: 'Send the page’s Markdown as text.',
	tooDeep: `Lists and quotes can sit at most ${PAGE_NESTING_LIMIT} levels inside each other. Flatten the deepest ones and save again; nothing was saved.`,
	tooSlow: 'This text takes too long to turn into a page (very long runs of *, _ or other marks can do that). Simplify it and save again; nothing was saved.',
	cannotRender: 'This text cannot be turned into a page. Simplify the part you changed last and save again; nothing was saved.',
	storedUnreadable: 'The saved text cannot be shown as a page, so the storefront shows it as plain text. Correct it here and save.',
} as const

export const pageMarkdownSchema = z
	.string({ error: PAGE_MESSAGES.notText })
	.pipe(textSchema())
	.pipe(z.string().min(1, PAGE_MESSAGES.empty).max(PAGE_MARKDOWN_LIMIT, PAGE_MESSAGES.tooLong))

/** The console's editor: the page's Markdown (its buttons send `intent` besides). */
export const pageEditorForm = z.object({ markdown: pageMarkdownSchema })

/** A page's Urdu version: its Markdown, or '' / null for none (the Urdu page then shows the English). Checked in full when saved. */
export const urduMarkdownSchema = z.string({ error: PAGE_MESSAGES.notText }).max(PAGE_MARKDOWN_LIMIT, PAGE_MESSAGES.tooLong).nullable()

/** The JSON API's body: {markdown} and, optionally, the Urdu version {urdu} (left as it is when absent). */
export const pageInput = z.strictObject({ markdown: pageMarkdownSchema, urdu: urduMarkdownSchema.optional() })
