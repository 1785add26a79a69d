import { Form, NavLink, Outlet } from 'react-router'
import { requireStaff } from '~/http/staff-auth.server'
import type { Route } from './+types/layout'

// Every admin page sits in here; each admin loader and action still checks the session itself.
export async function loader({ request }: Route.LoaderArgs) {
	const staff = await requireStaff(request)
	return { staff }
}

export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-store', 'X-Robots-Tag': 'noindex' })

const LINKS = [
	{ to: '/admin-dashboard', label: 'Orders' },
	{ to: '/admin/payments', label: 'Transfers' },
	{ to: '/admin/dm-order', label: 'DM Order' },
	{ to: '/admin/inbox', label: 'Inbox' },
	{ to: '/admin/outbox', label: 'Emails' },
	{ to: '/admin/jobs', label: 'Jobs' },
	{ to: '/admin/security', label: 'Security' },
]

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
	const { staff } = loaderData
	return (
		<div className="admin">
			<nav className="admin-nav" aria-label="Staff console">
				<ul>
					{[...LINKS, ...(staff.role === 'owner' ? [{ to: '/admin/settings', label: 'Settings' }] : [])].map((l) => (
						<li key={l.to}>
							<NavLink to={l.to}>{l.label}</NavLink>
						</li>
					))}
				</ul>
				<Form method="post" action="/admin/logout" className="admin-signout">
					<span className="muted small">
						{staff.name} ({staff.role})
					</span>
					<button type="submit" className="button ghost small">
						Sign out
					</button>
				</Form>
			</nav>
			<div className="admin-body">
				<Outlet />
			</div>
		</div>
	)
}
