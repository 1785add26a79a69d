import { z } from 'zod'
import { db } from '~/db/client.server'
import { findOrder } from '~/domain/orders/find-order.server'
import { payOrderAgain } from '~/domain/payments/pay-order-again.server'
import { isOrderNumberShaped } from '~/domain/payments/receipt-rules'
import { canSeeEverything } from '~/http/order-access.server'
import { errorResponse, onlyMethods, readJsonOrForm } from '~/http/http.server'
import { payproClient } from '~/integrations/paypro/paypro.server'
import { AppError } from '~/utils/app-error'
import type { Route } from './+types/order-pay-again'

const input = z.object({
	paymentMethod: z.enum(['paypro', 'manual'], { message: 'Choose how to pay: paypro (online) or manual (bank or wallet transfer).' }),
})

// After a failed online payment the buyer pays for the same order again: a new PayPro page
// ("Try again") or a bank or wallet transfer. Only the order's own browser (its cookie) may.
export async function action({ request, params }: Route.ActionArgs) {
	try {
		if (request.method !== 'POST') throw new AppError('METHOD_NOT_ALLOWED', 'This address only answers POST requests.')
		if (!isOrderNumberShaped(params.orderNumber)) throw new AppError('BAD_REQUEST', 'That is not an order number.')
		const parsed = input.safeParse(await readJsonOrForm(request, { limit: 4 * 1024 }))
		if (!parsed.success) throw new AppError('BAD_REQUEST', parsed.error.issues[0]!.message)
		const order = await findOrder(db(), { internalOrderId: params.orderNumber })
		if (!order || !(await canSeeEverything(order, request))) throw new AppError('NOT_FOUND', 'Order not found')
		const { order: updated, paymentUrl } = await payOrderAgain(db(), payproClient(), order, parsed.data.paymentMethod)
		return Response.json({ ok: true, orderNumber: updated.orderNumber, paymentMethod: updated.paymentMethod, totalAmount: updated.totalAmount, paymentUrl })
	} catch (error) {
		return errorResponse(error, 'Could not start a new payment for this order')
	}
}

export const loader = onlyMethods('POST')
