// Costs, margins and repricing (issue 23): an option's cost in rupees or US dollars at the owner's
// rate, a stock unit's own cost winning over it, each paid order's cost, PayPro fee and profit
// recorded when it is paid (PayPro and transfer orders), the owner alone seeing them, and the
// owner's repricing (preview, then apply, rounded up). PGlite and PostgreSQL.
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { Db } from '../../app/db/client.server'
import { auditLog, orderLines, orders, productVariants } from '../../app/db/schema'
import { createProduct, getAdminProduct, updateProduct } from '../../app/domain/catalogue/manage-products.server'
import { createProductInput, updateProductInput } from '../../app/domain/catalogue/product-input'
import { readProductForm } from '../../app/domain/catalogue/product-form'
import { costInRupees, costSettingsForm, EURO_RATE_MESSAGE, repricedPrice } from '../../app/domain/costs/cost-rules'
import { readCostSettings, updateCostSettings } from '../../app/domain/costs/cost-settings.server'
import { applyReprice, previewReprice } from '../../app/domain/costs/reprice.server'
import { createDmOrder } from '../../app/domain/orders/create-dm-order.server'
import { dmOrderRequest } from '../../app/domain/orders/dm-order-input'
import { markDmOrderPaid } from '../../app/domain/payments/mark-dm-order-paid.server'
import { importStock, setStockMode } from '../../app/domain/stock/manage-stock.server'
import { useFakePayPro } from '../setup/fake-paypro'
import { owner, payAtPayPro, payByTransfer } from '../setup/orders'
import { checkoutBody, placeOrder } from '../setup/payments'
import { databaseKinds, useTestDatabase } from '../setup/test-db'

describe('the rules in rupees', () => {
	it('converts a dollar cost at the rate to the nearest rupee; a rupee cost is itself; a dollar cost without a rate is unknown', () => {
		expect(costInRupees({ amount: 10, currency: 'USD' }, 280)).toBe(2800)
		expect(costInRupees({ amount: 4.99, currency: 'USD' }, 279.5)).toBe(1395) // 1394.705
		expect(costInRupees({ amount: 1200, currency: 'PKR' }, null)).toBe(1200)
		expect(costInRupees({ amount: 4.99, currency: 'USD' }, null)).toBeNull()
		expect(costInRupees(null, 280)).toBeNull()
	})

	it('reprices cost × (1 + margin %) rounded UP to Rs. 10, 50 or 100, an exact multiple staying itself', () => {
		expect(repricedPrice(2800, 20, 10)).toBe(3360)
		expect(repricedPrice(2800, 20, 50)).toBe(3400)
		expect(repricedPrice(2800, 20, 100)).toBe(3400)
		expect(repricedPrice(2801, 0, 10)).toBe(2810)
		expect(repricedPrice(1000, 10, 100)).toBe(1100) // 1100.0000000000002 in floating point
		expect(repricedPrice(1394.705, 15, 50)).toBe(1650) // 1603.91
	})

	it('reads the costs form’s euro rate as typed, empty as none, and refuses one it cannot use with its sentence', () => {
		const form = { rupeesPerDollar: '280', payproFeePercent: '2.5' }
		expect(costSettingsForm.parse({ ...form, rupeesPerEuro: ' 304.75 ' })).toEqual({ rupeesPerDollar: 280, rupeesPerEuro: 304.75, payproFeePercent: 2.5 })
		expect(costSettingsForm.parse({ ...form, rupeesPerEuro: '' })).toEqual({ rupeesPerDollar: 280, rupeesPerEuro: null, payproFeePercent: 2.5 })
		expect(costSettingsForm.parse(form)).toEqual({ rupeesPerDollar: 280, rupeesPerEuro: null, payproFeePercent: 2.5 })
		const bad = costSettingsForm.safeParse({ ...form, rupeesPerEuro: '0' })
		expect(bad.success ? null : bad.error.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['rupeesPerEuro', EURO_RATE_MESSAGE]])
	})

	it('reads a cost from the product form, in rupees or dollars, and names a bad one beside its field', () => {
		const base = { name: 'Card', platform: 'xbox', kind: 'gift_card', description: 'A card.', 'variants.rows': '2', 'variants.0.label': '$10', 'variants.0.value': '10', 'variants.0.price': '3200' }
		const dollars = readProductForm({ ...base, 'variants.0.costAmount': 'US$ 9.50', 'variants.0.costCurrency': 'USD' })
		expect(dollars.ok && dollars.input.variants[0]!.cost).toEqual({ amount: 9.5, currency: 'USD' })
		const rupees = readProductForm({ ...base, 'variants.0.costAmount': 'Rs. 2,650', 'variants.0.costCurrency': 'PKR' })
		expect(rupees.ok && rupees.input.variants[0]!.cost).toEqual({ amount: 2650, currency: 'PKR' })
		const none = readProductForm(base)
		expect(none.ok && none.input.variants[0]!.cost).toBeNull()
		const paise = readProductForm({ ...base, 'variants.0.costAmount': '2650.5', 'variants.0.costCurrency': 'PKR' })
		expect(paise.ok ? null : paise.fieldErrors['variants.0.costAmount']).toBe('A cost in rupees must be a whole number from 0 to 10,000,000.')
		const words = readProductForm({ ...base, 'variants.0.costAmount': 'ten', 'variants.0.costCurrency': 'USD' })
		expect(words.ok ? null : words.fieldErrors['variants.0.costAmount']).toBe('A cost must be a number.')
	})
})

describe.each(databaseKinds)('costs and profit on %s', (kind) => {
	const database = useTestDatabase(kind)
	const payPro = useFakePayPro()

	async function card(db: Db, costs: ({ amount: number; currency: 'PKR' | 'USD' } | null)[] = [{ amount: 10, currency: 'USD' }, null]) {
		const product = await createProduct(
			db,
			owner,
			createProductInput.parse({
				name: 'Steam Card (costs)',
				platform: 'pc',
				kind: 'gift_card',
				description: 'By email.',
				variants: [
					{ label: '$10 USD', value: 10, price: 3200, cost: costs[0] },
					{ label: '$25 USD', value: 25, price: 7800, cost: costs[1] },
				],
			}),
		)
		return { productId: product.id, ten: product.variants[0]!.id, twentyFive: product.variants[1]!.id }
	}
	const line = (id: number, variantId: number, quantity = 1) => ({ id, variantId, quantity })
	const paidAtPayPro = async (db: Db, lines: unknown[]) => payAtPayPro(db, payPro, await placeOrder(db, checkoutBody(lines)))
	const paidByTransfer = async (db: Db, lines: unknown[]) => payByTransfer(db, await placeOrder(db, checkoutBody(lines, { paymentMethod: 'manual' })))
	const recorded = async (db: Db, orderId: number) => {
		const [row] = await db.select({ status: orders.paymentStatus, cost: orders.cost, fee: orders.fee, profit: orders.profit }).from(orders).where(eq(orders.id, orderId))
		const lines = await db.select({ unitCost: orderLines.unitCost, cost: orderLines.cost }).from(orderLines).where(eq(orderLines.orderId, orderId)).orderBy(orderLines.position)
		return { ...row, lines }
	}

	it('sets the rate with the day it was set, keeps that day while the rate stays, and audits each change', async () => {
		const { db } = database
		expect(await readCostSettings(db)).toEqual({ rupeesPerDollar: null, rateSetAt: null, payproFeePercent: 0, rupeesPerEuro: null, euroRateSetAt: null })
		await updateCostSettings(db, owner, { rupeesPerDollar: 280, payproFeePercent: 2.5 }, new Date('2026-11-27T06:00:00Z'))
		await updateCostSettings(db, owner, { rupeesPerDollar: 280, payproFeePercent: 3 }, new Date('2026-12-01T06:00:00Z'))
		expect(await readCostSettings(db)).toEqual({ rupeesPerDollar: 280, rateSetAt: '2026-11-27T06:00:00.000Z', payproFeePercent: 3, rupeesPerEuro: null, euroRateSetAt: null })
		// The euro rate (suppliers that bill in euros, ADR-055) has its own day; a change that leaves it out keeps it.
		await updateCostSettings(db, owner, { rupeesPerDollar: 280, rupeesPerEuro: 305.5, payproFeePercent: 3 }, new Date('2026-12-02T06:00:00Z'))
		await updateCostSettings(db, owner, { rupeesPerDollar: 281, payproFeePercent: 3 }, new Date('2026-12-03T06:00:00Z'))
		expect(await readCostSettings(db)).toEqual({ rupeesPerDollar: 281, rateSetAt: '2026-12-03T06:00:00.000Z', payproFeePercent: 3, rupeesPerEuro: 305.5, euroRateSetAt: '2026-12-02T06:00:00.000Z' })
		expect(await db.select().from(auditLog).where(eq(auditLog.action, 'costs.settings')).orderBy(auditLog.id)).toHaveLength(4)
	})

	it('gives the catalogue each option’s cost; a change that leaves costs out keeps them', async () => {
		const { db } = database
		const { productId, ten } = await card(db)
		const product = await getAdminProduct(db, productId)
		expect(product.variants.map((v) => v.cost)).toEqual([{ amount: 10, currency: 'USD' }, null])
		await updateProduct(db, owner, productId, updateProductInput.parse({ variants: product.variants.map(({ id, label, value, price }) => ({ id, label, value, price })) }))
		expect((await getAdminProduct(db, productId)).variants[0]!.cost).toEqual({ amount: 10, currency: 'USD' })
		const [row] = await db.select().from(productVariants).where(eq(productVariants.id, ten))
		expect([row!.costRupees, row!.costUsdCents]).toEqual([null, 1000])
	})

	it('records a PayPro order’s cost at the rate, PayPro’s fee and its profit when it is paid', async () => {
		const { db } = database
		await updateCostSettings(db, owner, { rupeesPerDollar: 280, payproFeePercent: 2.5 })
		const { productId, ten } = await card(db)
		const order = await paidAtPayPro(db, [line(productId, ten, 2)])
		// 2 × Rs. 3,200 = 6,400; cost 2 × $10 × 280 = 5,600; fee 2.5% = 160; profit 640.
		expect(await recorded(db, order.id)).toEqual({ status: 'paid', cost: 5600, fee: 160, profit: 640, lines: [{ unitCost: 2800, cost: 5600 }] })
		// A later rate changes nothing already recorded.
		await updateCostSettings(db, owner, { rupeesPerDollar: 300, payproFeePercent: 2.5 })
		expect((await recorded(db, order.id)).cost).toBe(5600)
	})

	it('records a transfer order’s cost and profit with no PayPro fee', async () => {
		const { db } = database
		await updateCostSettings(db, owner, { rupeesPerDollar: 280, payproFeePercent: 2.5 })
		const { productId, ten } = await card(db, [{ amount: 2650, currency: 'PKR' }, null])
		const order = await paidByTransfer(db, [line(productId, ten)])
		expect(await recorded(db, order.id)).toEqual({ status: 'paid', cost: 2650, fee: 0, profit: 550, lines: [{ unitCost: 2650, cost: 2650 }] })
	})

	it('records a DM order marked paid by staff with no PayPro fee, at the price agreed in the chat', async () => {
		const { db } = database
		await updateCostSettings(db, owner, { rupeesPerDollar: 280, payproFeePercent: 2.5 })
		const { productId, ten } = await card(db)
		const order = await createDmOrder(db, owner, dmOrderRequest.parse({ customer: { email: 'dm@example.pk' }, items: [{ id: productId, variantId: ten }], totalAmount: 3000 }))
		await markDmOrderPaid(db, owner, order.orderNumber, 'Paid in the chat by EasyPaisa')
		expect(await recorded(db, order.id)).toEqual({ status: 'paid', cost: 2800, fee: 0, profit: 200, lines: [{ unitCost: 2800, cost: 2800 }] })
	})

	it('leaves cost and profit unknown when an option has no cost (the fee is still recorded)', async () => {
		const { db } = database
		await updateCostSettings(db, owner, { rupeesPerDollar: 280, payproFeePercent: 2 })
		const { productId, ten, twentyFive } = await card(db)
		const order = await paidAtPayPro(db, [line(productId, ten), line(productId, twentyFive)])
		expect(await recorded(db, order.id)).toEqual({ status: 'paid', cost: null, fee: 220, profit: null, lines: [{ unitCost: 2800, cost: 2800 }, { unitCost: null, cost: null }] })
	})

	it('counts a stock unit’s own cost from its import over the option’s, the option’s for a unit imported without one', async () => {
		const { db } = database
		await updateCostSettings(db, owner, { rupeesPerDollar: 280, payproFeePercent: 0 })
		const { productId, ten } = await card(db)
		await importStock(db, owner, productId, { variantId: ten, kind: 'code', units: [{ code: 'COST-0001-AAAA' }], cost: { amount: 2500, currency: 'PKR' } })
		await importStock(db, owner, productId, { variantId: ten, kind: 'code', units: [{ code: 'COST-0002-BBBB' }] })
		await setStockMode(db, owner, productId, 'stock_only')
		const order = await paidByTransfer(db, [line(productId, ten, 2)])
		// Unit one Rs. 2,500 (its own), unit two $10 × 280 = 2,800 (the option's).
		expect(await recorded(db, order.id)).toEqual({ status: 'paid', cost: 5300, fee: 0, profit: 1100, lines: [{ unitCost: 2650, cost: 5300 }] })
	})

	it('refuses a stock import’s cost that is not one', async () => {
		const { db } = database
		const { productId, ten } = await card(db)
		await expect(importStock(db, owner, productId, { variantId: ten, kind: 'code', units: [{ code: 'COST-0003-CCCC' }], cost: { amount: 10.5, currency: 'PKR' } })).rejects.toMatchObject({
			status: 400,
			fieldErrors: { costAmount: 'A cost in rupees must be a whole number from 0 to 10,000,000.' },
		})
	})

	it('previews every chosen option’s old and new price, skipping those without a cost and saying why, and applies them at once, audited', async () => {
		const { db } = database
		await updateCostSettings(db, owner, { rupeesPerDollar: 280, payproFeePercent: 0 })
		const { productId, ten, twentyFive } = await card(db)
		const preview = await previewReprice(db, { productId, marginPercent: 20, roundTo: 50 })
		expect(preview.rows.map((r) => [r.variantId, r.oldPrice, r.newPrice, r.skipped])).toEqual([
			[ten, 3200, 3400, null],
			[twentyFive, 7800, null, 'No cost: give this option a cost on its product’s page.'],
		])
		expect(preview).toMatchObject({ changing: 1, skipped: 1, applied: false, rate: { rupeesPerDollar: 280, text: 'Rs. 280 per US$' } })
		// Nothing written by a preview.
		expect((await getAdminProduct(db, productId)).variants[0]!.price).toBe(3200)

		const applied = await applyReprice(db, owner, { variantIds: [ten, twentyFive], marginPercent: 20, roundTo: 100 })
		expect(applied.applied).toBe(true)
		expect((await getAdminProduct(db, productId)).variants.map((v) => v.price)).toEqual([3400, 7800])
		const [entry] = await db.select().from(auditLog).where(eq(auditLog.action, 'product.reprice')).orderBy(auditLog.id)
		expect(entry).toMatchObject({ target: `product ${productId}`, before: { prices: { [ten]: 3200 } }, after: { prices: { [ten]: 3400 }, marginPercent: 20, roundTo: 100 } })
	})

	it('applies two reprices sent at the same moment one after the other: each audit entry’s before is what the other left', async () => {
		const { db } = database
		await updateCostSettings(db, owner, { rupeesPerDollar: 280, payproFeePercent: 0 })
		const { productId, ten } = await card(db)
		await Promise.all([applyReprice(db, owner, { productId, marginPercent: 20, roundTo: 100 }), applyReprice(db, owner, { productId, marginPercent: 50, roundTo: 100 })])
		const entries = await db.select().from(auditLog).where(eq(auditLog.action, 'product.reprice')).orderBy(auditLog.id)
		expect(entries).toHaveLength(2)
		const prices = entries.map((e) => [(e.before as { prices: Record<number, number> }).prices[ten], (e.after as { prices: Record<number, number> }).prices[ten]])
		expect(prices[0]![0]).toBe(3200)
		expect(prices[1]![0]).toBe(prices[0]![1])
		expect(new Set([prices[0]![1], prices[1]![1]])).toEqual(new Set([3400, 4200]))
		expect((await getAdminProduct(db, productId)).variants[0]!.price).toBe(prices[1]![1])
	})

	it('skips a dollar cost while no rate is set', async () => {
		const { db } = database
		const { productId } = await card(db)
		const preview = await previewReprice(db, { productId, marginPercent: 20, roundTo: 10 })
		expect(preview.rows[0]).toMatchObject({ newPrice: null, skipped: 'Its cost is US$ 10 and no dollar rate is set: set it on the Store details page.' })
	})
})
