import type { Db, Tx } from '../../db/client.server'
import type { OrderLine } from '../../db/schema'
import { AppError } from '../../utils/app-error'
import { getProducts } from '../catalogue/list-products.server'
import type { Product } from '../catalogue/types'
import { choiceOfVariant, priceChoice, type Choice } from '../pricing/price-of'
import type { CheckoutLine } from './checkout-input'

export interface PricedOrder {
	lines: OrderLine[]
	total: number
}

/**
 * Decision 1: every line is priced from the catalogue. The browser says what was chosen (product,
 * duration, value, account type, quantity); any price it sends is ignored.
 */
export async function priceOrder(db: Db | Tx, items: CheckoutLine[]): Promise<PricedOrder> {
	const byId = await getProducts(
		db,
		items.map((i) => i.id),
	)
	const lines = items.map((item) => priceLine(byId.get(item.id), item))
	return { lines, total: lines.reduce((sum, l) => sum + l.price * l.quantity, 0) }
}

function priceLine(product: Product | undefined, item: CheckoutLine): OrderLine {
	if (!product) throw new AppError('BAD_REQUEST', `Product ${item.id} is not in our catalogue.`)

	let choice: Choice = { duration: item.selectedDuration, denomination: item.selectedDenomination, accountType: item.selectedAccountType }
	if (item.variantId != null) {
		const named = choiceOfVariant(product, item.variantId)
		if (!named) throw new AppError('BAD_REQUEST', `${product.name} has no such option.`)
		choice = named
	}
	const priced = priceChoice(product, choice)
	if ('problem' in priced) {
		switch (priced.problem) {
			case 'unknown-duration':
				throw new AppError('BAD_REQUEST', `${product.name} has no ${priced.wanted} option.`)
			case 'custom-duration':
				throw new AppError('BAD_REQUEST', 'A custom duration is quoted on WhatsApp: choose a listed duration to pay online.')
			case 'unknown-denomination':
				throw new AppError('BAD_REQUEST', `${product.name} has no ${priced.wanted} value.`)
			case 'custom-denomination':
				throw new AppError('BAD_REQUEST', 'A custom gift card value is quoted on WhatsApp: choose a listed value to pay online.')
			case 'no-price':
				throw new AppError('BAD_REQUEST', `${product.name} has no price for that choice.`)
		}
	}

	const { duration, denomination, accountType, price, variantId } = priced
	return {
		id: product.id,
		name: product.name,
		image: product.image,
		price,
		originalPrice: product.originalPrice,
		quantity: item.quantity,
		// The snapshot says what was bought and what that option cost, for this account type.
		selectedDuration: duration ? { label: duration.label, price, months: duration.months } : null,
		selectedDenomination: denomination ? { label: denomination.label, price, value: denomination.value } : null,
		selectedAccountType: accountType,
		variantId,
		code: null,
	}
}
