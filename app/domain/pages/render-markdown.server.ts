import { Marked, type Token } from 'marked'
import sanitizeHtml from 'sanitize-html'
import { fillPlaceholders } from '../../utils/seo'
import { contactTokens } from '../settings/store-contacts'

// The owner's Markdown becomes HTML on the server, and only a short list of harmless tags leaves:
// headings, paragraphs, lists, links, emphasis, quotes, code and tables. Raw HTML in the Markdown
// is dropped while rendering (a script's or style's text with it), and the sanitiser then removes
// whatever else could run (event handlers, javascript: links, styles, frames, images).

/** Raw tags whose text is code, not words: dropped with everything up to their closing tag. */
const CODE_TAGS = /^<(script|style|iframe|object|embed|noscript|template|textarea|title|svg|math)\b/i
/** Tokens that start a block: an unclosed code tag drops words up to the end of its own block, never past it. */
const BLOCKS = new Set(['space', 'code', 'heading', 'table', 'hr', 'blockquote', 'list', 'list_item', 'paragraph', 'def'])

/** What one render left out, said back to the owner when the page is saved. */
let dropped: string[] = []
let skipping: { until: RegExp; tag: string; words: string } | null = null

const MAX_DROPPED = 20
const shorten = (text: string, max = 60) => {
	const flat = text.replace(/\s+/g, ' ').trim()
	return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat
}
function noteDropped(text: string) {
	if (dropped.length < MAX_DROPPED) dropped.push(text)
	else if (dropped.length === MAX_DROPPED) dropped.push('and more')
}
function endSkipping(closed: boolean) {
	if (!skipping) return
	const words = skipping.words.trim() ? ` with “${shorten(skipping.words, 40)}”` : ''
	noteDropped(closed ? `${skipping.tag}…</${skipping.tag.slice(1, -1)}>${words}` : `${skipping.tag}${words} (never closed: the rest of its paragraph was left out)`)
	skipping = null
}

const markdown = new Marked({
	gfm: true,
	breaks: false,
	async: false,
	hooks: {
		preprocess(text) {
			skipping = null
			return text
		},
	},
	// Inline raw HTML arrives as one token per tag: the words between <script> and </script> are their own tokens.
	walkTokens(token: Token) {
		if (BLOCKS.has(token.type) || (token.type === 'text' && 'tokens' in token && token.tokens)) endSkipping(false)
		if (skipping) {
			const closes = token.type === 'html' && skipping.until.test(token.raw)
			if (closes) endSkipping(true)
			else skipping.words += token.raw
			if (token.type !== 'html') Object.assign(token, { type: 'html', text: '', tokens: undefined })
			return
		}
		if (token.type === 'image') noteDropped(`image ${shorten(token.raw)}`)
		if (token.type !== 'html') return
		const opens = CODE_TAGS.exec(token.raw.trim())
		const block = 'block' in token && token.block
		if (opens && !block && !new RegExp(`</${opens[1]}\\s*>`, 'i').test(token.raw)) {
			skipping = { until: new RegExp(`^\\s*</${opens[1]}\\s*>`, 'i'), tag: `<${opens[1]!.toLowerCase()}>`, words: '' }
			return
		}
		// Closing tags of dropped elements say nothing new.
		if (!/^\s*<\//.test(token.raw) && token.raw.trim()) noteDropped(shorten(token.raw))
	},
	// Raw HTML is not part of what the owner may write: its tags are dropped.
	renderer: { html: () => '' },
})

/**
 * How deep lists and quotes nest, read from each line's start ('> > - 1. x' is four): the renderer
 * recurses once a level, so thousands of '>' would exhaust its stack. Indentation before the first
 * marker counts a level per two spaces (a tab is four).
 */
export function nestingDepth(text: string): number {
	let deepest = 0
	for (const line of text.split('\n')) {
		let i = 0
		let indent = 0
		let markers = 0
		let first = true
		while (i < line.length) {
			const c = line[i]!
			if (c === ' ' || c === '\t') {
				if (first) indent += c === '\t' ? 4 : 1
				i++
				continue
			}
			if (c === '>') {
				markers++
				first = false
				i++
				continue
			}
			const marker = /^(?:[*+-]|\d{1,9}[.)])(?=[ \t]|$)/.exec(line.slice(i, i + 11))
			if (!marker) break
			markers++
			first = false
			i += marker[0].length
		}
		if (markers) deepest = Math.max(deepest, markers + Math.floor(indent / 2))
	}
	return deepest
}

const HEADINGS = ['h2', 'h3', 'h4', 'h5', 'h6']
const ALIGN = [{ name: 'align', multiple: false, values: ['left', 'center', 'right'] }]
/** Web and mail links, and the shop's own pages (relative); anything else loses its link and keeps its words. */
const SAFE_HREF = /^(?:https?:\/\/|mailto:|tel:|#|\/(?!\/)|(?![a-z][a-z\d+.-]*:)[^/\\])/i

const SANITISE: sanitizeHtml.IOptions = {
	allowedTags: [...HEADINGS, 'p', 'br', 'hr', 'ul', 'ol', 'li', 'strong', 'b', 'em', 'i', 'del', 's', 'code', 'pre', 'blockquote', 'a', 'table', 'thead', 'tbody', 'tr', 'th', 'td'],
	allowedAttributes: { a: ['href', 'title', 'rel'], ol: ['start'], th: ALIGN, td: ALIGN },
	allowedSchemes: ['http', 'https', 'mailto', 'tel'],
	allowedSchemesAppliedToAttributes: ['href'],
	allowProtocolRelative: false,
	// Script and style contents go with their tags; any other tag not listed leaves its text behind.
	disallowedTagsMode: 'discard',
	transformTags: {
		// The page's title is its only h1.
		h1: 'h2',
		a: (tagName, attribs) => {
			const href = (attribs.href ?? '').trim()
			// Kept as a plain <a> without an address (renaming the tag would upset the sanitiser's closing tags).
			if (!SAFE_HREF.test(href)) return { tagName, attribs: {} }
			return { tagName, attribs: /^https?:/i.test(href) ? { ...attribs, rel: 'nofollow noopener' } : attribs }
		},
	},
}

/** The store's details that page texts name as {storeName}, {supportEmail} and {whatsapp}. */
export type PageTokens = Record<'storeName' | 'supportEmail' | 'whatsapp', string>

export interface RenderedPage {
	html: string
	/** Raw HTML, images and unclosed code tags the page leaves out, as the owner wrote them (shortened). */
	dropped: string[]
}

/**
 * Markdown to sanitised HTML, with the store's details filled in first (so they pass the sanitiser
 * too), and what was left out. Synchronous and unbounded: the owner's text goes through
 * renderPageMarkdown (policy-pages.server.ts), which checks its nesting and runs this on the pages
 * pool with a time limit; the shop's own texts may call it directly.
 */
export function renderMarkdownReport(text: string, tokens: PageTokens): RenderedPage {
	dropped = []
	try {
		const html = markdown.parse(fillPlaceholders(text, tokens)) as string
		endSkipping(false)
		return { html: sanitizeHtml(html, SANITISE).trim(), dropped }
	} finally {
		dropped = []
		skipping = null
	}
}

/** Markdown to sanitised HTML (renderMarkdownReport without the report). */
export function renderMarkdown(text: string, tokens: PageTokens): string {
	return renderMarkdownReport(text, tokens).html
}

/** The tokens from the store's details, as the shop's other texts fill them ({whatsapp} is the WhatsApp number). */
export const pageTokens = (details: Parameters<typeof contactTokens>[0]): PageTokens => {
	const tokens = contactTokens(details)
	// No-break spaces: the number never breaks across lines in a page's text.
	return { ...tokens, whatsapp: tokens.whatsapp.replace(/ /g, '\u00a0') }
}
