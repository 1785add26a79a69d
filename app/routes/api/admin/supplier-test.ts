import { db } from '~/db/client.server'
import { testSupplier } from '~/domain/suppliers/supplier-console.server'
import { adminEndpoint, adminRoute } from '~/http/admin-api.server'
import { testSupplierContract } from '~/http/admin-contracts/suppliers'

// POST /api/admin/suppliers/{id}/test: the console's Test button as JSON.
const route = adminRoute(adminEndpoint(testSupplierContract, ({ actor, params }) => testSupplier(db(), actor, params.id)))
export const loader = route.loader
export const action = route.action
