import type { Db } from '../../db/client.server'
import { createApiKey } from './api-keys.server'
import { recordAudit, type Actor } from './audit.server'

/** A new X-ADMIN-KEY, returned once; the audit entry names it by its prefix, never the key. */
export async function issueApiKey(db: Db, actor: Actor, name: string) {
	return db.transaction(async (tx) => {
		const created = await createApiKey(tx, name, actor.staffId ?? null)
		await recordAudit(tx, actor, { action: 'apikey.create', after: { apiKeyId: created.id, name: created.name, prefix: created.prefix } })
		return created
	})
}
