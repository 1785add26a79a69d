import { db } from '~/db/client.server'
import { listStaffReviews } from '~/domain/reviews/list-staff-reviews.server'
import { adminEndpoint, adminRoute } from '~/http/admin-api.server'
import { listReviewsContract } from '~/http/admin-contracts/content'

// GET /api/admin/reviews: recent reviews, hidden ones included.
const route = adminRoute(adminEndpoint(listReviewsContract, ({ query }) => listStaffReviews(db(), query)))

export const loader = route.loader
export const action = route.action
