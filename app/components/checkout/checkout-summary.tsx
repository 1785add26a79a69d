import { cartTotal, linePrice, payableItems, type CartItem } from '~/domain/cart/cart'
import { formatRs } from '~/utils/money'
import { LinePriceNote } from '../cart/line-price-note'
import { ProductImage } from '../product/product-image'
import type { AccountTypeName } from '~/domain/pricing/account-type-label'
import type { Translate } from '~/i18n/catalogue'
import { useT } from '~/i18n/use-t'
import { richText } from '~/components/ui/rich-text'
import { optionLabel } from '~/i18n/option-label'

/** 'Private' / 'Shared' in the page's language; null without an account type. */
export function accountTypeWord(t: Translate, type: AccountTypeName | null | undefined): string | null {
	return type ? t(type === 'private' ? 'checkout.accountType.private' : 'checkout.accountType.shared') : null
}


/** `total`: the order's total when the server's differs from the lines' (a price changed as the order was placed). */
export function CheckoutSummary({
	items,
	single,
	total = cartTotal(items),
	discount = null,
}: {
	items: CartItem[]
	single: boolean
	total?: number
	/** The discount code the server priced for these lines (its discount is already out of `total`). */
	discount?: { code: string; discount: number } | null
}) {
	const t = useT()
	const count = payableItems(items).reduce((n, i) => n + i.quantity, 0)
	return (
		<section className="checkout-summary" aria-labelledby="summary-title">
			<h2 id="summary-title">{t('checkout.summary.title')}</h2>
			<ul className="summary-lines">
				{items.map((item) => {
					const unit = linePrice(item)
					const original = item.originalPrice
					return (
						<li key={`${item.id}-${item.selectedDuration?.label ?? ''}-${item.selectedDenomination?.label ?? ''}`} className="summary-line">
							<ProductImage src={item.image} imageSet={item.imageSet} alt="" size={56} sizes="56px" className="product-thumb" />
							<div>
								<p className="summary-name">{item.name}</p>
								{item.selectedDuration ? <p className="muted small">{richText(t('checkout.summary.duration'), { value: <bdi>{optionLabel(t, item.selectedDuration)}</bdi> })}</p> : null}
								{item.selectedDenomination ? <p className="muted small">{richText(t('checkout.summary.value'), { value: <bdi>{optionLabel(t, item.selectedDenomination)}</bdi> })}</p> : null}
								{item.selectedAccountType ? <p className="muted small">{t('checkout.summary.accountType', { value: accountTypeWord(t, item.selectedAccountType)! })}</p> : null}
								{single ? null : <p className="muted small">{t('checkout.summary.quantity', { count: item.quantity })}</p>}
							</div>
							<div className="summary-price">
								<p className="summary-line-total">{item.unavailable ? <s>{formatRs(unit * item.quantity)}</s> : formatRs(unit * item.quantity)}</p>
								{single && original && original > unit ? <s className="muted small">{formatRs(original)}</s> : null}
								{item.quantity > 1 ? <p className="muted small">{t('checkout.summary.each', { price: formatRs(unit) })}</p> : null}
							</div>
							<LinePriceNote item={item} />
						</li>
					)
				})}
			</ul>
			{single && !discount ? null : (
				<p className="summary-row">
					<span>{single ? t('checkout.summary.subtotal') : t('checkout.summary.items', { count })}</span>
					<span>{formatRs(cartTotal(items))}</span>
				</p>
			)}
			{discount ? (
				<p className="summary-row summary-discount">
					<span>{t('checkout.summary.discount', { code: discount.code })}</span>
					<span data-testid="checkout-discount" dir="ltr">{`−${formatRs(discount.discount)}`}</span>
				</p>
			) : null}
			<p className="summary-row summary-total">
				<span>{t('checkout.summary.total')}</span>
				<strong data-testid="checkout-total">{formatRs(total)}</strong>
			</p>
		</section>
	)
}
