import { db } from '~/db/client.server'
import { connectSupplier, listSuppliersForConsole } from '~/domain/suppliers/supplier-console.server'
import { adminEndpoint, adminRoute } from '~/http/admin-api.server'
import { createSupplierContract, listSuppliersContract } from '~/http/admin-contracts/suppliers'

// GET and POST /api/admin/suppliers: the wholesalers the shop buys codes from (/admin/suppliers) as JSON.
const route = adminRoute(
	adminEndpoint(listSuppliersContract, async () => ({ suppliers: await listSuppliersForConsole(db()) })),
	adminEndpoint(createSupplierContract, ({ actor, body }) => connectSupplier(db(), actor, body)),
)
// Named one by one: the route build cannot take destructured exports.
export const loader = route.loader
export const action = route.action
