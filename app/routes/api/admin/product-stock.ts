import { db } from '~/db/client.server'
import { importStock, stockCounts } from '~/domain/stock/manage-stock.server'
import { adminEndpoint, adminRoute } from '~/http/admin-api.server'
import { importStockContract, stockCountsContract } from '~/http/admin-contracts/stock'

// GET/POST /api/admin/products/{id}/stock: counts per option, and importing codes or accounts.
const route = adminRoute(
	adminEndpoint(stockCountsContract, ({ params }) => stockCounts(db(), params.id)),
	adminEndpoint(importStockContract, ({ actor, params, body }) => {
		const kind = body.units.length > 0 && 'code' in body.units[0]! ? 'code' : 'account'
		return importStock(db(), actor, params.id, { variantId: body.variantId, kind, units: body.units, slots: body.slots, cost: body.cost ?? null })
	}),
)

// Named one by one: React Router strips loader and action from the browser build, which it cannot do for destructured exports.
export const loader = route.loader
export const action = route.action
