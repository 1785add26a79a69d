// What the stars say is counted (the real average and count of shown reviews, or nothing), a review
// says whether a signed-in buyer's own paid orders include the product, and the owner can let only buyers review.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { getProduct, listProducts, summariseAll } from '../../app/domain/catalogue/list-products.server'
import { markOrderPaid } from '../../app/domain/payments/mark-order-paid.server'
import { addReview } from '../../app/domain/reviews/add-review.server'
import { setReviewHidden } from '../../app/domain/reviews/hide-review.server'
import { listReviews } from '../../app/domain/reviews/list-reviews.server'
import { listStaffReviews } from '../../app/domain/reviews/list-staff-reviews.server'
import { ratingFor, ratingsFor } from '../../app/domain/reviews/rating-summary.server'
import { REVIEW_MESSAGES } from '../../app/domain/reviews/review-scope'
import { forgetStoreDetails, updateStoreDetails } from '../../app/domain/settings/store-details.server'
import { AppError } from '../../app/utils/app-error'
import { checkoutBody, giftCard10, placeOrder } from '../setup/payments'
import { databaseKinds, useTestDatabase } from '../setup/test-db'
import { inEnglish } from '../../app/i18n/english'

const visitor = { clientIp: '203.0.113.60', limitPerHour: 100 }
const owner = { label: 'owner@example.pk' }
/** The gift card (product 14) bought by Ali Khan (Ali@Example.pk). */
const GIFT_CARD = 14
const refusal = (promise: Promise<unknown>) => promise.then(() => null, (e: unknown) => e as AppError)

describe.each(databaseKinds)('review ratings and verified purchases on %s', (kind) => {
	// The worker's seeded database, emptied before the first test and after each.
	const database = useTestDatabase(kind)
	beforeEach(() => forgetStoreDetails())
	afterEach(() => forgetStoreDetails())

	async function paidOrder(productDetails: unknown[] = [giftCard10]) {
		const order = await placeOrder(database.db, checkoutBody(productDetails))
		await markOrderPaid(database.db, order.id)
		return order
	}

	it('gives no rating to a product without reviews, and the real average and count once it has some', async () => {
		const { db } = database
		const cards = await summariseAll(db, await listProducts(db))
		expect(cards.every((c) => c.rating === null)).toBe(true)

		await addReview(db, { productId: 7, name: 'Ali', rating: 4, comment: 'Worked fine' }, visitor)
		const product7 = (await getProduct(db, 7))!
		expect(await ratingFor(db, product7)).toEqual({ average: 4, count: 1 })

		const second = await addReview(db, { productId: 7, name: 'Sara', rating: 5, comment: 'Quick' }, visitor)
		await addReview(db, { productId: 7, name: 'Omar', rating: 2, comment: 'Slow reply' }, visitor)
		expect(await ratingFor(db, product7)).toEqual({ average: 3.7, count: 3 })
		// A review staff hid is not counted.
		await setReviewHidden(db, owner, second.id, true)
		expect(await ratingFor(db, product7)).toEqual({ average: 3, count: 2 })

		const byId = new Map((await summariseAll(db, await listProducts(db))).map((c) => [c.id, c.rating]))
		expect(byId.get(7)).toEqual({ average: 3, count: 2 })
		expect(byId.get(8)).toBeNull()
	})

	it('counts a review group’s reviews for every product of the group, as their pages list them', async () => {
		const { db } = database
		await addReview(db, { productId: 1, name: 'Hamza', rating: 4, comment: 'Console works' }, visitor)
		const [consoleEdition, pcEdition] = [(await getProduct(db, 1))!, (await getProduct(db, 10))!]
		const ratings = await ratingsFor(db, [consoleEdition, pcEdition])
		expect(ratings.get(1)).toEqual({ average: 4, count: 1 })
		expect(ratings.get(10)).toEqual({ average: 4, count: 1 })
	})

	it('marks a review “verified purchase” only when a signed-in buyer’s own paid orders include the product; a typed email earns nothing', async () => {
		const { db } = database
		const unpaid = await placeOrder(db, checkoutBody([giftCard10], { customerEmail: 'unpaid@example.pk' }))
		expect(unpaid.paymentStatus).not.toBe('paid')
		await paidOrder()
		const signedIn = (email: string) => ({ ...visitor, buyer: { email } })

		const buyer = await addReview(db, { productId: GIFT_CARD, name: 'Ali', rating: 5, comment: 'Code worked' }, signedIn('ali@example.pk'))
		const notPaid = await addReview(db, { productId: GIFT_CARD, name: 'Bilal', rating: 5, comment: 'Nice' }, signedIn('unpaid@example.pk'))
		const otherProduct = await addReview(db, { productId: 7, name: 'Ali', rating: 5, comment: 'Never bought it' }, signedIn('ali@example.pk'))
		const noSession = await addReview(db, { productId: GIFT_CARD, name: 'Guest', rating: 3, comment: 'Fine' }, visitor)
		// A stranger typing the buyer's email (as the old form asked) gets no badge, and the email is not kept.
		const stranger = await addReview(db, { productId: GIFT_CARD, name: 'Ali K', rating: 1, comment: 'Pretending', email: 'ali@example.pk' }, visitor)
		expect([buyer, notPaid, otherProduct, noSession, stranger].map((r) => r.verifiedPurchase)).toEqual([true, false, false, false, false])
		// Buyers see the mark, never the email.
		const shown = await listReviews(db, (await getProduct(db, GIFT_CARD))!)
		expect(shown.find((r) => r.id === buyer.id)).toMatchObject({ verifiedPurchase: true })
		expect(JSON.stringify(shown)).not.toContain('example.pk')
		// Staff see the signed-in address with each review; none for a review without a session.
		const staff = (await listStaffReviews(db)).reviews
		expect(staff.find((r) => r.id === buyer.id)).toMatchObject({ email: 'ali@example.pk', verifiedPurchase: true })
		expect(staff.find((r) => r.id === notPaid.id)).toMatchObject({ email: 'unpaid@example.pk', verifiedPurchase: false })
		expect(staff.find((r) => r.id === stranger.id)).toMatchObject({ email: null, verifiedPurchase: false })
	})

	it('lets anyone review by default, and once the owner says so only a signed-in buyer with a paid order of the product', async () => {
		const { db } = database
		await paidOrder()
		expect((await addReview(db, { productId: GIFT_CARD, name: 'Guest', rating: 4, comment: 'Anyone may' }, visitor)).verifiedPurchase).toBe(false)

		await updateStoreDetails(db, owner, { reviewsFrom: 'buyers' })
		const notSignedIn = await refusal(addReview(db, { productId: GIFT_CARD, name: 'Guest', rating: 4, comment: 'Again', email: 'ali@example.pk' }, visitor))
		expect(notSignedIn).toBeInstanceOf(AppError)
		expect(notSignedIn).toMatchObject({ status: 403, message: inEnglish(REVIEW_MESSAGES.signInToReview) })
		const stranger = await refusal(addReview(db, { productId: GIFT_CARD, name: 'Stranger', rating: 1, comment: 'Never bought' }, { ...visitor, buyer: { email: 'stranger@example.pk' } }))
		expect(stranger).toMatchObject({ status: 403, message: inEnglish(REVIEW_MESSAGES.buyersOnly) })
		const wrongProduct = await refusal(addReview(db, { productId: 7, name: 'Ali', rating: 5, comment: 'Other product' }, { ...visitor, buyer: { email: 'ali@example.pk' } }))
		expect(wrongProduct).toMatchObject({ status: 403 })
		const buyer = await addReview(db, { productId: GIFT_CARD, name: 'Ali', rating: 5, comment: 'Bought it' }, { ...visitor, buyer: { email: 'Ali@Example.pk' } })
		expect(buyer.verifiedPurchase).toBe(true)
		expect((await listReviews(db, (await getProduct(db, GIFT_CARD))!)).map((r) => r.name)).toEqual(['Ali', 'Guest'])

		await updateStoreDetails(db, owner, { reviewsFrom: 'anyone' })
		expect((await addReview(db, { productId: GIFT_CARD, name: 'Guest 2', rating: 4, comment: 'Open again' }, visitor)).verifiedPurchase).toBe(false)
	})
})
