// A product's rating as every card and page shows it; apart from review-scope so that the price and
// rating components every page loads do not carry the review form's messages (ADR-007).

/** A product's real rating: the average and count of its shown reviews; null when it has none. */
export interface RatingSummary {
	/** Rounded to one decimal. */
	average: number
	count: number
}

/** “4.0 out of 5 stars from 1 review”: what the compact “★ 4.0 (1)” says aloud. */
export const ratingInWords = (r: RatingSummary) => `Rated ${r.average.toFixed(1)} out of 5 from ${r.count} ${r.count === 1 ? 'review' : 'reviews'}`
