import type { Db } from '../../db/client.server'
import type { OrderLine } from '../../db/schema'
import { getProduct } from '../catalogue/list-products.server'
import type { Denomination, DurationOption, Product } from '../catalogue/types'
import { priceChoice, priceVariant } from '../pricing/price-of'
import type { AccountType } from '../pricing/product-options'
import type { Order } from './order'
import { lineOption, type OptionFacts } from '../catalogue/option-parts'
import { words, type Words } from '../../i18n/words'

export type RenewalOffer =
	| {
			ok: true
			product: Product
			selectedDuration: DurationOption | null
			selectedDenomination: Denomination | null
			selectedAccountType: AccountType | null
			/** Today's price of the option (checkout asks the server again, and the server charges its own). */
			price: number
			/** The option renewed, said in the page's language (i18n/option-label.ts); null without one. */
			option: OptionFacts | null
	  }
	| { ok: false; productId: number; productName: string; message: Words }

const NO_LONGER_SOLD = (name: string) => words('order.renew.goneOption', { name })

/**
 * What renewing line `lineIndex` of the order buys today: the same product and option, at today's
 * price. The option is found by its variant; lines from before variants by months, value and
 * account type through the price rule. A product or option no longer sold says so.
 */
export async function renewalOffer(db: Db, order: Order, lineIndex: number): Promise<RenewalOffer | null> {
	const line: OrderLine | undefined = order.productDetails[lineIndex]
	if (!line) return null
	const product = await getProduct(db, line.id)
	if (!product) return { ok: false, productId: line.id, productName: line.name, message: words('order.renew.gone', { name: line.name }) }

	const priced = line.variantId
		? priceVariant(product, line.variantId)
		: priceChoice(product, {
				duration: line.selectedDuration ? { months: line.selectedDuration.months, label: line.selectedDuration.label } : null,
				denomination: line.selectedDenomination ? { value: line.selectedDenomination.value, label: line.selectedDenomination.label } : null,
				accountType: line.selectedAccountType ?? null,
			})
	if ('problem' in priced) return { ok: false, productId: product.id, productName: product.name, message: NO_LONGER_SOLD(product.name) }
	return {
		ok: true,
		product,
		selectedDuration: priced.duration,
		selectedDenomination: priced.denomination,
		selectedAccountType: priced.accountType,
		price: priced.price,
		option: lineOption({ selectedDuration: priced.duration, selectedDenomination: priced.denomination, selectedAccountType: priced.accountType }),
	}
}
