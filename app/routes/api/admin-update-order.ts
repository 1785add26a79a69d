import { db } from '~/db/client.server'
import { updateOrderFulfillment } from '~/domain/fulfillment/update-order-fulfillment.server'
import { errorResponse, onlyMethods, readJson } from '~/http/http.server'
import { requireAdminActor } from '~/http/admin-api.server'
import type { Route } from './+types/admin-update-order'

// §7 call 10 (POST /.netlify/functions/admin-update-order, also /api/admin-update-order): staff set
// fulfillment and delivery content. Success: {data: order}; failure: {error} with a 4xx for bad input.
export const loader = onlyMethods('POST')

export async function action({ request }: Route.ActionArgs) {
	if (request.method !== 'POST') return onlyMethods('POST')()
	const { actor } = await requireAdminActor(request, { permission: 'staff', scope: 'session-only' })
	try {
		const order = await updateOrderFulfillment(db(), actor, await readJson(request, { limit: 64 * 1024 }))
		return Response.json({ data: order }, { headers: { 'Cache-Control': 'no-store' } })
	} catch (error) {
		return errorResponse(error, 'Failed to update fulfillment status')
	}
}
