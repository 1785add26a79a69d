import { Link } from 'react-router'
import { ContactLinks } from '~/components/layout/contact-links'
import type { RootConfig } from '~/components/layout/root-data'
import { fillFor } from '~/components/content/fill'
import { Rs, Stars } from '~/components/ui/price'
import { aboutStory, contactIntro, homeFaq } from '~/content/site'
import type { DurationRow } from '~/domain/pricing/duration-rows'
import type { FromPrice } from '~/domain/pricing/from-price'
import { ServiceGrid } from './service-grid'

type StoreTexts = Pick<RootConfig, 'storeName' | 'supportEmail' | 'contacts'>
const fillOf = (config: StoreTexts) => fillFor({ storeName: config.storeName, supportEmail: config.supportEmail, whatsappText: config.contacts.whatsapp.text })

// The home page's parts that never change in the browser: drawn by the server only (the home loader
// renders them to HTML for ServerHtml), so they cost no script (ADR-007).

/** Inside <section class="hero">. */
export function HomeHero({ config, headline, subheadline }: { config: StoreTexts; headline: string; subheadline: string }) {
	const fill = fillOf(config)
	return (
		<div className="container">
			<h1>{fill(headline)}</h1>
			<p className="lead">{fill(subheadline)}</p>
			<div className="hero-actions">
				<Link to="/products" className="button primary">
					Browse All Products
				</Link>
				<Link to="/about" className="button ghost">
					Learn More<span className="sr-only"> about {config.storeName}</span>
				</Link>
			</div>
		</div>
	)
}

type Plan = { to: string; from: FromPrice; rows: DurationRow[] } | null

/** The Game Pass promo's text and plans, beside its video. */
export function HomePromo({ pc, consoleEdition }: { pc: Plan; consoleEdition: Plan }) {
	return (
		<>
			<h2 id="promo-title">Xbox Game Pass Ultimate</h2>
			<p className="muted">Hundreds of games on console and PC, EA Play included, paid in rupees.</p>
			<div className="promo-plans">
				{pc ? <PromoPlan title="PC Edition" plan={pc} action="Buy PC Edition" /> : null}
				{consoleEdition ? <PromoPlan title="Console Edition" plan={consoleEdition} action="Buy Console Edition" /> : null}
			</div>
		</>
	)
}

/** Inside <section class="section alt" aria-labelledby="testimonials-title">. */
export function HomeTestimonials({ config, testimonials }: { config: StoreTexts; testimonials: { name: string; text: string; rating: number }[] }) {
	const fill = fillOf(config)
	return (
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
	)
}

/**
 * The last sections (services, FAQ, about, contact). Each FAQ question is a <details>: it opens and
 * closes on its own, with or without scripts.
 */
export function HomeStaticSections({ config }: { config: StoreTexts }) {
	const fill = fillOf(config)
	return (
		<>
			<section className="section alt" id="services" aria-labelledby="services-title">
				<div className="container">
					<h2 id="services-title">Our Services</h2>
					<ServiceGrid headingLevel="h3" />
				</div>
			</section>

			<section className="section" id="faq" aria-labelledby="faq-title">
				<div className="container narrow">
					<h2 id="faq-title">Frequently Asked Questions</h2>
					<div className="faq">
						{homeFaq.map((item) => (
							<details key={item.question} className="faq-item">
								<summary>
									<h3>{item.question}</h3>
									<span aria-hidden="true" className="faq-sign" />
								</summary>
								<p>{item.answer}</p>
							</details>
						))}
					</div>
					<p>
						<Link to="/faq">See all questions</Link>
					</p>
				</div>
			</section>

			<section className="section alt" id="about" aria-labelledby="about-title">
				<div className="container narrow">
					<h2 id="about-title">About Us</h2>
					<p>{fill(aboutStory[0]!)}</p>
					<Link to="/about">Read our story</Link>
				</div>
			</section>

			<section className="section" id="contact" aria-labelledby="contact-title">
				<div className="container narrow">
					<h2 id="contact-title">Contact</h2>
					<p>{fill(contactIntro)}</p>
					<ContactLinks contacts={config.contacts} />
					<Link to="/contact" className="button primary">
						Send us a message
					</Link>
				</div>
			</section>
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
