import { db } from '~/db/client.server'
import { deliverOrderNow } from '~/domain/stock/order-stock.server'
import { adminEndpoint, adminRoute } from '~/http/admin-api.server'
import { deliverFromStockContract } from '~/http/admin-contracts/stock-delivery'

// POST /api/admin/orders/{orderNumber}/deliver-from-stock
const route = adminRoute(adminEndpoint(deliverFromStockContract, ({ actor, params }) => deliverOrderNow(db(), actor, params.orderNumber)))

export const loader = route.loader
export const action = route.action
