import { Link } from 'react-router'
import { MY_ORDERS_PATH } from '~/domain/buyers/next-path'
import { REVIEW_LIMITS } from '~/domain/reviews/review-scope'
import type { Translate } from '~/i18n/catalogue'
import { localePath, type Lang } from '~/i18n/lang'

// The review form is drawn by the server and sent as HTML (ADR-007): the page keeps it as the server drew it,
// and what it does when used (the stars, the writer's standing, posting) loads when the buyer first
// touches it (review-form-actions.ts), reading its words from the form's data-* attributes. It is the
// same for everyone (ADR-006): whether the writer is a signed-in buyer is asked once they start on the form.

/** The review form of a product (or of its review group), as every reader first sees it: the loader renders it with `renderStaticHtml`. */
export function ReviewForm({ productId, buyersOnly, lang, t }: { productId: number; buyersOnly: boolean; lang: Lang; t: Translate }) {
	return (
		<form
			method="post"
			action="/api/reviews"
			className="review-form"
			data-reviews-from={buyersOnly ? 'buyers' : 'anyone'}
			data-submit={t('catalogue.reviews.submit')}
			data-submitting={t('catalogue.reviews.submitting')}
			data-failed={t('catalogue.reviews.submitFailed')}
			data-lang={lang}
			data-signed-in-verified={t('catalogue.reviews.signedInVerified')}
			data-signed-in-buyers-only={t('catalogue.reviews.signedInBuyersOnly')}
			data-signed-in-unverified={t('catalogue.reviews.signedInUnverified')}
		>
			<h3>{t('catalogue.reviews.write')}</h3>
			{/* Until the form is used, everyone reads the invitation to sign in (the page is one HTML for all, ADR-006). */}
			<p className="muted small review-sign-in">
				{t(buyersOnly ? 'catalogue.reviews.buyersOnly' : 'catalogue.reviews.boughtIt')}
				<Link to={`${localePath(lang, MY_ORDERS_PATH)}?next=${encodeURIComponent(localePath(lang, `/product/${productId}#reviews`))}`}>{t('catalogue.reviews.signIn')}</Link>
				{t(buyersOnly ? 'catalogue.reviews.buyersOnlyEnd' : 'catalogue.reviews.verifiedEnd')}
			</p>
			<fieldset>
				<input type="hidden" name="productId" value={productId} />
				<input type="hidden" name="rating" value={5} />
				<div className="field">
					<label htmlFor="review-name">{t('catalogue.reviews.name')}</label>
					<input id="review-name" name="name" maxLength={REVIEW_LIMITS.name} required autoComplete="given-name" />
				</div>
				<div className="field">
					<span id="rating-label" className="label">
						{t('catalogue.reviews.rating')}
					</span>
					<div className="star-picker" role="radiogroup" aria-labelledby="rating-label">
						{[1, 2, 3, 4, 5].map((n) => (
							<button key={n} type="button" role="radio" aria-checked={n === 5} aria-label={t(n === 1 ? 'catalogue.reviews.starOne' : 'catalogue.reviews.starMany', { count: n })} className="on">
								★
							</button>
						))}
					</div>
				</div>
				<div className="field">
					<label htmlFor="review-comment">{t('catalogue.reviews.comment')}</label>
					<textarea id="review-comment" name="comment" rows={3} maxLength={REVIEW_LIMITS.comment} required />
				</div>
				<button type="submit" className="button primary">
					{t('catalogue.reviews.submit')}
				</button>
			</fieldset>
		</form>
	)
}
