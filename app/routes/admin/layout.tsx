import { Outlet } from 'react-router'
import { ConsoleFrame } from '~/components/admin/console-frame'
import { CONSOLE_SHELL } from '~/components/layout/page-shell'
import { db } from '~/db/client.server'
import { countOpenClaims } from '~/domain/claims/claims.server'
import { countTransfersToConfirm } from '~/domain/orders/console-to-do.server'
import { requireStaff } from '~/http/staff-auth.server'
import type { Route } from './+types/layout'

// Every admin page sits in here; each admin loader and action still checks the session itself.
export async function loader({ request }: Route.LoaderArgs) {
	const staff = await requireStaff(request)
	const [transfersWaiting, claimsOpen] = await Promise.all([countTransfersToConfirm(db()), countOpenClaims(db())])
	return { staff, transfersWaiting, claimsOpen }
}

export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-store', 'X-Robots-Tag': 'noindex' })

// The console's own frame instead of the shop's (app/root.tsx).
export const handle = CONSOLE_SHELL

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
	return (
		<ConsoleFrame staff={loaderData.staff} transfersWaiting={loaderData.transfersWaiting} claimsOpen={loaderData.claimsOpen}>
			<Outlet />
		</ConsoleFrame>
	)
}
