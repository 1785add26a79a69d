import { Link, useNavigate } from 'react-router'
import type { ProductSummary } from '~/domain/catalogue/types'
import { formatRs } from '~/utils/money'
import { useLocalePath, useT } from '~/i18n/use-t'
import { useCart } from '../cart/cart-context'
import { ProductPrice, RatingBadge, Rs } from '../ui/price'
import { ProductImage } from './product-image'

export function ProductCard({ product, priority = false, headingLevel = 3 }: { product: ProductSummary; priority?: boolean; headingLevel?: 2 | 3 }) {
	const Heading = headingLevel === 2 ? 'h2' : 'h3'
	const { dispatch } = useCart()
	const navigate = useNavigate()
	const t = useT()
	const lp = useLocalePath()
	const page = lp(`/product/${product.id}`)
	const { price } = product
	const onSale = product.originalPrice != null && product.originalPrice > price

	function add() {
		// An account (product 1 included) is chosen on its page: private or shared, for which duration.
		if (!product.cartItem) return navigate(page)
		dispatch({ type: 'add', item: product.cartItem })
		dispatch({ type: 'open' })
	}

	return (
		<article className="product-card" aria-labelledby={`product-${product.id}-name`}>
			<div className="card-inner">
				<div className="card-front">
					<ProductImage src={product.image} imageSet={product.imageSet} alt={product.name} size={400} sizes="(min-width: 1024px) 280px, 50vw" priority={priority} labels={{ loading: t('common.image.loading'), unavailable: t('common.image.unavailable') }} />
					<div className="card-body">
						<Heading id={`product-${product.id}-name`} className="card-title">
							{/* Out of the tab order: keyboard users reach the same page by the back face's View. */}
							<Link to={page} tabIndex={-1}>
								{product.name}
							</Link>
						</Heading>
						{/* Beside the price, never on the cover, whose art would sit under it. */}
						<p className="card-price">
							<ProductPrice price={price} originalPrice={product.originalPrice} from={product.priceIsFrom} />
							{onSale ? <span className="sale-badge">{t('catalogue.card.sale')}</span> : null}
						</p>
						<p className="card-caption" dir="auto">{product.caption}</p>
						<RatingBadge rating={product.rating} />
					</div>
				</div>
				<div className="card-back">
					<p className="card-title">{product.name}</p>
					<p className="card-caption" dir="auto">{product.caption}</p>
					<p className="muted small">{t(product.priceIsFrom ? 'catalogue.card.startingPrice' : 'catalogue.card.price')}</p>
					{/* “Starting Price” above already says it is a from-price: the amount alone fits the card at 360 px. */}
					<p className="price-now big">{formatRs(price)}</p>
					{onSale ? <p className="muted small">{t('catalogue.card.was')} <Rs amount={product.originalPrice!} /></p> : null}
					<div className="card-actions">
						<button type="button" className="button primary" onClick={add} aria-label={t('catalogue.card.addLabel', { name: product.name })}>
							{t('catalogue.card.add')}
						</button>
						<Link className="button ghost" to={page} aria-label={t('catalogue.card.viewLabel', { name: product.name })}>
							{t('catalogue.card.view')}
						</Link>
					</div>
				</div>
			</div>
		</article>
	)
}
