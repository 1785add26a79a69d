import { Link } from 'react-router'
import { MY_ORDERS_PATH } from '~/domain/buyers/next-path'
import { REVIEW_LIMITS, REVIEW_MESSAGES } from '~/domain/reviews/review-scope'

// The review form is drawn by the server and sent as HTML (ADR-007): the page keeps it as the server drew it,
// and what it does when used (the stars, the writer's standing, posting) loads when the buyer first
// touches it (review-form-actions.ts). It is the same for everyone (ADR-006): whether the writer is a
// signed-in buyer is asked once they start on the form.

/** The review form of a product (or of its review group), as every reader first sees it: the loader renders it with `renderStaticHtml`. */
export function ReviewForm({ productId, buyersOnly }: { productId: number; buyersOnly: boolean }) {
	return (
		<form method="post" action="/api/reviews" className="review-form" data-reviews-from={buyersOnly ? 'buyers' : 'anyone'}>
			<h3>Write a review</h3>
			{/* Until the form is used, everyone reads the invitation to sign in (the page is one HTML for all, ADR-006). */}
			<p className="muted small review-sign-in">
				{buyersOnly ? 'Only buyers can review. ' : 'Bought it? '}
				<Link to={`${MY_ORDERS_PATH}?next=${encodeURIComponent(`/product/${productId}#reviews`)}`}>{REVIEW_MESSAGES.signIn}</Link>
				{buyersOnly ? '.' : ': your review then shows “Verified purchase”.'}
			</p>
			<fieldset>
				<input type="hidden" name="productId" value={productId} />
				<input type="hidden" name="rating" value={5} />
				<div className="field">
					<label htmlFor="review-name">Your name</label>
					<input id="review-name" name="name" maxLength={REVIEW_LIMITS.name} required autoComplete="given-name" />
				</div>
				<div className="field">
					<span id="rating-label" className="label">
						Rating
					</span>
					<div className="star-picker" role="radiogroup" aria-labelledby="rating-label">
						{[1, 2, 3, 4, 5].map((n) => (
							<button key={n} type="button" role="radio" aria-checked={n === 5} aria-label={`${n} star${n === 1 ? '' : 's'}`} className="on">
								★
							</button>
						))}
					</div>
				</div>
				<div className="field">
					<label htmlFor="review-comment">Your review</label>
					<textarea id="review-comment" name="comment" rows={3} maxLength={REVIEW_LIMITS.comment} required />
				</div>
				<button type="submit" className="button primary">
					Submit Review
				</button>
			</fieldset>
		</form>
	)
}
