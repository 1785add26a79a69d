import { db } from '~/db/client.server'
import { getAdminProduct, removeProduct, updateProduct } from '~/domain/catalogue/manage-products.server'
import { adminEndpoint, adminRoute } from '~/http/admin-api.server'
import { deleteProductContract, getProductContract, updateProductContract } from '~/http/admin-contracts/products'

// GET, PATCH and DELETE /api/admin/products/{id}: one product, a change (visible: false hides it), removal.
const route = adminRoute(
	adminEndpoint(getProductContract, ({ params }) => getAdminProduct(db(), params.id)),
	adminEndpoint(updateProductContract, ({ actor, params, body }) => updateProduct(db(), actor, params.id, body)),
	adminEndpoint(deleteProductContract, ({ actor, params }) => removeProduct(db(), actor, params.id)),
)

// Named one by one: React Router strips loader and action from the browser build, which it cannot do for destructured exports.
export const loader = route.loader
export const action = route.action
