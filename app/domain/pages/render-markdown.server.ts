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
let skippingUntil: RegExp | null = null

const markdown = new Marked({
	gfm: true,
	breaks: false,
	async: false,
	hooks: {
		preprocess(text) {
			skippingUntil = null
			return text
		},
	},
	// Inline raw HTML arrives as one token per tag: the words between <script> and </script> are their own tokens.
	walkTokens(token: Token) {
		if (skippingUntil) {
			const closes = token.type === 'html' && skippingUntil.test(token.raw)
			if (closes) skippingUntil = null
			if (token.type !== 'html') Object.assign(token, { type: 'html', text: '', tokens: undefined })
			return
		}
		const opens = token.type === 'html' ? CODE_TAGS.exec(token.raw.trim()) : null
		if (opens && !('block' in token && token.block) && !new RegExp(`</${opens[1]}\\s*>`, 'i').test(token.raw)) skippingUntil = new RegExp(`^\\s*</${opens[1]}\\s*>`, 'i')
	},
	// Raw HTML is not part of what the owner may write: its tags are dropped.
	renderer: { html: () => '' },
})

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

/** Markdown to sanitised HTML, with the store's details filled in first (so they pass the sanitiser too). */
export function renderMarkdown(text: string, tokens: PageTokens): string {
	const html = markdown.parse(fillPlaceholders(text, tokens)) as string
	return sanitizeHtml(html, SANITISE).trim()
}

/** The tokens from the store's details, as the shop's other texts fill them ({whatsapp} is the WhatsApp number). */
export const pageTokens = (details: Parameters<typeof contactTokens>[0]): PageTokens => {
	const tokens = contactTokens(details)
	// No-break spaces: the number never breaks across lines in a page's text.
	return { ...tokens, whatsapp: tokens.whatsapp.replace(/ /g, '\u00a0') }
}
