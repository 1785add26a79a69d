// The transfer receipt's rules, in one place: the browser checks a chosen file with them before a
// slow upload, and the server checks the bytes it received with the very same functions.
export const RECEIPT_MAX_BYTES = 10 * 1024 * 1024
export const RECEIPT_TOO_LARGE = 'Your receipt is larger than 10 MB. Please upload a smaller screenshot.'
export const RECEIPT_NOT_IMAGE = 'The receipt must be an image (PNG, JPG, WebP or HEIC).'
export const RECEIPT_MISSING = 'Please upload your payment receipt screenshot first.'
export const RECEIPT_NOT_WAITING = 'This order is not waiting for a payment receipt.'
export const RECEIPT_UPLOADED = 'Receipt uploaded. Our team checks your transfer and confirms your order here; we also email you once it is paid.'
export const RECEIPT_FAILED = 'Could not save your receipt. Please try again.'
export const RECEIPT_NO_ACCESS = 'Open this order from the link in its email, or sign in on My orders, to upload its receipt.'
export const RECEIPT_DAILY_LIMIT = 'You have uploaded as many receipts as we can take from one connection today. Please send your receipt to us on WhatsApp, or try again tomorrow.'
export const RECEIPT_STORE_FULL = 'We cannot take receipt uploads right now: the space for them is full. Please send your receipt to us on WhatsApp; our team has been told.'

/** Files kept per order: the current receipt and the ones it replaced, newest first; older ones are removed. */
export const RECEIPT_HISTORY = 5

/** How many leading bytes `receiptType` reads. */
export const RECEIPT_SNIFF_BYTES = 16

const ascii = (bytes: Uint8Array, from: number, to: number) => String.fromCharCode(...bytes.subarray(from, to))
// ISO-BMFF brands of HEIC/HEIF photos (iPhones and many Android phones); AVIF and videos are not receipts.
const HEIF_BRANDS: Record<string, 'heic' | 'heif'> = { heic: 'heic', heix: 'heic', hevc: 'heic', hevx: 'heic', heim: 'heic', heis: 'heic', hevm: 'heic', hevs: 'heic', mif1: 'heif', msf1: 'heif' }

/** The image kind a receipt's first bytes show, or null when they are not an accepted image. Never the name or the claimed type. */
export function receiptType(bytes: Uint8Array): { mime: string; extension: string } | null {
	if (bytes.length >= 8 && bytes[0] === 0x89 && ascii(bytes, 1, 4) === 'PNG' && bytes[4] === 0x0d && bytes[5] === 0x0a && bytes[6] === 0x1a && bytes[7] === 0x0a) {
		return { mime: 'image/png', extension: 'png' }
	}
	if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return { mime: 'image/jpeg', extension: 'jpg' }
	if (bytes.length >= 6 && (ascii(bytes, 0, 6) === 'GIF87a' || ascii(bytes, 0, 6) === 'GIF89a')) return { mime: 'image/gif', extension: 'gif' }
	if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') return { mime: 'image/webp', extension: 'webp' }
	if (bytes.length >= 12 && ascii(bytes, 4, 8) === 'ftyp') {
		const kind = HEIF_BRANDS[ascii(bytes, 8, 12)]
		if (kind) return { mime: `image/${kind}`, extension: kind }
	}
	return null
}

/** Why a file of this size and these first bytes cannot be a receipt, or null when it can: one message, before any upload. */
export function receiptProblem(size: number, head: Uint8Array): string | null {
	if (size === 0) return RECEIPT_MISSING
	if (!receiptType(head)) return RECEIPT_NOT_IMAGE
	if (size > RECEIPT_MAX_BYTES) return RECEIPT_TOO_LARGE
	return null
}

/** What a receipt upload posted as a plain form (no scripts) comes back to the order page as: a code in the address, never free text. */
export const RECEIPT_RESULTS = {
	uploaded: RECEIPT_UPLOADED,
	missing: RECEIPT_MISSING,
	'not-image': RECEIPT_NOT_IMAGE,
	'too-large': RECEIPT_TOO_LARGE,
	'not-waiting': RECEIPT_NOT_WAITING,
	'no-access': RECEIPT_NO_ACCESS,
	'daily-limit': RECEIPT_DAILY_LIMIT,
	full: RECEIPT_STORE_FULL,
	failed: RECEIPT_FAILED,
} as const
export type ReceiptResult = keyof typeof RECEIPT_RESULTS

export const readReceiptResult = (value: string | null): ReceiptResult | null => (value && Object.hasOwn(RECEIPT_RESULTS, value) ? (value as ReceiptResult) : null)

/** Order numbers are short printable text; control characters (a NUL among them) never name an order. */
export function isOrderNumberShaped(value: string | undefined): value is string {
	return Boolean(value) && value!.length <= 100 && !/[\u0000-\u001f\u007f]/.test(value!)
}
