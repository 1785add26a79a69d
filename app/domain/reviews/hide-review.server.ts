import { eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.server'
import { reviews } from '../../db/schema'
import { AppError } from '../../utils/app-error'
import { recordAudit, type Actor } from '../staff/audit.server'
import { notifyStoreChanged } from '../store-changes.server'
import { announceReview } from './add-review.server'
import { toReview } from './list-reviews.server'
import { requireGrant } from '../staff/permissions'

export const REVIEW_NOT_FOUND = 'No review with that id.'

export interface ReviewVisibility {
	id: number
	hidden: boolean
	hiddenAt: string | null
	/** False when the review already was as asked: nothing was written. */
	changed: boolean
}

/**
 * Hides a review from every page (or shows it again): one transaction with its audit entry, the
 * page caches cleared on every instance, and open product pages told to drop (or show) it live.
 */
export async function setReviewHidden(db: Db, actor: Actor, id: number, hidden: boolean): Promise<ReviewVisibility> {
	requireGrant(actor, 'catalogue')
	return db.transaction(async (tx) => {
		const [current] = await tx.select().from(reviews).where(eq(reviews.id, id)).for('update').limit(1)
		if (!current) throw new AppError('NOT_FOUND', REVIEW_NOT_FOUND)
		const wasHidden = current.hiddenAt !== null
		if (wasHidden === hidden) return { id, hidden, hiddenAt: current.hiddenAt?.toISOString() ?? null, changed: false }

		const [row] = await tx
			.update(reviews)
			.set({ hiddenAt: hidden ? sql`now()` : null })
			.where(eq(reviews.id, id))
			.returning()
		const review = { productId: current.productId, name: current.name, rating: current.rating, comment: current.comment }
		await recordAudit(tx, actor, {
			action: hidden ? 'review.hide' : 'review.show',
			target: `review ${id}`,
			before: { ...review, hidden: wasHidden },
			after: { ...review, hidden },
		})
		await notifyStoreChanged(tx, 'reviews')
		await announceReview(
			tx,
			hidden ? { type: 'review-hidden', id, productId: current.productId, reviewGroup: current.reviewGroup } : { type: 'review', review: toReview(row!) },
		)
		return { id, hidden, hiddenAt: row!.hiddenAt?.toISOString() ?? null, changed: true }
	})
}
