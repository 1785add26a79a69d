import { db } from '~/db/client.server'
import { duplicateProduct } from '~/domain/catalogue/manage-products.server'
import { adminEndpoint, adminRoute } from '~/http/admin-api.server'
import { duplicateProductContract } from '~/http/admin-contracts/products'

// POST /api/admin/products/{id}/duplicate: a hidden copy with the same options and prices.
const route = adminRoute(adminEndpoint(duplicateProductContract, ({ actor, params }) => duplicateProduct(db(), actor, params.id)))

// Named one by one: React Router strips loader and action from the browser build, which it cannot do for destructured exports.
export const loader = route.loader
export const action = route.action
