import { db } from '~/db/client.server'
import { setReviewHidden } from '~/domain/reviews/hide-review.server'
import { adminEndpoint, adminRoute } from '~/http/admin-api.server'
import { changeReviewContract } from '~/http/admin-contracts/content'

// PATCH /api/admin/reviews/{id}: hide a review from every page (open ones drop it live), or show it again.
const route = adminRoute(adminEndpoint(changeReviewContract, ({ actor, params, body }) => setReviewHidden(db(), actor, params.id, body.hidden)))

export const loader = route.loader
export const action = route.action
