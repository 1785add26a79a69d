import { db } from '~/db/client.server'
import { replaceUnit } from '~/domain/stock/order-stock.server'
import { adminEndpoint, adminRoute } from '~/http/admin-api.server'
import { replaceUnitContract } from '~/http/admin-contracts/stock-delivery'

// POST /api/admin/orders/{orderNumber}/stock-units/{assignmentId}/replace
const route = adminRoute(adminEndpoint(replaceUnitContract, ({ actor, params, body }) => replaceUnit(db(), actor, params.orderNumber, params.assignmentId, body.reason)))

export const loader = route.loader
export const action = route.action
