import type { TransferAccount } from '~/domain/settings/store-details'
import type { ReceiptResult } from '~/domain/payments/receipt-rules'
import { formatRs } from '~/utils/money'
import { CopyButton } from '../ui/copy-button'
import { ReceiptUploadForm } from './receipt-upload-form'
import { TransferAccounts } from './transfer-accounts'

/** The reference a transfer carries so staff can match it: the order number, with a copy button. */
export function TransferReference({ orderNumber }: { orderNumber: string }) {
	return (
		<p className="transfer-reference">
			<span>Write this as the payment reference:</span>{' '}
			<span className="order-copyable">
				<strong className="order-code" data-testid="transfer-reference">
					{orderNumber}
				</strong>
				<CopyButton value={orderNumber} what="payment reference" />
			</span>
		</p>
	)
}

/** How to pay an order by bank or wallet transfer, on the order's own page: amount, accounts, reference, and the receipt upload. */
export function TransferPayment({
	orderNumber,
	amount,
	accounts,
	result,
}: {
	orderNumber: string
	amount: number
	accounts: TransferAccount[]
	result: ReceiptResult | null
}) {
	return (
		<div className="transfer-payment" id="pay-by-transfer">
			<h3>Pay by bank or wallet transfer</h3>
			<ol className="transfer-steps">
				<li>
					Send exactly <strong data-testid="transfer-amount">{formatRs(amount)}</strong> to one of these accounts. A different amount cannot be matched to
					your order.
				</li>
				<li>
					<TransferReference orderNumber={orderNumber} />
				</li>
				<li>Upload a screenshot of your payment receipt below. Our team checks it and confirms your order here.</li>
			</ol>
			<TransferAccounts accounts={accounts} />
			<ReceiptUploadForm orderNumber={orderNumber} result={result} />
		</div>
	)
}
