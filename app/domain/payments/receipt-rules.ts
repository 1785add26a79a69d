// The transfer receipt's rules, in one place: its limits and messages here, its accepted kinds in
// receipt-type.ts (the browser checks a chosen file with them before a slow upload, and the server
// checks the bytes it received with the very same functions).
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

/** Where an order's transfer receipt is posted: by the page's scripts, or as a plain form without them. */
export const receiptUploadPath = (orderNumber: string) => `/api/order/${encodeURIComponent(orderNumber)}/receipt`
