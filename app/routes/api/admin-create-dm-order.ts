import { db } from '~/db/client.server'
import { createDmOrder } from '~/domain/orders/create-dm-order.server'
import { dmOrderRequest } from '~/domain/orders/dm-order-input'
import { orderLink } from '~/domain/orders/order-token.server'
import { scopeRefusal } from '~/domain/staff/api-key-scopes'
import { verifyApiKey } from '~/domain/staff/api-keys.server'
import { AppError } from '~/utils/app-error'
import { logger } from '~/utils/logger.server'
import { absoluteUrl } from '~/utils/origin.server'
import type { Route } from './+types/admin-create-dm-order'
import { onlyMethods, readJson } from '~/http/http.server'

// §7 call 11 (POST /.netlify/functions/admin-create-dm-order, also /api/admin-create-dm-order):
// X-ADMIN-KEY is checked against the hashed API keys (product decision 6); the answer is {trackUrl}.
// Errors are plain text: the spec's page shows the raw response text.
const text = (body: string, status: number) => new Response(body, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' } })

export async function action({ request }: Route.ActionArgs) {
	if (request.method !== 'POST') return text('Method not allowed', 405)
	const key = await verifyApiKey(db(), request.headers.get('x-admin-key'))
	if (!key) return text('Unauthorized: invalid or missing X-ADMIN-KEY', 401)
	if (!key.scopes.includes('dm-orders')) return text(scopeRefusal('dm-orders'), 403)
	try {
		const parsed = dmOrderRequest.safeParse(await readJson(request, { limit: 32 * 1024 }))
		if (!parsed.success) throw new AppError('BAD_REQUEST', parsed.error.issues[0]!.message)
		const order = await createDmOrder(db(), { apiKeyId: key.id, label: `api key: ${key.name}` }, parsed.data)
		return Response.json({ trackUrl: absoluteUrl(orderLink(order)) }, { status: 201, headers: { 'Cache-Control': 'no-store' } })
	} catch (error) {
		if (error instanceof AppError) return text(error.message, error.status)
		logger.error({ err: error }, 'Failed to create DM order')
		return text('Failed to create order', 500)
	}
}

export const loader = onlyMethods('POST')
