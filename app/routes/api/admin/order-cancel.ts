import { db } from '~/db/client.server'
import { cancelOrder } from '~/domain/orders/cancel-order.server'
import { adminEndpoint, adminRoute } from '~/http/admin-api.server'
import { cancelOrderContract } from '~/http/admin-contracts/orders'

// POST /api/admin/orders/{orderNumber}/cancel
const route = adminRoute(
	adminEndpoint(cancelOrderContract, async ({ actor, params, body }) => {
		const order = await cancelOrder(db(), actor, params.orderNumber, body)
		return { orderNumber: order.orderNumber, paymentStatus: order.paymentStatus, cancelReason: order.cancelReason ?? '' }
	}),
)

export const loader = route.loader
export const action = route.action
