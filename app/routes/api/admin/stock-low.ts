import { db } from '~/db/client.server'
import { stockQueue } from '~/domain/stock/order-stock.server'
import { lowStockVariants } from '~/domain/stock/stock-alerts.server'
import { adminEndpoint, adminRoute } from '~/http/admin-api.server'
import { lowStockContract } from '~/http/admin-contracts/stock-delivery'

// GET /api/admin/stock/low
const route = adminRoute(
	adminEndpoint(lowStockContract, async () => {
		const [low, queue] = await Promise.all([lowStockVariants(db()), stockQueue(db(), 0)])
		return { waitingOrders: queue.total, variants: low.map(({ newestUnitId: _, ...v }) => v) }
	}),
)

export const loader = route.loader
export const action = route.action
