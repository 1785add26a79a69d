import { db } from '~/db/client.server'
import { checkoutRequest } from '~/domain/orders/checkout-input'
import { invalidInput, topName } from '~/utils/field-errors'
import { startPayproPayment } from '~/domain/payments/start-paypro-payment.server'
import { payproClient } from '~/integrations/paypro/paypro.server'
import { errorResponse, onlyMethods, readJson } from '~/http/http.server'
import { placeOrder } from '~/http/place-order.server'
import { discountOf } from '~/domain/coupons/coupon'
import { langOfBody } from '~/http/body-lang'
import type { Lang } from '~/i18n/lang'
import { localePath } from '~/i18n/lang'
import { orderPagePath } from '~/domain/buyers/next-path'
import type { Route } from './+types/checkout'
import { isPaid } from '~/domain/orders/order-facts'
import { amountDue } from '~/domain/orders/amount-due'

// §7 call 5 (POST /.netlify/functions/paypro-order, also /api/checkout): the server creates and
// prices the order, then PayPro's hosted page; the answer keeps the spec's status/message/paymentUrl/error.
// A refusal names its fields (fieldErrors, one message each) so the page can mark them, in the
// language the body names (`lang`: 'en' or 'ur'; the field names stay the spec's).
export async function action({ request, context }: Route.ActionArgs) {
	if (request.method !== 'POST') return Response.json({ error: 'Method not allowed' }, { status: 405 })
	let orderNumber: string | undefined
	let lang: Lang = 'en'
	try {
		const body = await readJson(request, { limit: 64 * 1024 })
		lang = langOfBody(body)
		const parsed = checkoutRequest.safeParse(body)
		if (!parsed.success) throw invalidInput(parsed.error, { name: topName, root: '' })
		const { order, setCookie } = await placeOrder(request, context.clientIp, parsed.data)
		orderNumber = order.orderNumber
		const headers = new Headers({ 'Set-Cookie': setCookie })
		const common = { status: '00', orderNumber: order.orderNumber, totalAmount: order.totalAmount, creditUsed: order.creditUsed, amountDue: amountDue(order), discount: discountOf(order.productDetails), order: { orderNumber: order.orderNumber } }
		// Nothing to pay (a discount took the whole total): settled as it was placed, no payment page; on to the order's own page.
		if (isPaid(order)) {
			return Response.json({ ...common, message: 'Order created: nothing to pay', paymentMethod: order.paymentMethod, settled: true, paymentUrl: localePath(order.lang, orderPagePath(order.orderNumber)) }, { status: 201, headers })
		}
		if (order.paymentMethod === 'manual') {
			return Response.json({ ...common, message: 'Order created: waiting for your transfer', paymentMethod: 'manual' }, { status: 201, headers })
		}
		const paymentUrl = await startPayproPayment(db(), payproClient(), order)
		return Response.json({ ...common, message: 'Order created', paymentMethod: 'paypro', paymentUrl }, { headers })
	} catch (error) {
		return errorResponse(error, 'checkout.failed', { status: '02', ...(orderNumber ? { orderNumber } : {}) }, lang)
	}
}

export const loader = onlyMethods('POST')
