import { z } from 'zod'
import { MAX_ID, textSchema } from '../../utils/input'

// The console's review list (/admin/reviews and GET /api/admin/reviews): which reviews, a search
// in name, comment or product name, and paging by id. Browser-safe.

export const staffReviewQuery = z.object({
	show: z.enum(['all', 'visible', 'hidden']).catch('all').describe('all (default), visible (shown on pages) or hidden'),
	q: textSchema().max(100, 'Search for at most 100 characters.').catch('').describe('Words in the name, the review or the product’s name'),
	before: z.coerce.number().int().min(1).max(MAX_ID).optional().catch(undefined).describe('Reviews older than this review id: the next page'),
})
export type StaffReviewQuery = z.infer<typeof staffReviewQuery>

/** Hide a review from every page, or show it again. */
export const reviewVisibilityInput = z.strictObject({ hidden: z.boolean({ error: 'hidden must be true or false.' }) })
