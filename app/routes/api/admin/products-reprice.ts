import { db } from '~/db/client.server'
import { applyReprice, previewReprice } from '~/domain/costs/reprice.server'
import { adminEndpoint, adminRoute } from '~/http/admin-api.server'
import { repriceContract } from '~/http/admin-contracts/products'

// POST /api/admin/products/reprice: the owner's repricing (/admin/reprice) as JSON, a preview or, with apply, the change.
const route = adminRoute(
	adminEndpoint(repriceContract, ({ actor, body }) => (body.apply ? applyReprice(db(), actor, body) : previewReprice(db(), body))),
)
export const loader = route.loader
export const action = route.action
