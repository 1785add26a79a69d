import path from 'node:path'
import { db } from '~/db/client.server'
import { findOrder } from '~/domain/orders/find-order.server'
import { canSeeEverything } from '~/http/order-access.server'
import { attachReceipt } from '~/domain/payments/attach-receipt.server'
import { RECEIPT_MAX_BYTES, RECEIPT_MISSING, RECEIPT_TOO_LARGE, isOrderNumberShaped } from '~/domain/payments/receipt-rules'
import { localStorage } from '~/integrations/storage/local.server'
import { AppError } from '~/utils/app-error'
import { env } from '~/utils/env.server'
import { errorResponse, onlyMethods } from '~/http/http.server'
import { readUploadedFile } from '~/http/upload.server'
import type { Route } from './+types/order-receipt'

// Manual transfer: the buyer's receipt image for their own order (the order's cookie proves it).
export async function action({ request, params }: Route.ActionArgs) {
	try {
		if (request.method !== 'POST') throw new AppError('METHOD_NOT_ALLOWED', 'Method not allowed')
		if (!isOrderNumberShaped(params.orderNumber)) throw new AppError('BAD_REQUEST', 'That is not an order number.')
		const order = await findOrder(db(), { internalOrderId: params.orderNumber })
		if (!order || !(await canSeeEverything(order, request))) throw new AppError('NOT_FOUND', 'Order not found')
		const bytes = await readUploadedFile(request, { field: 'receipt', maxFileBytes: RECEIPT_MAX_BYTES, tooLarge: RECEIPT_TOO_LARGE, missing: RECEIPT_MISSING })
		const updated = await attachReceipt(db(), localStorage(path.resolve(env().DATA_DIR)), order, bytes)
		return Response.json({ ok: true, orderNumber: updated.orderNumber, status: updated.status })
	} catch (error) {
		// The upload may be refused before its body was read: the connection is not kept for the rest.
		return errorResponse(error, 'Could not save your receipt')
	}
}

export const loader = onlyMethods('POST')
