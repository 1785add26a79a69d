import { db } from '~/db/client.server'
import { reinstateOrder } from '~/domain/payments/reinstate-order.server'
import { adminEndpoint, adminRoute } from '~/http/admin-api.server'
import { reinstateOrderContract } from '~/http/admin-contracts/orders'

// POST /api/admin/orders/{orderNumber}/reinstate
const route = adminRoute(
	adminEndpoint(reinstateOrderContract, async ({ actor, params, body }) => {
		const order = await reinstateOrder(db(), actor, params.orderNumber, body?.note ?? '')
		return { orderNumber: order.orderNumber, paymentStatus: order.paymentStatus }
	}),
)

export const loader = route.loader
export const action = route.action
