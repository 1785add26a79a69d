import crypto from 'node:crypto'
import { db } from '~/db/client.server'
import { checkoutKeySchema, type CheckoutRequest } from '~/domain/orders/checkout-input'
import type { Order } from '~/domain/orders/order'
import { placeOrder as placeOrderFor } from '~/domain/orders/place-order.server'
import { AppError } from '~/utils/app-error'
import { cookiesAreSecure } from './http.server'
import { accessCookie, canSeeEverything } from './order-access.server'
import { currentBuyer } from './buyer-session.server'

// Placing an order from a request, the same for the scripted call (/api/checkout) and the page's own
// form (/checkout without scripts): the checkout key, who the asker may see, the order's access cookie.

/** The body's checkoutKey, else an Idempotency-Key header; a call with neither (the spec's own) creates one order. */
function checkoutKeyOf(request: Request, fromBody: string | undefined): string {
	if (fromBody) return fromBody
	const header = request.headers.get('idempotency-key')
	if (header === null) return crypto.randomUUID()
	const parsed = checkoutKeySchema.safeParse(header.trim())
	if (!parsed.success) throw new AppError('BAD_REQUEST', 'errors.idempotencyKey')
	return parsed.data
}

export async function placeOrder(request: Request, clientIp: string, input: CheckoutRequest): Promise<{ order: Order; setCookie: string }> {
	const checkoutKey = checkoutKeyOf(request, input.checkoutKey)
	// Store credit is spent only for the buyer signed in on this browser (their session), never for an address typed.
	const creditEmail = input.useCredit ? ((await currentBuyer(request))?.email ?? null) : null
	const order = await placeOrderFor(db(), { input, checkoutKey, clientIp, device: request.headers.get('user-agent'), creditEmail, maySee: (renewed) => canSeeEverything(renewed, request) })
	return { order, setCookie: accessCookie(order.orderNumber, order.accessToken!, { secure: cookiesAreSecure(request) }) }
}
