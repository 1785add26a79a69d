import { db } from '~/db/client.server'
import { setCanManageCatalogue } from '~/domain/staff/set-catalogue-permission.server'
import { adminEndpoint, adminRoute } from '~/http/admin-api.server'
import { changeStaffContract } from '~/http/admin-contracts/staff'

// PATCH /api/admin/staff/{id}: the owner lets a staff account manage the catalogue, or stops it.
export const { loader, action } = adminRoute(
	adminEndpoint(changeStaffContract, ({ actor, params, body }) => setCanManageCatalogue(db(), actor, { staffId: params.id, canManageCatalogue: body.canManageCatalogue })),
)
