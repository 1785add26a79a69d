import { db } from '~/db/client.server'
import { createProduct, listAdminProducts } from '~/domain/catalogue/manage-products.server'
import { adminEndpoint, adminRoute } from '~/http/admin-api.server'
import { createProductContract, listProductsContract } from '~/http/admin-contracts/products'

// GET /api/admin/products (search, filters, pages) and POST /api/admin/products (a new product with its options).
export const { loader, action } = adminRoute(
	adminEndpoint(listProductsContract, ({ query }) => listAdminProducts(db(), query)),
	adminEndpoint(createProductContract, ({ actor, body }) => createProduct(db(), actor, body)),
)
