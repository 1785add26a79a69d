import { Link } from 'react-router'
import { MY_ORDERS_PATH } from '~/domain/buyers/next-path'
import type { Translate } from '~/i18n/catalogue'
import { LANG_NAMES, localePath, type Lang } from '~/i18n/lang'
import type { RootConfig } from './root-data'

/**
 * The footer's content, drawn by the server only: the root loader renders it (ServerHtml), once per
 * language. Its language switch names no page: /language sends the buyer back to the page they were
 * on (its Referer: the shop sends it to itself only).
 */
export function SiteFooterContent({ config, year, lang, t }: { config: RootConfig; year: number; lang: Lang; t: Translate }) {
	const other: Lang = lang === 'ur' ? 'en' : 'ur'
	const lp = (to: string) => localePath(lang, to)
	return (
		<>
			<div className="container footer-grid">
				<div>
					<p className="footer-brand">{config.storeName}</p>
					<p className="muted">{t('common.footer.about')}</p>
				</div>
				<nav aria-label={t('common.footer.quickLinks')}>
					<h2>{t('common.footer.quickLinks')}</h2>
					<ul>
						<li><Link to={lp('/products')}>{t('common.footer.products')}</Link></li>
						<li><Link to={lp('/game-pass-details')}>{t('common.footer.gamePass')}</Link></li>
						<li><Link to={lp('/game-pass-library')}>{t('common.footer.gameLibrary')}</Link></li>
						<li><Link to={lp('/palestine-initiative')}>{t('common.footer.palestine')}</Link></li>
					</ul>
				</nav>
				<nav aria-label={t('common.footer.support')}>
					<h2>{t('common.footer.support')}</h2>
					<ul>
						<li><Link to={lp(MY_ORDERS_PATH)}>{t('common.footer.myOrders')}</Link></li>
						<li><Link to={lp('/contact')}>{t('common.footer.contactUs')}</Link></li>
						<li><Link to={lp('/faq')}>{t('common.footer.faq')}</Link></li>
						<li><a href={config.contacts.email.href} dir="ltr">{config.contacts.email.text}</a></li>
						<li><a href={config.contacts.whatsapp.href} rel="noopener noreferrer" target="_blank">{t('common.footer.whatsapp')} <bdi className="nowrap">{config.contacts.whatsapp.text}</bdi></a></li>
						{config.contacts.phone ? <li><a href={config.contacts.phone.href}>{t('common.footer.call')} <bdi className="nowrap">{config.contacts.phone.text}</bdi></a></li> : null}
					</ul>
				</nav>
				<nav aria-label={t('common.footer.legal')}>
					<h2>{t('common.footer.legal')}</h2>
					<ul>
						<li><Link to={lp('/privacy-policy')}>{t('common.footer.privacy')}</Link></li>
						<li><Link to={lp('/terms-and-conditions')}>{t('common.footer.terms')}</Link></li>
						<li><Link to={lp('/refund-policy')}>{t('common.footer.refund')}</Link></li>
						<li><Link to={lp('/ownership')}>{t('common.footer.ownership')}</Link></li>
					</ul>
				</nav>
			</div>
			<div className="container footer-bottom">
				<a href={`/language?to=${other}`} hrefLang={other} lang={other} className="language-switch" aria-label={t('common.language.switchLabel')}>
					{LANG_NAMES[other]}
				</a>
				<a href={config.contacts.instagram.href} rel="noopener noreferrer" target="_blank">
					{t('common.footer.instagram')} <bdi>{config.contacts.instagram.text}</bdi>
				</a>
				<p>{t('common.footer.rights', { year, storeName: config.storeName })}</p>
			</div>
		</>
	)
}
