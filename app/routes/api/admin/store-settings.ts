import { db } from '~/db/client.server'
import { changeStoreSettingsContract } from '~/http/admin-contracts/store'
import { errorResponse, onlyMethods, readJson } from '~/http/http.server'
import { requireStaffApi } from '~/http/staff-auth.server'
import { parseStoreDetailsPatch } from '~/domain/settings/store-details'
import { readStoreDetails, updateStoreDetails } from '~/domain/settings/store-details.server'
import { staffActor, type Actor } from '~/domain/staff/audit.server'
import { verifyApiKey } from '~/domain/staff/api-keys.server'
import type { Route } from './+types/admin-store-settings'

// GET and PATCH /api/admin/store-settings: the owner's store details (/admin/store) as JSON, for the
// owner's session (same origin) or an X-ADMIN-KEY, which acts for the owner's tools.

const noStore = { 'Cache-Control': 'no-store' }

/** Who asks: an API key when the header is sent (a wrong one is refused, never taken for a session), else the owner's session. */
async function ownerOrApiKey(request: Request): Promise<Actor> {
	const key = request.headers.get('x-admin-key')
	if (key === null) return staffActor(await requireStaffApi(request, { role: 'owner' }))
	const found = await verifyApiKey(db(), key)
	if (!found) throw Response.json({ error: 'Unauthorized: invalid or missing X-ADMIN-KEY' }, { status: 401, headers: noStore })
	return { apiKeyId: found.id, label: `api key: ${found.name}` }
}

export async function loader({ request }: Route.LoaderArgs) {
	await ownerOrApiKey(request)
	try {
		return Response.json(await readStoreDetails(db()), { headers: noStore })
	} catch (error) {
		return errorResponse(error, 'Failed to read the store settings')
	}
}

export async function action({ request }: Route.ActionArgs) {
	if (request.method !== changeStoreSettingsContract.method) return onlyMethods('GET', 'PATCH')()
	const actor = await ownerOrApiKey(request)
	try {
		const change = parseStoreDetailsPatch(await readJson(request, { limit: 64 * 1024 }))
		const { details } = await updateStoreDetails(db(), actor, change)
		return Response.json(details, { headers: noStore })
	} catch (error) {
		return errorResponse(error, 'Failed to save the store settings')
	}
}
