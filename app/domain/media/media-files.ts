// Where an uploaded cover's files are: shared by the server and the storefront's covers, kept apart
// from the upload's rules and sentences so that no storefront page carries those.

/** The width products.image points at when the cover has it: the size of the shop's own covers. */
export const PRODUCT_IMAGE_MAIN_WIDTH = 640

/** A stored file's key: a content hash, the width and the format, e.g. 3f9c…-640.webp. */
export const MEDIA_KEY = /^[0-9a-f]{24}-[1-9][0-9]{1,3}\.(?:webp|jpg)$/

/** An uploaded cover's file at one width. */
export const mediaUrl = (base: string, width: number, format: 'webp' | 'jpg') => `/media/${base}-${width}.${format}`

/** srcset of an uploaded cover in one format: each stored width. */
export const mediaSrcSet = (set: { base: string; widths: number[] }, format: 'webp' | 'jpg') =>
	set.widths.map((w) => `${mediaUrl(set.base, w, format)} ${w}w`).join(', ')

/** The width a cover is shown at when nothing chooses: the main width, or the largest the image has. */
export const mainWidth = (set: { widths: number[] }) => (set.widths.includes(PRODUCT_IMAGE_MAIN_WIDTH) ? PRODUCT_IMAGE_MAIN_WIDTH : Math.max(...set.widths))

/** An uploaded cover as email programs can show it: its JPEG twin (Outlook shows no WebP). Other URLs as they are. */
export const emailImageUrl = (url: string) => url.replace(/^(\/media\/[0-9a-f]{24}-[1-9][0-9]{1,3})\.webp$/, '$1.jpg')
