import { Link } from 'react-router'
import { PromoVideo } from '~/components/home/promo-video'
import { ReviewsSection } from '~/components/product/reviews-section'
import { gamePassBenefits } from '~/content/site'
import { db } from '~/db/client.server'
import { getProduct } from '~/domain/catalogue/list-products.server'
import { durationsOf } from '~/domain/pricing/product-options'
import { listReviews } from '~/domain/reviews/list-reviews.server'
import { useRootData } from '~/components/layout/root-data'
import { logger } from '~/utils/logger.server'
import { formatRs } from '~/utils/money'
import { pageMeta } from '~/utils/seo'
import type { Route } from './+types/game-pass-details'

export const meta: Route.MetaFunction = ({ matches }) =>
	pageMeta(matches, {
		title: 'Xbox Game Pass Ultimate - Prices in Pakistan',
		description: 'Xbox Game Pass Ultimate and PC Game Pass prices in rupees, what you get, and reviews from our buyers.',
		image: '/images/products/1.webp',
	})

export async function loader() {
	const [consoleEdition, pcEdition] = await Promise.all([getProduct(db(), 1), getProduct(db(), 10)])
	const table = (p: typeof consoleEdition) => (p ? (durationsOf(p) ?? []).filter((d) => d.months > 0) : [])
	const reviews = listReviews(db(), 1).catch((error: unknown) => {
		logger.error({ err: error }, 'reviews failed')
		throw new Error('Failed to fetch reviews')
	})
	return { pc: table(pcEdition), console: table(consoleEdition), reviews }
}

export default function GamePassDetails({ loaderData }: Route.ComponentProps) {
	const root = useRootData()
	const tables = [
		{ title: 'PC Game Pass', rows: loaderData.pc, to: '/product/10' },
		{ title: 'Game Pass Ultimate (Console)', rows: loaderData.console, to: '/product/1' },
	]
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
						<table>
							<thead>
								<tr>
									<th scope="col">Duration</th>
									<th scope="col">Price</th>
								</tr>
							</thead>
							<tbody>
								{t.rows.map((r) => (
									<tr key={r.label}>
										<td>{r.label}</td>
										<td>{formatRs(r.price)}</td>
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
			<ReviewsSection productId={1} reviews={loaderData.reviews} title="Game Pass Reviews" />
		</div>
	)
}
