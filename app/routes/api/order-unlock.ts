import { z } from 'zod'
import { db } from '~/db/client.server'
import { findOrder } from '~/domain/orders/find-order.server'
import { accessCookie } from '~/http/order-access.server'
import { unlockOrderByEmail } from '~/domain/orders/unlock-order.server'
import { AppError } from '~/utils/app-error'
import { cookiesAreSecure, errorResponse, onlyMethods, readJsonOrForm } from '~/http/http.server'
import type { Route } from './+types/order-unlock'

const input = z.object({
	orderNumber: z.string().trim().min(1, 'Order number is required').max(100),
	email: z.string().trim().min(1, 'Please enter the email address you used at checkout.').max(200),
})

// Decision 3: the buyer unlocks contact details and deliverables with the checkout email.
export async function action({ request, context }: Route.ActionArgs) {
	if (request.method !== 'POST') return Response.json({ error: 'Method not allowed' }, { status: 405 })
	try {
		const raw = await readJsonOrForm(request, { limit: 4 * 1024 })
		const parsed = input.safeParse(raw)
		if (!parsed.success) throw new AppError('BAD_REQUEST', parsed.error.issues[0]!.message)
		const order = await findOrder(db(), { internalOrderId: parsed.data.orderNumber })
		if (!order) throw new AppError('NOT_FOUND', 'Order not found')
		const token = await unlockOrderByEmail(db(), order, parsed.data.email, { clientIp: context.clientIp })
		return Response.json({ ok: true }, { headers: { 'Set-Cookie': accessCookie(order.orderNumber, token, { secure: cookiesAreSecure(request) }) } })
	} catch (error) {
		return errorResponse(error, 'Could not unlock the order')
	}
}

export const loader = onlyMethods('POST')
