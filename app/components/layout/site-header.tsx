import { useEffect, useRef } from 'react'
import { Link, NavLink, useLocation } from 'react-router'
import { cartBadge } from '~/domain/cart/cart-count'
import { MY_ORDERS_PATH } from '~/domain/buyers/next-path'
import { useCart } from '../cart/cart-context'
import { ChatButton } from './chat-button'
import { useLocalePath, useT } from '~/i18n/use-t'
import { LanguageSwitch } from './language-switch'

const NAV = [
	{ to: '/', label: 'common.nav.home' },
	{ to: '/products', label: 'common.nav.products' },
	{ to: '/services', label: 'common.nav.services' },
	{ to: '/about', label: 'common.nav.about' },
	{ to: '/contact', label: 'common.nav.contact' },
] as const

function NavLinks({ withOrders }: { withOrders?: boolean }) {
	const t = useT()
	const lp = useLocalePath()
	return (
		<ul>
			{[...NAV, ...(withOrders ? [{ to: MY_ORDERS_PATH, label: 'common.nav.myOrders' } as const] : [])].map((item) => (
				<li key={item.to}>
					<NavLink to={lp(item.to)} end={item.to === '/'} className={({ isActive }) => (isActive ? 'active' : undefined)}>
						{t(item.label)}
					</NavLink>
				</li>
			))}
		</ul>
	)
}

/**
 * The phone's menu is a <details>: it opens and closes without scripts, and screen readers hear its
 * summary as a button that says whether it is expanded. Scripts add what a menu is expected to do:
 * close on Escape (focus back on the toggle), on a tap outside it and on going to another page.
 */
function PhoneMenu() {
	const t = useT()
	const menu = useRef<HTMLDetailsElement>(null)
	const { pathname } = useLocation()

	useEffect(() => {
		if (menu.current) menu.current.open = false
	}, [pathname])

	useEffect(() => {
		const details = menu.current
		if (!details) return
		const close = (focusToggle: boolean) => {
			details.open = false
			if (focusToggle) details.querySelector('summary')?.focus()
		}
		const onKey = (event: KeyboardEvent) => {
			if (event.key === 'Escape' && details.open) close(true)
		}
		const onPointer = (event: PointerEvent) => {
			if (details.open && event.target instanceof Node && !details.contains(event.target)) close(false)
		}
		document.addEventListener('keydown', onKey)
		document.addEventListener('pointerdown', onPointer)
		return () => {
			document.removeEventListener('keydown', onKey)
			document.removeEventListener('pointerdown', onPointer)
		}
	}, [])

	return (
		<details className="phone-menu" ref={menu}>
			<summary className="menu-toggle" aria-label={t('common.nav.menu')}>
				<span aria-hidden="true" className="menu-icon-open">
					☰
				</span>
				<span aria-hidden="true" className="menu-icon-close">
					✕
				</span>
			</summary>
			<nav aria-label={t('common.nav.main')} className="phone-nav">
				<NavLinks withOrders />
				{/* At 360 px the header has no room for the switch: it is here, at the menu's foot. */}
				<LanguageSwitch className="language-switch phone-language" />
			</nav>
		</details>
	)
}

/**
 * Names longer than this (the console takes up to 60 characters) are set smaller in the bar; any name
 * wraps to two lines at most and ends with an ellipsis past them, so the buttons beside it keep their
 * size and the bar never reaches past the screen's edge.
 */
const LONG_STORE_NAME = 14

/**
 * `banner`: the owner's announcement (/admin/store); empty shows none. The WhatsApp button sits in
 * the bar, always on screen: floating over the page, it covered the first screen's buttons and titles.
 */
export function SiteHeader({ storeName, banner, whatsapp }: { storeName: string; banner: string; whatsapp: string }) {
	const { count, dispatch } = useCart()
	const t = useT()
	const lp = useLocalePath()

	return (
		<header className={banner ? 'site-header' : 'site-header no-banner'}>
			{banner ? <p className="banner">{banner}</p> : null}
			<div className="header-bar container">
				<Link to={lp('/')} className={storeName.length > LONG_STORE_NAME ? 'logo long-name' : 'logo'} aria-label={t('common.header.logoLabel', { storeName })}>
					<span aria-hidden="true" className="logo-mark">
						▲
					</span>
					<span className="logo-name" dir="auto">
						{storeName}
					</span>
				</Link>
				<nav aria-label={t('common.nav.main')} className="main-nav">
					<NavLinks />
				</nav>
				<div className="header-actions">
					<LanguageSwitch className="language-switch header-language" />
					<NavLink to={lp(MY_ORDERS_PATH)} className={({ isActive }) => (isActive ? 'my-orders-link active' : 'my-orders-link')}>
						<svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20">
							<use href="/icons.svg#orders" />
						</svg>
						<span className="my-orders-text">{t('common.nav.myOrders')}</span>
					</NavLink>
					<ChatButton whatsapp={whatsapp} />
					<button
						type="button"
						className="cart-button"
						onClick={() => dispatch({ type: 'toggle' })}
						aria-label={count > 0 ? t(count === 1 ? 'common.header.cartOne' : 'common.header.cartMany', { count }) : t('common.header.cart')}
					>
						<svg aria-hidden="true" viewBox="0 0 24 24" width="22" height="22">
							<use href="/icons.svg#cart" />
						</svg>
						{/* The server's cart is empty, so the badge appears only once the saved cart is read in the
						    browser; it is absolutely placed and cannot shift the layout. */}
						{count > 0 ? (
							<span className="cart-badge" data-testid="cart-badge">
								{cartBadge(count)}
							</span>
						) : null}
					</button>
					<PhoneMenu />
				</div>
			</div>
		</header>
	)
}
