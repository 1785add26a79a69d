import { and, desc, eq, inArray, notInArray } from 'drizzle-orm'
import type { Db } from '../../db/client.server'
import { pushSubscriptions } from '../../db/schema'
import type { PushSubscriptionInput } from './push-input'

/** Phones one order or one buyer may sign up; a new one past it replaces the oldest. */
export const SUBSCRIPTIONS_PER_OWNER = 10

/**
 * Keeps a phone's subscription for its owner: the same endpoint again updates its keys (a browser
 * that renewed them), so a phone is told once per event however often the button is pressed.
 */
export async function savePushSubscription(db: Db, owner: string, subscription: PushSubscriptionInput['subscription'], { sessionHash = null }: { sessionHash?: string | null } = {}) {
	const values = { owner, endpoint: subscription.endpoint, p256dh: subscription.keys.p256dh, auth: subscription.keys.auth, sessionHash }
	await db.transaction(async (tx) => {
		await tx
			.insert(pushSubscriptions)
			.values(values)
			.onConflictDoUpdate({ target: [pushSubscriptions.endpoint, pushSubscriptions.owner], set: { p256dh: values.p256dh, auth: values.auth, sessionHash } })
		const kept = tx.select({ id: pushSubscriptions.id }).from(pushSubscriptions).where(eq(pushSubscriptions.owner, owner)).orderBy(desc(pushSubscriptions.id)).limit(SUBSCRIPTIONS_PER_OWNER)
		await tx.delete(pushSubscriptions).where(and(eq(pushSubscriptions.owner, owner), notInArray(pushSubscriptions.id, kept)))
	})
}

/** The phone asked to hear no more of this owner ("Turn off"); true if it was signed up. */
export async function removePushSubscription(db: Db, owner: string, endpoint: string): Promise<boolean> {
	const gone = await db
		.delete(pushSubscriptions)
		.where(and(eq(pushSubscriptions.owner, owner), eq(pushSubscriptions.endpoint, endpoint)))
		.returning({ id: pushSubscriptions.id })
	return gone.length > 0
}

/** A buyer signed out: the phones signed up through those sessions (or, everywhere, under the address) hear no more. */
export async function endBuyerPush(db: Db, { owner, sessionHashes }: { owner?: string; sessionHashes?: string[] }) {
	if (owner) await db.delete(pushSubscriptions).where(eq(pushSubscriptions.owner, owner))
	if (sessionHashes?.length) await db.delete(pushSubscriptions).where(inArray(pushSubscriptions.sessionHash, sessionHashes))
}
