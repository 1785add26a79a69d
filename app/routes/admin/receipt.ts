import path from 'node:path'
import { db } from '~/db/client.server'
import { isFileId, shopFileStore } from '~/domain/files/file-store.server'
import { readReceipt } from '~/domain/payments/read-receipt.server'
import { isOrderNumberShaped } from '~/domain/payments/receipt-rules'
import { localStorage } from '~/integrations/storage/local.server'
import { env } from '~/utils/env.server'
import { requireAdminActor } from '~/http/admin-api.server'
import type { Route } from './+types/receipt'
import { apiFailure, notFound, onlyMethods, streamedBody } from '~/http/http.server'

// A buyer's transfer receipt, for staff only: never cached, never sniffed into anything but an image
// (the host adds X-Content-Type-Options: nosniff and the CSP to every answer; set here too, it would repeat).
// Streamed from the file store, so any instance serves any receipt; ?file=<id> opens one the current one replaced.
export async function loader({ request, params }: Route.LoaderArgs) {
	await requireAdminActor(request, { permission: 'staff', scope: 'session-only' })
	const headers = { 'Cache-Control': 'private, no-store' }
	const fileId = new URL(request.url).searchParams.get('file')
	const receipt =
		isOrderNumberShaped(params.orderNumber) && (fileId === null || isFileId(fileId))
			? await readReceipt(db(), shopFileStore(db()), localStorage(path.resolve(env().DATA_DIR)), params.orderNumber, { fileId: fileId ?? undefined })
			: null
	if (!receipt) return apiFailure(notFound('No receipt for this order.'), { headers })
	return new Response(streamedBody(receipt.body), {
		headers: {
			...headers,
			'Content-Type': receipt.contentType,
			'Content-Length': String(receipt.byteSize),
			'Content-Disposition': 'inline',
		},
	})
}

export const action = onlyMethods('GET')
