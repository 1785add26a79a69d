import path from 'node:path'
import { db } from '~/db/client.server'
import { findOrder } from '~/domain/orders/find-order.server'
import { canSeeEverything } from '~/http/order-access.server'
import { attachReceipt } from '~/domain/payments/attach-receipt.server'
import { RECEIPT_MAX_BYTES, RECEIPT_TOO_LARGE } from '~/domain/payments/receipt-rules'
import { localStorage } from '~/integrations/storage/local.server'
import { AppError } from '~/utils/app-error'
import { env } from '~/utils/env.server'
import { errorResponse } from '~/http/http.server'
import type { Route } from './+types/order-receipt'

// Manual transfer: the buyer's receipt image for their own order (the order's cookie proves it).
export async function action({ request, params }: Route.ActionArgs) {
	if (request.method !== 'POST') return Response.json({ error: 'Method not allowed' }, { status: 405 })
	try {
		// Refuse an oversized upload before reading it (multipart adds a little around the file).
		const declared = Number(request.headers.get('content-length') ?? 0)
		if (declared > RECEIPT_MAX_BYTES + 64 * 1024) throw new AppError('TOO_LARGE', RECEIPT_TOO_LARGE)
		const order = await findOrder(db(), { internalOrderId: params.orderNumber })
		if (!order || !canSeeEverything(order, request)) throw new AppError('NOT_FOUND', 'Order not found')
		let form: FormData
		try {
			form = await request.formData()
		} catch {
			throw new AppError('BAD_REQUEST', 'Please upload your payment receipt screenshot first.')
		}
		const file = form.get('receipt')
		if (!(file instanceof File) || file.size === 0) throw new AppError('BAD_REQUEST', 'Please upload your payment receipt screenshot first.')
		if (file.size > RECEIPT_MAX_BYTES) throw new AppError('TOO_LARGE', RECEIPT_TOO_LARGE)
		const store = localStorage(path.resolve(env().DATA_DIR))
		const updated = await attachReceipt(db(), store, order, new Uint8Array(await file.arrayBuffer()))
		return Response.json({ ok: true, orderNumber: updated.orderNumber, status: updated.status })
	} catch (error) {
		return errorResponse(error, 'Could not save your receipt')
	}
}
