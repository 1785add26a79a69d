import { Fragment, type ReactNode } from 'react'
import type { Lang } from '~/i18n/lang'

/**
 * A shop datum in English ('1 Month', '$10 USD') inside a sentence of the page's language, as plain
 * text (an <option>, a button's label): on Urdu pages it is isolated (FSI … PDI, as <bdi> would) so it
 * reads left to right and does not reorder the words around it; English text is left as it is.
 */
export const isolated = (lang: Lang, text: string) => (lang === 'ur' ? `\u2068${text}\u2069` : text)

/**
 * A message whose {places} are elements (a link, a price, a number kept left to right): the
 * message's words stay in the catalogue, in the order its language puts them. `template` is the
 * message as `t` gives it without params: 'Try {link}.' `words`, when given, wraps each run of the
 * message's own words (a smaller “from” around a price).
 */
export function richText(template: string, places: Record<string, ReactNode>, words?: (text: string) => ReactNode): ReactNode {
	const parts = template.split(/\{(\w+)\}/)
	return parts.map((part, i) =>
		i % 2 === 0 ? (words && part ? <Fragment key={i}>{words(part)}</Fragment> : part) : <Fragment key={i}>{Object.hasOwn(places, part) ? places[part] : `{${part}}`}</Fragment>,
	)
}
