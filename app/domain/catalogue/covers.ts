// The shop's own product covers: drawn as SVG, served as WebP in two widths
// (scripts/render-covers.ts writes them). A product image staff point elsewhere is used as it is.

/** Widths written for each cover; the last is the plain {id}.webp the catalogue points at. */
export const COVER_WIDTHS = [400, 640] as const

const OWN_COVER = /^\/images\/products\/(\d+)\.webp$/

export function coverFile(id: number | string, width: number) {
	return width === COVER_WIDTHS.at(-1) ? `${id}.webp` : `${id}-${width}.webp`
}

/** srcset for one of the shop's own covers, so a small card does not fetch the large file. */
export function coverSrcSet(src: string): string | undefined {
	const id = OWN_COVER.exec(src)?.[1]
	if (!id) return undefined
	return COVER_WIDTHS.map((w) => `/images/products/${coverFile(id, w)} ${w}w`).join(', ')
}

/** A product's own cover until one is uploaded: the shop's drawn placeholder. */
export const PLACEHOLDER_IMAGE = '/images/placeholder.svg'
