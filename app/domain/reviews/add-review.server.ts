import { eq, sql } from 'drizzle-orm'
import { z } from 'zod'
import type { Db, Tx } from '../../db/client.server'
import { products, reviews } from '../../db/schema'
import { AppError } from '../../utils/app-error'
import { invalidInput, topName } from '../../utils/field-errors'
import { idSchema, nameSchema, textSchema } from '../../utils/input'
import { hitRateLimit } from '../rate-limit.server'
import { readStoreDetails } from '../settings/store-details.server'
import { toReview } from './list-reviews.server'
import { GAME_PASS_REVIEW_GROUP, REVIEW_LIMITS, REVIEW_MESSAGES, reviewEventPayload, type Review, type ReviewEvent } from './review-scope'
import { hasPaidFor } from './verified-purchase.server'

export const REVIEWS_CHANNEL = 'reviews'

export const reviewInput = z.object({
	productId: idSchema('errors.review.product'),
	name: nameSchema('content.contact.error.name', REVIEW_LIMITS.name, 'errors.review.nameLong'),
	rating: z.coerce.number().int().min(1, 'errors.review.rating').max(5, 'errors.review.rating'),
	comment: textSchema().min(1, 'errors.review.comment').max(REVIEW_LIMITS.comment, 'errors.review.commentLong'),
})

export async function addReview(
	db: Db,
	input: unknown,
	{ clientIp, limitPerHour, buyer = null }: { clientIp: string; limitPerHour: number; /** The signed-in buyer (buyer session, ADR-017), or null. */ buyer?: { email: string } | null },
): Promise<Review> {
	const parsed = reviewInput.safeParse(input)
	if (!parsed.success) {
		throw invalidInput(parsed.error, { name: topName })
	}
	const { productId, name, rating, comment } = parsed.data
	// ADR-018: an email typed into a form proves nothing (ADR-017); only a buyer signed in with it does.
	const email = buyer ? buyer.email.toLowerCase() : null
	const { reviewsFrom } = await readStoreDetails(db)
	if (reviewsFrom === 'buyers' && !email) throw new AppError('FORBIDDEN', REVIEW_MESSAGES.signInToReview)
	await hitRateLimit(db, `review:${clientIp}`, {
		limit: limitPerHour,
		windowSeconds: 3600,
		message: REVIEW_MESSAGES.tooMany,
	})
	return db.transaction(async (tx) => {
		const [product] = await tx.select({ reviewGroup: products.reviewGroup }).from(products).where(eq(products.id, productId)).limit(1)
		if (!product) throw new AppError('NOT_FOUND', 'catalogue.product.notFound')
		// Written under the product's review group, so every product of the group shows it.
		const reviewGroup = product.reviewGroup ?? null
		const verifiedPurchase = email ? await hasPaidFor(tx, email, { id: productId, reviewGroup }) : false
		if (reviewsFrom === 'buyers' && !verifiedPurchase) throw new AppError('FORBIDDEN', REVIEW_MESSAGES.buyersOnly)
		const [row] = await tx
			.insert(reviews)
			.values({ productId, name, rating, comment, email, verifiedPurchase, reviewGroup, isGamePass: reviewGroup === GAME_PASS_REVIEW_GROUP })
			.returning()
		const review = toReview(row!)
		await announceReview(tx, { type: 'review', review })
		return review
	})
}

/** Delivered to every open product page on commit, on every server instance. */
export async function announceReview(tx: Db | Tx, event: ReviewEvent) {
	await tx.execute(sql`select pg_notify(${REVIEWS_CHANNEL}, ${reviewEventPayload(event)})`)
}
