import { Fragment, type ReactNode } from 'react'

/**
 * A message whose {places} are elements (a link, a price, a number kept left to right): the
 * message's words stay in the catalogue, in the order its language puts them. `template` is the
 * message as `t` gives it without params: 'Try {link}.'
 */
export function richText(template: string, places: Record<string, ReactNode>): ReactNode {
	const parts = template.split(/\{(\w+)\}/)
	return parts.map((part, i) => (i % 2 === 0 ? part : <Fragment key={i}>{Object.hasOwn(places, part) ? places[part] : `{${part}}`}</Fragment>))
}
