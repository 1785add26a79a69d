import { db } from '~/db/client.server'
import { setCanManageCatalogue } from '~/domain/staff/set-catalogue-permission.server'
import { adminEndpoint, adminRoute } from '~/http/admin-api.server'
import { changeStaffContract } from '~/http/admin-contracts/staff'

// PATCH /api/admin/staff/{id}: the owner lets a staff account manage the catalogue, or stops it.
const route = adminRoute(
	adminEndpoint(changeStaffContract, ({ actor, params, body }) => setCanManageCatalogue(db(), actor, { staffId: params.id, canManageCatalogue: body.canManageCatalogue })),
)

// Named one by one: React Router strips loader and action from the browser build, which it cannot do for destructured exports.
export const loader = route.loader
export const action = route.action
