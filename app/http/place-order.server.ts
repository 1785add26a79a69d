import crypto from 'node:crypto'
import { db } from '~/db/client.server'
import { BLOCKED_CHECKOUT_MESSAGE } from '~/domain/buyers/blocklist'
import { refuseBlockedBuyer } from '~/domain/buyers/blocklist.server'
import { checkoutKeySchema, type CheckoutRequest } from '~/domain/orders/checkout-input'
import { createOrder } from '~/domain/orders/create-order.server'
import type { Order } from '~/domain/orders/order'
import { findOrder } from '~/domain/orders/find-order.server'
import { hitRateLimit } from '~/domain/rate-limit.server'
import { AppError } from '~/utils/app-error'
import { env } from '~/utils/env.server'
import { cookiesAreSecure } from './http.server'
import { accessCookie, canSeeEverything } from './order-access.server'

// Placing an order from a checkout, the same for the scripted call (/api/checkout) and the page's
// own form (/checkout without scripts): rate limit, the blocklist, the renewal link, the order, its access cookie.

/** The body's checkoutKey, else an Idempotency-Key header; a call with neither (the spec's own) creates one order. */
function checkoutKeyOf(request: Request, fromBody: string | undefined): string {
	if (fromBody) return fromBody
	const header = request.headers.get('idempotency-key')
	if (header === null) return crypto.randomUUID()
	const parsed = checkoutKeySchema.safeParse(header.trim())
	if (!parsed.success) throw new AppError('BAD_REQUEST', 'errors.idempotencyKey')
	return parsed.data
}

/** The renewed order's id, when the buyer may see that order (else no link: a stranger links nothing). */
async function renewedOrderId(request: Request, orderNumber: string | undefined): Promise<number | null> {
	if (!orderNumber) return null
	const renewed = await findOrder(db(), { internalOrderId: orderNumber })
	return renewed && (await canSeeEverything(renewed, request)) ? renewed.id : null
}

export async function placeOrder(request: Request, clientIp: string, input: CheckoutRequest): Promise<{ order: Order; setCookie: string }> {
	await hitRateLimit(db(), `checkout:${clientIp}`, {
		limit: env().CHECKOUT_RATE_LIMIT,
		windowSeconds: 600,
		message: 'checkout.tooManyCheckouts',
	})
	await refuseBlockedBuyer(db(), { email: input.customerEmail, phone: input.customerMobile, address: clientIp }, BLOCKED_CHECKOUT_MESSAGE)
	const renewsOrderId = await renewedOrderId(request, input.renewsOrderNumber)
	const { order } = await createOrder(db(), { ...input, checkoutKey: checkoutKeyOf(request, input.checkoutKey), renewsOrderId })
	return { order, setCookie: accessCookie(order.orderNumber, order.accessToken!, { secure: cookiesAreSecure(request) }) }
}
