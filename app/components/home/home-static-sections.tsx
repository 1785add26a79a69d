import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { ContactLinks } from '~/components/layout/contact-links'
import type { RootConfig } from '~/components/layout/root-data'
import { fillFor } from '~/components/content/fill'
import { fromPrice, Rs, Stars } from '~/components/ui/price'
import { richText } from '~/components/ui/rich-text'
import type { DurationRow } from '~/domain/pricing/duration-rows'
import type { FromPrice } from '~/domain/pricing/from-price'
import type { MessageKey, Translate } from '~/i18n/catalogue'
import { localePath, type Lang } from '~/i18n/lang'
import { optionLabel } from '~/i18n/option-label'
import { ServiceGrid } from './service-grid'

type StoreTexts = Pick<RootConfig, 'storeName' | 'supportEmail' | 'contacts'>
const fillOf = (config: StoreTexts) => fillFor({ storeName: config.storeName, supportEmail: config.supportEmail, whatsappText: config.contacts.whatsapp.text })

/** What every server-drawn part of the home page takes: the page's language and its words. */
type Words = { lang: Lang; t: Translate }

// The home page's parts that never change in the browser: drawn by the server only (the home loader
// renders them to HTML for ServerHtml), so they cost no script (ADR-007).

/** Inside <section class="hero">. `headline`, `subheadline`: the owner's (already in the page's language when they are the shop's first). */
export function HomeHero({ config, headline, subheadline, lang, t }: { config: StoreTexts; headline: string; subheadline: string } & Words) {
	const fill = fillOf(config)
	return (
		<div className="container">
			<h1>{fill(headline)}</h1>
			<p className="lead">{fill(subheadline)}</p>
			<div className="hero-actions">
				<Link to={localePath(lang, '/products')} className="button primary">
					{t('catalogue.home.browseAll')}
				</Link>
				<Link to={localePath(lang, '/about')} className="button ghost">
					{t('catalogue.home.learnMore')}
					<span className="sr-only">{t('catalogue.home.learnMoreAbout', { storeName: config.storeName })}</span>
				</Link>
			</div>
		</div>
	)
}

type Plan = { to: string; from: FromPrice; rows: DurationRow[] } | null

/** The Game Pass promo's text and plans, beside its video. */
export function HomePromo({ pc, consoleEdition, lang, t }: { pc: Plan; consoleEdition: Plan } & Words) {
	return (
		<>
			<h2 id="promo-title">{t('catalogue.home.promoTitle')}</h2>
			<p className="muted">{t('catalogue.home.promoText')}</p>
			<div className="promo-plans">
				{pc ? <PromoPlan title={t('catalogue.home.pcEdition')} plan={pc} action={t('catalogue.home.buyPc')} lang={lang} t={t} /> : null}
				{consoleEdition ? <PromoPlan title={t('catalogue.home.consoleEdition')} plan={consoleEdition} action={t('catalogue.home.buyConsole')} lang={lang} t={t} /> : null}
			</div>
		</>
	)
}

/** Inside <section class="section alt" aria-labelledby="testimonials-title">. */
export function HomeTestimonials({ config, testimonials, t }: { config: StoreTexts; testimonials: { name: string; text: string; rating: number }[]; t: Translate }) {
	const fill = fillOf(config)
	return (
		<div className="container">
			<h2 id="testimonials-title">{t('catalogue.home.testimonials')}</h2>
			<ul className="testimonials">
				{testimonials.map((item, i) => (
					<li key={i} className="testimonial">
						<Stars rating={item.rating} label={t('common.stars.label', { rating: item.rating })} />
						<blockquote>{fill(item.text)}</blockquote>
						<p className="muted small">{item.name}</p>
					</li>
				))}
			</ul>
		</div>
	)
}

const FAQ: [MessageKey, MessageKey][] = [
	['catalogue.faq.speedQ', 'catalogue.faq.speedA'],
	['catalogue.faq.payQ', 'catalogue.faq.payA'],
	['catalogue.faq.trackQ', 'catalogue.faq.trackA'],
	['catalogue.faq.sharedQ', 'catalogue.faq.sharedA'],
	['catalogue.faq.faultQ', 'catalogue.faq.faultA'],
	['catalogue.faq.refundQ', 'catalogue.faq.refundA'],
]

/** One of the last sections: its heading names it (`${id}-title`); `alt` shades it, `wide` leaves its column full width. */
function HomeSection({ id, title, alt = false, wide = false, children }: { id: string; title: string; alt?: boolean; wide?: boolean; children: ReactNode }) {
	return (
		<section className={alt ? 'section alt' : 'section'} id={id} aria-labelledby={`${id}-title`}>
			<div className={wide ? 'container' : 'container narrow'}>
				<h2 id={`${id}-title`}>{title}</h2>
				{children}
			</div>
		</section>
	)
}

/**
 * The last sections (services, FAQ, about, contact). Each FAQ question is a <details>: it opens and
 * closes on its own, with or without scripts.
 */
export function HomeStaticSections({ config, lang, t }: { config: StoreTexts } & Words) {
	const lp = (to: string) => localePath(lang, to)
	// The store's number and address read left to right inside Urdu text.
	const places = {
		storeName: config.storeName,
		whatsapp: <bdi className="nowrap">{config.contacts.whatsapp.text}</bdi>,
		supportEmail: <bdi>{config.supportEmail}</bdi>,
	}
	return (
		<>
			<HomeSection id="services" title={t('catalogue.home.services')} alt wide>
				<ServiceGrid headingLevel="h3" t={t} />
			</HomeSection>

			<HomeSection id="faq" title={t('catalogue.home.faq')}>
				<div className="faq">
					{FAQ.map(([question, answer]) => (
						<details key={question} className="faq-item">
							<summary>
								<h3>{t(question)}</h3>
								<span aria-hidden="true" className="faq-sign" />
							</summary>
							<p>{t(answer)}</p>
						</details>
					))}
				</div>
				<p>
					<Link to={lp('/faq')}>{t('catalogue.home.allQuestions')}</Link>
				</p>
			</HomeSection>

			<HomeSection id="about" title={t('catalogue.home.about')} alt>
				<p>{richText(t('catalogue.home.aboutStory'), places)}</p>
				<Link to={lp('/about')}>{t('catalogue.home.readStory')}</Link>
			</HomeSection>

			<HomeSection id="contact" title={t('catalogue.home.contact')}>
				<p>{richText(t('catalogue.home.contactIntro'), places)}</p>
				<ContactLinks contacts={config.contacts} t={t} />
				<Link to={lp('/contact')} className="button primary">
					{t('catalogue.home.sendMessage')}
				</Link>
			</HomeSection>
		</>
	)
}

function PromoPlan({ title, plan, action, lang, t }: { title: string; plan: { to: string; from: FromPrice; rows: DurationRow[] }; action: string } & Words) {
	return (
		<div className="plan">
			<h3>{title}</h3>
			<p className="plan-from">
				{fromPrice(t, plan.from, <Rs amount={plan.from.price} />)}
			</p>
			<ul>
				{plan.rows.map((r) => (
					<li key={r.months}>
						<bdi>{optionLabel(t, r)}</bdi> <Rs amount={r.price} />
						{r.sharedPrice ? (
							<span className="plan-shared nowrap">
								{t('catalogue.home.shared')} <Rs amount={r.sharedPrice} />
							</span>
						) : null}
					</li>
				))}
			</ul>
			<Link to={localePath(lang, plan.to)} className="button primary">
				{action}
			</Link>
		</div>
	)
}
