import { db } from '~/db/client.server'
import type { CheckoutState } from '~/domain/catalogue/buy-now-target'
import type { OptionFacts } from '~/domain/catalogue/option-parts'
import { getProduct } from '~/domain/catalogue/list-products.server'
import { readBuyQuery, readRenewQuery, resolveBuyQuery, type BuyQuestions } from '~/domain/orders/checkout-query'
import { findOrder } from '~/domain/orders/find-order.server'
import { renewalOffer } from '~/domain/orders/renewal-offer.server'
import type { Words } from '~/i18n/words'
import { canSeeEverything } from './order-access.server'

// The checkout line named in the address (see app/domain/orders/checkout-query.ts): read the same
// way by the checkout page and by its form's action, so the order is what the page showed.

export interface Renewal {
	orderNumber: string
	productName: string
	/** The option renewed, said in the page's language (i18n/option-label.ts). */
	option: OptionFacts | null
}

export type CheckoutLineAnswer =
	| { kind: 'none' }
	| { kind: 'line'; state: CheckoutState; renewal: Renewal | null; customer: { name: string; email: string; phone: string } | null }
	| { kind: 'ask'; questions: BuyQuestions }
	| { kind: 'not-sold'; productId: number | null }
	| { kind: 'renewal-not-found' }
	| { kind: 'renewal-not-sold'; productId: number; productName: string; message: Words }

export async function checkoutLineFor(request: Request): Promise<CheckoutLineAnswer> {
	const params = new URL(request.url).searchParams
	const renew = readRenewQuery(params)
	if (renew) {
		const order = await findOrder(db(), { internalOrderId: renew.orderNumber })
		// A stranger learns nothing: the same answer as for an order that does not exist.
		if (!order || !(await canSeeEverything(order, request))) return { kind: 'renewal-not-found' }
		const offer = await renewalOffer(db(), order, renew.line)
		if (!offer) return { kind: 'renewal-not-found' }
		if (!offer.ok) return { kind: 'renewal-not-sold', productId: offer.productId, productName: offer.productName, message: offer.message }
		return {
			kind: 'line',
			state: {
				product: offer.product,
				...(offer.selectedDuration ? { selectedDuration: offer.selectedDuration } : {}),
				...(offer.selectedDenomination ? { selectedDenomination: offer.selectedDenomination } : {}),
				...(offer.selectedAccountType ? { selectedAccountType: offer.selectedAccountType } : {}),
			},
			renewal: { orderNumber: order.orderNumber, productName: offer.product.name, option: offer.option },
			customer: { name: order.customerName ?? '', email: order.customerEmail ?? '', phone: order.customerPhone ?? '' },
		}
	}
	const buy = readBuyQuery(params)
	if (!buy) return { kind: 'none' }
	const resolved = resolveBuyQuery(await getProduct(db(), buy.productId), buy)
	return resolved.kind === 'line' ? { ...resolved, renewal: null, customer: null } : resolved
}
