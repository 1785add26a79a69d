import { Suspense, useEffect, type SyntheticEvent } from 'react'
import { Await, useRevalidator } from 'react-router'
import type { RatingSummary, Review } from '~/domain/reviews/review-scope'
import { RatingBadge } from '../ui/price'
import { useT } from '~/i18n/use-t'
import { ServerHtml } from '../layout/server-html'

type ListActions = typeof import('./review-list-actions')
let loadingListActions: Promise<ListActions> | undefined
// Putting a review in or taking one out loads with the first review posted or hidden while the page is open.
const loadListActions = () => (loadingListActions ??= import('./review-list-actions'))

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
	/** The list as HTML (review-list.tsx), when it arrives. */
	reviews: Promise<string>
	rating: RatingSummary | null
	/** The review form as the server drew it (review-form.server.tsx: `reviewFormHtml`). */
	form: string
	title?: string
}) {
	const t = useT()
	return (
		<section className="section reviews" id="reviews" aria-labelledby="reviews-title">
			<h2 id="reviews-title">{title}</h2>
			{rating ? (
				<p>
					<RatingBadge rating={rating} />
				</p>
			) : null}
			<Suspense fallback={<p className="muted" role="status">{t('catalogue.reviews.loading')}</p>}>
				<Await resolve={reviews} errorElement={<p className="error-box">{t('catalogue.reviews.failed')}</p>}>
					{(html) => <LiveReviews productId={productId} html={html} />}
				</Await>
			</Suspense>
			<ReviewForm html={form} />
		</section>
	)
}

/** The list as the server drew it; reviews posted or hidden meanwhile arrive on the live stream and are put in or taken out. */
function LiveReviews({ productId, html }: { productId: number; html: string }) {
	useEffect(() => {
		const source = new EventSource(`/api/reviews/stream?productId=${productId}`)
		// The server sends only this page's reviews (its product's, or its review group's), and they are handled in order.
		let handled: Promise<unknown> = Promise.resolve()
		const then = (act: (actions: ListActions, container: HTMLElement) => void) => {
			handled = handled.then(loadListActions).then((actions) => {
				const container = document.getElementById('review-list')
				if (container) act(actions, container)
			})
		}
		source.addEventListener('review', (event) => {
			const review = JSON.parse((event as MessageEvent<string>).data) as Review
			then((actions, container) => actions.addReview(container, review))
		})
		// Staff hid one: it leaves the page without a reload.
		source.addEventListener('review-hidden', (event) => {
			const { id } = JSON.parse((event as MessageEvent<string>).data) as { id: number }
			then((actions, container) => actions.hideReview(container, id))
		})
		return () => source.close()
	}, [productId])
	return <ServerHtml id="review-list" html={html} />
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
