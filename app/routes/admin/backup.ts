import fs from 'node:fs'
import { Readable } from 'node:stream'
import { db } from '~/db/client.server'
import { backupDownloadInput } from '~/domain/backup/backup-input'
import { prepareBackupDownload } from '~/domain/backup/prepare-backup-download.server'
import { deliveryKey } from '~/domain/fulfillment/delivery-crypto.server'
import { requireAdminActor } from '~/http/admin-api.server'
import { apiFailure, readForm } from '~/http/http.server'
import { AppError } from '~/utils/app-error'
import { now } from '~/utils/clock'
import { env } from '~/utils/env.server'
import type { Route } from './+types/backup'

// The owner's backup of the whole shop (ADR-044), the same file `npm run restore` reads, streamed
// from disk. POST: sealed with the passphrase typed on Settings. GET (scripts, curl): sealed with
// BACKUP_PASSPHRASE, when the server has one.
const headers = { 'Cache-Control': 'private, no-store' }

async function download(request: Request, passphrase: string, sealedWith: 'typed' | 'BACKUP_PASSPHRASE') {
	const { actor } = await requireAdminActor(request, { permission: 'owner', scope: 'session-only' })
	const backup = await prepareBackupDownload(db(), actor, { passphrase, sealedWith, deliveryKey: deliveryKey(), dataDir: env().DATA_DIR, now: now() })
	const file = fs.createReadStream(backup.file)
	file.once('close', backup.discard)
	return new Response(Readable.toWeb(file) as ReadableStream<Uint8Array>, {
		headers: {
			...headers,
			'Content-Type': 'application/octet-stream',
			'Content-Length': String(backup.size),
			'Content-Disposition': `attachment; filename="${backup.name}"`,
		},
	})
}

export async function loader({ request }: Route.LoaderArgs) {
	await requireAdminActor(request, { permission: 'owner', scope: 'session-only' })
	const passphrase = env().BACKUP_PASSPHRASE
	if (!passphrase) {
		return apiFailure(new AppError('CONFLICT', 'This server has no BACKUP_PASSPHRASE: download a backup from Settings, with a passphrase you type.'), { headers })
	}
	return download(request, passphrase, 'BACKUP_PASSPHRASE')
}

export async function action({ request }: Route.ActionArgs) {
	if (request.method !== 'POST') return Response.json({ error: 'This address only answers GET or POST requests.' }, { status: 405, headers: { Allow: 'GET, POST' } })
	await requireAdminActor(request, { permission: 'owner', scope: 'session-only' })
	const parsed = backupDownloadInput.safeParse(await readForm(request).catch(() => ({})))
	if (!parsed.success) {
		const sentence = parsed.error.issues[0]!.message
		return apiFailure(new AppError('BAD_REQUEST', sentence, { passphrase: sentence }), { headers })
	}
	return download(request, parsed.data.passphrase, 'typed')
}
