import { asc, eq } from 'drizzle-orm'
import type { Db } from '../../db/client.server'
import { whatsappOutbox } from '../../db/schema'

export interface OrderWhatsAppMessage {
	id: number
	event: string
	toPhone: string
	status: 'pending' | 'sent' | 'failed'
	attempts: number
	lastError: string | null
	createdAt: string
	sentAt: string | null
}

/** The WhatsApp messages queued for an order, oldest first, for its console page: staff see what failed and why. */
export async function orderWhatsAppMessages(db: Db, orderNumber: string): Promise<OrderWhatsAppMessage[]> {
	const rows = await db.select().from(whatsappOutbox).where(eq(whatsappOutbox.orderNumber, orderNumber)).orderBy(asc(whatsappOutbox.id))
	return rows.map((r) => ({
		id: r.id,
		event: r.event,
		toPhone: r.toPhone,
		status: r.status,
		attempts: r.attempts,
		lastError: r.lastError,
		createdAt: r.createdAt.toISOString(),
		sentAt: r.sentAt?.toISOString() ?? null,
	}))
}
