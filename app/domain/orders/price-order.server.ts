import type { Db, Tx } from '../../db/client.server'
import type { OrderLine } from '../../db/schema'
import { words, type Words } from '../../i18n/words'
import { AppError } from '../../utils/app-error'
import { formatRs, MAX_ORDER_TOTAL } from '../../utils/money'
import { getProducts, productsForSale } from '../catalogue/list-products.server'
import type { Product } from '../catalogue/types'
import { priceChoice, priceVariant, type ChoiceProblem } from '../pricing/price-of'
import type { CheckoutLine } from './checkout-input'
import { suppliedUnits } from '../suppliers/supplier-availability.server'

export interface PricedOrder {
	lines: OrderLine[]
	total: number
}

/** One line as the catalogue sells it now, or the words saying why it cannot be bought online. */
export type LinePricing = { ok: true; line: OrderLine } | { ok: false; message: Words }

/** The visible products these lines name, each read once. */
export const productsForLines = (db: Db | Tx, items: Pick<CheckoutLine, 'id'>[]) =>
	getProducts(
		db,
		items.map((i) => i.id),
	)

/**
 * Product decision 1: every line is priced from the catalogue. The browser says what was chosen (product,
 * duration, value, account type, quantity); any price it sends is ignored.
 */
export async function priceOrder(db: Db | Tx, items: CheckoutLine[]): Promise<PricedOrder> {
	// A 'stock_only' product's option with no stock left is not sold (issue: stock import and management).
	const { products: byId, soldOut } = await productsForSale(
		db,
		items.map((i) => i.id),
	)
	// Out of stock, but a supplier of the option has it: sold, and bought at payment (ADR-053).
	if (soldOut.size) for (const [variantId, units] of await suppliedUnits(db, [...soldOut])) if (units > 0) soldOut.delete(variantId)
	const lines = items.map((item) => {
		const priced = priceLine(byId.get(item.id), item, soldOut)
		if (!priced.ok) throw new AppError('BAD_REQUEST', priced.message)
		return priced.line
	})
	const total = lines.reduce((sum, l) => sum + l.price * l.quantity, 0)
	const tooLarge = orderTotalProblem(total)
	if (tooLarge) throw new AppError('BAD_REQUEST', tooLarge)
	return { lines, total }
}

/** Why lines coming to `total` (before any discount) cannot be one order, or null: past the cap no order, payment or column holds it. */
export function orderTotalProblem(total: number): Words | null {
	return total > MAX_ORDER_TOTAL ? words('checkout.orderTooLarge', { max: formatRs(MAX_ORDER_TOTAL), total: formatRs(total) }) : null
}

/**
 * The one reading of a line against the catalogue, for checkout (which refuses the order on a
 * problem) and the cart's re-pricing (which marks the line): `product` is the visible product the
 * line names, undefined when it is hidden or gone.
 */
export function priceLine(product: Product | undefined, item: CheckoutLine, soldOut?: ReadonlySet<number>): LinePricing {
	if (!product) return { ok: false, message: words('checkout.notInCatalogue', { id: item.id }) }

	// ADR-040: a line names its variant; a line without one (the spec's API, a cart saved before variants) is read to one here, once.
	const priced =
		item.variantId != null
			? priceVariant(product, item.variantId)
			: priceChoice(product, { duration: item.selectedDuration, denomination: item.selectedDenomination, accountType: item.selectedAccountType })
	if ('problem' in priced) return { ok: false, message: problemMessage(product, priced) }

	const { duration, denomination, accountType, price, variantId } = priced
	if (soldOut?.has(variantId)) {
		const option = product.variants.find((v) => v.id === variantId)?.label ?? duration?.label ?? denomination?.label ?? accountType
		return { ok: false, message: option ? words('checkout.optionOutOfStock', { product: product.name, option }) : words('checkout.outOfStock', { product: product.name }) }
	}
	return {
		ok: true,
		line: {
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
		},
	}
}

function problemMessage(product: Product, priced: ChoiceProblem): Words {
	switch (priced.problem) {
		case 'unknown-duration':
			return words('checkout.noSuchDuration', { product: product.name, wanted: priced.wanted })
		case 'custom-duration':
			return words('checkout.customDuration')
		case 'unknown-denomination':
			return words('checkout.noSuchValue', { product: product.name, wanted: priced.wanted })
		case 'custom-denomination':
			return words('checkout.customDenomination')
		case 'no-price':
			return words('checkout.noPriceForChoice', { product: product.name })
		case 'unknown-variant':
			return words('checkout.noSuchOption', { product: product.name })
	}
}
