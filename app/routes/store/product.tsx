import { Link, isRouteErrorResponse, useLocation, useRouteError } from 'react-router'
import { PurchasePanel } from '~/components/product/purchase-panel'
import { ProductImage } from '~/components/product/product-image'
import { ReviewsSection } from '~/components/product/reviews-section'
import { ProductDescription } from '~/components/product/product-description'
import { ServerHtml } from '~/components/layout/server-html'
import { renderStaticHtml } from '~/utils/static-html.server'
import { db } from '~/db/client.server'
import { getProduct, previewProduct } from '~/domain/catalogue/list-products.server'
import { requireStaff } from '~/http/staff-auth.server'
import { mainWidth, mediaUrl } from '~/domain/media/media-files'
import { displayPrice } from '~/domain/pricing/price-of'
import type { AccountType } from '~/domain/pricing/product-options'
import { ratingFor } from '~/domain/reviews/rating-summary.server'
import { FromPriceLine, RatingBadge } from '~/components/ui/price'
import { fromPrice } from '~/domain/pricing/from-price'
import { purchaseChoices } from '~/domain/pricing/purchase-choices'
import { stockAvailability } from '~/domain/stock/manage-stock.server'
import { reviewFormHtml, reviewListHtml } from './reviews-html.server'
import { formatRs } from '~/utils/money'
import { pageMeta } from '~/utils/seo'
import { useRootData } from '~/components/layout/root-data'
import { parseId } from '~/utils/input'
import { metaTranslate } from '~/i18n/meta-translate'
import { localizeProduct } from '~/domain/catalogue/localize-product'
import { langOf } from '~/i18n/lang'
import { translator } from '~/i18n/messages.server'
import { useLocalePath, useT } from '~/i18n/use-t'
import type { Route } from './+types/product'
import { notFound, pageFailure } from '~/http/http.server'

export async function loader({ params, request }: Route.LoaderArgs) {
	const lang = langOf(new URL(request.url).pathname)
	const t = translator(lang)
	const id = parseId(params.id)
	// Staff's preview (/admin/products/:id/preview) shows a draft or hidden product; buyers' page shows only those on sale.
	const preview = new URL(request.url).pathname.startsWith('/admin/')
	if (preview) await requireStaff(request, { permission: 'catalogue' })
	const previewed = preview && id !== null ? await previewProduct(db(), id) : null
	const found = id === null ? null : preview ? (previewed?.product ?? null) : await getProduct(db(), id)
	if (!found) throw pageFailure(notFound('catalogue.product.notFound'), lang)
	// On Urdu pages the owner's Urdu name and description, where set.
	const product = localizeProduct(found, lang)
	// Drawn as HTML when they arrive (ADR-007): the page ships no component for the list.
	const reviews = reviewListHtml(product, lang)
	// Per option: 'instant', 'few', 'out' or 'manual' (never a count), and whether 'out' cannot be bought.
	const stock = await stockAvailability(db(), [product.id]).then((found) => ({
		availability: Object.fromEntries(found.availability),
		stockOnly: found.stockOnly.has(product.id),
	}))
	// The one “from” price, shown when the page's first price is not already it (an account's shared price).
	const from = fromPrice(product)
	const price = displayPrice(product)
	return {
		product,
		/** Staff's preview of a product buyers cannot see: the page says so. */
		staffOnly: previewed ? !previewed.onSale : false,
		// Every option priced here, with its cart line and stock: the page ships no pricing rules (ADR-007).
		// The cover, as HTML: the page ships no image component (ADR-007).
		hero: renderStaticHtml(
			<ProductImage
				src={product.image}
				imageSet={product.imageSet}
				alt={product.name}
				size={400}
				sizes="(min-width: 768px) 480px, 100vw"
				priority
				className="product-hero-image"
				labels={{ loading: t('common.image.loading'), unavailable: t('common.image.unavailable') }}
			/>,
		),
		choices: purchaseChoices(product, stock, { t, lang }),
		// What never changes in the browser comes as HTML (ADR-007).
		description: renderStaticHtml(<ProductDescription product={product} lang={lang} t={t} />),
		reviews,
		// The review form as HTML: what it does loads when a buyer first touches it (ADR-007).
		reviewForm: await reviewFormHtml(product.id, lang),
		rating: await ratingFor(db(), product),
		from: from && from.price < price ? from : null,
		// For the page's meta (a client-side navigation runs it in the browser too).
		share: { price, image: product.imageSet ? mediaUrl(product.imageSet.base, mainWidth(product.imageSet), 'jpg') : product.image },
	}
}

export const meta: Route.MetaFunction = ({ data, matches }) => {
	if (!data) {
		const t = metaTranslate(matches)
		return pageMeta(matches, { title: t('catalogue.product.notFound'), description: t('catalogue.product.notFoundDescription') })
	}
	const { product, share } = data
	const { price } = share
	return pageMeta(matches, {
		title: product.name,
		description: `${product.name} - ${formatRs(price)}. ${product.description}`.slice(0, 160),
		// Link previews (WhatsApp, Facebook) read JPEG everywhere; an uploaded cover has one (share.image).
		image: share.image,
		type: 'product',
		extra: [
			{ property: 'product:price:amount', content: String(price) },
			{ property: 'product:price:currency', content: 'PKR' },
		],
	})
}

export default function ProductPage({ loaderData }: Route.ComponentProps) {
	const { product, staffOnly, hero, choices, description, reviews, reviewForm, rating, from } = loaderData
	const root = useRootData()
	const location = useLocation()
	const preselect = (location.state as { preselectAccountType?: AccountType } | null)?.preselectAccountType ?? null
	const t = useT()
	const lp = useLocalePath()

	return (
		<div className="container page">
			{staffOnly ? (
				<p className="draft-banner" role="status">
					{t('catalogue.product.draftBanner')}
				</p>
			) : null}
			<nav aria-label={t('catalogue.product.breadcrumb')} className="breadcrumb">
				<Link to={lp('/products')}>{t('catalogue.product.products')}</Link> / <bdi aria-current="page">{product.name}</bdi>
			</nav>
			<div className="product-layout">
				{/* Drawn by the server: a cover that fails is marked by the head's image script (image-loaded.ts). */}
				<ServerHtml data-server-image="" html={hero} />
				<div>
					<h1>{product.name}</h1>
					<p className="muted" dir="auto">{product.caption}</p>
					{rating ? (
						<p>
							<a href="#reviews-title" className="rating-link">
								<RatingBadge rating={rating} />
							</a>
						</p>
					) : null}
					{from ? <FromPriceLine from={from} /> : null}
					<PurchasePanel
						key={product.id}
						product={product}
						choices={choices}
						whatsapp={root?.config.whatsapp ?? ''}
						preselectAccountType={preselect === 'private' || preselect === 'shared' ? preselect : null}
					/>
					<h2 className="h3">{t('catalogue.product.paymentMethods')}</h2>
					<ul className="payment-methods">
						{product.paymentMethods.map((m) => (
							<li key={m}>{m}</li>
						))}
					</ul>
				</div>
			</div>
			<ServerHtml as="section" className="section" aria-labelledby="description-title" html={description} />
			<ReviewsSection productId={product.id} reviews={reviews} rating={rating} form={reviewForm} title={t('catalogue.reviews.title')} />
		</div>
	)
}

export function ErrorBoundary() {
	const error = useRouteError()
	// Anything but an unknown product is a real failure: let the app's error screen show it.
	if (!isRouteErrorResponse(error) || error.status !== 404) throw error
	return <ProductNotFound />
}

function ProductNotFound() {
	const t = useT()
	const lp = useLocalePath()
	return (
		<div className="container page narrow center">
			<h1>{t('catalogue.product.notFound')}</h1>
			<p>
				<Link to={lp('/')} className="button primary">
					{t('catalogue.product.home')}
				</Link>
			</p>
		</div>
	)
}
