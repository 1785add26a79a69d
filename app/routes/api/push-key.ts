import { db } from '~/db/client.server'
import { ensureVapidKeys } from '~/domain/push/vapid-keys.server'
import { onlyMethods } from '~/http/http.server'
import type { Route } from './+types/push-key'

// The shop's VAPID public key: what a browser subscribes with (applicationServerKey). Public by design.
export async function loader({ request }: Route.LoaderArgs) {
	if (request.method !== 'GET' && request.method !== 'HEAD') return onlyMethods('GET')()
	const { publicKey } = await ensureVapidKeys(db())
	return Response.json({ publicKey }, { headers: { 'Cache-Control': 'public, max-age=3600' } })
}

export const action = onlyMethods('GET')
