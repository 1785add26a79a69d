// Which reviews a product page shows (§7 Read reviews): products that share a review group (the
// spec's console and PC Game Pass) show one list; a product without a group shows its own reviews.

import type { MessageKey } from '../../i18n/catalogue'

/** The group whose reviews carry the spec's is_game_pass flag. */
export const GAME_PASS_REVIEW_GROUP = 'game-pass'

export interface Review {
	id: number
	productId: number
	name: string
	rating: number
	comment: string
	/** The spec's field: written under the Game Pass review group. */
	isGamePass: boolean
	/** The product's review group when it was written, or null. */
	reviewGroup: string | null
	/** The reviewer's email had a paid order of the product when they wrote it (the email itself is never sent). */
	verifiedPurchase: boolean
	createdAt: string
	/** The Pakistan calendar day it was written, as the page shows it ('5 Jan 2025'): formatted on the server, so pages ship no date code for it. */
	day: string
}

export { ratingInWords, type RatingSummary } from './rating-words'

/** What decides a page's reviews: the product and its review group. */
export interface ReviewScope {
	productId: number
	reviewGroup: string | null
}

/** A product as the reviews see it. */
export const reviewScopeOf = (product: { id: number; reviewGroup: string | null }): ReviewScope => ({
	productId: product.id,
	reviewGroup: product.reviewGroup,
})

/** Whether a review belongs on the page of a product with this scope. */
export function reviewBelongsTo(review: Pick<Review, 'productId' | 'reviewGroup'>, scope: ReviewScope) {
	return scope.reviewGroup ? review.reviewGroup === scope.reviewGroup : review.productId === scope.productId
}

/**
 * What the reviews channel carries: a review to show (new, or shown again by staff), or one staff
 * hid, which every open page removes.
 */
export type ReviewEvent =
	| { type: 'review'; review: Review }
	| { type: 'review-hidden'; id: number; productId: number; reviewGroup: string | null }

/** The channel's payload: a shown review is the review itself, as it has always been sent. */
export function reviewEventPayload(event: ReviewEvent): string {
	return JSON.stringify(event.type === 'review' ? event.review : { hidden: true, id: event.id, productId: event.productId, reviewGroup: event.reviewGroup })
}

export function parseReviewEvent(payload: string): ReviewEvent {
	const value = JSON.parse(payload) as Review | { hidden: true; id: number; productId: number; reviewGroup: string | null }
	return 'hidden' in value ? { type: 'review-hidden', id: value.id, productId: value.productId, reviewGroup: value.reviewGroup } : { type: 'review', review: value }
}

/** Newest first, as the lists are read; a review shown again goes back to its place. */
export function insertReview(list: Review[], review: Review): Review[] {
	if (list.some((r) => r.id === review.id)) return list
	const at = list.findIndex((r) => r.createdAt < review.createdAt || (r.createdAt === review.createdAt && r.id < review.id))
	return at === -1 ? [...list, review] : [...list.slice(0, at), review, ...list.slice(at)]
}

/** What the review form tells its writer: signed in or not, and whether their review will show “Verified purchase”. */
export type ReviewerStanding = { signedIn: false } | { signedIn: true; email: string; bought: boolean }

/** The catalogues' review messages say these numbers (errors.review.nameLong, commentLong). */
export const REVIEW_LIMITS = { name: 60, comment: 1000 }

/** The server's refusals of a review, by their messages' keys (ADR-037). */
export const REVIEW_MESSAGES = {
	/** The review form's invitation, and the refusal of a review without a buyer session once only buyers may review. */
	signIn: 'catalogue.reviews.signIn',
	signInToReview: 'catalogue.reviews.refusedSignIn',
	buyersOnly: 'catalogue.reviews.refusedNotBuyer',
	/** Past the hourly limit of reviews from one address. */
	tooMany: 'catalogue.reviews.refusedTooMany',
} as const satisfies Record<string, MessageKey>
