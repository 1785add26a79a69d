import type { RatingSummary } from '~/domain/reviews/rating-words'
import type { FromPrice } from '~/domain/pricing/from-price'
import { formatRs } from '~/utils/money'
import type { Translate } from '~/i18n/catalogue'
import { useT } from '~/i18n/use-t'
import { optionLabel } from '~/i18n/option-label'
import type { ReactNode } from 'react'
import { richText } from './rich-text'

/** A rupee amount in running text ("from Rs. 2,700"): one unit that never breaks across lines. */
export function Rs({ amount }: { amount: number }) {
	return <span className="rs">{formatRs(amount)}</span>
}

/**
 * The one way a price is shown: current price, and the original struck through when there is one.
 * `from`: the product sells at more than one price and this is its lowest (pricing/from-price.ts), said “from Rs. 2,700”.
 */
export function ProductPrice({ price, originalPrice, from = false, className }: { price: number; originalPrice?: number | null; from?: boolean; className?: string }) {
	const t = useT()
	return (
		<span className={`price ${className ?? ''}`}>
			<span className="price-now">
				{from ? richText(t('common.price.from'), { price: formatRs(price) }, (words) => <span className="price-from">{words}</span>) : formatRs(price)}
			</span>
			{originalPrice && originalPrice > price ? (
				<s className="price-was">
					<span className="sr-only">{t('common.price.was')} </span>
					{formatRs(originalPrice)}
				</s>
			) : null}
		</span>
	)
}

/** The one “from” price (pricing/from-price.ts) and what it buys: “from Rs. 2,700 (1 Month · Shared account)”. */
export function FromPriceLine({ from, className = 'from-price' }: { from: FromPrice; className?: string }) {
	const t = useT()
	return (
		<p className={className}>
			{fromPrice(t, from, <strong className="nowrap">{formatRs(from.price)}</strong>)}
			{from.choice ? (
				<span className="muted small">
					{' '}
					(<bdi>{optionLabel(t, from.choice)}</bdi>)
				</span>
			) : null}
		</p>
	)
}

/** “from Rs. 2,700” (“Rs. 2,700 سے شروع” in Urdu: the word goes where the language puts it) when `from` is the lowest of several prices, else the price alone. */
export function fromPrice(t: Translate, from: Pick<FromPrice, 'isFrom'>, price: ReactNode): ReactNode {
	return from.isFrom ? richText(t('common.price.from'), { price }) : price
}

/** A product's real rating, “★ 4.0 (1)”; nothing at all when it has no reviews. */
export function RatingBadge({ rating }: { rating: RatingSummary | null }) {
	const t = useT()
	if (!rating) return null
	return (
		<span className="rating-summary" role="img" aria-label={ratingWords(t, rating)}>
			<span className="stars" aria-hidden="true">
				★
			</span>
			<span aria-hidden="true">
				{rating.average.toFixed(1)} ({rating.count})
			</span>
		</span>
	)
}

/** “Rated 4.0 out of 5 from 1 review”: what the compact “★ 4.0 (1)” says aloud. */
export function ratingWords(t: Translate, r: RatingSummary) {
	return t(r.count === 1 ? 'common.rating.words' : 'common.rating.wordsMany', { average: r.average.toFixed(1), count: r.count })
}

/** One review's own stars (or a testimonial's): filled as many as it gave. `label` says them aloud in the page's language (`common.stars.label`). */
export function Stars({ rating = 5, label }: { rating?: number; label?: string }) {
	return (
		<span className="stars" role="img" aria-label={label ?? `${rating} out of 5 stars`}>
			{'★★★★★'.slice(0, rating)}
			<span className="stars-off">{'★★★★★'.slice(rating)}</span>
		</span>
	)
}
