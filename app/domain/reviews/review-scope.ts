/** §7: products 1 and 10 share the Game Pass reviews; every other product has its own. */
export const GAME_PASS_PRODUCT_IDS = [1, 10]
export const isGamePassReview = (productId: number) => GAME_PASS_PRODUCT_IDS.includes(productId)

export interface Review {
	id: number
	productId: number
	name: string
	rating: number
	comment: string
	isGamePass: boolean
	createdAt: string
}

/** Whether a review belongs on the page of `productId`. */
export function reviewBelongsTo(review: Pick<Review, 'productId' | 'isGamePass'>, productId: number) {
	return isGamePassReview(productId) ? review.isGamePass : review.productId === productId
}

export const REVIEW_LIMITS = { name: 60, comment: 1000 }
