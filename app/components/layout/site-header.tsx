import { useEffect, useRef } from 'react'
import { Link, NavLink, useLocation } from 'react-router'
import { cartBadge } from '~/domain/cart/cart-count'
import { MY_ORDERS_PATH } from '~/domain/buyers/next-path'
import { useCart } from '../cart/cart-context'
import { ChatButton } from './chat-button'
import { LanguageSwitch } from './language-switch'

const NAV = [
	{ to: '/', label: 'Home' },
	{ to: '/products', label: 'Products' },
	{ to: '/services', label: 'Services' },
	{ to: '/about', label: 'About' },
	{ to: '/contact', label: 'Contact' },
]

function NavLinks({ withOrders }: { withOrders?: boolean }) {
	return (
		<ul>
			{[...NAV, ...(withOrders ? [{ to: MY_ORDERS_PATH, label: 'My orders' }] : [])].map((item) => (
				<li key={item.to}>
					<NavLink to={item.to} end={item.to === '/'} className={({ isActive }) => (isActive ? 'active' : undefined)}>
						{item.label}
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
			<summary className="menu-toggle" aria-label="Menu">
				<span aria-hidden="true" className="menu-icon-open">
					☰
				</span>
				<span aria-hidden="true" className="menu-icon-close">
					✕
				</span>
			</summary>
			<nav aria-label="Main" className="phone-nav">
				<NavLinks withOrders />
			</nav>
		</details>
	)
}

/**
 * `banner`: the owner's announcement (/admin/store); empty shows none. The WhatsApp button sits in
 * the bar, always on screen: floating over the page, it covered the first screen's buttons and titles.
 */
export function SiteHeader({ storeName, banner, whatsapp }: { storeName: string; banner: string; whatsapp: string }) {
	const { count, dispatch } = useCart()

	return (
		<header className={banner ? 'site-header' : 'site-header no-banner'}>
			{banner ? <p className="banner">{banner}</p> : null}
			<div className="header-bar container">
				<Link to="/" className="logo" aria-label={`${storeName} home`}>
					<span aria-hidden="true" className="logo-mark">
						▲
					</span>
					{storeName}
				</Link>
				<nav aria-label="Main" className="main-nav">
					<NavLinks />
				</nav>
				<div className="header-actions">
					<LanguageSwitch />
					<NavLink to={MY_ORDERS_PATH} className={({ isActive }) => (isActive ? 'my-orders-link active' : 'my-orders-link')}>
						<svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20">
							<use href="/icons.svg#orders" />
						</svg>
						<span className="my-orders-text">My orders</span>
					</NavLink>
					<ChatButton whatsapp={whatsapp} />
					<button
						type="button"
						className="cart-button"
						onClick={() => dispatch({ type: 'toggle' })}
						aria-label={count > 0 ? `Cart, ${count} item${count === 1 ? '' : 's'}` : 'Cart'}
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
