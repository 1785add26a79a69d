import { redirect } from 'react-router'
import { db } from '~/db/client.server'
import { orderPagePath } from '~/domain/buyers/next-path'
import { returnInput } from '~/domain/credit/returns'
import { returnUnit } from '~/domain/credit/return-unit.server'
import { findOrder } from '~/domain/orders/find-order.server'
import { isOrderNumberShaped } from '~/domain/payments/receipt-rules'
import { canSeeEverything } from '~/http/order-access.server'
import { errorResponse, onlyMethods, readJsonOrForm } from '~/http/http.server'
import { localePath, type Lang } from '~/i18n/lang'
import { AppError } from '~/utils/app-error'
import type { Route } from './+types/order-return'

// A buyer returns a code they never opened for store credit (ADR-051): `{ orderNumber, unitId }` (the
// unit's stock_assignments id). Only whoever may see the order in full may (its cookie, or the buyer
// signed in with its email). A plain form (no scripts) goes back to the order page, saying how it went.
export async function action({ request }: Route.ActionArgs) {
	const fromForm = !(request.headers.get('content-type') ?? '').includes('json')
	let lang: Lang = 'en'
	let orderNumber: string | null = null
	try {
		if (request.method !== 'POST') throw new AppError('METHOD_NOT_ALLOWED', 'errors.onlyPost')
		const parsed = returnInput.safeParse(await readJsonOrForm(request, { limit: 4 * 1024 }))
		if (!parsed.success) throw new AppError('BAD_REQUEST', parsed.error.issues[0]!.message)
		if (!isOrderNumberShaped(parsed.data.orderNumber)) throw new AppError('BAD_REQUEST', 'errors.notOrderNumber')
		const order = await findOrder(db(), { internalOrderId: parsed.data.orderNumber })
		if (!order || !(await canSeeEverything(order, request))) throw new AppError('NOT_FOUND', 'errors.orderNotFound')
		lang = order.lang
		orderNumber = order.orderNumber
		const done = await returnUnit(db(), order.orderNumber, parsed.data.unitId)
		if (fromForm) return redirect(`${localePath(lang, orderPagePath(order.orderNumber))}&returned=${done.amount}#store-credit-return`, { status: 303 })
		return Response.json({ ok: true, orderNumber: done.orderNumber, unitId: parsed.data.unitId, creditAdded: done.amount, paymentStatus: done.paymentStatus, refundedAmount: done.refundedAmount })
	} catch (error) {
		if (fromForm && orderNumber && error instanceof AppError && error.code !== 'METHOD_NOT_ALLOWED') {
			return redirect(`${localePath(lang, orderPagePath(orderNumber))}&returnFailed=1#store-credit-return`, { status: 303 })
		}
		return errorResponse(error, 'order.return.failed', {}, lang)
	}
}

export const loader = onlyMethods('POST')
