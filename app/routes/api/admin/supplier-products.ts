import { db } from '~/db/client.server'
import { searchSupplierProducts } from '~/domain/suppliers/supplier-console.server'
import { adminEndpoint, adminRoute } from '~/http/admin-api.server'
import { searchSupplierContract } from '~/http/admin-contracts/suppliers'

// GET /api/admin/suppliers/{id}/products?q=: the supplier's catalogue for the option picker.
const route = adminRoute(adminEndpoint(searchSupplierContract, ({ actor, params, query }) => searchSupplierProducts(db(), actor, params.id, query.q)))
export const loader = route.loader
export const action = route.action
