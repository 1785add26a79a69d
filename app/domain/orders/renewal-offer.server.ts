import type { Db } from '../../db/client.server'
import type { OrderLine } from '../../db/schema'
import { getProduct } from '../catalogue/list-products.server'
import type { Denomination, DurationOption, Product } from '../catalogue/types'
import { choiceOfVariant, priceChoice, type Choice } from '../pricing/price-of'
import type { AccountType } from '../pricing/product-options'
import type { Order } from './order'
import { accountTypeLabel } from '../pricing/account-type-label'
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
			optionLabel: string
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

	let choice: Choice
	if (line.variantId) {
		const ofVariant = choiceOfVariant(product, line.variantId)
		if (!ofVariant) return { ok: false, productId: product.id, productName: product.name, message: NO_LONGER_SOLD(product.name) }
		choice = { ...ofVariant, accountType: ofVariant.accountType ?? line.selectedAccountType ?? null }
	} else {
		choice = {
			duration: line.selectedDuration ? { months: line.selectedDuration.months, label: line.selectedDuration.label } : null,
			denomination: line.selectedDenomination ? { value: line.selectedDenomination.value, label: line.selectedDenomination.label } : null,
			accountType: line.selectedAccountType ?? null,
		}
	}
	const priced = priceChoice(product, choice)
	if ('problem' in priced || priced.price <= 0) return { ok: false, productId: product.id, productName: product.name, message: NO_LONGER_SOLD(product.name) }
	const optionLabel = [priced.duration?.label ?? priced.denomination?.label, accountTypeLabel(priced.accountType)]
		.filter(Boolean)
		.join(' · ')
	return {
		ok: true,
		product,
		selectedDuration: priced.duration,
		selectedDenomination: priced.denomination,
		selectedAccountType: priced.accountType,
		price: priced.price,
		optionLabel,
	}
}
