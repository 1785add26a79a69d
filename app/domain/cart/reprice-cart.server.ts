import { z } from 'zod'
import type { Db, Tx } from '../../db/client.server'
import type { Said } from '../../i18n/words'
import { checkoutLine, type CheckoutLine } from '../orders/checkout-input'
import { orderTotalProblem, priceLine, productsForLines } from '../orders/price-order.server'
import { MAX_PRICED_LINES, type CartPricesAnswer } from './cart-prices'

/** The request: the cart's lines as checkout takes them (what was chosen, never a price). */
export const cartPricesRequest = z.object(
	{
		lines: z
			.array(checkoutLine, { error: 'Send the cart as { "lines": [ … ] }.' })
			.min(1, 'Send at least one cart line.')
			.max(MAX_PRICED_LINES, `At most ${MAX_PRICED_LINES} cart lines at once.`),
	},
	{ error: 'Send the cart as { "lines": [ … ] }.' },
)

/**
 * What each line of a saved cart costs now, by the same reading checkout prices an order with
 * (priceLine): the catalogue's price and option, or why the line can no longer be bought online.
 */
export async function repriceCart(db: Db | Tx, lines: CheckoutLine[]): Promise<CartPricesAnswer<Said>> {
	const byId = await productsForLines(db, lines)
	const prices = lines.map((item): CartPricesAnswer<Said>['lines'][number] => {
		const priced = priceLine(byId.get(item.id), item)
		return priced.ok
			? { available: true, price: priced.line.price, variantId: priced.line.variantId ?? null, termsPage: byId.get(item.id)?.termsPage ?? null }
			: { available: false, message: priced.message }
	})
	// The cart's total against the order cap, as checkout will count it (a cart past it cannot be paid).
	const total = prices.reduce((sum, p, i) => sum + (p.available ? p.price * lines[i]!.quantity : 0), 0)
	return { lines: prices, orderProblem: orderTotalProblem(total) }
}
