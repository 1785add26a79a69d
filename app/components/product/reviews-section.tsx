import { Suspense, useEffect, useState, type SyntheticEvent } from 'react'
import { Await, useRevalidator } from 'react-router'
import { insertReview, type RatingSummary, type Review } from '~/domain/reviews/review-scope'
import { RatingBadge, Stars } from '../ui/price'
import { EmptyState } from '../ui/empty-state'
import { ServerHtml } from '../layout/server-html'

type FormActions = typeof import('./review-form-actions')
let loadingFormActions: Promise<FormActions> | undefined
// What the form does when used loads at the buyer's first touch of it, not with the page (ADR-007).
const loadFormActions = () => (loadingFormActions ??= import('./review-form-actions'))

/** Reviews of a product (or of its review group): streamed list, live additions and removals, and the post form. */
export function ReviewsSection({
	productId,
	reviews,
	rating,
	form,
	title = 'Customer Reviews',
}: {
	productId: number
	reviews: Promise<Review[]>
	rating: RatingSummary | null
	/** The review form as the server drew it (review-form.server.tsx: `reviewFormHtml`). */
	form: string
	title?: string
}) {
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
			<ReviewForm html={form} />
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

/**
 * The post form, kept as the server drew it: a touch loads what it does (the stars, the writer's
 * standing, posting); a star clicked or the form sent meanwhile takes effect once that has loaded.
 */
function ReviewForm({ html }: { html: string }) {
	const { revalidate } = useRevalidator()
	const withForm = (event: SyntheticEvent<HTMLElement>, act: (actions: FormActions, form: HTMLFormElement) => unknown) => {
		const form = event.currentTarget.querySelector('form')
		if (form) void loadFormActions().then((actions) => act(actions, form))
	}
	return (
		<ServerHtml
			html={html}
			onFocus={(event) => withForm(event, (actions, form) => actions.askStanding(form))}
			onPointerDown={(event) => withForm(event, () => null)}
			onClickCapture={(event) => {
				const target = event.target
				withForm(event, (actions, form) => actions.clickIn(form, target))
			}}
			onSubmit={(event) => {
				event.preventDefault()
				// Posted as a fetcher did: the page's data (its rating) is read again once the review is taken.
				withForm(event, (actions, form) => actions.submit(form, () => void revalidate()))
			}}
		/>
	)
}
