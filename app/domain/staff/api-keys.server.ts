import crypto from 'node:crypto'
import { and, desc, eq, isNull } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client.server'
import { apiKeys } from '../../db/schema'
import { AppError } from '../../utils/app-error'

const hashKey = (key: string) => crypto.createHash('sha256').update(key).digest('hex')

/** A new X-ADMIN-KEY: the key itself is returned once; only its hash is stored. */
export async function createApiKey(db: Db | Tx, name: string, createdBy: number | null) {
	const label = name.trim()
	if (!label || label.length > 80) throw new AppError('BAD_REQUEST', 'Give the key a name of up to 80 characters.')
	const key = `gvk_${crypto.randomBytes(24).toString('base64url')}`
	const [row] = await db
		.insert(apiKeys)
		.values({ name: label, prefix: key.slice(0, 8), keyHash: hashKey(key), createdBy })
		.returning({ id: apiKeys.id, name: apiKeys.name, prefix: apiKeys.prefix })
	return { ...row!, key }
}

export async function revokeApiKey(db: Db | Tx, id: number) {
	const [row] = await db.update(apiKeys).set({ revokedAt: new Date() }).where(and(eq(apiKeys.id, id), isNull(apiKeys.revokedAt))).returning({ id: apiKeys.id })
	if (!row) throw new AppError('NOT_FOUND', 'No active key with that id.')
}

/** The key's record when it is known and not revoked; null otherwise. */
export async function verifyApiKey(db: Db, key: string | null) {
	if (!key || key.length > 200) return null
	const [row] = await db
		.update(apiKeys)
		.set({ lastUsedAt: new Date() })
		.where(and(eq(apiKeys.keyHash, hashKey(key)), isNull(apiKeys.revokedAt)))
		.returning({ id: apiKeys.id, name: apiKeys.name })
	return row ?? null
}

export async function listApiKeys(db: Db) {
	return db
		.select({ id: apiKeys.id, name: apiKeys.name, prefix: apiKeys.prefix, createdAt: apiKeys.createdAt, lastUsedAt: apiKeys.lastUsedAt, revokedAt: apiKeys.revokedAt })
		.from(apiKeys)
		.orderBy(desc(apiKeys.createdAt))
}
