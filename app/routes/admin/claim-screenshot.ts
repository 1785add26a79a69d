import { db } from '~/db/client.server'
import { claimScreenshotFile } from '~/domain/claims/claims.server'
import { shopFileStore } from '~/domain/files/file-store.server'
import { requireAdminActor } from '~/http/admin-api.server'
import { apiFailure, notFound, onlyMethods, streamedBody } from '~/http/http.server'
import { parseId } from '~/utils/input'
import type { Route } from './+types/claim-screenshot'

// A claim's screenshot (ADR-052), for staff only, as a transfer receipt is: never cached, streamed from the file store.
export async function loader({ request, params }: Route.LoaderArgs) {
	await requireAdminActor(request, { permission: 'staff', scope: 'session-only' })
	const headers = { 'Cache-Control': 'private, no-store' }
	const id = parseId(params.id)
	const fileId = id === null ? null : await claimScreenshotFile(db(), id)
	const file = fileId ? await shopFileStore(db()).get(fileId) : null
	if (!file) return apiFailure(notFound('No screenshot for this claim.'), { headers })
	return new Response(streamedBody(file.body), {
		headers: { ...headers, 'Content-Type': file.meta.contentType, 'Content-Length': String(file.meta.byteSize), 'Content-Disposition': 'inline' },
	})
}

export const action = onlyMethods('GET')
