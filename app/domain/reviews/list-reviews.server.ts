import { and, desc, eq, isNull } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client.server'
import { products, reviews } from '../../db/schema'
import type { Review, ReviewScope } from './review-scope'
import { formatPakistanDay } from '../../utils/pakistan-time'
import { isOnSaleSql } from '../catalogue/on-sale'

export const REVIEWS_SHOWN = 50

export function toReview(row: typeof reviews.$inferSelect): Review {
	return {
		id: row.id,
		productId: row.productId,
		name: row.name,
		rating: row.rating,
		comment: row.comment,
		isGamePass: row.isGamePass,
		reviewGroup: row.reviewGroup,
		verifiedPurchase: row.verifiedPurchase,
		createdAt: row.createdAt.toISOString(),
		day: formatPakistanDay(row.createdAt.toISOString()),
	}
}

async function listWhere(db: Db | Tx, where: ReturnType<typeof eq>, limit: number): Promise<Review[]> {
	const rows = await db
		.select()
		.from(reviews)
		// Staff hid it: gone from every list (and so from every count and average taken of one).
		.where(and(where, isNull(reviews.hiddenAt)))
		.orderBy(desc(reviews.createdAt), desc(reviews.id))
		.limit(limit)
	return rows.map(toReview)
}

/** The reviews one product's page shows, newest first: its group's when it has one, else its own. */
export function listReviews(db: Db | Tx, product: { id: number; reviewGroup: string | null }, limit = REVIEWS_SHOWN): Promise<Review[]> {
	return product.reviewGroup ? listGroupReviews(db, product.reviewGroup, limit) : listWhere(db, eq(reviews.productId, product.id), limit)
}

/** The reviews shared by a review group (e.g. 'game-pass', for the Game Pass page), newest first. */
export function listGroupReviews(db: Db | Tx, group: string, limit = REVIEWS_SHOWN): Promise<Review[]> {
	return listWhere(db, eq(reviews.reviewGroup, group), limit)
}

/** A product's review scope by id (its group read from the catalogue); an unknown product has its own, empty one. */
export async function reviewScopeFor(db: Db | Tx, productId: number): Promise<ReviewScope> {
	const [row] = await db.select({ reviewGroup: products.reviewGroup }).from(products).where(eq(products.id, productId)).limit(1)
	return { productId, reviewGroup: row?.reviewGroup ?? null }
}

/** The reviews a product's page shows, by the product's id alone (the public reviews API): none for a product not on sale (a draft, a hidden one). */
export async function listProductReviews(db: Db | Tx, productId: number, limit = REVIEWS_SHOWN): Promise<Review[]> {
	const [row] = await db.select({ reviewGroup: products.reviewGroup }).from(products).where(and(eq(products.id, productId), isOnSaleSql())).limit(1)
	if (!row) return []
	return listReviews(db, { id: productId, reviewGroup: row.reviewGroup }, limit)
}
