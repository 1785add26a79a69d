import crypto from 'node:crypto'
import { and, desc, eq, gt, isNull, or } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client.server'
import { apiKeys } from '../../db/schema'
import { AppError } from '../../utils/app-error'
import { now as clockNow, nowMs } from '../../utils/clock'
import { announceLiveEnded, apiKeyHolder } from '../realtime/live-ended.server'
import { API_KEY_SCOPES, isApiKeyScope, type ApiKeyScope } from './api-key-scopes'
import { recordAudit, type Actor } from './audit.server'
import { newApiKeyInput } from './staff-input'
import { invalidInput } from '../../utils/field-errors'

const hashKey = (key: string) => crypto.createHash('sha256').update(key).digest('hex')

export interface NewApiKey {
	/** What the key may do; every scope when not said (scripts and tests). */
	scopes?: readonly string[]
	/** When it stops working; null or absent: until revoked. */
	expiresAt?: Date | null
	/** Who issues it, for the audit log (the console); absent for scripts and tests. */
	actor?: Actor
}

/** The scopes as given, checked: at least one, each known, each once. */
function checkedScopes(scopes: readonly string[]): ApiKeyScope[] {
	const unknown = scopes.filter((s) => !isApiKeyScope(s))
	if (unknown.length) throw new AppError('BAD_REQUEST', `Unknown API key scope: ${unknown.join(', ')}. Choose from: ${API_KEY_SCOPES.join(', ')}.`)
	const chosen = API_KEY_SCOPES.filter((s) => scopes.includes(s))
	if (!chosen.length) throw new AppError('BAD_REQUEST', 'Choose at least one thing the key may do.')
	return chosen
}

/**
 * A new X-ADMIN-KEY: the key itself is returned once; only its hash is stored. With an `actor` the
 * audit entry is written in the same transaction, naming the key by its prefix, never the key.
 */
export async function createApiKey(db: Db | Tx, name: string, createdBy: number | null, { scopes = API_KEY_SCOPES, expiresAt = null, actor }: NewApiKey = {}) {
	const named = newApiKeyInput.shape.name.safeParse(name)
	if (!named.success) throw invalidInput(named.error, { root: 'name' })
	const label = named.data
	if (expiresAt && expiresAt.getTime() <= nowMs()) throw new AppError('BAD_REQUEST', 'A key’s expiry must be in the future.')
	const key = `gvk_${crypto.randomBytes(24).toString('base64url')}`
	return db.transaction(async (tx) => {
		const [row] = await tx
			.insert(apiKeys)
			.values({ name: label, prefix: key.slice(0, 8), keyHash: hashKey(key), createdBy, scopes: checkedScopes(scopes), expiresAt })
			.returning({ id: apiKeys.id, name: apiKeys.name, prefix: apiKeys.prefix, scopes: apiKeys.scopes, expiresAt: apiKeys.expiresAt })
		const created = { ...row!, key }
		if (actor) {
			await recordAudit(tx, actor, {
				action: 'apikey.create',
				after: { apiKeyId: created.id, name: created.name, prefix: created.prefix, scopes: created.scopes, expiresAt: created.expiresAt?.toISOString() ?? null },
			})
		}
		return created
	})
}

/** Revokes an X-ADMIN-KEY: tools using it are refused from the next request on (audited when an `actor` is given). */
export async function revokeApiKey(db: Db | Tx, id: number, actor?: Actor) {
	await db.transaction(async (tx) => {
		const [row] = await tx.update(apiKeys).set({ revokedAt: new Date() }).where(and(eq(apiKeys.id, id), isNull(apiKeys.revokedAt))).returning({ id: apiKeys.id, name: apiKeys.name, prefix: apiKeys.prefix })
		if (!row) throw new AppError('NOT_FOUND', 'No active key with that id.')
		if (actor) await recordAudit(tx, actor, { action: 'apikey.revoke', after: { apiKeyId: id, name: row.name, prefix: row.prefix } })
		await announceLiveEnded(tx, [apiKeyHolder(id)])
	})
}

export interface VerifiedApiKey {
	id: number
	name: string
	scopes: ApiKeyScope[]
}

/** The key's record when it is known, not revoked and not expired (its last use noted); null otherwise. */
export async function verifyApiKey(db: Db, key: string | null): Promise<VerifiedApiKey | null> {
	if (!key || key.length > 200) return null
	const now = clockNow()
	const [row] = await db
		.update(apiKeys)
		.set({ lastUsedAt: now })
		.where(and(eq(apiKeys.keyHash, hashKey(key)), isNull(apiKeys.revokedAt), or(isNull(apiKeys.expiresAt), gt(apiKeys.expiresAt, now))))
		.returning({ id: apiKeys.id, name: apiKeys.name, scopes: apiKeys.scopes })
	return row ? { ...row, scopes: row.scopes.filter(isApiKeyScope) } : null
}

export async function listApiKeys(db: Db) {
	const rows = await db
		.select({
			id: apiKeys.id,
			name: apiKeys.name,
			prefix: apiKeys.prefix,
			scopes: apiKeys.scopes,
			createdAt: apiKeys.createdAt,
			lastUsedAt: apiKeys.lastUsedAt,
			expiresAt: apiKeys.expiresAt,
			revokedAt: apiKeys.revokedAt,
		})
		.from(apiKeys)
		.orderBy(desc(apiKeys.createdAt))
	return rows.map((r) => ({ ...r, scopes: r.scopes.filter(isApiKeyScope) }))
}
