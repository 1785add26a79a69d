import { requireStaffApi } from '~/utils/staff-auth.server'
import type { Route } from './+types/receipt'

export async function loader({ request }: Route.LoaderArgs) {
	await requireStaffApi(request)
	return new Response('Not yet', { status: 404 })
}
