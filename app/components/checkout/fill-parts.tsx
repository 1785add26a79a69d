import { Fragment, type ReactNode } from 'react'

/**
 * A message whose places hold elements (a link, a bold name): 'Renewing {product} from order {order}.'
 * with `{ product: <strong>…</strong>, order: <Link>…</Link> }`, in the words' order of each language.
 * Take the template from `t(key)` without params; a place not given stays as written.
 */
export function fillParts(template: string, parts: Record<string, ReactNode>): ReactNode {
	const pieces = template.split(/\{(\w+)\}/)
	return pieces.map((piece, i) => <Fragment key={i}>{i % 2 === 1 ? (Object.hasOwn(parts, piece) ? parts[piece] : `{${piece}}`) : piece}</Fragment>)
}
