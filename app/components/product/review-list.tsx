import type { Review } from '~/domain/reviews/review-scope'
import { Stars } from '../ui/price'
import { EmptyState } from '../ui/empty-state'

// A product's reviews as the server draws them (its loader renders them to HTML when they arrive,
// ADR-007). Reviews posted or hidden while the page is open are put in or taken out of this HTML by
// review-list-actions.ts, loaded with the first of them.

function NoReviews() {
	return (
		<EmptyState icon="review" title="Be the first to review this product!">
			Bought it? Tell other gamers how it went in the form below: your review shows here as soon as you post it.
		</EmptyState>
	)
}

/** One review: its writer, stars, badge, words and day. */
export function ReviewItem({ review: r }: { review: Review }) {
	return (
		<li className="review" data-review-id={r.id} data-created-at={r.createdAt}>
			<p className="review-head">
				<strong>{r.name}</strong> <Stars rating={r.rating} /> {r.verifiedPurchase ? <span className="verified-badge">✓ Verified purchase</span> : null}
			</p>
			<p>{r.comment}</p>
			<p className="muted small">
				<time dateTime={r.createdAt}>{r.day}</time>
			</p>
		</li>
	)
}

/** The list (newest first), or the invitation to write the first review; the invitation is kept for when the last one is hidden. */
export function ReviewList({ reviews }: { reviews: Review[] }) {
	return (
		<>
			{reviews.length === 0 ? (
				<NoReviews />
			) : (
				<ul className="review-list" aria-live="polite">
					{reviews.map((r) => (
						<ReviewItem key={r.id} review={r} />
					))}
				</ul>
			)}
			<template className="no-reviews">
				<NoReviews />
			</template>
		</>
	)
}
