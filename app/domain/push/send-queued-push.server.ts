import { and, eq, gt, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.server'
import { pushOutbox, pushSubscriptions } from '../../db/schema'
import { PushRefused, PushTargetRefused, resolveAll, sendWebPush, type Resolve } from '../../integrations/push/web-push.server'
import { env } from '../../utils/env.server'
import { logger } from '../../utils/logger.server'
import { readStoreDetails } from '../settings/store-details.server'
import { pushEndpoint } from './push-input'
import { ensureVapidKeys } from './vapid-keys.server'

/**
 * Sends one push from the outbox to its phone. A subscription the push service no longer knows
 * (404, 410) is dropped with everything queued for it; another failure is recorded and rethrown so
 * the job retries with backoff (ADR-004), ending 'failed' after the last try. An endpoint that is not a
 * push service's (stored before the check, or past a changed setting), or whose name now resolves
 * inside the shop's own network (`resolve`: the system's resolver unless a test gives one), is never
 * fetched: the subscription is dropped with everything queued for it, with a log line.
 */
export async function sendQueuedPush(db: Db, pushId: number, { finalAttempt, resolve = resolveAll }: { finalAttempt: boolean; resolve?: Resolve }) {
	const [row] = await db
		.select({ push: pushOutbox, endpoint: pushSubscriptions.endpoint, p256dh: pushSubscriptions.p256dh, auth: pushSubscriptions.auth })
		.from(pushOutbox)
		.innerJoin(pushSubscriptions, eq(pushSubscriptions.id, pushOutbox.subscriptionId))
		.where(eq(pushOutbox.id, pushId))
		.limit(1)
	// Gone with its subscription (turned off, signed out, or dropped by the service): nothing to send.
	if (!row || row.push.status !== 'pending') return
	// A newer push about the same order waits for this phone: it replaces this one there (same tag), so
	// this one is not sent, and an older state never arrives after a newer one.
	const [newer] = await db
		.select({ id: pushOutbox.id })
		.from(pushOutbox)
		.where(and(eq(pushOutbox.subscriptionId, row.push.subscriptionId), eq(pushOutbox.orderNumber, row.push.orderNumber), gt(pushOutbox.id, pushId)))
		.limit(1)
	if (newer) {
		await db.update(pushOutbox).set({ status: 'superseded' }).where(eq(pushOutbox.id, pushId))
		return
	}
	const endpoint = pushEndpoint(row.endpoint, env().PUSH_TEST_SERVICE_ORIGIN)
	const dropUnsent = async (reason: string) => {
		logger.warn({ pushId, subscriptionId: row.push.subscriptionId, reason }, 'push subscription refused: dropped, nothing sent')
		await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, row.push.subscriptionId))
	}
	if (!endpoint) return dropUnsent('its endpoint is not a push service’s https address')
	const keys = await ensureVapidKeys(db)
	const subject = env().PUSH_VAPID_SUBJECT ?? `mailto:${(await readStoreDetails(db)).supportEmail}`
	try {
		await sendWebPush({ endpoint: row.endpoint, keys: { p256dh: row.p256dh, auth: row.auth } }, JSON.stringify(row.push.payload), { subject, ...keys }, { local: endpoint.local, resolve })
		await db.update(pushOutbox).set({ status: 'sent', sentAt: new Date(), attempts: sql`${pushOutbox.attempts} + 1`, lastError: null }).where(eq(pushOutbox.id, pushId))
	} catch (error) {
		if (error instanceof PushTargetRefused) return dropUnsent(error.message)
		if (error instanceof PushRefused && error.gone) {
			logger.info({ pushId, status: error.status }, 'push subscription gone: dropped')
			await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, row.push.subscriptionId))
			return
		}
		const message = error instanceof Error ? error.message : String(error)
		await db
			.update(pushOutbox)
			.set({ status: finalAttempt ? 'failed' : 'pending', attempts: sql`${pushOutbox.attempts} + 1`, lastError: message.slice(0, 2000) })
			.where(eq(pushOutbox.id, pushId))
		throw error
	}
}
