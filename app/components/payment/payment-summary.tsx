import { linePrice, type CartItem } from '~/domain/cart/cart'
import { formatRs } from '~/utils/money'
import { accountTypeWord } from '~/components/checkout/checkout-summary'
import { useT } from '~/i18n/use-t'
import { richText } from '~/components/ui/rich-text'
import { optionLabel } from '~/i18n/option-label'


/** The order being paid for: its number, its lines and the total the server priced. */
export function PaymentSummary({ orderNumber, items, amount, discount = 0 }: { orderNumber: string; items: CartItem[]; amount: number; discount?: number }) {
	const t = useT()
	return (
		<section className="payment-panel" aria-labelledby="payment-summary-title">
			<h2 id="payment-summary-title">{t('checkout.summary.title')}</h2>
			<p className="payment-order-number">
				<span className="muted">{t('checkout.summary.orderNumber')}</span>{' '}
				<strong data-testid="payment-order-number" dir="ltr">
					{orderNumber}
				</strong>
			</p>
			<ul className="payment-lines">
				{items.map((item, index) => (
					<li key={index} className="payment-line">
						<div>
							<p className="payment-line-name">{item.name}</p>
							{item.selectedDuration ? <p className="muted small">{richText(t('checkout.summary.duration'), { value: <bdi>{optionLabel(t, item.selectedDuration)}</bdi> })}</p> : null}
							{item.selectedDenomination ? <p className="muted small">{richText(t('checkout.summary.value'), { value: <bdi>{optionLabel(t, item.selectedDenomination)}</bdi> })}</p> : null}
							{item.selectedAccountType ? <p className="muted small">{t('checkout.summary.accountType', { value: accountTypeWord(t, item.selectedAccountType)! })}</p> : null}
						</div>
						<p className="payment-line-price" dir="ltr">
							{formatRs(linePrice(item))} × {item.quantity}
						</p>
					</li>
				))}
			</ul>
			{discount > 0 ? (
				<p className="payment-discount">
					<span>{t('checkout.summary.discountPlain')}</span>
					<span dir="ltr">{`−${formatRs(discount)}`}</span>
				</p>
			) : null}
			<p className="payment-total">
				<span>{t('checkout.summary.total')}</span>
				<strong data-testid="payment-total">{formatRs(amount)}</strong>
			</p>
		</section>
	)
}
