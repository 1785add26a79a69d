import { z } from 'zod'
import { idSchema } from '../../utils/input'

// The console's Hide / Show again of a review: which review, and whether it is hidden after. Browser-safe.

export const REVIEW_VISIBILITY_MESSAGES = {
	review: 'That is not a review of this shop: reload the page and try again.',
	hidden: 'Say whether the review is hidden (true) or shown (false).',
} as const

export const reviewVisibilityForm = z.object({
	reviewId: idSchema(REVIEW_VISIBILITY_MESSAGES.review),
	hidden: z.enum(['true', 'false'], { error: REVIEW_VISIBILITY_MESSAGES.hidden }).transform((v) => v === 'true'),
})
