import { db } from '~/db/client.server'
import { createCoupon, listCoupons } from '~/domain/coupons/coupons.server'
import { adminEndpoint, adminRoute } from '~/http/admin-api.server'
import { createCouponContract, listCouponsContract } from '~/http/admin-contracts/coupons'

// GET and POST /api/admin/coupons: the owner's discount codes (/admin/coupons) as JSON.
const route = adminRoute(
	adminEndpoint(listCouponsContract, async () => ({ coupons: await listCoupons(db()) })),
	adminEndpoint(createCouponContract, ({ actor, body }) => createCoupon(db(), actor, body)),
)
// Named one by one: the route build cannot take destructured exports.
export const loader = route.loader
export const action = route.action
