import { db } from '~/db/client.server'
import { changeSupplier } from '~/domain/suppliers/supplier-console.server'
import { adminEndpoint, adminRoute } from '~/http/admin-api.server'
import { updateSupplierContract } from '~/http/admin-contracts/suppliers'

// PATCH /api/admin/suppliers/{id}: rename, move, re-key, switch off a supplier, or change its low-balance alert.
const route = adminRoute(adminEndpoint(updateSupplierContract, ({ actor, params, body }) => changeSupplier(db(), actor, params.id, body)))
export const loader = route.loader
export const action = route.action
