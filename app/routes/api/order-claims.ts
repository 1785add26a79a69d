import { redirect } from 'react-router'
import { db } from '~/db/client.server'
import { orderPagePath } from '~/domain/buyers/next-path'
import { CLAIM_TEXT_MAX, claimPagePath, claimResultOf } from '~/domain/claims/claim-rules'
import { openClaim } from '~/domain/claims/claims.server'
import { shopFileStore } from '~/domain/files/file-store.server'
import { findOrder } from '~/domain/orders/find-order.server'
import { uploadLimits } from '~/domain/payments/attach-receipt.server'
import { RECEIPT_MAX_BYTES, isOrderNumberShaped } from '~/domain/payments/receipt-rules'
import { cookiesAreSecure, errorResponse, onlyMethods } from '~/http/http.server'
import { claimTypedFor, forgetTyped, keepTyped } from '~/http/typed-back.server'
import { canSeeEverything } from '~/http/order-access.server'
import { withUploadedFile } from '~/http/upload.server'
import { isLang, localePath, type Lang } from '~/i18n/lang'
import { words } from '~/i18n/words'
import { AppError } from '~/utils/app-error'
import { parseId } from '~/utils/input'
import type { Route } from './+types/order-claims'

/** A form posted by a browser without scripts wants a page back, not JSON. */
const wantsPage = (request: Request) => (request.headers.get('accept') ?? '').includes('text/html')

// POST /api/order/claims (multipart: orderNumber, unitId, text, then the screenshot): the buyer's claim
// that a delivered unit does not work (ADR-052), for their own order (its cookie or the buyer's session,
// as the order page). The claim page posts it as a plain form (back to a page) or a client may post it
// for JSON. A unit claimed already answers with its claim (200), never a second one.
export async function action({ request, context }: Route.ActionArgs) {
	const page = wantsPage(request)
	let lang: Lang = 'en'
	let asked: { orderNumber: string; unitId: number } | null = null
	// The claim's text as typed, kept for the claim page a refusal sends the buyer back to (never the screenshot).
	let typed: string | undefined
	try {
		if (request.method !== 'POST') throw new AppError('METHOD_NOT_ALLOWED', 'Method not allowed')
		const claim = await withUploadedFile(
			request,
			{ field: 'screenshot', maxFileBytes: RECEIPT_MAX_BYTES, tooLarge: 'claims.error.tooLarge', missing: 'claims.error.missing', fieldBytes: CLAIM_TEXT_MAX * 4 + 16, fieldTooLong: words('claims.error.textLong', { max: CLAIM_TEXT_MAX }) },
			async (file, fields) => {
				if (fields.lang && isLang(fields.lang)) lang = fields.lang
				typed = fields.text
				const orderNumber = fields.orderNumber ?? ''
				if (!isOrderNumberShaped(orderNumber)) throw new AppError('BAD_REQUEST', 'errors.notOrderNumber')
				const unitId = parseId(fields.unitId)
				if (unitId === null) throw new AppError('NOT_FOUND', 'claims.error.unitNotFound')
				asked = { orderNumber, unitId }
				const order = await findOrder(db(), { internalOrderId: orderNumber })
				if (!order || !(await canSeeEverything(order, request))) throw new AppError('NOT_FOUND', 'errors.orderNotFound')
				return { orderNumber: order.orderNumber, ...(await openClaim(db(), shopFileStore(db()), order, file, { unitId, text: fields.text ?? '', uploader: context.clientIp, limits: uploadLimits() })) }
			},
		)
		if (page) return redirect(`${localePath(lang, orderPagePath(claim.orderNumber))}&claim=${claim.created ? 'sent' : 'already'}`, { status: 303, headers: { 'Set-Cookie': forgetTyped({ secure: cookiesAreSecure(request) }) } })
		return Response.json({ ok: true, claim: { id: claim.id, status: claim.status, answer: claim.answer, created: claim.created } }, { status: claim.created ? 201 : 200 })
	} catch (error) {
		const back = asked as { orderNumber: string; unitId: number } | null
		if (page && back && !(error instanceof AppError && error.code === 'METHOD_NOT_ALLOWED')) {
			const result = error instanceof AppError ? claimResultOf(error.key) : 'failed'
			if (!(error instanceof AppError)) errorResponse(error, 'claims.error.failed')
			const headers = typed ? { 'Set-Cookie': keepTyped('claim', claimTypedFor(back.orderNumber, back.unitId), { text: typed }, { secure: cookiesAreSecure(request) }) } : undefined
			return redirect(`${localePath(lang, claimPagePath(back.orderNumber, back.unitId))}&result=${result}`, { status: 303, headers })
		}
		return errorResponse(error, 'claims.error.failed', {}, lang)
	}
}

export const loader = onlyMethods('POST')
