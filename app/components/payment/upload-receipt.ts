import { RECEIPT_FAILED } from '~/domain/payments/receipt-rules'

/** Where an order's transfer receipt is posted: by the page's scripts, or as a plain form without them. */
export const receiptUploadPath = (orderNumber: string) => `/api/order/${encodeURIComponent(orderNumber)}/receipt`

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
		return { ok: false, error: 'Could not upload your receipt. Please check your connection and try again.' }
	}
}
