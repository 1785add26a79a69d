import type { Db } from '../../db/client.server'
import { createApiKey, type NewApiKey } from './api-keys.server'
import { recordAudit, type Actor } from './audit.server'

/** A new X-ADMIN-KEY with the scopes the owner chose, returned once; the audit entry names it by its prefix, never the key. */
export async function issueApiKey(db: Db, actor: Actor, name: string, options: Required<NewApiKey>) {
	return db.transaction(async (tx) => {
		const created = await createApiKey(tx, name, actor.staffId ?? null, options)
		await recordAudit(tx, actor, {
			action: 'apikey.create',
			after: { apiKeyId: created.id, name: created.name, prefix: created.prefix, scopes: created.scopes, expiresAt: created.expiresAt?.toISOString() ?? null },
		})
		return created
	})
}
