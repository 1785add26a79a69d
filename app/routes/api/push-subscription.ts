import { db } from '~/db/client.server'
import { findOrder } from '~/domain/orders/find-order.server'
import { buyerOwner, orderOwner, pushSubscriptionInput, pushUnsubscribeInput } from '~/domain/push/push-input'
import { removePushSubscription, savePushSubscription } from '~/domain/push/push-subscriptions.server'
import { currentBuyer } from '~/http/buyer-session.server'
import { errorResponse, onlyMethods, readJson } from '~/http/http.server'
import { canSeeEverything } from '~/http/order-access.server'
import { AppError } from '~/utils/app-error'
import { env } from '~/utils/env.server'
import type { Route } from './+types/push-subscription'

// "Notify me on this phone": POST keeps the browser's push subscription for an order (whoever may
// see the order in full, as its page decides) or, without an order, for the signed-in buyer's
// address; DELETE turns it off. JSON only, a few KB at most.

const NOT_SIGNED_IN = 'Sign in on My orders first, or turn notifications on from the order’s own page.'

/** Who the subscription is for: the order (its token holder or its signed-in buyer), else the signed-in buyer. */
async function ownerFor(request: Request, orderNumber: string | undefined): Promise<{ owner: string; sessionHash: string | null }> {
	if (orderNumber) {
		const order = await findOrder(db(), { internalOrderId: orderNumber })
		if (!order || !(await canSeeEverything(order, request))) throw new AppError('NOT_FOUND', 'Order not found')
		return { owner: orderOwner(order.orderNumber), sessionHash: null }
	}
	const buyer = await currentBuyer(request)
	if (!buyer) throw new AppError('UNAUTHORIZED', NOT_SIGNED_IN)
	return { owner: buyerOwner(buyer.email), sessionHash: buyer.idHash }
}

export async function action({ request }: Route.ActionArgs) {
	try {
		// The test settings' local push service, if any (never outside NODE_ENV=test).
		const testService = env().PUSH_TEST_SERVICE_ORIGIN
		if (request.method === 'POST') {
			const parsed = pushSubscriptionInput(testService).safeParse(await readJson(request, { limit: 4 * 1024 }))
			if (!parsed.success) throw new AppError('BAD_REQUEST', parsed.error.issues[0]!.message)
			const { owner, sessionHash } = await ownerFor(request, parsed.data.orderNumber)
			await savePushSubscription(db(), owner, parsed.data.subscription, { sessionHash })
			return Response.json({ ok: true }, { status: 201 })
		}
		if (request.method === 'DELETE') {
			const parsed = pushUnsubscribeInput(testService).safeParse(await readJson(request, { limit: 2 * 1024 }))
			if (!parsed.success) throw new AppError('BAD_REQUEST', parsed.error.issues[0]!.message)
			const { owner } = await ownerFor(request, parsed.data.orderNumber)
			const removed = await removePushSubscription(db(), owner, parsed.data.endpoint)
			return Response.json({ ok: true, removed })
		}
		throw new AppError('METHOD_NOT_ALLOWED', 'This address only answers POST or DELETE requests.')
	} catch (error) {
		return errorResponse(error, 'Could not change notifications for this phone')
	}
}

export const loader = onlyMethods('POST', 'DELETE')
