import { Link } from 'react-router'
import { PromoVideo } from '~/components/home/promo-video'
import { FromPriceLine, Rs } from '~/components/ui/price'
import { ReviewsSection } from '~/components/product/reviews-section'
import { gamePassBenefits } from '~/content/site'
import { gamePassBenefits as gamePassBenefitsUr } from '~/content/ur/site'
import { contentMeta } from '~/components/content/content-meta'
import { contentMessages } from '~/domain/pages/content-messages.server'
import { langOf, localePath } from '~/i18n/lang'
import { useLocalePath, useT } from '~/i18n/use-t'
import { db } from '~/db/client.server'
import { findProductWith } from '~/domain/catalogue/list-products.server'
import { durationRows } from '~/domain/pricing/duration-rows'
import { fromPrice } from '~/domain/pricing/from-price'
import { ratingFor } from '~/domain/reviews/rating-summary.server'
import { useRootData } from '~/components/layout/root-data'
import { reviewFormHtml, reviewListHtml } from './reviews-html.server'
import type { Route } from './+types/game-pass-details'

export const meta: Route.MetaFunction = ({ matches, loaderData }) => contentMeta(matches, 'content.gamePass.title', 'content.gamePass.description', { image: loaderData?.console?.image })

// The products sold under the console and the PC Game Pass terms (their settings, not their ids).
export async function loader({ request }: Route.LoaderArgs) {
	const lang = langOf(new URL(request.url).pathname)
	const [consoleEdition, pcEdition] = await Promise.all([
		findProductWith(db(), { termsPage: 'game-pass-console' }),
		findProductWith(db(), { termsPage: 'game-pass-pc' }),
	])
	const table = (p: typeof consoleEdition) => (p ? { to: localePath(lang, `/product/${p.id}`), image: p.image, from: fromPrice(p), rows: durationRows(p) } : null)
	const reviewsOf = consoleEdition ?? pcEdition
	const reviews = reviewListHtml(reviewsOf, lang)
	return {
		pc: table(pcEdition),
		console: table(consoleEdition),
		reviewsProductId: reviewsOf?.id ?? null,
		reviews,
		reviewForm: reviewsOf ? await reviewFormHtml(reviewsOf.id, lang) : '',
		rating: reviewsOf ? await ratingFor(db(), reviewsOf) : null,
		benefits: lang === 'ur' ? gamePassBenefitsUr : gamePassBenefits,
		messages: contentMessages(lang, 'gamePass'),
	}
}

export default function GamePassDetails({ loaderData }: Route.ComponentProps) {
	const root = useRootData()
	const t = useT()
	const lp = useLocalePath()
	const tables = [
		{ title: t('content.gamePass.pcTable'), edition: loaderData.pc },
		{ title: t('content.gamePass.consoleTable'), edition: loaderData.console },
	].flatMap(({ title, edition }) => (edition ? [{ title, ...edition }] : []))
	return (
		<div className="container page">
			<h1>{t('content.gamePass.heading')}</h1>
			<PromoVideo videoId={root?.config.promoVideoId ?? null} title={t('content.gamePass.videoTitle')} />
			<div className="price-tables">
				{tables.map((table) => (
					<section key={table.title} className="price-table" aria-labelledby={`table-${table.to}`}>
						<h2 id={`table-${table.to}`} className="h3">
							{table.title}
						</h2>
						{table.from ? <FromPriceLine from={table.from} /> : null}
						<table>
							<thead>
								<tr>
									<th scope="col">{t('content.gamePass.duration')}</th>
									<th scope="col">{table.rows.some((r) => r.sharedPrice) ? t('content.gamePass.private') : t('content.gamePass.price')}</th>
									{table.rows.some((r) => r.sharedPrice) ? <th scope="col">{t('content.gamePass.shared')}</th> : null}
								</tr>
							</thead>
							<tbody>
								{table.rows.map((r) => (
									<tr key={r.label}>
										<td>
											<bdi>{r.label}</bdi>
										</td>
										<td>
											<Rs amount={r.price} />
										</td>
										{table.rows.some((x) => x.sharedPrice) ? <td>{r.sharedPrice ? <Rs amount={r.sharedPrice} /> : '—'}</td> : null}
									</tr>
								))}
							</tbody>
						</table>
						<Link to={table.to} className="button primary block">
							{t('content.gamePass.buy', { title: table.title })}
						</Link>
					</section>
				))}
			</div>
			<section className="section" aria-labelledby="benefits-title">
				<h2 id="benefits-title">{t('content.gamePass.benefits')}</h2>
				<ul className="check-list">
					{loaderData.benefits.map((b) => (
						<li key={b}>{b}</li>
					))}
				</ul>
				<Link to={lp('/game-pass-library')} className="button ghost">
					{t('content.gamePass.browseLibrary')}
				</Link>
			</section>
			{loaderData.reviewsProductId ? <ReviewsSection productId={loaderData.reviewsProductId} reviews={loaderData.reviews} rating={loaderData.rating} form={loaderData.reviewForm} title={t('content.gamePass.reviews')} /> : null}
		</div>
	)
}
