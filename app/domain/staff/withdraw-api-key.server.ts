import { eq } from 'drizzle-orm'
import type { Db } from '../../db/client.server'
import { apiKeys } from '../../db/schema'
import { revokeApiKey } from './api-keys.server'
import { recordAudit, type Actor } from './audit.server'

/** Revokes an X-ADMIN-KEY: staff tools using it are refused from the next request on. */
export async function withdrawApiKey(db: Db, actor: Actor, apiKeyId: number) {
	return db.transaction(async (tx) => {
		await revokeApiKey(tx, apiKeyId)
		const [key] = await tx.select({ name: apiKeys.name, prefix: apiKeys.prefix }).from(apiKeys).where(eq(apiKeys.id, apiKeyId)).limit(1)
		await recordAudit(tx, actor, { action: 'apikey.revoke', after: { apiKeyId, name: key?.name ?? null, prefix: key?.prefix ?? null } })
	})
}
