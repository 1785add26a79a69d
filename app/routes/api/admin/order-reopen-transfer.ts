import { db } from '~/db/client.server'
import { reopenTransfer } from '~/domain/payments/review-transfer.server'
import { adminEndpoint, adminRoute } from '~/http/admin-api.server'
import { reopenTransferContract } from '~/http/admin-contracts/orders'

// POST /api/admin/orders/{orderNumber}/reopen-transfer
const route = adminRoute(
	adminEndpoint(reopenTransferContract, async ({ actor, params, body }) => {
		const order = await reopenTransfer(db(), actor, params.orderNumber, body.note)
		return { orderNumber: order.orderNumber, paymentStatus: order.paymentStatus }
	}),
)

export const loader = route.loader
export const action = route.action
