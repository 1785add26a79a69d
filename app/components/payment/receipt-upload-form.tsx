import { useState, type FormEvent } from 'react'
import { ErrorAlert } from '~/components/ui/error-alert'
import { RECEIPT_MISSING, RECEIPT_RESULTS, RECEIPT_UPLOADED, receiptUploadPath, type ReceiptResult } from '~/domain/payments/receipt-rules'
import { ReceiptPicker } from './receipt-picker'

/**
 * The receipt upload of an order's page. A real multipart form: without scripts it posts and the
 * server sends the buyer back to the order page with the result (`result`); with scripts the file
 * is checked and previewed first, then sent, and `onUploaded` refreshes the order.
 */
export function ReceiptUploadForm({ orderNumber, result, onUploaded, submitLabel = 'Upload receipt' }: { orderNumber: string; result: ReceiptResult | null; onUploaded: () => void; submitLabel?: string }) {
	const [receipt, setReceipt] = useState<File | null>(null)
	const [busy, setBusy] = useState(false)
	const [error, setError] = useState<string | null>(result && result !== 'uploaded' ? RECEIPT_RESULTS[result] : null)
	const [done, setDone] = useState(result === 'uploaded')

	async function submit(event: FormEvent<HTMLFormElement>) {
		event.preventDefault()
		if (busy) return
		// A file chosen before the page's scripts started is still in the input.
		const input = event.currentTarget.elements.namedItem('receipt')
		const file = receipt ?? (input instanceof HTMLInputElement ? (input.files?.[0] ?? null) : null)
		if (!file) return setError(RECEIPT_MISSING)
		const { chosenReceiptProblem, uploadReceipt } = await import('./upload-receipt')
		const problem = await chosenReceiptProblem(file)
		if (problem) return setError(problem)
		setBusy(true)
		setError(null)
		const answer = await uploadReceipt(orderNumber, file)
		setBusy(false)
		if (!answer.ok) return setError(answer.error)
		setReceipt(null)
		setDone(true)
		onUploaded()
	}

	return (
		<form method="post" action={receiptUploadPath(orderNumber)} encType="multipart/form-data" className="receipt-upload" onSubmit={(e) => void submit(e)} noValidate>
			<ReceiptPicker
				file={receipt}
				required
				onChange={(file) => {
					setReceipt(file)
					setError(null)
					setDone(false)
				}}
				disabled={busy}
			/>
			<ErrorAlert message={error} />
			<div role="status">{done && !receipt ? <p className="success-box receipt-uploaded">{RECEIPT_UPLOADED}</p> : null}</div>
			<button type="submit" className="button primary block" disabled={busy}>
				{busy ? 'Uploading...' : submitLabel}
			</button>
		</form>
	)
}
