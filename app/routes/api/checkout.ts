import { db } from '~/db/client.server'
import crypto from 'node:crypto'
import { checkoutKeySchema, checkoutRequest } from '~/domain/orders/checkout-input'
import { createOrder } from '~/domain/orders/create-order.server'
import { accessCookie } from '~/http/order-access.server'
import { startPayproPayment } from '~/domain/payments/start-paypro-payment.server'
import { hitRateLimit } from '~/domain/rate-limit.server'
import { payproClient } from '~/integrations/paypro/paypro.server'
import { AppError } from '~/utils/app-error'
import { env } from '~/utils/env.server'
import { cookiesAreSecure, errorResponse, onlyMethods, readJson } from '~/http/http.server'
import type { Route } from './+types/checkout'

/** The body's checkoutKey, else an Idempotency-Key header; a call with neither (the spec's own) creates one order. */
function checkoutKeyOf(request: Request, fromBody: string | undefined): string {
	if (fromBody) return fromBody
	const header = request.headers.get('idempotency-key')
	if (header === null) return crypto.randomUUID()
	const parsed = checkoutKeySchema.safeParse(header.trim())
	if (!parsed.success) throw new AppError('BAD_REQUEST', 'Invalid Idempotency-Key: use 16 to 64 letters, digits, "-" or "_".')
	return parsed.data
}

// §7 call 5 (POST /.netlify/functions/paypro-order, also /api/checkout): the server creates and
// prices the order, then PayPro's hosted page; the answer keeps the spec's status/message/paymentUrl/error.
export async function action({ request, context }: Route.ActionArgs) {
	if (request.method !== 'POST') return Response.json({ error: 'Method not allowed' }, { status: 405 })
	let orderNumber: string | undefined
	try {
		const parsed = checkoutRequest.safeParse(await readJson(request, { limit: 64 * 1024 }))
		if (!parsed.success) {
			const fieldErrors = Object.fromEntries(parsed.error.issues.map((i) => [String(i.path[0]), i.message]))
			throw new AppError('BAD_REQUEST', parsed.error.issues[0]!.message, fieldErrors)
		}
		await hitRateLimit(db(), `checkout:${context.clientIp}`, {
			limit: env().CHECKOUT_RATE_LIMIT,
			windowSeconds: 600,
			message: 'Too many checkouts from your connection. Please wait a few minutes and try again.',
		})
		const { order } = await createOrder(db(), { ...parsed.data, checkoutKey: checkoutKeyOf(request, parsed.data.checkoutKey) })
		orderNumber = order.orderNumber
		const headers = new Headers({ 'Set-Cookie': accessCookie(order.orderNumber, order.accessToken!, { secure: cookiesAreSecure(request) }) })
		const common = { status: '00', orderNumber: order.orderNumber, totalAmount: order.totalAmount, order: { orderNumber: order.orderNumber } }
		if (order.paymentMethod === 'manual') {
			return Response.json({ ...common, message: 'Order created: waiting for your transfer', paymentMethod: 'manual' }, { status: 201, headers })
		}
		const paymentUrl = await startPayproPayment(db(), payproClient(), order)
		return Response.json({ ...common, message: 'Order created', paymentMethod: 'paypro', paymentUrl }, { headers })
	} catch (error) {
		return errorResponse(error, 'Failed to create payment order', { status: '02', ...(orderNumber ? { orderNumber } : {}) })
	}
}

export const loader = onlyMethods('POST')
