import type { MessageKey } from '~/i18n/catalogue'
import { words, type Said } from '~/i18n/words'
import { RECEIPT_NOT_IMAGE, receiptUploadPath } from '~/domain/payments/receipt-rules'
import { RECEIPT_SNIFF_BYTES, receiptProblem } from '~/domain/payments/receipt-type'
import { readTransferFacts, type TransferFacts } from '~/domain/payments/transfer-tid'

/** The form's TID and payer, checked by the server's own rule: the facts, or the first problem's key. */
export function typedTransferFacts(form: HTMLFormElement | null, values?: { transactionId: string; payerAccount: string }): { ok: true; facts: TransferFacts } | { ok: false; key: MessageKey } {
	const field = (name: string) => values?.[name as keyof typeof values] ?? (form?.elements.namedItem(name) as HTMLInputElement | null)?.value ?? ''
	const read = readTransferFacts(field('transactionId'), field('payerAccount'))
	return read.ok ? read : { ok: false, key: read.key }
}

// What the browser does with a chosen receipt: check it, then send it. Pages import this module when
// the buyer chooses or sends a file, not with the page (issue 20). Its own problems are words by key,
// which a page says in its language (`say`, ADR-037); the server answers in the order's language.

/** Why a chosen file cannot be a receipt (its message's key), or null when it can: the server's own rule, on the file's first bytes, before any upload. */
export async function chosenReceiptProblem(file: Blob): Promise<MessageKey | null> {
	try {
		return receiptProblem(file.size, new Uint8Array(await file.slice(0, RECEIPT_SNIFF_BYTES).arrayBuffer()))
	} catch {
		return RECEIPT_NOT_IMAGE
	}
}

/** Sends the receipt for an order; the server's own message when it refuses it. */
export async function uploadReceipt(orderNumber: string, receipt: File, transfer: TransferFacts): Promise<{ ok: true; status: string } | { ok: false; error: Said }> {
	try {
		// The transfer's facts first: the server reads them before the file's bytes.
		const body = new FormData()
		body.append('transactionId', transfer.transactionId)
		body.append('payerAccount', transfer.payerAccount)
		body.append('receipt', receipt)
		const res = await fetch(receiptUploadPath(orderNumber), { method: 'POST', body, headers: { Accept: 'application/json' } })
		const answer = (await res.json().catch(() => null)) as { ok?: boolean; error?: string; status?: string } | null
		if (!res.ok || !answer?.ok) return { ok: false, error: answer?.error || words('checkout.receipt.failedStatus', { status: res.status }) }
		return { ok: true, status: answer.status ?? 'pending' }
	} catch {
		return { ok: false, error: words('checkout.receipt.connection') }
	}
}
