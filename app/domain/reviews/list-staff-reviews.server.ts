import { and, desc, eq, ilike, isNotNull, isNull, lt, or, sql, type SQL } from 'drizzle-orm'
import type { Db } from '../../db/client.server'
import { products, reviews } from '../../db/schema'
import type { StaffReviewQuery } from './staff-review-query'

export const STAFF_REVIEWS_PAGE = 50

export interface StaffReview {
	id: number
	productId: number
	productName: string | null
	name: string
	rating: number
	comment: string
	reviewGroup: string | null
	/** What the reviewer gave (never shown to buyers), and whether it had a paid order of the product. */
	email: string | null
	verifiedPurchase: boolean
	hidden: boolean
	hiddenAt: string | null
	createdAt: string
}

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`)

/** Recent reviews for staff, newest first, hidden ones included unless asked otherwise. */
export async function listStaffReviews(db: Db, query: Partial<StaffReviewQuery> = {}): Promise<{ reviews: StaffReview[]; nextBefore: number | null }> {
	const { show = 'all', q = '', before } = query
	const where: SQL[] = []
	if (show === 'visible') where.push(isNull(reviews.hiddenAt))
	if (show === 'hidden') where.push(isNotNull(reviews.hiddenAt))
	if (before) where.push(lt(reviews.id, before))
	if (q) {
		const like = `%${escapeLike(q)}%`
		where.push(or(ilike(reviews.name, like), ilike(reviews.comment, like), ilike(products.name, like))!)
	}
	const rows = await db
		.select({
			id: reviews.id,
			productId: reviews.productId,
			productName: products.name,
			name: reviews.name,
			rating: reviews.rating,
			comment: reviews.comment,
			reviewGroup: reviews.reviewGroup,
			email: reviews.email,
			verifiedPurchase: reviews.verifiedPurchase,
			hiddenAt: reviews.hiddenAt,
			createdAt: reviews.createdAt,
		})
		.from(reviews)
		.leftJoin(products, eq(products.id, reviews.productId))
		.where(where.length ? and(...where) : sql`true`)
		// Ids grow with time: paging by id is stable while new reviews arrive.
		.orderBy(desc(reviews.id))
		.limit(STAFF_REVIEWS_PAGE + 1)
	const page = rows.slice(0, STAFF_REVIEWS_PAGE)
	return {
		reviews: page.map((r) => ({
			...r,
			hidden: r.hiddenAt !== null,
			hiddenAt: r.hiddenAt?.toISOString() ?? null,
			createdAt: r.createdAt.toISOString(),
		})),
		nextBefore: rows.length > STAFF_REVIEWS_PAGE ? page[page.length - 1]!.id : null,
	}
}
