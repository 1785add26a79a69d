import { desc, eq } from 'drizzle-orm'
import type { Db } from '../../db/client.server'
import { reviews } from '../../db/schema'
import { isGamePassReview, type Review } from './review-scope'

export function toReview(row: typeof reviews.$inferSelect): Review {
	return { ...row, createdAt: row.createdAt.toISOString() }
}

export async function listReviews(db: Db, productId: number, limit = 50): Promise<Review[]> {
	const rows = await db
		.select()
		.from(reviews)
		.where(isGamePassReview(productId) ? eq(reviews.isGamePass, true) : eq(reviews.productId, productId))
		.orderBy(desc(reviews.createdAt), desc(reviews.id))
		.limit(limit)
	return rows.map(toReview)
}
