import { db } from '~/db/client.server'
import { getCoupon, updateCoupon } from '~/domain/coupons/coupons.server'
import { adminEndpoint, adminRoute } from '~/http/admin-api.server'
import { getCouponContract, updateCouponContract } from '~/http/admin-contracts/coupons'

// GET and PATCH /api/admin/coupons/{id}: one code with its uses; edit, pause or resume it.
const route = adminRoute(
	adminEndpoint(getCouponContract, ({ params }) => getCoupon(db(), params.id)),
	adminEndpoint(updateCouponContract, ({ actor, params, body }) => updateCoupon(db(), actor, params.id, body)),
)
// Named one by one: the route build cannot take destructured exports.
export const loader = route.loader
export const action = route.action
