import { Link } from 'react-router'
import { Leaderboard } from '~/components/home/leaderboard'
import { LeaderboardList } from '~/components/home/leaderboard-list'
import { PromoVideo } from '~/components/home/promo-video'
import { ProductCard } from '~/components/product/product-card'
import { HomeHero, HomePromo, HomeStaticSections, HomeTestimonials } from '~/components/home/home-static-sections'
import { ServerHtml } from '~/components/layout/server-html'
import { db } from '~/db/client.server'
import { listProducts, summariseAll } from '~/domain/catalogue/list-products.server'
import { localizeProduct } from '~/domain/catalogue/localize-product'
import { readStoreDetails } from '~/domain/settings/store-details.server'
import { storefrontDetails } from '~/domain/settings/store-details'
import { renderStaticHtml } from '~/utils/static-html.server'
import { topBuyers } from '~/domain/leaderboard/top-buyers.server'
import type { TermsPage } from '~/domain/catalogue/types'
import { durationRows } from '~/domain/pricing/duration-rows'
import { fromPrice } from '~/domain/pricing/from-price'
import { logger } from '~/utils/logger.server'
import { pageMeta } from '~/utils/seo'
import { useRootData } from '~/components/layout/root-data'
import { metaTranslate } from '~/i18n/meta-translate'
import { heroCopy } from '~/content/site/home'
import { langOf } from '~/i18n/lang'
import { translator } from '~/i18n/messages.server'
import { useLocalePath, useT } from '~/i18n/use-t'
import type { Route } from './+types/home'

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
	const t = metaTranslate(matches)
	return pageMeta(matches, {
		title: t('catalogue.home.metaTitle'),
		description: t('catalogue.home.metaDescription'),
		image: loaderData?.consoleImage ?? loaderData?.featured[0]?.image,
	})
}

const FEATURED_COUNT = 4

export async function loader({ request }: Route.LoaderArgs) {
	const lang = langOf(new URL(request.url).pathname)
	const t = translator(lang)
	const [all, details] = await Promise.all([listProducts(db()), readStoreDetails(db())])
	const products = all.map((p) => localizeProduct(p, lang))
	// The Game Pass promo shows the products sold under the console and the PC Game Pass terms.
	const promo = (terms: TermsPage) => {
		const p = products.find((x) => x.termsPage === terms)
		if (!p) return null
		return {
			to: `/product/${p.id}`,
			image: p.image,
			// The one “from” price (a shared account for the console edition), as its card and page say.
			from: fromPrice(p) ?? { price: p.price, isFrom: false, choice: null },
			rows: durationRows(p).filter((r) => r.months === 1 || r.months === 2),
		}
	}
	// Deferred: the page paints without waiting, and a failure only affects this section.
	const leaderboard = topBuyers(db())
		.catch((error: unknown) => {
			logger.error({ err: error }, 'leaderboard failed')
			throw new Error('Failed to fetch leaderboard')
		})
		.then((list) => renderStaticHtml(<LeaderboardList list={list} lang={lang} t={t} />))
	const config = storefrontDetails(details)
	const pc = promo('game-pass-pc')
	const consoleEdition = promo('game-pass-console')
	return {
		featured: await summariseAll(db(), products.filter((p) => p.featured).slice(0, FEATURED_COUNT)),
		/** For the shared preview's image (meta). */
		consoleImage: consoleEdition?.image ?? null,
		leaderboard,
		// What never changes in the browser is drawn here and sent as HTML: the browser never downloads
		// these sections' components (ADR-007).
		html: {
			hero: renderStaticHtml(
				<HomeHero
					config={config}
					// The shop's first words read in the page's language; the owner's own stay as written.
					headline={details.heroHeadline === heroCopy.headline ? t('catalogue.home.heroHeadline') : details.heroHeadline}
					subheadline={details.heroSubheadline === heroCopy.subheadline ? t('catalogue.home.heroSubheadline') : details.heroSubheadline}
					lang={lang}
					t={t}
				/>,
			),
			promo: renderStaticHtml(<HomePromo pc={pc} consoleEdition={consoleEdition} lang={lang} t={t} />),
			testimonials: details.testimonials.length > 0 ? renderStaticHtml(<HomeTestimonials config={config} testimonials={details.testimonials} t={t} />) : null,
			bottom: renderStaticHtml(<HomeStaticSections config={config} lang={lang} t={t} />),
		},
	}
}

export default function Home({ loaderData }: Route.ComponentProps) {
	const { featured, leaderboard, html } = loaderData
	const root = useRootData()
	const t = useT()
	const lp = useLocalePath()
	return (
		<>
			<ServerHtml as="section" className="hero" html={html.hero} />

			<section className="section promo" aria-labelledby="promo-title">
				<div className="container promo-grid">
					<ServerHtml html={html.promo} />
					<PromoVideo videoId={root?.config.promoVideoId ?? null} title={t('catalogue.home.trailer')} />
				</div>
			</section>

			<section className="section" aria-labelledby="featured-title">
				<div className="container">
					<h2 id="featured-title">{t('catalogue.home.featured')}</h2>
					<div className="product-grid">
						{featured.map((p, i) => (
							<ProductCard key={p.id} product={p} priority={i < 2} />
						))}
					</div>
					<p className="center">
						<Link to={lp('/products')} className="button ghost">
							{t('catalogue.home.viewAll')}
						</Link>
					</p>
				</div>
			</section>

			{html.testimonials ? <ServerHtml as="section" className="section alt" aria-labelledby="testimonials-title" html={html.testimonials} /> : null}

			<Leaderboard html={leaderboard} />

			<ServerHtml html={html.bottom} />
		</>
	)
}
