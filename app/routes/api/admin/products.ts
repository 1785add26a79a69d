import { db } from '~/db/client.server'
import { createProduct, listAdminProducts } from '~/domain/catalogue/manage-products.server'
import { adminEndpoint, adminRoute } from '~/http/admin-api.server'
import { createProductContract, listProductsContract } from '~/http/admin-contracts/products'

// GET /api/admin/products (search, filters, pages) and POST /api/admin/products (a new product with its options).
const route = adminRoute(
	adminEndpoint(listProductsContract, ({ query }) => listAdminProducts(db(), query)),
	adminEndpoint(createProductContract, ({ actor, body }) => createProduct(db(), actor, body)),
)

// Named one by one: React Router strips loader and action from the browser build, which it cannot do for destructured exports.
export const loader = route.loader
export const action = route.action
