import type { TransferAccount } from '~/domain/settings/store-details'
import type { ReceiptResult } from '~/domain/payments/receipt-rules'
import { formatRs } from '~/utils/money'
import { CopyButton } from '../ui/copy-button'
import { ReceiptUploadForm } from './receipt-upload-form'
import { TransferAccounts } from './transfer-accounts'
import type { TypedTransfer } from './transfer-facts-fields'
import { useT } from '~/i18n/use-t'
import { richText } from '~/components/ui/rich-text'

/** The reference a transfer carries so staff can match it: the order number, with a copy button. */
export function TransferReference({ orderNumber }: { orderNumber: string }) {
	const t = useT()
	return (
		<p className="transfer-reference">
			<span>{t('checkout.transfer.reference')}</span>{' '}
			<span className="order-copyable">
				<strong className="order-code" data-testid="transfer-reference" dir="ltr">
					{orderNumber}
				</strong>
				<CopyButton value={orderNumber} what={t('checkout.transfer.referenceWhat')} t={t} />
			</span>
		</p>
	)
}

/**
 * How to pay an order by bank or wallet transfer, on the order's own page: amount, reference, the
 * receipt upload, then the accounts. The upload comes before the accounts so that it is on a phone's
 * first screen for the buyer who comes back having paid (ADR-041); the steps point down to the accounts.
 */
export function TransferPayment({
	orderNumber,
	amount,
	accounts,
	result,
	typed,
}: {
	orderNumber: string
	amount: number
	accounts: TransferAccount[]
	result: ReceiptResult | null
	typed?: TypedTransfer | null
}) {
	const t = useT()
	return (
		<div className="transfer-payment" id="pay-by-transfer">
			<h3>{t('checkout.transfer.title')}</h3>
			<ol className="transfer-steps">
				<li>{richText(t('checkout.transfer.sendExactly'), { amount: <strong data-testid="transfer-amount" className="nowrap">{formatRs(amount)}</strong> })}</li>
				<li>
					<TransferReference orderNumber={orderNumber} />
				</li>
				<li>{t('checkout.transfer.uploadStep')}</li>
			</ol>
			<ReceiptUploadForm orderNumber={orderNumber} result={result} typed={typed} />
			<TransferAccounts accounts={accounts} />
		</div>
	)
}
