import { eq, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type { Db, Tx } from '../db/client.server'
import { storeSettings } from '../db/schema'

/** A store setting's value, checked by its schema; the fallback when it is unset or no longer fits. */
export async function readStoreSetting<T>(db: Db | Tx, key: string, schema: z.ZodType<T>, fallback: T): Promise<T> {
	const [row] = await db.select({ value: storeSettings.value }).from(storeSettings).where(eq(storeSettings.key, key)).limit(1)
	if (!row) return fallback
	const parsed = schema.safeParse(row.value)
	return parsed.success ? parsed.data : fallback
}

/** Sets a store setting; callers record who changed it in the audit log, in the same transaction. */
export async function writeStoreSetting(db: Db | Tx, key: string, value: unknown) {
	await db
		.insert(storeSettings)
		.values({ key, value })
		.onConflictDoUpdate({ target: storeSettings.key, set: { value, updatedAt: sql`now()` } })
}
