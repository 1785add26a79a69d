import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { auditLog } from '../../app/db/schema'
import { getProduct } from '../../app/domain/catalogue/list-products.server'
import { createProduct } from '../../app/domain/catalogue/manage-products.server'
import { createProductInput } from '../../app/domain/catalogue/product-input'
import { addReview, REVIEWS_CHANNEL } from '../../app/domain/reviews/add-review.server'
import { setReviewHidden } from '../../app/domain/reviews/hide-review.server'
import { listGroupReviews, listProductReviews, listReviews } from '../../app/domain/reviews/list-reviews.server'
import { listStaffReviews } from '../../app/domain/reviews/list-staff-reviews.server'
import { parseReviewEvent } from '../../app/domain/reviews/review-scope'
import type { Actor } from '../../app/domain/staff/audit.server'
import { STORE_CHANGED_CHANNEL } from '../../app/domain/store-changes.server'
import { AppError } from '../../app/utils/app-error'
import { databaseKinds, useTestDatabase } from '../setup/test-db'

const owner: Actor = { staffId: null, label: 'owner@example.pk' }
const visitor = { clientIp: '203.0.113.40', limitPerHour: 100 }

const newProduct = (name: string, reviewGroup: string | null) =>
	createProductInput.parse({ name, platform: 'xbox', kind: 'subscription', description: `${name} for your console.`, reviewGroup, variants: [{ label: '1 Month', months: 1, price: 2500 }] })

describe.each(databaseKinds)('reviews staff hide, and review groups, on %s', (kind) => {
	// The worker's seeded database, emptied before the first test and after each.
	const database = useTestDatabase(kind)

	it('a hidden review leaves the product page and the API lists, stays in the console marked hidden, and comes back when shown again', async () => {
		const { db } = database
		const kept = await addReview(db, { productId: 7, name: 'Ali', rating: 5, comment: 'Fast delivery' }, visitor)
		const rude = await addReview(db, { productId: 7, name: 'Troll', rating: 1, comment: 'Rude words' }, visitor)
		const product = (await getProduct(db, 7))!

		const result = await setReviewHidden(db, owner, rude.id, true)
		expect(result).toMatchObject({ id: rude.id, hidden: true, changed: true })
		expect((await listReviews(db, product)).map((r) => r.name)).toEqual(['Ali'])
		expect((await listProductReviews(db, 7)).map((r) => r.id)).toEqual([kept.id])
		const consoleList = (await listStaffReviews(db)).reviews
		expect(consoleList.find((r) => r.id === rude.id)).toMatchObject({ hidden: true, productName: product.name, comment: 'Rude words' })
		expect((await listStaffReviews(db, { show: 'hidden' })).reviews.map((r) => r.id)).toEqual([rude.id])
		expect((await listStaffReviews(db, { show: 'visible' })).reviews.map((r) => r.id)).toEqual([kept.id])

		await setReviewHidden(db, owner, rude.id, false)
		expect((await listReviews(db, product)).map((r) => r.name)).toEqual(['Troll', 'Ali'])
	})

	it('records who hid a review, with before and after, once however often it is asked', async () => {
		const { db } = database
		const review = await addReview(db, { productId: 8, name: 'Sana', rating: 2, comment: 'Slow' }, visitor)
		await setReviewHidden(db, owner, review.id, true)
		expect(await setReviewHidden(db, owner, review.id, true)).toMatchObject({ hidden: true, changed: false })
		await setReviewHidden(db, owner, review.id, false)
		const entries = await db.select().from(auditLog).where(eq(auditLog.target, `review ${review.id}`)).orderBy(auditLog.id)
		expect(entries.map((e) => [e.action, e.actor, e.before?.hidden, e.after?.hidden])).toEqual([
			['review.hide', 'owner@example.pk', false, true],
			['review.show', 'owner@example.pk', true, false],
		])
		expect(entries[0]!.before).toMatchObject({ name: 'Sana', comment: 'Slow', rating: 2 })
	})

	it('refuses an unknown review with a 404', async () => {
		const error = await setReviewHidden(database.db, owner, 999_999, true).catch((e: unknown) => e)
		expect(error).toBeInstanceOf(AppError)
		expect((error as AppError).status).toBe(404)
		expect((error as AppError).message).toBe('No review with that id.')
	})

	it('tells open pages and every instance when a review is hidden', async () => {
		const { db } = database
		const review = await addReview(db, { productId: 9, name: 'Live', rating: 5, comment: 'hello' }, visitor)
		const reviewEvents: string[] = []
		const changes: string[] = []
		const stopReviews = await database.database.listen(REVIEWS_CHANNEL, (payload) => reviewEvents.push(payload))
		const stopChanges = await database.database.listen(STORE_CHANGED_CHANNEL, (payload) => changes.push(payload))
		try {
			// The review's own 'review' notice may still be on its way to a listener opened just after it: read past it.
			const events = () => reviewEvents.map((e) => parseReviewEvent(e))
			await setReviewHidden(db, owner, review.id, true)
			await expect.poll(() => events().some((e) => e.type === 'review-hidden'), { timeout: 5000 }).toBe(true)
			const hiddenAt = events().findIndex((e) => e.type === 'review-hidden')
			expect(events()[hiddenAt]).toEqual({ type: 'review-hidden', id: review.id, productId: 9, reviewGroup: null })
			await expect.poll(() => changes, { timeout: 5000 }).toContain('reviews')

			await setReviewHidden(db, owner, review.id, false)
			await expect.poll(() => events().length, { timeout: 5000 }).toBe(hiddenAt + 2)
			expect(events()[hiddenAt + 1]).toMatchObject({ type: 'review', review: { id: review.id, comment: 'hello' } })
		} finally {
			await stopReviews()
			await stopChanges()
		}
	})

	it('two products in one review group share their reviews; a product without a group keeps its own', async () => {
		const { db } = database
		const standard = await createProduct(db, owner, newProduct('FC 26 Standard Key', 'fc-26'))
		const ultimate = await createProduct(db, owner, newProduct('FC 26 Ultimate Key', 'fc-26'))
		const alone = await createProduct(db, owner, newProduct('Forza Horizon 6 Key', null))
		await addReview(db, { productId: standard.id, name: 'Usman', rating: 5, comment: 'Key worked' }, visitor)
		await addReview(db, { productId: ultimate.id, name: 'Zara', rating: 4, comment: 'Ultimate edition fine' }, visitor)
		await addReview(db, { productId: alone.id, name: 'Omar', rating: 3, comment: 'OK' }, visitor)

		for (const id of [standard.id, ultimate.id]) {
			expect((await listReviews(db, (await getProduct(db, id))!)).map((r) => r.name)).toEqual(['Zara', 'Usman'])
		}
		expect((await listReviews(db, (await getProduct(db, alone.id))!)).map((r) => r.name)).toEqual(['Omar'])
		expect((await listGroupReviews(db, 'fc-26')).map((r) => r.name)).toEqual(['Zara', 'Usman'])
		expect((await listProductReviews(db, ultimate.id)).every((r) => r.reviewGroup === 'fc-26' && !r.isGamePass)).toBe(true)
	})

	it('a new product in the game-pass group shows the Game Pass reviews, and its own are Game Pass reviews', async () => {
		const { db } = database
		const gamePass = (await getProduct(db, 1))!
		await addReview(db, { productId: gamePass.id, name: 'Bilal', rating: 5, comment: 'Game Pass working' }, visitor)
		const newEdition = await createProduct(db, owner, newProduct('Game Pass Ultimate (new stock)', 'game-pass'))

		const shown = await listReviews(db, (await getProduct(db, newEdition.id))!)
		expect(shown.map((r) => r.name)).toEqual(['Bilal'])
		const own = await addReview(db, { productId: newEdition.id, name: 'Hina', rating: 4, comment: 'Activated quickly' }, visitor)
		expect(own).toMatchObject({ isGamePass: true, reviewGroup: 'game-pass' })
		expect((await listGroupReviews(db, 'game-pass')).map((r) => r.name)).toEqual(['Hina', 'Bilal'])
		expect((await listReviews(db, gamePass)).map((r) => r.name)).toEqual(['Hina', 'Bilal'])
		// Hidden from the group: gone from every product of it.
		await setReviewHidden(db, owner, own.id, true)
		expect((await listReviews(db, gamePass)).map((r) => r.name)).toEqual(['Bilal'])
	})
})
