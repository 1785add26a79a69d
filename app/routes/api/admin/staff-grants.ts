import { db } from '~/db/client.server'
import { setStaffGrants } from '~/domain/staff/set-staff-grants.server'
import { adminEndpoint, adminRoute } from '~/http/admin-api.server'
import { setStaffGrantsContract } from '~/http/admin-contracts/staff'

// PUT /api/admin/staff/{id}/grants: the owner sets everything a staff account may do beyond any staff member.
const route = adminRoute(
	adminEndpoint(setStaffGrantsContract, async ({ actor, params, body }) => (await setStaffGrants(db(), actor, params.id, body.grants)).account),
)

// Named one by one: React Router strips loader and action from the browser build, which it cannot do for destructured exports.
export const loader = route.loader
export const action = route.action
