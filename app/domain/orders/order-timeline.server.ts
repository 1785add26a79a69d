import { asc, eq } from 'drizzle-orm'
import type { Db } from '../../db/client.server'
import { orderEvents } from '../../db/schema'
import type { Lang } from '../../i18n/lang'
import { translator } from '../../i18n/messages.server'
import { formatRs } from '../../utils/money'
import type { OrderRow } from './order'
import { OTHER_EVENTS, type OrderEventKind } from './order-events.server'
import { DELIVERY_TRANSITIONS, PAYMENT_TRANSITIONS } from './order-state'

// The order's timeline in the console (ADR-036): its events as the one writer recorded them, oldest
// first, each with who made it and what it was, in words from the catalogue (events.*).

export interface TimelineEntry {
	id: number
	/** ISO time; the page shows it in Pakistan time. */
	at: string
	who: string
	what: string
	/** What the event says beside its name: an amount, a reason, units from stock. */
	details: string[]
	/** The request that wrote it, as its log lines name it (ADR-056); null from a job or from before. */
	requestId: string | null
}

const KINDS = new Set<string>([...Object.keys(PAYMENT_TRANSITIONS), ...Object.keys(DELIVERY_TRANSITIONS), ...OTHER_EVENTS])
const isKind = (kind: string): kind is OrderEventKind => KINDS.has(kind)

export async function orderTimeline(db: Db, order: Pick<OrderRow, 'id' | 'createdAt'>, lang: Lang = 'en'): Promise<TimelineEntry[]> {
	const t = translator(lang)
	const rows = await db.select().from(orderEvents).where(eq(orderEvents.orderId, order.id)).orderBy(asc(orderEvents.id))
	const placed: TimelineEntry = { id: 0, at: order.createdAt.toISOString(), who: '', what: t('events.placed'), details: [], requestId: null }
	return [
		placed,
		...rows.map((row) => {
			const f = row.facts
			const details = [
				typeof f.amount === 'number' ? t('events.fact.amount', { amount: formatRs(f.amount) }) : null,
				typeof f.reason === 'string' && f.reason ? t('events.fact.reason', { reason: f.reason }) : null,
				typeof f.taken === 'number' && f.taken > 0 ? t('events.fact.taken', { count: String(f.taken) }) : null,
				typeof f.owed === 'number' && f.owed > 0 ? t('events.fact.owed', { count: String(f.owed) }) : null,
				// Paid because a receiving account's statement showed the money (ADR-049), not on staff's word alone.
				typeof f.fromStatement === 'string' ? (typeof f.statementLine === 'number' ? t('events.fact.fromStatementLine', { account: f.fromStatement, line: String(f.statementLine) }) : t('events.fact.fromStatement', { account: f.fromStatement })) : null,
				typeof f.fromStatement === 'string' && f.chosenByStaff === true ? t('events.fact.chosenByStaff') : null,
			].filter((d): d is string => d != null)
			return {
				id: row.id,
				at: row.createdAt.toISOString(),
				who: row.actorKind === 'staff' ? (row.actor ?? '') : t(`events.by.${row.actorKind}`),
				what: isKind(row.kind) ? t(`events.${row.kind}`) : row.kind,
				details,
				requestId: row.requestId,
			}
		}),
	]
}
