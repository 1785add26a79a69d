import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { auditLog, orders } from '../../app/db/schema'
import { withLinesOf } from '../../app/domain/orders/order-lines.server'
import { buyNowTarget } from '../../app/domain/catalogue/buy-now-target'
import { getProduct, listProducts, summarise } from '../../app/domain/catalogue/list-products.server'
import { createProduct, duplicateProduct, listAdminProducts, removeProduct, updateProduct } from '../../app/domain/catalogue/manage-products.server'
import { createProductInput, updateProductInput } from '../../app/domain/catalogue/product-input'
import { createOrder } from '../../app/domain/orders/create-order.server'
import { priceOrder } from '../../app/domain/orders/price-order.server'
import type { Actor } from '../../app/domain/staff/audit.server'
import { checkoutDestination } from '../../app/domain/cart/cart'
import { toCartItem } from '../../app/domain/cart/to-cart-item'
import { AppError } from '../../app/utils/app-error'
import { databaseKinds, useTestDatabase } from '../setup/test-db'

const owner: Actor = { staffId: null, label: 'owner@example.pk' }

const threeDurations = createProductInput.parse({
	name: 'Xbox Game Pass Ultimate (Console, new stock)',
	platform: 'xbox',
	kind: 'subscription',
	description: 'Game Pass for your console.',
	variants: [
		{ label: '1 Month', months: 1, price: 2500 },
		{ label: '3 Months', months: 3, price: 6900 },
		{ label: '6 Months', months: 6, price: 12900 },
	],
})

const buyer = { customerName: 'Ayesha Khan', customerEmail: 'ayesha@example.pk', customerMobile: '03001234567', paymentMethod: 'manual' as const }

describe.each(databaseKinds)('the catalogue from the console on %s', (kind) => {
	// The worker's seeded database, emptied before the first test and after each.
	const database = useTestDatabase(kind)

	it('creates a product with three durations that the storefront lists and checkout prices by months or by variant', async () => {
		const { db } = database
		const created = await createProduct(db, owner, threeDurations)
		expect(created.id).toBeGreaterThan(50)
		expect(created.variants.map((v) => [v.label, v.price])).toEqual([['1 Month', 2500], ['3 Months', 6900], ['6 Months', 12900]])
		const shown = (await listProducts(db)).find((p) => p.id === created.id)!
		expect(summarise(shown).price).toBe(2500)
		const threeMonths = created.variants[1]!
		const byMonths = await priceOrder(db, [{ id: created.id, quantity: 1, selectedDuration: { months: 3 } }])
		const byVariant = await priceOrder(db, [{ id: created.id, quantity: 2, variantId: threeMonths.id }])
		expect(byMonths.total).toBe(6900)
		expect(byMonths.lines[0]!.variantId).toBe(threeMonths.id)
		expect(byVariant.total).toBe(13800)
		await expect(priceOrder(db, [{ id: created.id, quantity: 1, variantId: 999_999 }])).rejects.toThrow('has no such option')
		const [audit] = await db.select().from(auditLog).where(eq(auditLog.target, `product ${created.id}`)).orderBy(auditLog.id)
		expect(audit).toMatchObject({ action: 'product.create', actor: 'owner@example.pk' })
	})

	it('changes a price for new orders while an earlier order keeps what it paid, and a hidden product leaves the storefront', async () => {
		const { db } = database
		const created = await createProduct(db, owner, threeDurations)
		const { order } = await createOrder(db, { ...buyer, checkoutKey: 'price-change-test-key-1', productDetails: [{ id: created.id, quantity: 1, selectedDuration: { months: 3 } }] })
		expect(order.totalAmount).toBe(6900)

		const variants = created.variants.map((v) => ({ ...v, price: v.months === 3 ? 7500 : v.price }))
		const changed = await updateProduct(db, owner, created.id, updateProductInput.parse({ variants }))
		expect(changed.variants.map((v) => v.id)).toEqual(created.variants.map((v) => v.id))
		expect((await getProduct(db, created.id))!.durations!.find((d) => d.months === 3)!.price).toBe(7500)
		const kept = await withLinesOf(db, (await db.select().from(orders).where(eq(orders.orderNumber, order.orderNumber)))[0])
		expect(kept!.totalAmount).toBe(6900)
		expect(kept!.productDetails[0]!.price).toBe(6900)

		await updateProduct(db, owner, created.id, { visible: false })
		expect(await getProduct(db, created.id)).toBeNull()
		expect((await listProducts(db)).some((p) => p.id === created.id)).toBe(false)
		await expect(priceOrder(db, [{ id: created.id, quantity: 1, selectedDuration: { months: 3 } }])).rejects.toThrow('is not in our catalogue')
		// Orders refer to it: removing it hides it and keeps the row.
		expect(await removeProduct(db, owner, created.id)).toMatchObject({ deleted: false, hidden: true })
		expect((await listAdminProducts(db, { q: 'new stock', visibility: 'hidden' })).products.map((p) => p.id)).toEqual([created.id])
	})

	it('hides an option left out of the list and keeps the ids of those listed', async () => {
		const { db } = database
		const created = await createProduct(db, owner, threeDurations)
		const [one, , six] = created.variants
		const changed = await updateProduct(db, owner, created.id, updateProductInput.parse({ variants: [six, one, { label: '12 Months', months: 12, price: 24000 }] }))
		const visible = changed.variants.filter((v) => !v.hidden)
		expect(visible.map((v) => v.label)).toEqual(['6 Months', '1 Month', '12 Months'])
		expect(changed.variants.find((v) => v.label === '3 Months')!.hidden).toBe(true)
		expect((await getProduct(db, created.id))!.durations!.map((d) => d.months)).toEqual([6, 1, 12])
	})

	it('refuses options that clash or mix, and a product without any, with a sentence', async () => {
		const { db } = database
		const attempt = (variants: unknown[]) => createProduct(db, owner, createProductInput.parse({ ...threeDurations, variants }))
		await expect(attempt([{ label: 'A', months: 1, price: 100 }, { label: 'B', months: 1, price: 200 }])).rejects.toThrow('Two options sell the same thing')
		await expect(attempt([{ label: 'A', months: 1, price: 100 }, { label: '$5', value: 5, price: 200 }])).rejects.toThrow('not a mix')
		expect(() => createProductInput.parse({ ...threeDurations, variants: [] })).toThrow('at least one option')
		expect(() => createProductInput.parse({ ...threeDurations, variants: [{ label: 'A', months: 1, price: 0 }] })).toThrow('price above Rs. 0')
		expect(() => createProductInput.parse({ ...threeDurations, name: 'x\u0000' })).toThrow()
		expect(() => createProductInput.parse({ ...threeDurations, platform: 'switch' })).toThrow('Platform must be')
		await expect(updateProduct(db, owner, 2_000_000_000, { visible: false })).rejects.toBeInstanceOf(AppError)
	})

	it('a product made with the console Game Pass settings goes through the same terms, reviews group and Buy Now path as the built-in one', async () => {
		const { db } = database
		const builtIn = (await listProducts(db)).find((p) => p.termsPage === 'game-pass-console')!
		const created = await createProduct(
			db,
			owner,
			createProductInput.parse({
				...threeDurations,
				termsPage: 'game-pass-console',
				contentPage: '/game-pass-library',
				reviewGroup: 'game-pass',
				variants: [
					{ label: '1 Month', months: 1, accountType: 'private', price: 4000 },
					{ label: '1 Month', months: 1, accountType: 'shared', price: 2700 },
				],
			}),
		)
		const mine = (await getProduct(db, created.id))!
		for (const product of [builtIn, mine]) {
			const duration = product.durations![0]!
			const target = buyNowTarget(product, { duration, denomination: null, accountType: 'shared' })
			expect(target.to).toBe('/game-pass-terms')
			expect(target.state.selectedAccountType).toBe('shared')
			const line = toCartItem(product, { duration, accountType: 'shared' })!
			expect(checkoutDestination([{ ...line, quantity: 1 }])).toBe('/game-pass-terms')
			expect(product.reviewGroup).toBe('game-pass')
			expect(product.contentPage).toBe('/game-pass-library')
		}
		expect(mine.durations![0]).toMatchObject({ months: 1, price: 4000, sharedPrice: 2700 })
	})

	it('duplicates a product as a hidden copy with the same options', async () => {
		const { db } = database
		const created = await createProduct(db, owner, threeDurations)
		const copy = await duplicateProduct(db, owner, created.id)
		expect(copy).toMatchObject({ name: `${created.name} (copy)`, visible: false })
		expect(copy.variants.map((v) => [v.label, v.price])).toEqual(created.variants.map((v) => [v.label, v.price]))
		expect(copy.variants.map((v) => v.id)).not.toEqual(created.variants.map((v) => v.id))
		expect(await removeProduct(db, owner, copy.id)).toMatchObject({ deleted: true })
	})
})
