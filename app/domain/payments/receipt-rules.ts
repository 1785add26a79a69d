// The transfer receipt's limits, checked in the browser first and by the server for real.
export const RECEIPT_MAX_BYTES = 10 * 1024 * 1024
export const RECEIPT_TOO_LARGE = 'Your receipt is larger than 10 MB. Please upload a smaller screenshot.'
export const RECEIPT_NOT_IMAGE = 'The receipt must be an image (PNG, JPG, WebP or HEIC).'
