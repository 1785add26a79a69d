// The transfer receipt's limits, checked in the browser first and by the server for real.
export const RECEIPT_MAX_BYTES = 10 * 1024 * 1024
export const RECEIPT_TOO_LARGE = 'Your receipt is larger than 10 MB. Please upload a smaller screenshot.'
export const RECEIPT_NOT_IMAGE = 'The receipt must be an image (PNG, JPG, WebP or HEIC).'
export const RECEIPT_MISSING = 'Please upload your payment receipt screenshot first.'

/** Order numbers are short printable text; control characters (a NUL among them) never name an order. */
export function isOrderNumberShaped(value: string | undefined): value is string {
	return Boolean(value) && value!.length <= 100 && !/[\u0000-\u001f\u007f]/.test(value!)
}
