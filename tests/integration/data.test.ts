import fs from 'node:fs'
import path from 'node:path'
import { and, eq, inArray, isNull, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { Db } from '../../app/db/client.server'
import { gameLibrary, products, productVariants, contactMessages } from '../../app/db/schema'
import { seedDatabase } from '../../app/db/seed/seed.server'
import { getProduct, listProducts } from '../../app/domain/catalogue/list-products.server'
import { sendContactMessage } from '../../app/domain/contact/send-contact-message.server'
import { topBuyers } from '../../app/domain/leaderboard/top-buyers.server'
import { listLibrary } from '../../app/domain/library/list-library.server'
import { addReview, REVIEWS_CHANNEL } from '../../app/domain/reviews/add-review.server'
import { listProductReviews } from '../../app/domain/reviews/list-reviews.server'
import { createDmOrder } from '../../app/domain/orders/create-dm-order.server'
import { dmOrderRequest } from '../../app/domain/orders/dm-order-input'
import { markDmOrderPaid } from '../../app/domain/payments/mark-dm-order-paid.server'
import { AppError } from '../../app/utils/app-error'
import { failOrder, owner } from '../setup/orders'
import { databaseKinds, useTestDatabase } from '../setup/test-db'

const visitor = { clientIp: '203.0.113.7', limitPerHour: 100 }

/** An order sold over DM at the amount agreed: paid in the chat, or left unpaid, or failed. */
async function soldTo(db: Db, name: string, email: string, total: number, end: 'paid' | 'awaiting_payment' | 'failed' = 'paid') {
	const order = await createDmOrder(db, owner, dmOrderRequest.parse({ customer: { name, email, phone: '03001234567' }, items: [{ id: 14 }], totalAmount: total }))
	if (end === 'paid') await markDmOrderPaid(db, owner, order.orderNumber, 'Paid in the chat')
	if (end === 'failed') await failOrder(db, order)
	return order
}

describe.each(databaseKinds)('data on %s', (kind) => {
	// The worker's seeded database, emptied before the first test and after each.
	const database = useTestDatabase(kind)

	it('seeds the catalogue and library once, and a restart keeps staff changes', async () => {
		const { db } = database
		await db.update(products).set({ name: 'Staff renamed' }).where(eq(products.id, 2))
		await db.update(productVariants).set({ price: 999 }).where(and(eq(productVariants.productId, 2), eq(productVariants.months, 1)))
		await seedDatabase(db)
		await seedDatabase(db)
		const all = await listProducts(db)
		expect(all).toHaveLength(49)
		expect(all.some((p) => p.id === 30)).toBe(false)
		expect((await getProduct(db, 2))!.name).toBe('Staff renamed')
		expect((await getProduct(db, 2))!.durations!.find((d) => d.months === 1)!.price).toBe(999)
		expect(await db.select().from(productVariants).where(eq(productVariants.productId, 2))).toHaveLength(
			(await import('../../app/db/seed/catalogue')).catalogue.find((p) => p.id === 2)!.durations!.length,
		)
		const [{ count }] = (await db.execute<{ count: string }>(sql`select count(*) from game_library`)).rows as [{ count: string }]
		const library = await listLibrary(db)
		expect(Number(count)).toBe(library.length)
		expect(library.filter((g) => g.top)).toHaveLength(24)
		// put it back for the other tests
		const original = (await import('../../app/db/seed/catalogue')).catalogue.find((p) => p.id === 2)!
		await db.update(products).set({ name: original.name }).where(eq(products.id, 2))
		await db.update(productVariants).set({ price: original.durations![0]!.price }).where(and(eq(productVariants.productId, 2), eq(productVariants.months, 1)))
		expect(await db.select().from(gameLibrary).where(eq(gameLibrary.title, ''))).toEqual([])
	})

	it('gives a shop seeded before the catalogue had its Urdu the Urdu at its next start, leaving what the owner wrote or rewrote alone', async () => {
		const { db } = database
		const seeded = (await import('../../app/db/seed/catalogue')).catalogue
		const { urduOfSeedProduct } = await import('../../app/db/seed/catalogue-ur')
		const one = seeded.find((p) => p.id === 1)!
		const two = seeded.find((p) => p.id === 2)!
		const before = await db.select({ id: products.id, descriptionUr: products.descriptionUr, captionUr: products.captionUr, featuresUr: products.featuresUr }).from(products).where(inArray(products.id, [1, 2, 3]))
		// A new shop has it from the start.
		expect(before.find((p) => p.id === 1)).toEqual({ id: 1, ...urduOfSeedProduct(one) })
		try {
			// As a shop seeded earlier: no Urdu; product 2's English description rewritten, product 3's Urdu the owner's own.
			await db.update(products).set({ descriptionUr: null, captionUr: null, featuresUr: null }).where(inArray(products.id, [1, 2]))
			await db.update(products).set({ description: 'Our own words.' }).where(eq(products.id, 2))
			await db.update(products).set({ descriptionUr: 'مالک کی اپنی تفصیل' }).where(eq(products.id, 3))
			await seedDatabase(db)
			const after = await getProduct(db, 1)
			expect([after!.descriptionUr, after!.captionUr, after!.featuresUr]).toEqual([urduOfSeedProduct(one).descriptionUr, urduOfSeedProduct(one).captionUr, urduOfSeedProduct(one).featuresUr])
			const rewritten = (await getProduct(db, 2))!
			// The rewritten English gets no stale Urdu; what is still the seed's does.
			expect([rewritten.descriptionUr, rewritten.captionUr, rewritten.featuresUr]).toEqual([null, urduOfSeedProduct(two).captionUr, urduOfSeedProduct(two).featuresUr])
			expect((await getProduct(db, 3))!.descriptionUr).toBe('مالک کی اپنی تفصیل')
		} finally {
			await db.update(products).set({ description: two.description }).where(eq(products.id, 2))
			for (const p of [one, two, seeded.find((x) => x.id === 3)!]) await db.update(products).set(urduOfSeedProduct(p)).where(eq(products.id, p.id))
		}
	})

	it('moves default SVG covers to their WebP copies and leaves an image staff chose alone', async () => {
		const { db } = database
		const migration = fs.readFileSync(path.resolve('drizzle/0004_product_covers_webp.sql'), 'utf8')
		await db.update(products).set({ image: '/images/products/3.svg' }).where(eq(products.id, 3))
		await db.update(products).set({ image: 'https://cdn.example.pk/covers/4.svg' }).where(eq(products.id, 4))
		try {
			await db.execute(sql.raw(migration))
			expect((await getProduct(db, 3))!.image).toBe('/images/products/3.webp')
			expect((await getProduct(db, 4))!.image).toBe('https://cdn.example.pk/covers/4.svg')
			expect((await getProduct(db, 5))!.image).toBe('/images/products/5.webp')
		} finally {
			const seeded = (await import('../../app/db/seed/catalogue')).catalogue
			for (const id of [3, 4]) await db.update(products).set({ image: seeded.find((p) => p.id === id)!.image }).where(eq(products.id, id))
		}
	})

	it('reads every option back from its variants as the spec shapes them, with the settings that once hung on ids', async () => {
		const { db } = database
		const seeded = (await import('../../app/db/seed/catalogue')).catalogue
		const one = (await getProduct(db, 1))!
		expect(one.durations).toEqual(seeded.find((p) => p.id === 1)!.durations)
		expect(one).toMatchObject({ termsPage: 'game-pass-console', contentPage: '/game-pass-library', reviewGroup: 'game-pass', kind: 'subscription' })
		expect(await getProduct(db, 10)).toMatchObject({ termsPage: 'game-pass-pc', reviewGroup: 'game-pass' })
		expect((await getProduct(db, 14))!.denominations).toEqual(seeded.find((p) => p.id === 14)!.denominations)
		expect(await getProduct(db, 18)).toMatchObject({ privatePrice: 4000, sharedPrice: 2500, kind: 'account' })
		const key = seeded.find((p) => !p.durations && !p.denominations && p.privatePrice == null)!
		expect(await getProduct(db, key.id)).toMatchObject({ price: key.price, durations: null, denominations: null })
		// A hidden variant leaves the options; a hidden product leaves the storefront.
		await db.update(productVariants).set({ hidden: true }).where(and(eq(productVariants.productId, 1), eq(productVariants.months, 2), isNull(productVariants.value)))
		await db.update(products).set({ visible: false }).where(eq(products.id, 3))
		try {
			expect((await getProduct(db, 1))!.durations!.map((d) => d.months)).toEqual([1, 0])
			expect(await getProduct(db, 3)).toBeNull()
			expect((await listProducts(db)).some((p) => p.id === 3)).toBe(false)
		} finally {
			await db.update(productVariants).set({ hidden: false }).where(eq(productVariants.productId, 1))
			await db.update(products).set({ visible: true }).where(eq(products.id, 3))
		}
	})

	it('stores a review and lists it first; Game Pass reviews are shared by products 1 and 10', async () => {
		const { db } = database
		await addReview(db, { productId: 7, name: 'Ali', rating: 4, comment: 'Fast delivery' }, visitor)
		const second = await addReview(db, { productId: 7, name: 'Sara', rating: 5, comment: 'Great' }, visitor)
		const list = await listProductReviews(db, 7)
		expect(list.map((r) => r.name)).toEqual(['Sara', 'Ali'])
		expect(list[0]!.id).toBe(second.id)

		await addReview(db, { productId: 1, name: 'Bilal', rating: 5, comment: 'Game Pass working' }, visitor)
		expect((await listProductReviews(db, 10)).map((r) => r.name)).toEqual(['Bilal'])
		expect(await listProductReviews(db, 5)).toEqual([])
	})

	it('refuses a bad review with a clear message and keeps what was saved', async () => {
		const { db } = database
		await addReview(db, { productId: 7, name: 'Ali', rating: 5, comment: 'ok' }, visitor)
		const attempts = [
			{ productId: 7, name: '   ', rating: 5, comment: 'x' },
			{ productId: 7, name: 'A', rating: 9, comment: 'x' },
			{ productId: 7, name: 'A', rating: 5, comment: 'x'.repeat(1001) },
			{ productId: 'seven', name: 'A', rating: 5, comment: 'x' },
		]
		for (const input of attempts) {
			const error = await addReview(db, input, visitor).catch((e: unknown) => e)
			expect(error).toBeInstanceOf(AppError)
			expect((error as AppError).status).toBe(400)
		}
		const missing = await addReview(db, { productId: 30, name: 'A', rating: 5, comment: 'x' }, visitor).catch((e: unknown) => e)
		expect((missing as AppError).status).toBe(404)
		expect(await listProductReviews(db, 7)).toHaveLength(1)
	})

	it('limits reviews per address', async () => {
		const { db } = database
		const limited = { clientIp: '198.51.100.1', limitPerHour: 2 }
		await addReview(db, { productId: 8, name: 'A', rating: 5, comment: 'one' }, limited)
		await addReview(db, { productId: 8, name: 'A', rating: 5, comment: 'two' }, limited)
		const error = await addReview(db, { productId: 8, name: 'A', rating: 5, comment: 'three' }, limited).catch((e: unknown) => e)
		expect((error as AppError).status).toBe(429)
		await addReview(db, { productId: 8, name: 'B', rating: 5, comment: 'other address' }, { ...limited, clientIp: '198.51.100.2' })
		expect(await listProductReviews(db, 8)).toHaveLength(3)
	})

	it('announces a new review to listeners when it commits', async () => {
		const received: string[] = []
		const stop = await database.database.listen(REVIEWS_CHANNEL, (payload) => received.push(payload))
		try {
			await addReview(database.db, { productId: 9, name: 'Live', rating: 5, comment: 'hello' }, visitor)
			await expect.poll(() => received.length, { timeout: 5000 }).toBeGreaterThan(0)
			expect(JSON.parse(received[0]!)).toMatchObject({ productId: 9, name: 'Live' })
		} finally {
			await stop()
		}
	})

	it('ranks top buyers from paid orders only, by first name and initial', async () => {
		const { db } = database
		expect(await topBuyers(db)).toEqual([])
		await soldTo(db, 'Ayesha Khan', 'ayesha@example.pk', 4000)
		await soldTo(db, 'Ayesha Khan', 'AYESHA@example.pk', 2200)
		await soldTo(db, 'Bilal Ahmed Qureshi', 'bilal@example.pk', 5000)
		await soldTo(db, 'Rich Unpaid', 'unpaid@example.pk', 90000, 'awaiting_payment')
		await soldTo(db, 'Failed Buyer', 'failed@example.pk', 90000, 'failed')
		for (let i = 0; i < 6; i++) await soldTo(db, `Buyer${i}`, `b${i}@example.pk`, 100 + i)
		const board = await topBuyers(db)
		expect(board).toHaveLength(6)
		expect(board[0]).toEqual({ id: '1', rank: 1, name: 'Ayesha K.', orders_count: 2, total_spent: 6200 })
		expect(board[1]).toMatchObject({ rank: 2, name: 'Bilal Q.', total_spent: 5000 })
		expect(board.map((r) => r.name)).not.toContain('Rich U.')
		expect(JSON.stringify(board)).not.toContain('@')
	})

	it('stores a contact message for staff and refuses a bad one', async () => {
		const { db } = database
		await sendContactMessage(db, { name: 'Hamza', email: 'hamza@example.pk', message: 'Do you sell Xbox keys for Turkey?' }, visitor)
		const error = await sendContactMessage(db, { name: '', email: 'nope', message: 'short' }, visitor).catch((e: unknown) => e)
		expect((error as AppError).status).toBe(400)
		expect(Object.keys((error as AppError).fieldErrors!)).toEqual(['name', 'email', 'message'])
		const saved = await db.select().from(contactMessages)
		expect(saved).toHaveLength(1)
		expect(saved[0]).toMatchObject({ name: 'Hamza', handled: false })
	})
})
