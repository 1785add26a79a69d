import { useT } from '~/i18n/use-t'
import { ErrorAlert } from '~/components/ui/error-alert'
import type { FullOrderView } from '~/domain/orders/order-view'
import { payAgainPath } from '~/domain/payments/pay-again-rules'

/**
 * An unpaid online order: pay it online ("Continue to payment" on a page left unpaid, "Try again"
 * after a failure) or by bank or wallet transfer instead. A real form, drawn by the server: without
 * scripts the server sends the buyer on to PayPro's page, or back to the order with the transfer
 * details; with them the page sends it itself (`order-forms.ts`) and then shows the order again, or
 * goes to `afterTransfer` when given (My orders: the order page's transfer details).
 * `onlineOnly`: a transfer staff rejected, whose other ways on (a new receipt, the chat) stand beside
 * it: one button, "Pay online instead".
 */
export function PayAgain({
	order,
	failedBefore,
	afterTransfer,
	onlineOnly = false,
}: {
	order: Pick<FullOrderView, 'orderNumber' | 'paymentStatus'>
	failedBefore: boolean
	afterTransfer?: string
	onlineOnly?: boolean
}) {
	const t = useT()
	const failed = order.paymentStatus === 'failed'
	return (
		<form method="post" action={payAgainPath(order.orderNumber)} className="pay-again" data-enhance="pay-again" data-after-transfer={afterTransfer}>
			{onlineOnly ? null : <p className="muted">{failed ? t('order.payAgain.failedText') : t('order.payAgain.unpaidText')}</p>}
			<ErrorAlert message={failedBefore ? t('order.payAgain.failed') : null} focus={false} />
			<div className="order-actions">
				<button type="submit" name="paymentMethod" value="paypro" className={onlineOnly ? 'button ghost' : 'button primary'} data-busy-label={t('order.payAgain.opening')}>
					{onlineOnly ? t('order.payAgain.online') : failed ? t('order.payAgain.tryAgain') : t('order.payAgain.continue')}
				</button>
				{onlineOnly ? null : (
					<button type="submit" name="paymentMethod" value="manual" className="button ghost" data-busy-label={t('order.payAgain.wait')}>
						{t('order.payAgain.transfer')}
					</button>
				)}
			</div>
		</form>
	)
}
