import { db } from '~/db/client.server'
import { duplicateProduct } from '~/domain/catalogue/manage-products.server'
import { adminEndpoint, adminRoute } from '~/http/admin-api.server'
import { duplicateProductContract } from '~/http/admin-contracts/products'

// POST /api/admin/products/{id}/duplicate: a hidden copy with the same options and prices.
export const { loader, action } = adminRoute(adminEndpoint(duplicateProductContract, ({ actor, params }) => duplicateProduct(db(), actor, params.id)))
