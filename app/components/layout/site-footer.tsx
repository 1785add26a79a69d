import { Link } from 'react-router'
import { MY_ORDERS_PATH } from '~/domain/buyers/next-path'
import type { Translate } from '~/i18n/catalogue'
import { LANG_NAMES, type Lang } from '~/i18n/lang'
import type { RootConfig } from './root-data'

/**
 * The footer's content, drawn by the server only: the root loader renders it (ServerHtml), once per
 * language. Its language switch names no page: /language sends the buyer back to the page they were
 * on (its Referer: the shop sends it to itself only).
 */
export function SiteFooterContent({ config, year, lang, t }: { config: RootConfig; year: number; lang: Lang; t: Translate }) {
	const other: Lang = lang === 'ur' ? 'en' : 'ur'
	return (
		<>
			<div className="container footer-grid">
				<div>
					<p className="footer-brand">{config.storeName}</p>
					<p className="muted">
						Game Pass, PlayStation Plus, gift cards, keys and accounts for gamers in Pakistan, paid in rupees and delivered
						digitally.
					</p>
				</div>
				<nav aria-label="Quick Links">
					<h2>Quick Links</h2>
					<ul>
						<li><Link to="/products">Products</Link></li>
						<li><Link to="/game-pass-details">Game Pass</Link></li>
						<li><Link to="/game-pass-library">Game Library</Link></li>
						<li><Link to="/palestine-initiative">Palestine Initiative</Link></li>
					</ul>
				</nav>
				<nav aria-label="Support">
					<h2>Support</h2>
					<ul>
						<li><Link to={MY_ORDERS_PATH}>My orders</Link></li>
						<li><Link to="/contact">Contact Us</Link></li>
						<li><Link to="/faq">FAQ</Link></li>
						<li><a href={config.contacts.email.href}>{config.contacts.email.text}</a></li>
						<li><a href={config.contacts.whatsapp.href} rel="noopener noreferrer" target="_blank">WhatsApp <span className="nowrap">{config.contacts.whatsapp.text}</span></a></li>
						{config.contacts.phone ? <li><a href={config.contacts.phone.href}>Call <span className="nowrap">{config.contacts.phone.text}</span></a></li> : null}
					</ul>
				</nav>
				<nav aria-label="Legal">
					<h2>Legal</h2>
					<ul>
						<li><Link to="/privacy-policy">Privacy Policy</Link></li>
						<li><Link to="/terms-and-conditions">Terms and Conditions</Link></li>
						<li><Link to="/refund-policy">Refund & Cancellation Policy</Link></li>
						<li><Link to="/ownership">Ownership Statement</Link></li>
					</ul>
				</nav>
			</div>
			<div className="container footer-bottom">
				<a href={`/language?to=${other}`} hrefLang={other} lang={other} aria-label={t('common.language.switchLabel')}>
					{LANG_NAMES[other]}
				</a>
				<a href={config.contacts.instagram.href} rel="noopener noreferrer" target="_blank">
					Instagram {config.contacts.instagram.text}
				</a>
				<p>
					© {year} {config.storeName}. All rights reserved. Not affiliated with Microsoft, Sony or any game publisher.
				</p>
			</div>
		</>
	)
}
