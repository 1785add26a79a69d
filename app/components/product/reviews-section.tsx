import { Suspense, useEffect, useRef, useState } from 'react'
import { Await, Link, useFetcher } from 'react-router'
import { MY_ORDERS_PATH } from '~/domain/buyers/next-path'
import { insertReview, REVIEW_LIMITS, REVIEW_MESSAGES, type RatingSummary, type Review, type ReviewerStanding } from '~/domain/reviews/review-scope'
import { RatingBadge, Stars } from '../ui/price'
import { useRootData } from '../layout/root-data'
import { EmptyState } from '../ui/empty-state'
import { ErrorAlert } from '../ui/error-alert'

/** Reviews of a product (or of its review group): streamed list, live additions and removals, and the post form. */
export function ReviewsSection({ productId, reviews, rating, title = 'Customer Reviews' }: { productId: number; reviews: Promise<Review[]>; rating: RatingSummary | null; title?: string }) {
	return (
		<section className="section reviews" id="reviews" aria-labelledby="reviews-title">
			<h2 id="reviews-title">{title}</h2>
			{rating ? (
				<p>
					<RatingBadge rating={rating} />
				</p>
			) : null}
			<Suspense fallback={<p className="muted" role="status">Loading reviews...</p>}>
				<Await resolve={reviews} errorElement={<p className="error-box">Failed to fetch reviews</p>}>
					{(initial) => <ReviewList productId={productId} initial={initial} />}
				</Await>
			</Suspense>
			<ReviewForm productId={productId} />
		</section>
	)
}

function ReviewList({ productId, initial }: { productId: number; initial: Review[] }) {
	const [list, setList] = useState(initial)
	useEffect(() => setList(initial), [initial])

	useEffect(() => {
		const source = new EventSource(`/api/reviews/stream?productId=${productId}`)
		// The server sends only this page's reviews (its product's, or its review group's).
		source.addEventListener('review', (event) => {
			const review = JSON.parse((event as MessageEvent<string>).data) as Review
			setList((current) => insertReview(current, review))
		})
		// Staff hid one: it leaves the page without a reload.
		source.addEventListener('review-hidden', (event) => {
			const { id } = JSON.parse((event as MessageEvent<string>).data) as { id: number }
			setList((current) => current.filter((r) => r.id !== id))
		})
		return () => source.close()
	}, [productId])

	if (list.length === 0) {
		return (
			<EmptyState icon="review" title="Be the first to review this product!">
				Bought it? Tell other gamers how it went in the form below: your review shows here as soon as you post it.
			</EmptyState>
		)
	}
	return (
		<ul className="review-list" aria-live="polite">
			{list.map((r) => (
				<li key={r.id} className="review">
					<p className="review-head">
						<strong>{r.name}</strong> <Stars rating={r.rating} />{' '}
						{r.verifiedPurchase ? <span className="verified-badge">✓ Verified purchase</span> : null}
					</p>
					<p>{r.comment}</p>
					<p className="muted small">
						<time dateTime={r.createdAt}>{r.day}</time>
					</p>
				</li>
			))}
		</ul>
	)
}

function ReviewForm({ productId }: { productId: number }) {
	const fetcher = useFetcher<{ ok: true } | { error: string }>()
	const buyersOnly = useRootData()?.config.reviewsFrom === 'buyers'
	// The page is the same HTML for everyone (ADR-006): whether the writer is a signed-in buyer is asked
	// once they start on the form, not on every page view.
	const standing = useFetcher<ReviewerStanding>()
	const askStanding = () => {
		if (standing.state === 'idle' && !standing.data) standing.load(`/api/reviews/me?productId=${productId}`)
	}
	const signedIn = standing.data && 'signedIn' in standing.data && standing.data.signedIn ? standing.data : null
	const [name, setName] = useState('')
	const [comment, setComment] = useState('')
	const [rating, setRating] = useState(5)
	const submitting = fetcher.state !== 'idle'
	const lastHandled = useRef<unknown>(null)

	useEffect(() => {
		if (fetcher.state === 'idle' && fetcher.data && fetcher.data !== lastHandled.current) {
			lastHandled.current = fetcher.data
			if ('ok' in fetcher.data) {
				setName('')
				setComment('')
				setRating(5)
			}
		}
	}, [fetcher.state, fetcher.data])

	const error = fetcher.data && 'error' in fetcher.data ? fetcher.data.error : null
	return (
		<fetcher.Form
			method="post"
			action="/api/reviews"
			className="review-form"
			onFocus={askStanding}
			onSubmit={(e) => {
				if (submitting || !name.trim() || !comment.trim()) e.preventDefault()
			}}
		>
			<h3>Write a review</h3>
			{/* Until the form is used, everyone reads the invitation to sign in (the page is one HTML for all, ADR-006). */}
			{signedIn ? (
				<p className="muted small review-sign-in" role="status">
					Signed in as {signedIn.email}:{' '}
					{signedIn.bought
						? 'your review shows “Verified purchase”.'
						: buyersOnly
							? 'we found no paid order of this product for that address, and only buyers can review it.'
							: 'we found no paid order of this product for that address, so your review shows without “Verified purchase”.'}
				</p>
			) : (
				<p className="muted small review-sign-in">
					{buyersOnly ? 'Only buyers can review. ' : 'Bought it? '}
					<Link to={`${MY_ORDERS_PATH}?next=${encodeURIComponent(`/product/${productId}#reviews`)}`}>{REVIEW_MESSAGES.signIn}</Link>
					{buyersOnly ? '.' : ': your review then shows “Verified purchase”.'}
				</p>
			)}
			<ErrorAlert message={error} />
			<fieldset disabled={submitting}>
				<input type="hidden" name="productId" value={productId} />
				<input type="hidden" name="rating" value={rating} />
				<div className="field">
					<label htmlFor="review-name">Your name</label>
					<input id="review-name" name="name" value={name} onChange={(e) => setName(e.target.value)} maxLength={REVIEW_LIMITS.name} required autoComplete="given-name" />
				</div>
				<div className="field">
					<span id="rating-label" className="label">Rating</span>
					<div className="star-picker" role="radiogroup" aria-labelledby="rating-label">
						{[1, 2, 3, 4, 5].map((n) => (
							<button key={n} type="button" role="radio" aria-checked={rating === n} aria-label={`${n} star${n === 1 ? '' : 's'}`} className={n <= rating ? 'on' : ''} onClick={() => setRating(n)}>
								★
							</button>
						))}
					</div>
				</div>
				<div className="field">
					<label htmlFor="review-comment">Your review</label>
					<textarea id="review-comment" name="comment" rows={3} value={comment} onChange={(e) => setComment(e.target.value)} maxLength={REVIEW_LIMITS.comment} required />
				</div>
				<button type="submit" className="button primary">
					{submitting ? 'Submitting...' : 'Submit Review'}
				</button>
			</fieldset>
		</fetcher.Form>
	)
}
