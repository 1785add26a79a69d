import { db } from '~/db/client.server'
import { staffActor } from '~/domain/staff/audit.server'
import { updateOrderFulfillment } from '~/domain/fulfillment/update-order-fulfillment.server'
import { errorResponse, readJson } from '~/http/http.server'
import { requireStaffApi } from '~/http/staff-auth.server'
import type { Route } from './+types/admin-update-order'

// §7 call 10 (POST /.netlify/functions/admin-update-order, also /api/admin-update-order): staff set
// fulfillment and delivery content. Success: {data: order}; failure: {error} with a 4xx for bad input.
export async function loader() {
	return Response.json({ error: 'Use POST with JSON {orderNumber, updates}.' }, { status: 405, headers: { Allow: 'POST' } })
}

export async function action({ request }: Route.ActionArgs) {
	if (request.method !== 'POST') return Response.json({ error: 'Method not allowed' }, { status: 405, headers: { Allow: 'POST' } })
	const staff = await requireStaffApi(request)
	try {
		const order = await updateOrderFulfillment(db(), staffActor(staff), await readJson(request))
		return Response.json({ data: order }, { headers: { 'Cache-Control': 'no-store' } })
	} catch (error) {
		return errorResponse(error, 'Failed to update fulfillment status')
	}
}
