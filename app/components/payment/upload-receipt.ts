import { RECEIPT_FAILED, RECEIPT_NOT_IMAGE, receiptUploadPath } from '~/domain/payments/receipt-rules'
import { RECEIPT_SNIFF_BYTES, receiptProblem } from '~/domain/payments/receipt-type'
import { RECEIPT_CONNECTION } from './receipt-words'

// What the browser does with a chosen receipt: check it, then send it. Pages import this module when
// the buyer chooses or sends a file, not with the page (issue 20). Its sentences are English: a page shows
// them in its language with receiptSentence (receipt-words.ts).

/** Why a chosen file cannot be a receipt, or null when it can: the server's own rule, on the file's first bytes, before any upload. */
export async function chosenReceiptProblem(file: Blob): Promise<string | null> {
	try {
		return receiptProblem(file.size, new Uint8Array(await file.slice(0, RECEIPT_SNIFF_BYTES).arrayBuffer()))
	} catch {
		return RECEIPT_NOT_IMAGE
	}
}

/** Sends the receipt for an order; the server's own message when it refuses it. */
export async function uploadReceipt(orderNumber: string, receipt: File): Promise<{ ok: true; status: string } | { ok: false; error: string }> {
	try {
		const body = new FormData()
		body.append('receipt', receipt)
		const res = await fetch(receiptUploadPath(orderNumber), { method: 'POST', body, headers: { Accept: 'application/json' } })
		const answer = (await res.json().catch(() => null)) as { ok?: boolean; error?: string; status?: string } | null
		if (!res.ok || !answer?.ok) return { ok: false, error: answer?.error || `${RECEIPT_FAILED} (error ${res.status})` }
		return { ok: true, status: answer.status ?? 'pending' }
	} catch {
		return { ok: false, error: RECEIPT_CONNECTION }
	}
}
