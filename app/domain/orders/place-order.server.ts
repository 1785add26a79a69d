import type { Db } from '../../db/client.server'
import { env } from '../../utils/env.server'
import { BLOCKED_CHECKOUT_MESSAGE } from '../buyers/blocklist'
import { refuseBlockedBuyer } from '../buyers/blocklist.server'
import { hitRateLimit } from '../rate-limit.server'
import type { CheckoutRequest } from './checkout-input'
import { createOrder } from './create-order.server'
import { findOrder } from './find-order.server'
import type { Order } from './order'

/** Who places the order, as the checkout knows them. */
export interface Checkout {
	input: CheckoutRequest
	/** The same key for a checkout sent twice: one order. */
	checkoutKey: string
	clientIp: string
	/** The client's user agent, as the request said it: kept as a keyed hash with its address (where the order was placed from, ADR-050). */
	device?: string | null
	/** The signed-in buyer's email (their session), when they asked to use their store credit: only then is any spent (ADR-051). */
	creditEmail?: string | null
	/** Whether the buyer may see an order in full (its token or their signed-in email): only then does a renewal link it. */
	maySee: (order: Order) => boolean | Promise<boolean>
}

/** The refusal's words by key (app/i18n/en/checkout.ts). */
export const TOO_MANY_CHECKOUTS = 'checkout.tooManyCheckouts'

/** The renewed order's id, when the buyer may see that order (else no link: a stranger links nothing). */
async function renewedOrderId(db: Db, orderNumber: string | undefined, maySee: Checkout['maySee']): Promise<number | null> {
	if (!orderNumber) return null
	const renewed = await findOrder(db, { internalOrderId: orderNumber })
	return renewed && (await maySee(renewed)) ? renewed.id : null
}

/**
 * Places an order from a checkout, the same for the scripted call and the page's own form: the
 * connection's rate limit, the blocklist (a neutral sentence), the renewal link, the priced order.
 */
export async function placeOrder(db: Db, { input, checkoutKey, clientIp, device, maySee, creditEmail }: Checkout): Promise<Order> {
	await hitRateLimit(db, `checkout:${clientIp}`, { limit: env().CHECKOUT_RATE_LIMIT, windowSeconds: 600, message: TOO_MANY_CHECKOUTS })
	await refuseBlockedBuyer(db, { email: input.customerEmail, phone: input.customerMobile, address: clientIp }, BLOCKED_CHECKOUT_MESSAGE)
	const renewsOrderId = await renewedOrderId(db, input.renewsOrderNumber, maySee)
	return (await createOrder(db, { ...input, checkoutKey, renewsOrderId, creditEmail: input.useCredit ? creditEmail : null, client: { address: clientIp || null, device: device ?? null } })).order
}
