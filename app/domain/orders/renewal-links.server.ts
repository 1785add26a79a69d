import { asc, eq } from 'drizzle-orm'
import type { Db } from '../../db/client.server'
import { orders } from '../../db/schema'

/** For staff: the order a renewal extends (which shared account to renew), and the renewals of an order. */
export async function renewalLinks(db: Db, order: { id: number; renewsOrderId: number | null }): Promise<{ renews: string | null; renewedBy: string[] }> {
	const [renewed] = order.renewsOrderId
		? await db.select({ orderNumber: orders.orderNumber }).from(orders).where(eq(orders.id, order.renewsOrderId)).limit(1)
		: []
	const renewals = await db.select({ orderNumber: orders.orderNumber }).from(orders).where(eq(orders.renewsOrderId, order.id)).orderBy(asc(orders.id)).limit(20)
	return { renews: renewed?.orderNumber ?? null, renewedBy: renewals.map((r) => r.orderNumber) }
}
