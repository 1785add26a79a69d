import { formatRs } from '~/utils/money'

/** A rupee amount in running text ("from Rs. 2,700"): one unit that never breaks across lines. */
export function Rs({ amount }: { amount: number }) {
	return <span className="rs">{formatRs(amount)}</span>
}

/** The one way a price is shown: current price, and the original struck through when there is one. */
export function ProductPrice({ price, originalPrice, className }: { price: number; originalPrice?: number | null; className?: string }) {
	return (
		<span className={`price ${className ?? ''}`}>
			<span className="price-now">{formatRs(price)}</span>
			{originalPrice && originalPrice > price ? (
				<s className="price-was">
					<span className="sr-only">was </span>
					{formatRs(originalPrice)}
				</s>
			) : null}
		</span>
	)
}

export function Stars({ rating = 5, label }: { rating?: number; label?: string }) {
	return (
		<span className="stars" role="img" aria-label={label ?? `${rating} out of 5 stars`}>
			{'★★★★★'.slice(0, rating)}
			<span className="stars-off">{'★★★★★'.slice(rating)}</span>
		</span>
	)
}
