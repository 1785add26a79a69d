import type { CartItem } from '~/domain/cart/cart'
import { useT } from '~/i18n/use-t'
import { richText } from '../ui/rich-text'
import { Rs } from '../ui/price'

/** Under a cart or checkout line: its price changed since the buyer added it, or it is no longer sold. */
export function LinePriceNote({ item }: { item: Pick<CartItem, 'price' | 'priceWas' | 'unavailable'> }) {
	const t = useT()
	if (item.unavailable) {
		return (
			<p className="line-note unavailable" role="note">
				<strong>{t('common.lineNote.unavailable')}</strong> {item.unavailable} {t('common.lineNote.leftOut')}
			</p>
		)
	}
	if (item.priceWas == null) return null
	return (
		<p className="line-note" role="note">
			{richText(t('common.lineNote.priceChanged'), { was: <Rs amount={item.priceWas} />, now: <Rs amount={item.price} /> })}
		</p>
	)
}
