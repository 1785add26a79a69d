// POST /api/cart/prices over HTTP against the real server: a saved cart asks what its lines cost now,
// read by the same line pricing as checkout (priceLine), so the cart and the order never disagree.
import { and, eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { products, productVariants } from '../../app/db/schema'
import type { Db } from '../../app/db/client.server'
import { NUL_MESSAGE } from '../../app/utils/input'
import type { RunningShop } from '../../server/start'
import { useTestShop } from '../setup/test-shop'
import { databaseKinds } from '../setup/test-db'

const json = { 'Content-Type': 'application/json' }
const tenDollars = { id: 14, quantity: 1, selectedDenomination: { label: '$10 USD', value: 10 } }
const pcMonth = { id: 10, quantity: 2, selectedDuration: { label: '1 Month', months: 1 } }

type Answer = { lines?: ({ available: true; price: number; variantId: number | null; termsPage: string | null } | { available: false; message: string })[]; error?: string }

describe.each(databaseKinds)('cart prices over HTTP on %s', (kind) => {
	let shop: RunningShop
	let db: Db

	const testShop = useTestShop(kind, 'cart_prices', { CHECKOUT_RATE_LIMIT: '1000' })

	beforeAll(async () => {
		shop = testShop.shop
		db = shop.database.db
	})

	const ask = async (body: unknown, init: RequestInit = {}) => {
		const res = await fetch(`${shop.url}/api/cart/prices`, { method: 'POST', headers: json, body: typeof body === 'string' ? body : JSON.stringify(body), ...init })
		return { status: res.status, body: (await res.json()) as Answer }
	}
	const tenDollarVariant = async () =>
		(await db.select().from(productVariants).where(and(eq(productVariants.productId, 14), eq(productVariants.value, 10))))[0]!

	it('answers each line with its price now and its option, in order', async () => {
		const ten = await tenDollarVariant()
		const { status, body } = await ask({ lines: [tenDollars, pcMonth] })
		expect(status).toBe(200)
		expect(body.lines).toEqual([
			{ available: true, price: 3200, variantId: ten.id, termsPage: null },
			// A line learns the terms its product passes first (carts saved before that setting lack them).
			{ available: true, price: 1200, variantId: expect.any(Number), termsPage: 'game-pass-pc' },
		])
		// A line named by its variant alone is priced the same.
		expect((await ask({ lines: [{ id: 14, quantity: 1, variantId: ten.id }] })).body.lines).toEqual([{ available: true, price: 3200, variantId: ten.id, termsPage: null }])
	})

	it('gives a changed price, the one checkout then charges', async () => {
		const ten = await tenDollarVariant()
		await db.update(productVariants).set({ price: 3500 }).where(eq(productVariants.id, ten.id))
		try {
			expect((await ask({ lines: [tenDollars] })).body.lines).toEqual([{ available: true, price: 3500, variantId: ten.id, termsPage: null }])
			const order = await fetch(`${shop.url}/api/checkout`, {
				method: 'POST',
				headers: json,
				body: JSON.stringify({ customerName: 'Ali Khan', customerEmail: 'ali@example.pk', customerMobile: '03001234567', paymentMethod: 'manual', productDetails: [{ ...tenDollars, variantId: ten.id }] }),
			})
			expect(((await order.json()) as { totalAmount: number }).totalAmount).toBe(3500)
		} finally {
			await db.update(productVariants).set({ price: 3200 }).where(eq(productVariants.id, ten.id))
		}
	})

	it('says a hidden product is no longer sold, and prices the other lines', async () => {
		await db.update(products).set({ visible: false }).where(eq(products.id, 10))
		try {
			const { status, body } = await ask({ lines: [pcMonth, tenDollars] })
			expect(status).toBe(200)
			expect(body.lines).toEqual([
				{ available: false, message: 'Product 10 is not in our catalogue.' },
				{ available: true, price: 3200, variantId: expect.any(Number), termsPage: null },
			])
		} finally {
			await db.update(products).set({ visible: true }).where(eq(products.id, 10))
		}
	})

	it('says a hidden option is no longer sold, named by its value or by its variant', async () => {
		const ten = await tenDollarVariant()
		await db.update(productVariants).set({ hidden: true }).where(eq(productVariants.id, ten.id))
		try {
			const { body } = await ask({ lines: [tenDollars, { id: 14, quantity: 1, variantId: ten.id }] })
			expect(body.lines).toEqual([
				{ available: false, message: 'Xbox Gift Card has no $10 USD value.' },
				{ available: false, message: 'Xbox Gift Card has no such option.' },
			])
			// Asked from an Urdu page, the same answers in Urdu.
			const urdu = await ask({ lines: [tenDollars, { id: 14, quantity: 1, variantId: ten.id }, pcMonth], lang: 'ur' })
			expect(urdu.body.lines).toEqual([
				{ available: false, message: 'Xbox Gift Card میں $10 USD کی ویلیو نہیں ہے۔' },
				{ available: false, message: 'Xbox Gift Card میں یہ آپشن نہیں ہے۔' },
				{ available: true, price: expect.any(Number), variantId: expect.any(Number), termsPage: 'game-pass-pc' },
			])
		} finally {
			await db.update(productVariants).set({ hidden: false }).where(eq(productVariants.id, ten.id))
		}
	})

	it('says an unknown or custom option cannot be bought online, as checkout does', async () => {
		const { status, body } = await ask({
			lines: [
				{ id: 10, quantity: 1, selectedDuration: { months: 7 } },
				{ id: 10, quantity: 1, selectedDuration: { months: 0 } },
				{ id: 14, quantity: 1, variantId: 2_000_000 },
				{ id: 4242, quantity: 1 },
			],
		})
		expect(status).toBe(200)
		expect(body.lines!.map((l) => (l.available ? l.price : l.message))).toEqual([
			'PC Game Pass has no 7 month option.',
			'A custom duration is quoted on WhatsApp: choose a listed duration to pay online.',
			'Xbox Gift Card has no such option.',
			'Product 4242 is not in our catalogue.',
		])
	})

	it('refuses bad input with a sentence and a 4xx, never a 500', async () => {
		const cases: [string, unknown, number, string | RegExp][] = [
			['not JSON', 'lines=1', 400, 'The request body is not valid JSON.'],
			['no lines', {}, 400, 'Send the cart as { "lines": [ … ] }.'],
			['lines not a list', { lines: 'all' }, 400, 'Send the cart as { "lines": [ … ] }.'],
			['an empty cart', { lines: [] }, 400, 'Send at least one cart line.'],
			['a quantity of 0', { lines: [{ ...tenDollars, quantity: 0 }] }, 400, 'Line 1: Quantity must be at least 1'],
			['a product id that is no id', { lines: [tenDollars, { id: 'abc', quantity: 1 }] }, 400, 'Line 2: Unknown product'],
			['an id past the integer range', { lines: [{ id: 99_999_999_999, quantity: 1 }] }, 400, 'Line 1: Unknown product'],
			['a NUL in an option', { lines: [{ ...tenDollars, selectedDenomination: { label: '$10\u0000' } }] }, 400, NUL_MESSAGE],
			['51 lines', { lines: Array.from({ length: 51 }, () => tenDollars) }, 400, 'At most 50 cart lines at once.'],
		]
		for (const [name, body, status, error] of cases) {
			const answer = await ask(body)
			expect(answer.status, name).toBe(status)
			expect(answer.body.error, name).toEqual(typeof error === 'string' ? error : expect.stringMatching(error))
		}
		const form = await ask('lines=1', { headers: { 'Content-Type': 'application/x-www-form-urlencoded' } })
		expect(form.status).toBe(415)
		expect(form.body.error).toMatch(/JSON/)
		const huge = await ask({ lines: [{ ...tenDollars, note: 'x'.repeat(40_000) }] })
		expect(huge.status).toBe(413)
		const get = await fetch(`${shop.url}/api/cart/prices`)
		expect(get.status).toBe(405)
		expect(((await get.json()) as Answer).error).toBe('This address only answers POST requests.')
	})

	it('prices 50 lines, as many as an order holds', async () => {
		const { status, body } = await ask({ lines: Array.from({ length: 50 }, () => tenDollars) })
		expect(status).toBe(200)
		expect(body.lines).toHaveLength(50)
	})
})
