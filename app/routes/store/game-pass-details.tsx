import { Link } from 'react-router'
import { PromoVideo } from '~/components/home/promo-video'
import { FromPriceLine, Rs } from '~/components/ui/price'
import { ReviewsSection } from '~/components/product/reviews-section'
import { ReviewForm } from '~/components/product/review-form'
import { ReviewList } from '~/components/product/review-list'
import { readStoreDetails } from '~/domain/settings/store-details.server'
import { renderStaticHtml } from '~/utils/static-html.server'
import { gamePassBenefits } from '~/content/site'
import { db } from '~/db/client.server'
import { findProductWith } from '~/domain/catalogue/list-products.server'
import { durationRows } from '~/domain/pricing/duration-rows'
import { fromPrice } from '~/domain/pricing/from-price'
import { listReviews } from '~/domain/reviews/list-reviews.server'
import { ratingFor } from '~/domain/reviews/rating-summary.server'
import { useRootData } from '~/components/layout/root-data'
import { logger } from '~/utils/logger.server'
import { pageMeta } from '~/utils/seo'
import type { Route } from './+types/game-pass-details'

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
	pageMeta(matches, {
		title: 'Xbox Game Pass Ultimate - Prices in Pakistan',
		description: 'Xbox Game Pass Ultimate and PC Game Pass prices in rupees, what you get, and reviews from our buyers.',
		image: loaderData?.console?.image,
	})

// The products sold under the console and the PC Game Pass terms (their settings, not their ids).
export async function loader() {
	const [consoleEdition, pcEdition] = await Promise.all([
		findProductWith(db(), { termsPage: 'game-pass-console' }),
		findProductWith(db(), { termsPage: 'game-pass-pc' }),
	])
	const table = (p: typeof consoleEdition) => (p ? { to: `/product/${p.id}`, image: p.image, from: fromPrice(p), rows: durationRows(p) } : null)
	const reviewsOf = consoleEdition ?? pcEdition
	const reviews = (reviewsOf ? listReviews(db(), reviewsOf) : Promise.resolve([]))
		.then((list) => renderStaticHtml(<ReviewList reviews={list} />))
		.catch((error: unknown) => {
			logger.error({ err: error }, 'reviews failed')
			throw new Error('Failed to fetch reviews')
		})
	return {
		pc: table(pcEdition),
		console: table(consoleEdition),
		reviewsProductId: reviewsOf?.id ?? null,
		reviews,
		reviewForm: reviewsOf ? await reviewFormHtml(reviewsOf.id) : '',
		rating: reviewsOf ? await ratingFor(db(), reviewsOf) : null,
	}
}

export default function GamePassDetails({ loaderData }: Route.ComponentProps) {
	const root = useRootData()
	const tables = [
		{ title: 'PC Game Pass', edition: loaderData.pc },
		{ title: 'Game Pass Ultimate (Console)', edition: loaderData.console },
	].flatMap(({ title, edition }) => (edition ? [{ title, ...edition }] : []))
	return (
		<div className="container page">
			<h1>Xbox Game Pass Ultimate</h1>
			<PromoVideo videoId={root?.config.promoVideoId ?? null} title="Xbox Game Pass trailer" />
			<div className="price-tables">
				{tables.map((t) => (
					<section key={t.title} className="price-table" aria-labelledby={`table-${t.to}`}>
						<h2 id={`table-${t.to}`} className="h3">
							{t.title}
						</h2>
						{t.from ? <FromPriceLine from={t.from} /> : null}
						<table>
							<thead>
								<tr>
									<th scope="col">Duration</th>
									<th scope="col">{t.rows.some((r) => r.sharedPrice) ? 'Private' : 'Price'}</th>
									{t.rows.some((r) => r.sharedPrice) ? <th scope="col">Shared</th> : null}
								</tr>
							</thead>
							<tbody>
								{t.rows.map((r) => (
									<tr key={r.label}>
										<td>{r.label}</td>
										<td>
											<Rs amount={r.price} />
										</td>
										{t.rows.some((x) => x.sharedPrice) ? <td>{r.sharedPrice ? <Rs amount={r.sharedPrice} /> : '—'}</td> : null}
									</tr>
								))}
							</tbody>
						</table>
						<Link to={t.to} className="button primary block">
							Buy {t.title}
						</Link>
					</section>
				))}
			</div>
			<section className="section" aria-labelledby="benefits-title">
				<h2 id="benefits-title">What you get</h2>
				<ul className="check-list">
					{gamePassBenefits.map((b) => (
						<li key={b}>{b}</li>
					))}
				</ul>
				<Link to="/game-pass-library" className="button ghost">
					Browse Game Library
				</Link>
			</section>
			{loaderData.reviewsProductId ? <ReviewsSection productId={loaderData.reviewsProductId} reviews={loaderData.reviews} rating={loaderData.rating} form={loaderData.reviewForm} title="Game Pass Reviews" /> : null}
		</div>
	)
}

/** The review form as every reader first sees it, drawn here: the page ships no component for it (ADR-007). */
async function reviewFormHtml(productId: number) {
	const { reviewsFrom } = await readStoreDetails(db())
	return renderStaticHtml(<ReviewForm productId={productId} buyersOnly={reviewsFrom === 'buyers'} />)
}
