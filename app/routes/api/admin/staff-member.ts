import { db } from '~/db/client.server'
import { setStaffGrants } from '~/domain/staff/set-staff-grants.server'
import { adminEndpoint, adminRoute } from '~/http/admin-api.server'
import { changeStaffContract } from '~/http/admin-contracts/staff'

// PATCH /api/admin/staff/{id}: the owner lets a staff account manage the catalogue, or stops it (its other grants kept).
const route = adminRoute(
	adminEndpoint(changeStaffContract, async ({ actor, params, body }) => {
		const { grants, ...account } = (await setStaffGrants(db(), actor, params.id, { catalogue: body.canManageCatalogue })).account
		return { ...account, canManageCatalogue: grants.includes('catalogue') }
	}),
)

// Named one by one: React Router strips loader and action from the browser build, which it cannot do for destructured exports.
export const loader = route.loader
export const action = route.action
