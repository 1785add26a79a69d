import { redirect } from 'react-router'
import { z } from 'zod'
import { db } from '~/db/client.server'
import { orderPagePath } from '~/domain/buyers/next-path'
import { findOrder } from '~/domain/orders/find-order.server'
import { payOrderAgain } from '~/domain/payments/pay-order-again.server'
import { isOrderNumberShaped } from '~/domain/payments/receipt-rules'
import { canSeeEverything } from '~/http/order-access.server'
import { errorResponse, onlyMethods, readJsonOrForm } from '~/http/http.server'
import { payproClient } from '~/integrations/paypro/paypro.server'
import { AppError } from '~/utils/app-error'
import type { Lang } from '~/i18n/lang'
import type { Route } from './+types/order-pay-again'

const input = z.object({
	paymentMethod: z.enum(['paypro', 'manual'], { message: 'errors.payMethod' }),
})

// An unpaid online order (left on PayPro's page, or failed there) is paid again: PayPro's page
// ("Continue to payment", "Try again") or a bank or wallet transfer. Only whoever may see the order
// in full may. A plain form (no scripts) is sent on to PayPro, or back to the order page.
export async function action({ request, params }: Route.ActionArgs) {
	const fromForm = !(request.headers.get('content-type') ?? '').includes('json') && isOrderNumberShaped(params.orderNumber)
	// Refusals are said in the order's language once the order is known (ADR-037).
	let lang: Lang = 'en'
	try {
		if (request.method !== 'POST') throw new AppError('METHOD_NOT_ALLOWED', 'errors.onlyPost')
		if (!isOrderNumberShaped(params.orderNumber)) throw new AppError('BAD_REQUEST', 'errors.notOrderNumber')
		const parsed = input.safeParse(await readJsonOrForm(request, { limit: 4 * 1024 }))
		if (!parsed.success) throw new AppError('BAD_REQUEST', parsed.error.issues[0]!.message)
		const order = await findOrder(db(), { internalOrderId: params.orderNumber })
		if (!order || !(await canSeeEverything(order, request))) throw new AppError('NOT_FOUND', 'errors.orderNotFound')
		lang = order.lang
		const { order: updated, paymentUrl } = await payOrderAgain(db(), payproClient(), order, parsed.data.paymentMethod)
		if (fromForm) return redirect(paymentUrl ?? `${orderPagePath(updated.orderNumber)}#pay-by-transfer`, { status: 303 })
		return Response.json({ ok: true, orderNumber: updated.orderNumber, paymentMethod: updated.paymentMethod, totalAmount: updated.totalAmount, paymentUrl })
	} catch (error) {
		if (fromForm && error instanceof AppError && error.code !== 'METHOD_NOT_ALLOWED') {
			// Already paid (or changed meanwhile): the order page shows where it stands; anything else says it failed.
			return redirect(`${orderPagePath(params.orderNumber)}${error.code === 'CONFLICT' ? '' : '&payAgain=failed'}`, { status: 303 })
		}
		return errorResponse(error, 'order.payAgain.failed', {}, lang)
	}
}

export const loader = onlyMethods('POST')
