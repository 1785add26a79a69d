import { eq } from 'drizzle-orm'
import webpush from 'web-push'
import { z } from 'zod'
import type { Db } from '../../db/client.server'
import { storeSettings } from '../../db/schema'
import { singleton } from '../../utils/singleton.server'
import { decryptDelivery, encryptDelivery } from '../fulfillment/delivery-crypto.server'
import { readStoreSetting } from '../store-settings.server'

// The shop's VAPID key pair (RFC 8292): made on the first start and kept in the database, so every
// instance signs with the same key and a phone's subscription (made for that public key) keeps
// working across restarts. The private key is encrypted like delivery content.

const SETTING = 'push-vapid'
const stored = z.object({ publicKey: z.string().regex(/^[\w-]{87}$/), privateKey: z.string().min(1) })

export interface VapidKeys {
	publicKey: string
	privateKey: string
}

// Per database: a test process may run several shops, each on its own.
const cache = singleton('push-vapid-keys', () => new WeakMap<Db, VapidKeys>())

/**
 * The key pair, made once: a new pair is offered with ON CONFLICT DO NOTHING and the row is read
 * back, so two instances starting together both end with the one pair that was written first.
 */
export async function ensureVapidKeys(db: Db): Promise<VapidKeys> {
	const known = cache.get(db)
	if (known) return known
	const keys = await readOrMakeVapidKeys(db)
	cache.set(db, keys)
	return keys
}

/** The stored pair, or a new one if none is stored yet (whoever writes first wins), without the memory. */
export async function readOrMakeVapidKeys(db: Db): Promise<VapidKeys> {
	let found = await readStoreSetting(db, SETTING, stored.nullable(), null)
	if (!found) {
		const fresh = webpush.generateVAPIDKeys()
		await db
			.insert(storeSettings)
			.values({ key: SETTING, value: { publicKey: fresh.publicKey, privateKey: encryptDelivery(fresh.privateKey)! } })
			.onConflictDoNothing({ target: storeSettings.key })
		const [row] = await db.select({ value: storeSettings.value }).from(storeSettings).where(eq(storeSettings.key, SETTING)).limit(1)
		found = stored.parse(row?.value)
	}
	return { publicKey: found.publicKey, privateKey: decryptDelivery(found.privateKey)! }
}
