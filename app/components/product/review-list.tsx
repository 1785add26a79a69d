import type { Review } from '~/domain/reviews/review-scope'
import type { Translate } from '~/i18n/catalogue'
import type { Lang } from '~/i18n/lang'
import { formatPakistanDay } from '~/utils/pakistan-time'
import { Stars } from '../ui/price'
import { EmptyState } from '../ui/empty-state'

// A product's reviews as the server draws them (its loader renders them to HTML when they arrive,
// ADR-007). Reviews posted or hidden while the page is open are put in or taken out of this HTML by
// review-list-actions.ts, loaded with the first of them; it reads the words it needs from the list's
// data-* attributes, in the page's language.

function NoReviews({ t }: { t: Translate }) {
	return (
		<EmptyState icon="review" title={t('catalogue.reviews.emptyTitle')}>
			{t('catalogue.reviews.emptyText')}
		</EmptyState>
	)
}

/** One review: its writer, stars, badge, words and day. */
export function ReviewItem({ review: r, lang, t }: { review: Review; lang: Lang; t: Translate }) {
	return (
		<li className="review" data-review-id={r.id} data-created-at={r.createdAt}>
			<p className="review-head">
				<strong>{r.name}</strong> <Stars rating={r.rating} label={t('common.stars.label', { rating: r.rating })} />{' '}
				{r.verifiedPurchase ? <span className="verified-badge">{t('catalogue.reviews.verified')}</span> : null}
			</p>
			<p>{r.comment}</p>
			<p className="muted small">
				<time dateTime={r.createdAt}>{lang === 'en' ? r.day : formatPakistanDay(r.createdAt, lang)}</time>
			</p>
		</li>
	)
}

/** The list (newest first), or the invitation to write the first review; the invitation is kept for when the last one is hidden. */
export function ReviewList({ reviews, lang, t }: { reviews: Review[]; lang: Lang; t: Translate }) {
	return (
		<>
			{reviews.length === 0 ? (
				<NoReviews t={t} />
			) : (
				<ul className="review-list" aria-live="polite">
					{reviews.map((r) => (
						<ReviewItem key={r.id} review={r} lang={lang} t={t} />
					))}
				</ul>
			)}
			<template className="no-reviews" data-lang={lang} data-verified={t('catalogue.reviews.verified')} data-stars={t('common.stars.label')}>
				<NoReviews t={t} />
			</template>
		</>
	)
}
