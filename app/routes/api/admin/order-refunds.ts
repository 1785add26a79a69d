import { db } from '~/db/client.server'
import { refundOrder } from '~/domain/refunds/refund-order.server'
import { adminEndpoint, adminRoute } from '~/http/admin-api.server'
import { refundOrderContract } from '~/http/admin-contracts/orders'

// POST /api/admin/orders/{orderNumber}/refunds
const route = adminRoute(adminEndpoint(refundOrderContract, ({ actor, params, body }) => refundOrder(db(), actor, params.orderNumber, body)))

export const loader = route.loader
export const action = route.action
