// An uploaded product cover's limits and sentences: checked in the console before a slow upload,
// and by the server for real (store-product-image.server.ts).

export const PRODUCT_IMAGE_MAX_BYTES = 8 * 1024 * 1024
/** The short side's minimum: a 300 px cover is still sharp in a phone's two-column grid. */
export const PRODUCT_IMAGE_MIN_SIDE = 300
/** Widths written for each cover (those up to the image's own size), as WebP and JPEG. */
export const PRODUCT_IMAGE_WIDTHS = [320, 480, 640, 960] as const

export const PRODUCT_IMAGE_MISSING = 'Please choose an image to upload.'
export const PRODUCT_IMAGE_TOO_LARGE = 'The image is larger than 8 MB. Please upload a smaller one.'
export const PRODUCT_IMAGE_NOT_IMAGE = 'Please upload a JPEG, PNG or WebP image.'
export const PRODUCT_IMAGE_TOO_SMALL = 'The image is too small: at least 300 pixels wide and tall.'
export const PRODUCT_IMAGE_TOO_MANY_PIXELS = 'The image has too many pixels to process (at most 64 megapixels, such as 8000 × 8000). Please upload a smaller one.'
export const PRODUCT_IMAGE_UNREADABLE = 'The image could not be read: it may be damaged or cut short. Please save it again and upload it.'

/** Every sentence an upload can be refused with, so a page may show one it was sent back with. */
export const PRODUCT_IMAGE_PROBLEMS = [
	PRODUCT_IMAGE_MISSING,
	PRODUCT_IMAGE_TOO_LARGE,
	PRODUCT_IMAGE_NOT_IMAGE,
	PRODUCT_IMAGE_TOO_SMALL,
	PRODUCT_IMAGE_TOO_MANY_PIXELS,
	PRODUCT_IMAGE_UNREADABLE,
] as const
