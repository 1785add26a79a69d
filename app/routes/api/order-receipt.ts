import { redirect } from 'react-router'
import { db } from '~/db/client.server'
import { orderPagePath } from '~/domain/buyers/next-path'
import { findOrder } from '~/domain/orders/find-order.server'
import { specPaymentStatus } from '~/domain/orders/status'
import { canSeeEverything } from '~/http/order-access.server'
import { attachReceipt, uploadLimits } from '~/domain/payments/attach-receipt.server'
import { RECEIPT_DAILY_LIMIT, RECEIPT_FAILED, RECEIPT_MAX_BYTES, RECEIPT_MISSING, RECEIPT_NOT_IMAGE, RECEIPT_STORE_FULL, RECEIPT_TOO_LARGE, isOrderNumberShaped, RECEIPT_RESULTS, type ReceiptResult } from '~/domain/payments/receipt-rules'
import { shopFileStore } from '~/domain/files/file-store.server'
import { AppError } from '~/utils/app-error'
import { cookiesAreSecure, errorResponse, onlyMethods } from '~/http/http.server'
import { forgetTyped, keepTyped } from '~/http/typed-back.server'
import { withUploadedFile } from '~/http/upload.server'
import type { Lang } from '~/i18n/lang'
import type { Route } from './+types/order-receipt'

/** A form posted by a browser without scripts wants a page back, not JSON. */
const wantsPage = (request: Request) => (request.headers.get('accept') ?? '').includes('text/html')

function resultOf(error: unknown): ReceiptResult {
	if (!(error instanceof AppError)) return 'failed'
	const transferResult = (Object.keys(RECEIPT_RESULTS) as ReceiptResult[]).find((result) => result.startsWith('tid-') || result.startsWith('payer-') ? RECEIPT_RESULTS[result] === error.key : false)
	if (transferResult) return transferResult
	if (error.code === 'TOO_LARGE') return 'too-large'
	if (error.code === 'NOT_FOUND') return 'no-access'
	if (error.code === 'CONFLICT') return 'not-waiting'
	if (error.key === RECEIPT_NOT_IMAGE) return 'not-image'
	if (error.key === RECEIPT_MISSING) return 'missing'
	if (error.key === RECEIPT_DAILY_LIMIT) return 'daily-limit'
	if (error.key === RECEIPT_STORE_FULL) return 'full'
	return 'failed'
}

// Manual transfer: the buyer's receipt image for their own order (the order's cookie or the buyer's
// session proves it). The order page posts it with scripts (JSON back) or as a plain form (back to the page).
export async function action({ request, params, context }: Route.ActionArgs) {
	const page = wantsPage(request) && isOrderNumberShaped(params.orderNumber)
	// Refusals are said in the order's language once the order is known (ADR-037).
	let lang: Lang = 'en'
	// What the buyer typed, kept for the page a refusal sends them back to (never the file).
	let typed: Record<string, string | undefined> | null = null
	try {
		if (request.method !== 'POST') throw new AppError('METHOD_NOT_ALLOWED', 'Method not allowed')
		if (!isOrderNumberShaped(params.orderNumber)) throw new AppError('BAD_REQUEST', 'errors.notOrderNumber')
		const order = await findOrder(db(), { internalOrderId: params.orderNumber })
		if (!order || !(await canSeeEverything(order, request))) throw new AppError('NOT_FOUND', 'errors.orderNotFound')
		lang = order.lang
		// Streamed into the file store as it arrives: never the whole file in this process's memory. The
		// transaction ID and the payer are fields sent before the file (the form puts them first).
		const updated = await withUploadedFile(request, { field: 'receipt', maxFileBytes: RECEIPT_MAX_BYTES, tooLarge: RECEIPT_TOO_LARGE, missing: RECEIPT_MISSING }, (file, fields) => {
			typed = { transactionId: fields.transactionId, payerAccount: fields.payerAccount }
			return attachReceipt(db(), shopFileStore(db()), order, file, { uploader: context.clientIp, limits: uploadLimits(), transfer: { transactionId: fields.transactionId, payerAccount: fields.payerAccount } })
		})
		if (page) return redirect(`${orderPagePath(updated.orderNumber)}&receipt=uploaded`, { status: 303, headers: { 'Set-Cookie': forgetTyped({ secure: cookiesAreSecure(request) }) } })
		return Response.json({ ok: true, orderNumber: updated.orderNumber, status: specPaymentStatus(updated.paymentStatus) })
	} catch (error) {
		if (page && !(error instanceof AppError && error.code === 'METHOD_NOT_ALLOWED')) {
			const answer = errorResponse(error, RECEIPT_FAILED)
			const headers = new Headers(answer.headers.get('connection') ? { Connection: 'close' } : undefined)
			if (typed) headers.set('Set-Cookie', keepTyped('receipt', params.orderNumber, typed, { secure: cookiesAreSecure(request) }))
			return redirect(`${orderPagePath(params.orderNumber)}&receipt=${resultOf(error)}`, { status: 303, headers })
		}
		// The upload may be refused before its body was read: the connection is not kept for the rest.
		return errorResponse(error, RECEIPT_FAILED, {}, lang)
	}
}

export const loader = onlyMethods('POST')
