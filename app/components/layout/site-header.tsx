import { useEffect, useState } from 'react'
import { Link, NavLink, useLocation } from 'react-router'
import { cartBadge, cartCount } from '~/domain/cart/cart'
import { useCart } from '../cart/cart-context'

const NAV = [
	{ to: '/', label: 'Home' },
	{ to: '/products', label: 'Products' },
	{ to: '/services', label: 'Services' },
	{ to: '/about', label: 'About' },
	{ to: '/contact', label: 'Contact' },
]

/** `banner`: the owner's announcement (/admin/store); empty shows none. */
export function SiteHeader({ storeName, banner }: { storeName: string; banner: string }) {
	const [menuOpen, setMenuOpen] = useState(false)
	const { items, dispatch } = useCart()
	const location = useLocation()
	const count = cartCount(items)

	useEffect(() => setMenuOpen(false), [location.pathname])

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
				<nav aria-label="Main" className={menuOpen ? 'main-nav open' : 'main-nav'} id="main-nav">
					<ul>
						{NAV.map((item) => (
							<li key={item.to}>
								<NavLink to={item.to} end={item.to === '/'} className={({ isActive }) => (isActive ? 'active' : undefined)}>
									{item.label}
								</NavLink>
							</li>
						))}
					</ul>
				</nav>
				<div className="header-actions">
					<button
						type="button"
						className="cart-button"
						onClick={() => dispatch({ type: 'toggle' })}
						aria-label={count > 0 ? `Cart, ${count} item${count === 1 ? '' : 's'}` : 'Cart'}
					>
						<svg aria-hidden="true" viewBox="0 0 24 24" width="22" height="22">
							<path fill="currentColor" d="M7 18a2 2 0 1 0 0 4 2 2 0 0 0 0-4Zm10 0a2 2 0 1 0 0 4 2 2 0 0 0 0-4ZM5.2 4l.4 2H21l-2 8H7.4l.3 2H19v2H6L3.4 4H1V2h3.6a1 1 0 0 1 1 .8L5.2 4Z" />
						</svg>
						{/* The server's cart is empty, so the badge appears only once the saved cart is read in the
						    browser; it is absolutely placed and cannot shift the layout. */}
						{count > 0 ? (
							<span className="cart-badge" data-testid="cart-badge">
								{cartBadge(count)}
							</span>
						) : null}
					</button>
					<button
						type="button"
						className="menu-toggle"
						aria-expanded={menuOpen}
						aria-controls="main-nav"
						aria-label={menuOpen ? 'Close menu' : 'Open menu'}
						onClick={() => setMenuOpen((o) => !o)}
					>
						<span aria-hidden="true">{menuOpen ? '✕' : '☰'}</span>
					</button>
				</div>
			</div>
		</header>
	)
}
