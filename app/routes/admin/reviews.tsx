import { Link, data, useActionData, useNavigation } from 'react-router'
import { Notice } from '~/components/admin/action-result'
import { AdminTime } from '~/components/admin/admin-time'
import { RowAction } from '~/components/admin/row-action'
import { SearchFilters } from '~/components/admin/search-filters'
import { ErrorAlert } from '~/components/ui/error-alert'
import { db } from '~/db/client.server'
import { setReviewHidden } from '~/domain/reviews/hide-review.server'
import { listStaffReviews } from '~/domain/reviews/list-staff-reviews.server'
import { staffReviewQuery } from '~/domain/reviews/staff-review-query'
import { staffActor } from '~/domain/staff/audit.server'
import { readPageForm } from '~/http/http.server'
import { requireStaff } from '~/http/staff-auth.server'
import { AppError } from '~/utils/app-error'
import { parseId } from '~/utils/input'
import { reviewVisibilityForm } from '~/domain/reviews/review-visibility'
import { pageMeta } from '~/utils/seo'
import { NOT_UNDERSTOOD, refuse, refuseWith } from '~/http/refusal.server'
import type { Route } from './+types/reviews'
import type { Outcome } from '~/http/outcome'

export const meta: Route.MetaFunction = ({ matches }) =>
	pageMeta(matches, { title: 'Reviews', description: 'Buyers’ reviews: hide one from every page, or show it again.', extra: [{ name: 'robots', content: 'noindex' }] })

export async function loader({ request }: Route.LoaderArgs) {
	await requireStaff(request, { permission: 'catalogue' })
	const query = staffReviewQuery.parse(Object.fromEntries(new URL(request.url).searchParams))
	return { query, ...(await listStaffReviews(db(), query)) }
}

/** A refusal names the review whose row it is shown in. */
type ReviewOutcome = Outcome<object, { reviewId?: number }>

export async function action({ request }: Route.ActionArgs) {
	const staff = await requireStaff(request, { permission: 'catalogue' })
	const form = await readPageForm(request)
	const parsed = reviewVisibilityForm.safeParse(form)
	if (!parsed.success) return refuse<ReviewOutcome>(400, { message: parsed.error.issues[0]?.message ?? NOT_UNDERSTOOD, reviewId: parseId(form.reviewId) ?? undefined })
	const { reviewId, hidden } = parsed.data
	try {
		const result = await setReviewHidden(db(), staffActor(staff), reviewId, hidden)
		const message = hidden
			? result.changed
				? 'Review hidden: it has left the product page, and open pages drop it now.'
				: 'That review was already hidden.'
			: result.changed
				? 'Review shown again on its product page.'
				: 'That review was already shown.'
		return data<ReviewOutcome>({ ok: true, message })
	} catch (error) {
		if (error instanceof AppError) return refuseWith<ReviewOutcome>(error, { reviewId, fieldErrors: undefined })
		throw error
	}
}

function olderHref(query: { show: string; q: string }, before: number) {
	const params = new URLSearchParams()
	if (query.q) params.set('q', query.q)
	if (query.show !== 'all') params.set('show', query.show)
	params.set('before', String(before))
	return `/admin/reviews?${params}`
}

export default function ReviewsConsole({ loaderData }: Route.ComponentProps) {
	const { query, reviews, nextBefore } = loaderData
	const result = useActionData<typeof action>()
	const busy = useNavigation().state === 'submitting'
	/** A refusal of one review's Hide or Show again is shown in its row, beside the button. */
	const failed = result && !result.ok ? result : null
	const refusalOf = (id: number) => (failed?.reviewId === id ? failed.message : null)
	const refusedInRow = reviews.some((r) => refusalOf(r.id))
	return (
		<div className="staff-content staff-reviews">
			<h1>Reviews</h1>
			<p className="muted">Newest first. Hiding a review takes it off its product page at once (and out of every list and count); it stays here, and Show again puts it back.</p>
			<Notice message={result?.ok ? result.message : null} />
			<ErrorAlert message={failed && !refusedInRow ? failed.message : null} />

			<SearchFilters
				schema={staffReviewQuery}
				idPrefix="reviews"
				searchLabel="Search name, review or product"
				q={query.q}
				show={query.show}
				showOptions={[
					['all', 'All reviews'],
					['visible', 'Shown'],
					['hidden', 'Hidden'],
				]}
			/>

			{reviews.length === 0 ? (
				<p className="muted">{query.before ? 'No older reviews.' : query.q || query.show !== 'all' ? 'No reviews match.' : 'No reviews yet.'}</p>
			) : (
				<ul className="inbox-list review-admin-list">
					{reviews.map((r) => (
						<li key={r.id} className={r.hidden ? 'inbox-message handled review-admin hidden' : 'inbox-message review-admin'}>
							<article aria-labelledby={`review-${r.id}`}>
								<header className="inbox-head">
									<h2 id={`review-${r.id}`}>
										{r.name} <span className="review-rating">{r.rating}/5</span>
										{r.verifiedPurchase ? (
											<>
												{' '}
												<span className="verified-badge">✓ Verified purchase</span>
											</>
										) : null}
									</h2>
									<span className="muted small">
										<AdminTime date={r.createdAt} />
									</span>
								</header>
								<p className="small">
									on <a href={`/product/${r.productId}`}>{r.productName ?? `a removed product (${r.productId})`}</a>
									{r.reviewGroup ? <span className="muted"> · group {r.reviewGroup}</span> : null}
								</p>
								{r.email ? <p className="muted small">{r.email}{r.verifiedPurchase ? '' : ' · no paid order of this product'}</p> : null}
								<p className="inbox-text">{r.comment}</p>
								<RowAction
									className="inbox-actions"
									fields={{ reviewId: r.id, hidden: r.hidden ? 'false' : 'true' }}
									label={r.hidden ? 'Show again' : 'Hide'}
									ariaLabel={`${r.hidden ? 'Show again' : 'Hide'} the review by ${r.name}`}
									busy={busy}
									describedBy={refusalOf(r.id) ? `review-${r.id}-refused` : undefined}
								>
									{r.hidden ? (
										<span className="muted small">
											Hidden <AdminTime date={r.hiddenAt} />
										</span>
									) : null}
								</RowAction>
								{refusalOf(r.id) ? (
									<p className="field-error" id={`review-${r.id}-refused`} role="alert">
										{refusalOf(r.id)}
									</p>
								) : null}
							</article>
						</li>
					))}
				</ul>
			)}
			{nextBefore ? (
				<p>
					<Link to={olderHref(query, nextBefore)} className="button ghost">
						Older reviews
					</Link>
				</p>
			) : null}
		</div>
	)
}
