import { Link } from 'react-router'
import { Leaderboard } from '~/components/home/leaderboard'
import { PromoVideo } from '~/components/home/promo-video'
import { ProductCard } from '~/components/product/product-card'
import { HomeStaticSections } from '~/components/home/home-static-sections'
import { ServerHtml } from '~/components/layout/server-html'
import { Rs, Stars } from '~/components/ui/price'
import { db } from '~/db/client.server'
import { listProducts, summariseAll } from '~/domain/catalogue/list-products.server'
import { readStoreDetails } from '~/domain/settings/store-details.server'
import { storefrontDetails } from '~/domain/settings/store-details'
import { renderStaticHtml } from '~/utils/static-html.server'
import { topBuyers } from '~/domain/leaderboard/top-buyers.server'
import { durationRows, type DurationRow } from '~/domain/pricing/duration-rows'
import { fromPrice, type FromPrice } from '~/domain/pricing/from-price'
import type { TermsPage } from '~/domain/catalogue/types'
import { logger } from '~/utils/logger.server'
import { pageMeta } from '~/utils/seo'
import { useRootData } from '~/components/layout/root-data'
import { useFill } from '~/components/content/policy-sections'
import type { Route } from './+types/home'

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
	pageMeta(matches, {
		title: 'Xbox Game Pass, PlayStation Plus & Gift Cards in Pakistan',
		description:
			'Buy Xbox Game Pass, PlayStation Plus, EA Play, gift cards and game keys in rupees. Pay by card, JazzCash or EasyPaisa; fast digital delivery.',
		image: loaderData?.console?.image ?? loaderData?.featured[0]?.image,
	})

const FEATURED_COUNT = 4

export async function loader() {
	const [products, details] = await Promise.all([listProducts(db()), readStoreDetails(db())])
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
	const leaderboard = topBuyers(db()).catch((error: unknown) => {
		logger.error({ err: error }, 'leaderboard failed')
		throw new Error('Failed to fetch leaderboard')
	})
	return {
		featured: await summariseAll(db(), products.filter((p) => p.featured).slice(0, FEATURED_COUNT)),
		pc: promo('game-pass-pc'),
		console: promo('game-pass-console'),
		leaderboard,
		hero: { headline: details.heroHeadline, subheadline: details.heroSubheadline },
		testimonials: details.testimonials,
		// Drawn here and sent as HTML: the browser never downloads these sections' components (ADR-007).
		staticHtml: renderStaticHtml(<HomeStaticSections config={storefrontDetails(details)} />),
	}
}

export default function Home({ loaderData }: Route.ComponentProps) {
	const { featured, pc, console: consoleEdition, leaderboard, hero, testimonials, staticHtml } = loaderData
	const root = useRootData()
	const fill = useFill()
	return (
		<>
			<section className="hero">
				<div className="container">
					<h1>{fill(hero.headline)}</h1>
					<p className="lead">{fill(hero.subheadline)}</p>
					<div className="hero-actions">
						<Link to="/products" className="button primary">
							Browse All Products
						</Link>
						<Link to="/about" className="button ghost">
							Learn More<span className="sr-only"> about {root?.config.storeName ?? 'us'}</span>
						</Link>
					</div>
				</div>
			</section>

			<section className="section promo" aria-labelledby="promo-title">
				<div className="container promo-grid">
					<div>
						<h2 id="promo-title">Xbox Game Pass Ultimate</h2>
						<p className="muted">Hundreds of games on console and PC, EA Play included, paid in rupees.</p>
						<div className="promo-plans">
							{pc ? <PromoPlan title="PC Edition" plan={pc} action="Buy PC Edition" /> : null}
							{consoleEdition ? <PromoPlan title="Console Edition" plan={consoleEdition} action="Buy Console Edition" /> : null}
						</div>
					</div>
					<PromoVideo videoId={root?.config.promoVideoId ?? null} title="Xbox Game Pass Ultimate trailer" />
				</div>
			</section>

			<section className="section" aria-labelledby="featured-title">
				<div className="container">
					<h2 id="featured-title">Featured Products</h2>
					<div className="product-grid">
						{featured.map((p, i) => (
							<ProductCard key={p.id} product={p} priority={i < 2} />
						))}
					</div>
					<p className="center">
						<Link to="/products" className="button ghost">
							View All Products
						</Link>
					</p>
				</div>
			</section>

			{testimonials.length > 0 ? (
				<section className="section alt" aria-labelledby="testimonials-title">
					<div className="container">
						<h2 id="testimonials-title">What Our Buyers Say</h2>
						<ul className="testimonials">
							{testimonials.map((t, i) => (
								<li key={i} className="testimonial">
									<Stars rating={t.rating} />
									<blockquote>{fill(t.text)}</blockquote>
									<p className="muted small">{t.name}</p>
								</li>
							))}
						</ul>
					</div>
				</section>
			) : null}

			<Leaderboard rows={leaderboard} />

			<ServerHtml html={staticHtml} />
		</>
	)
}

function PromoPlan({ title, plan, action }: { title: string; plan: { to: string; from: FromPrice; rows: DurationRow[] }; action: string }) {
	return (
		<div className="plan">
			<h3>{title}</h3>
			<p className="plan-from">
				{plan.from.isFrom ? 'from ' : null}
				<Rs amount={plan.from.price} />
			</p>
			<ul>
				{plan.rows.map((r) => (
					<li key={r.months}>
						{r.label} <Rs amount={r.price} />
						{r.sharedPrice ? (
							<span className="plan-shared nowrap">
								Shared <Rs amount={r.sharedPrice} />
							</span>
						) : null}
					</li>
				))}
			</ul>
			<Link to={plan.to} className="button primary">
				{action}
			</Link>
		</div>
	)
}
