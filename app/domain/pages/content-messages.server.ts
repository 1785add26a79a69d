import type { MessageBundle } from '../../i18n/catalogue'
import type { Lang } from '../../i18n/lang'
import { CATALOGUES } from '../../i18n/messages.server'

/**
 * The `content` messages one page shows, in its language: only the keys under the given prefixes
 * ('about', 'contact'…), so a page carries its own few words and never the whole namespace.
 * A loader returns it as `messages`; useT merges it with the layout's.
 */
export function contentMessages(lang: Lang, ...prefixes: string[]): MessageBundle {
	const content: Record<string, string> = {}
	for (const [key, message] of Object.entries(CATALOGUES[lang].content)) if (prefixes.some((prefix) => key.startsWith(`${prefix}.`))) content[key] = message
	return { content }
}
