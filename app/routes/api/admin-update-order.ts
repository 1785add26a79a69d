import { requireStaffApi } from '~/utils/staff-auth.server'
import type { Route } from './+types/admin-update-order'

export async function action({ request }: Route.ActionArgs) {
	await requireStaffApi(request)
	return Response.json({ error: 'Not yet' }, { status: 501 })
}
