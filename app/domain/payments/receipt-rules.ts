import type { MessageKey } from '../../i18n/catalogue'

// The transfer receipt's rules, in one place: its limits and its messages' keys here (the words are
// the catalogues', ADR-037), its accepted kinds in receipt-type.ts (the browser checks a chosen file
// with them before a slow upload, and the server checks the bytes it received with the very same functions).
export const RECEIPT_MAX_BYTES = 10 * 1024 * 1024
export const RECEIPT_TOO_LARGE = 'checkout.receipt.tooLarge' satisfies MessageKey
export const RECEIPT_NOT_IMAGE = 'checkout.receipt.notImage' satisfies MessageKey
export const RECEIPT_MISSING = 'checkout.receipt.missing' satisfies MessageKey
export const RECEIPT_NOT_WAITING = 'checkout.receipt.notWaiting' satisfies MessageKey
export const RECEIPT_UPLOADED = 'checkout.receipt.uploaded' satisfies MessageKey
export const RECEIPT_FAILED = 'checkout.receipt.failed' satisfies MessageKey
export const RECEIPT_NO_ACCESS = 'checkout.receipt.noAccess' satisfies MessageKey
export const RECEIPT_DAILY_LIMIT = 'checkout.receipt.dailyLimit' satisfies MessageKey
export const RECEIPT_STORE_FULL = 'checkout.receipt.storeFull' satisfies MessageKey

/** Files kept per order: the current receipt and the ones it replaced, newest first; older ones are removed. */
export const RECEIPT_HISTORY = 5

/** What a receipt upload posted as a plain form (no scripts) comes back to the order page as: a code in the address, never free text; each with its message's key. */
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
	'tid-missing': 'checkout.receipt.tidMissing',
	'tid-invalid': 'checkout.receipt.tidInvalid',
	'tid-used': 'checkout.receipt.tidUsed',
	'payer-missing': 'checkout.receipt.payerMissing',
	'payer-too-long': 'checkout.receipt.payerTooLong',
} as const satisfies Record<string, MessageKey>
export type ReceiptResult = keyof typeof RECEIPT_RESULTS

export const readReceiptResult = (value: string | null): ReceiptResult | null => (value && Object.hasOwn(RECEIPT_RESULTS, value) ? (value as ReceiptResult) : null)

/** Order numbers are short printable text; control characters (a NUL among them) never name an order. */
export function isOrderNumberShaped(value: string | undefined): value is string {
	return Boolean(value) && value!.length <= 100 && !/[\u0000-\u001f\u007f]/.test(value!)
}

/** Where an order's transfer receipt is posted: by the page's scripts, or as a plain form without them. */
export const receiptUploadPath = (orderNumber: string) => `/api/order/${encodeURIComponent(orderNumber)}/receipt`
