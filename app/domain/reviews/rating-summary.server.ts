import { and, count, eq, isNull, sum, type SQL } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client.server'
import { reviews } from '../../db/schema'
import type { RatingSummary } from './review-scope'

// A product's rating is counted from the reviews its page shows (its group's, else its own; hidden
// ones left out), never assumed: no reviews, no stars.

type Rated = { id: number; reviewGroup: string | null }

const summary = (total: number, n: number): RatingSummary | null => (n > 0 ? { average: Math.round((total / n) * 10) / 10, count: n } : null)

/** The real rating of each product, by id; products without shown reviews are absent. */
export async function ratingsFor(db: Db | Tx, products: Rated[]): Promise<Map<number, RatingSummary>> {
	const result = new Map<number, RatingSummary>()
	if (products.length === 0) return result
	const rows = await db
		.select({ productId: reviews.productId, reviewGroup: reviews.reviewGroup, n: count(), total: sum(reviews.rating) })
		.from(reviews)
		.where(isNull(reviews.hiddenAt))
		.groupBy(reviews.productId, reviews.reviewGroup)
	for (const p of products) {
		// As listReviews reads them: the group's reviews for a product in a group, else the product's own.
		const mine = rows.filter((r) => (p.reviewGroup ? r.reviewGroup === p.reviewGroup : r.productId === p.id))
		const rating = summary(
			mine.reduce((t, r) => t + Number(r.total ?? 0), 0),
			mine.reduce((t, r) => t + r.n, 0),
		)
		if (rating) result.set(p.id, rating)
	}
	return result
}

/** One product's real rating, or null when it has no shown reviews. */
export async function ratingFor(db: Db | Tx, product: Rated): Promise<RatingSummary | null> {
	const where: SQL = product.reviewGroup ? eq(reviews.reviewGroup, product.reviewGroup) : eq(reviews.productId, product.id)
	const [row] = await db
		.select({ n: count(), total: sum(reviews.rating) })
		.from(reviews)
		.where(and(where, isNull(reviews.hiddenAt)))
	return row ? summary(Number(row.total ?? 0), row.n) : null
}
