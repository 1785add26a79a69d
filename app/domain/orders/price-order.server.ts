import { inArray } from 'drizzle-orm'
import type { Db } from '../../db/client.server'
import { products, type OrderLine } from '../../db/schema'
import { AppError } from '../../utils/app-error'
import type { Product } from '../catalogue/types'
import { linePrice } from '../pricing/line-price'
import { accountTypePrice, denominationsOf, durationsOf, isCustomDenomination, isCustomDuration } from '../pricing/product-options'
import type { CheckoutLine } from './checkout-input'

export interface PricedOrder {
	lines: OrderLine[]
	total: number
}

/**
 * Decision 1: every line is priced from the catalogue. The browser says what was chosen (product,
 * duration, value, account type, quantity); any price it sends is ignored.
 */
export async function priceOrder(db: Db, items: CheckoutLine[]): Promise<PricedOrder> {
	const ids = [...new Set(items.map((i) => i.id))]
	const rows = await db.select().from(products).where(inArray(products.id, ids))
	const byId = new Map(rows.filter((r) => r.active).map((r) => [r.id, r as unknown as Product]))
	const lines = items.map((item) => priceLine(byId.get(item.id), item))
	return { lines, total: lines.reduce((sum, l) => sum + l.price * l.quantity, 0) }
}

function priceLine(product: Product | undefined, item: CheckoutLine): OrderLine {
	if (!product) throw new AppError('BAD_REQUEST', `Product ${item.id} is not in our catalogue.`)

	let duration: OrderLine['selectedDuration'] = null
	if (item.selectedDuration) {
		const wanted = item.selectedDuration
		const options = durationsOf(product) ?? []
		const found = options.find((d) => (wanted.months != null ? d.months === wanted.months : d.label === wanted.label))
		if (!found) throw new AppError('BAD_REQUEST', `${product.name} has no ${wanted.label ?? `${wanted.months} month`} option.`)
		if (isCustomDuration(found)) throw new AppError('BAD_REQUEST', 'A custom duration is quoted on WhatsApp: choose a listed duration to pay online.')
		duration = { label: found.label, price: found.price, months: found.months }
	}

	let denomination: OrderLine['selectedDenomination'] = null
	if (item.selectedDenomination) {
		const wanted = item.selectedDenomination
		const options = denominationsOf(product) ?? []
		const found = options.find((d) => (wanted.value != null ? d.value === wanted.value : d.label === wanted.label))
		if (!found) throw new AppError('BAD_REQUEST', `${product.name} has no ${wanted.label ?? `$${wanted.value}`} value.`)
		if (isCustomDenomination(found)) throw new AppError('BAD_REQUEST', 'A custom gift card value is quoted on WhatsApp: choose a listed value to pay online.')
		denomination = { label: found.label, price: found.price, value: found.value }
	}

	const accountType = item.selectedAccountType ?? null
	const basePrice = (accountType ? accountTypePrice(product, accountType) : null) ?? product.price
	const price = linePrice({ price: basePrice, quantity: item.quantity, selectedDuration: duration, selectedDenomination: denomination })
	if (price <= 0) throw new AppError('BAD_REQUEST', `${product.name} has no price for that choice.`)

	return {
		id: product.id,
		name: product.name,
		image: product.image,
		price,
		originalPrice: product.originalPrice,
		quantity: item.quantity,
		selectedDuration: duration,
		selectedDenomination: denomination,
		selectedAccountType: accountType,
		code: null,
	}
}
