import { redirect } from 'react-router'
import { z } from 'zod'
import { db } from '~/db/client.server'
import { orderPagePath } from '~/domain/buyers/next-path'
import { findOrder } from '~/domain/orders/find-order.server'
import { readUnitId, revealUnitOf } from '~/domain/orders/reveal-delivery.server'
import { apiFailure, errorResponse, onlyMethods, readJsonOrForm } from '~/http/http.server'
import { orderViewer } from '~/http/order-access.server'
import { unitAnchor } from '~/domain/orders/delivered-units'
import { langOf, localePath } from '~/i18n/lang'
import { AppError } from '~/utils/app-error'
import { typedCode } from '~/utils/digits'
import type { Route } from './+types/order-reveal'

const input = z.object(
	{
		orderNumber: z.string('errors.orderNumberRequired').max(100, 'errors.orderNotFound').transform(typedCode).pipe(z.string().min(1, 'errors.orderNumberRequired')),
		unitId: z.unknown().transform((value, ctx) => readUnitId(value) ?? (ctx.addIssue({ code: 'custom', message: 'errors.revealUnitId' }), z.NEVER)),
		/** The page a form was sent from: it comes back there. */
		from: z.enum(['order-page', 'my-orders']).optional(),
		/** The language of that page (else its address, from the Referer). */
		lang: z.enum(['en', 'ur']).optional().catch(undefined),
	},
	{ error: 'errors.unlockFields' },
)

// Reveal one delivered unit (ADR-050): `POST /api/order/reveal {orderNumber, unitId}` answers the unit in
// full (JSON) to whoever may see the order in full (its token's cookie, or the buyer signed in with its
// email), recording the reveal; anyone else is told the order is not found (404), as the order's API does.
// The order page and My orders post the same as a plain form (no scripts needed) and come back to the unit.
export async function action({ request, context }: Route.ActionArgs) {
	if (request.method !== 'POST') return Response.json({ error: 'Method not allowed' }, { status: 405 })
	const referer = request.headers.get('referer')
	let lang = referer && URL.canParse(referer) ? langOf(new URL(referer).pathname) : 'en'
	try {
		const parsed = input.safeParse(await readJsonOrForm(request, { limit: 2 * 1024 }))
		if (!parsed.success) throw new AppError('BAD_REQUEST', parsed.error.issues[0]!.message)
		const { orderNumber, unitId, from } = parsed.data
		if (parsed.data.lang) lang = parsed.data.lang
		const order = await findOrder(db(), { internalOrderId: orderNumber })
		if (!order || !(await orderViewer(request))(order)) throw new AppError('NOT_FOUND', 'errors.orderNotFound')
		const view = from ?? 'api'
		const revealed = await revealUnitOf(db(), { orderId: order.id, unitId, view, by: { kind: 'buyer' }, client: { address: context.clientIp ?? null, device: request.headers.get('user-agent') } })
		if (from) {
			const page = from === 'my-orders' ? `${localePath(lang, '/my-orders')}?revealed=${encodeURIComponent(order.orderNumber)}` : localePath(lang, orderPagePath(order.orderNumber))
			const back = `${page}#${unitAnchor(order.orderNumber, unitId)}`
			return redirect(back, { status: 303, headers: { 'Cache-Control': 'no-store' } })
		}
		return Response.json(revealed, { headers: { 'Cache-Control': 'no-store' } })
	} catch (error) {
		if (error instanceof AppError) return apiFailure(error, { lang, headers: { 'Cache-Control': 'no-store' } })
		return errorResponse(error, 'order.reveal.failed', {}, lang)
	}
}

export const loader = onlyMethods('POST')
