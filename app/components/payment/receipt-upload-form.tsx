import { ErrorAlert } from '~/components/ui/error-alert'
import { RECEIPT_RESULTS, receiptUploadPath, type ReceiptResult } from '~/domain/payments/receipt-rules'
import { ReceiptPicker } from './receipt-picker'
import { TransferFactsFields, type TypedTransfer } from './transfer-facts-fields'
import { useT } from '~/i18n/use-t'

/**
 * The receipt upload of an order's page, drawn by the server. A real multipart form: without scripts
 * it posts and the server sends the buyer back to the order page with the result (`result`) and, when
 * refused, the TID and payer as typed (`typed`); with
 * scripts the page checks and previews the chosen file, then sends it and shows the order again
 * (`order-forms.ts`, loaded when the buyer chooses or sends a file).
 */
export function ReceiptUploadForm({ orderNumber, result, typed, submitLabel }: { orderNumber: string; result: ReceiptResult | null; typed?: TypedTransfer | null; submitLabel?: string }) {
	const t = useT()
	return (
		<form method="post" action={receiptUploadPath(orderNumber)} encType="multipart/form-data" className="receipt-upload" data-enhance="receipt" data-order={orderNumber} noValidate>
			<TransferFactsFields typed={typed} />
			<ReceiptPicker file={null} required onChange={() => {}} />
			<ErrorAlert message={result && result !== 'uploaded' ? t(RECEIPT_RESULTS[result]) : null} />
			<div role="status">{result === 'uploaded' ? <p className="success-box receipt-uploaded">{t('checkout.receipt.uploaded')}</p> : null}</div>
			<button type="submit" className="button primary block" data-busy-label={t('checkout.payment.uploading')}>
				{submitLabel ?? t('checkout.receipt.upload')}
			</button>
		</form>
	)
}
