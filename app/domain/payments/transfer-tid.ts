import type { MessageKey } from '../../i18n/catalogue'
import { westernDigits } from '../../utils/digits'

// The transfer's own facts beside the receipt (ADR-049): the transaction ID (TID) the bank or wallet
// showed the buyer, and who paid. The same rules in the browser and on the server; the statement
// import reads a statement's reference with the very same `normaliseTid`, so the two meet.

/** Each refusal's key (the words are the catalogues', ADR-037). */
const SAY = { tidMissing: 'checkout.receipt.tidMissing', tidInvalid: 'checkout.receipt.tidInvalid', payerMissing: 'checkout.receipt.payerMissing', payerTooLong: 'checkout.receipt.payerTooLong' } as const satisfies Record<string, MessageKey>
/** A TID another order already gave: said by the upload, which asks the database. */
export const TID_USED = 'checkout.receipt.tidUsed' satisfies MessageKey

export const TID_MAX = 40
export const PAYER_MAX = 120

/** Spaces of every kind, dashes of every kind, dots, slashes and a leading '#': what people and statements put between a TID's groups. */
const TID_SEPARATORS = /[\s\-\u2010-\u2015\u2212./#_:]/g

/** A TID as the shop keeps it: Western digits, no spaces or dashes, upper case ("tid ۰۱۲-۳۴ab" → "TID01234AB"). */
export const normaliseTid = (typed: string): string => westernDigits(typed.normalize('NFKC')).replace(TID_SEPARATORS, '').toUpperCase()

/** Who paid, as kept: trimmed, one space between words, no control characters. */
export const normalisePayer = (typed: string): string =>
	typed
		.normalize('NFKC')
		.replace(/[\u0000-\u001f\u007f]/g, ' ')
		.replace(/\s+/g, ' ')
		.trim()

export type TransferFacts = { transactionId: string; payerAccount: string }

/** The buyer's TID and payer, normalised, or the first problem's key (the TID first, as the form shows them). */
export function readTransferFacts(tid: unknown, payer: unknown): { ok: true; facts: TransferFacts } | { ok: false; key: MessageKey; field: 'transactionId' | 'payerAccount' } {
	const tidText = typeof tid === 'string' ? tid.slice(0, 200) : ''
	const transactionId = normaliseTid(tidText)
	if (!transactionId) return { ok: false, key: SAY.tidMissing, field: 'transactionId' }
	if (transactionId.length < 4 || transactionId.length > TID_MAX || !/^[A-Z0-9]+$/.test(transactionId)) return { ok: false, key: SAY.tidInvalid, field: 'transactionId' }
	const payerText = typeof payer === 'string' ? payer.slice(0, 1000) : ''
	const payerAccount = normalisePayer(payerText)
	if (payerAccount.length < 2) return { ok: false, key: SAY.payerMissing, field: 'payerAccount' }
	if (payerAccount.length > PAYER_MAX) return { ok: false, key: SAY.payerTooLong, field: 'payerAccount' }
	return { ok: true, facts: { transactionId, payerAccount } }
}
