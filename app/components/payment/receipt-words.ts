import type { MessageKey, Translate } from '~/i18n/catalogue'
import {
	RECEIPT_DAILY_LIMIT,
	RECEIPT_FAILED,
	RECEIPT_MISSING,
	RECEIPT_NO_ACCESS,
	RECEIPT_NOT_IMAGE,
	RECEIPT_NOT_WAITING,
	RECEIPT_STORE_FULL,
	RECEIPT_TOO_LARGE,
	RECEIPT_UPLOADED,
	type ReceiptResult,
} from '~/domain/payments/receipt-rules'

/** The upload's own sentence when the network failed (upload-receipt.ts). */
export const RECEIPT_CONNECTION = 'Could not upload your receipt. Please check your connection and try again.'

/** Each receipt upload's result (RECEIPT_RESULTS, English there) as its message in the catalogue, for the page's language. */
export const RECEIPT_RESULT_KEYS: Record<ReceiptResult, MessageKey> = {
	uploaded: 'checkout.receipt.uploaded',
	missing: 'checkout.receipt.missing',
	'not-image': 'checkout.receipt.notImage',
	'too-large': 'checkout.receipt.tooLarge',
	'not-waiting': 'checkout.receipt.notWaiting',
	'no-access': 'checkout.receipt.noAccess',
	'daily-limit': 'checkout.receipt.dailyLimit',
	full: 'checkout.receipt.storeFull',
	failed: 'checkout.receipt.failed',
}

const KEYS_BY_SENTENCE: Record<string, MessageKey> = {
	[RECEIPT_UPLOADED]: 'checkout.receipt.uploaded',
	[RECEIPT_MISSING]: 'checkout.receipt.missing',
	[RECEIPT_NOT_IMAGE]: 'checkout.receipt.notImage',
	[RECEIPT_TOO_LARGE]: 'checkout.receipt.tooLarge',
	[RECEIPT_NOT_WAITING]: 'checkout.receipt.notWaiting',
	[RECEIPT_NO_ACCESS]: 'checkout.receipt.noAccess',
	[RECEIPT_DAILY_LIMIT]: 'checkout.receipt.dailyLimit',
	[RECEIPT_STORE_FULL]: 'checkout.receipt.storeFull',
	[RECEIPT_FAILED]: 'checkout.receipt.failed',
	[RECEIPT_CONNECTION]: 'checkout.receipt.connection',
}

/**
 * A receipt sentence (the browser's check, or the upload's answer, both in English) in the page's
 * language; one it does not know (a server's answer already translated) as it is.
 */
export function receiptSentence(t: Translate, sentence: string): string {
	const key = Object.hasOwn(KEYS_BY_SENTENCE, sentence) ? KEYS_BY_SENTENCE[sentence]! : null
	if (key) return t(key)
	const failed = new RegExp(`^${RECEIPT_FAILED.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')} \\(error (\\d+)\\)$`).exec(sentence)
	return failed ? t('checkout.receipt.failedStatus', { status: failed[1]! }) : sentence
}
