import { useEffect, useRef, type ReactNode } from 'react'
import { Form, Link, NavLink, useLocation } from 'react-router'
import { useRootData } from '~/components/layout/root-data'
import { may, type GrantHolder } from '~/domain/staff/permissions'

export interface ConsoleStaff extends GrantHolder {
	name: string
}

const LINKS: { to: string; label: string; also?: string }[] = [
	// An order's own page belongs under Orders.
	{ to: '/admin-dashboard', label: 'Orders', also: '/admin/orders/' },
	{ to: '/admin/payments', label: 'Transfers' },
	{ to: '/admin/claims', label: 'Claims' },
	{ to: '/admin/dm-order', label: 'DM Order' },
	{ to: '/admin/customers', label: 'Customers', also: '/admin/customers/' },
	{ to: '/admin/inbox', label: 'Inbox' },
	{ to: '/admin/outbox', label: 'Emails' },
	{ to: '/admin/jobs', label: 'Jobs' },
	{ to: '/admin/security', label: 'Security' },
	{ to: '/admin/alerts', label: 'Alerts' },
]

/** For the owner and staff the owner lets manage the catalogue. */
const CATALOGUE_LINKS: { to: string; label: string; also?: string }[] = [
	{ to: '/admin/products', label: 'Products', also: '/admin/products/' },
	{ to: '/admin/library', label: 'Library' },
	{ to: '/admin/pages', label: 'Pages' },
	{ to: '/admin/reviews', label: 'Reviews' },
]

/**
 * The staff console's own plain frame (no shop banner, cart, chat button or footer): the store's
 * name, and once signed in the console's pages, who is signed in and Sign out.
 */
export function ConsoleFrame({ staff, transfersWaiting = 0, claimsOpen = 0, children }: { staff?: ConsoleStaff; transfersWaiting?: number; claimsOpen?: number; children: ReactNode }) {
	const storeName = useRootData()?.config.storeName ?? 'Shop'
	const { pathname } = useLocation()
	const nav = useRef<HTMLElement>(null)
	// On a phone the links are one row that scrolls sideways: keep the current page's link in view.
	// Only the row scrolls (scrollIntoView would scroll the page too, back to the top as the scripts
	// start, under the finger of a staff member who had scrolled down to a button).
	useEffect(() => {
		const row = nav.current?.querySelector('ul')
		const link = row?.querySelector('a.active')
		if (!row || !link) return
		const box = row.getBoundingClientRect()
		const { left, right } = link.getBoundingClientRect()
		if (left < box.left) row.scrollLeft -= box.left - left
		else if (right > box.right) row.scrollLeft += right - box.right
	}, [pathname])
	const catalogue = staff != null && may(staff, 'catalogue')
	const reports = staff != null && may(staff, 'reports')
	const suppliers = staff != null && may(staff, 'suppliers')
	const links = staff ? [...LINKS, ...(reports ? [{ to: '/admin/reports', label: 'Reports' }] : []), ...(catalogue ? CATALOGUE_LINKS : []), ...(suppliers ? [{ to: '/admin/suppliers', label: 'Suppliers' }] : []), ...(staff.role === 'owner' ? [{ to: '/admin/store', label: 'Store' }, { to: '/admin/connections', label: 'Connections' }, { to: '/admin/blocklist', label: 'Blocked' }, { to: '/admin/coupons', label: 'Coupons' }] : []), { to: '/admin/settings', label: 'Settings' }] : []
	return (
		<div className="console">
			<a href="#main" className="skip-link">
				Skip to content
			</a>
			<header className="console-header">
				<div className="console-bar">
					<Link to={staff ? '/admin-dashboard' : '/admin/login'} className="console-brand">
						{storeName} <span className="console-brand-tag">Staff</span>
					</Link>
					{staff ? (
						<Form method="post" action="/admin/logout" className="console-account">
							<span className="console-who">
								{staff.name} <span className="muted console-role">({staff.role})</span>
							</span>
							<button type="submit" className="button ghost small">
								Sign out
							</button>
						</Form>
					) : null}
				</div>
				{staff ? (
					<nav className="console-nav" aria-label="Staff console" ref={nav}>
						<ul>
							{links.map((l) => (
								<li key={l.to}>
									<NavLink to={l.to} className={({ isActive }) => (isActive || (l.also && pathname.startsWith(l.also)) ? 'active' : undefined)}>
										{l.label}
										{l.to === '/admin/payments' && transfersWaiting > 0 ? (
											<>
												{' '}
												<span className="count-badge nav-badge">{transfersWaiting}</span>
												<span className="sr-only"> waiting</span>
											</>
										) : null}
										{l.to === '/admin/claims' && claimsOpen > 0 ? (
											<>
												{' '}
												<span className="count-badge nav-badge">{claimsOpen}</span>
												<span className="sr-only"> open</span>
											</>
										) : null}
									</NavLink>
								</li>
							))}
						</ul>
					</nav>
				) : null}
			</header>
			<main id="main" className="console-main">
				{children}
			</main>
		</div>
	)
}
