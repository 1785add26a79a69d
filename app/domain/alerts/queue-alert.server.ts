import { and, arrayContains, eq, isNotNull, isNull } from 'drizzle-orm'
import type { Db, Tx } from '../../db/client.server'
import { alertOutbox, staffAlertSettings, staffUsers, type AlertChannel } from '../../db/schema'
import { enqueueJob } from '../jobs/queue.server'
import { maskEmail, OWNER_DEFAULT_EVENTS, type AlertEvent } from './alert-events'
import { sendAfter } from './alert-settings'

export interface StaffAlert {
	event: AlertEvent | 'daily-summary'
	/** The event itself, e.g. `receipt:<order>:<sha>`: with the member and channel, one alert ever. */
	key: string
	subject: string
	text: string
	/** Only this member (the daily summary); otherwise everyone who chose the event. */
	staffId?: number
}

// Alerts never carry a buyer's address: one that slipped into a text is masked on the way in.
const EMAIL_PATTERN = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g
export const scrubAlertText = (text: string) => text.replace(EMAIL_PATTERN, (m) => maskEmail(m))

/**
 * Writes the alert for every active staff member who chose its event, once per channel they chose
 * (Telegram only once their chat is linked), in the caller's transaction: the alert exists exactly
 * when the event does. An owner who has never saved their alerts gets the events that wait for a
 * person by email (OWNER_DEFAULT_EVENTS, ADR-047). Each is held until the end of the member's quiet
 * hours. Returns how many were written (a replayed event writes none).
 */
export async function queueAlert(tx: Db | Tx, alert: StaffAlert, { now = new Date() }: { now?: Date } = {}): Promise<number> {
	const chose = await tx
		.select({
			staffId: staffAlertSettings.staffId,
			byEmail: staffAlertSettings.byEmail,
			byTelegram: staffAlertSettings.byTelegram,
			chatId: staffAlertSettings.telegramChatId,
			quietStart: staffAlertSettings.quietStart,
			quietEnd: staffAlertSettings.quietEnd,
		})
		.from(staffAlertSettings)
		.innerJoin(staffUsers, eq(staffUsers.id, staffAlertSettings.staffId))
		.where(
			and(
				eq(staffUsers.active, true),
				isNotNull(staffAlertSettings.savedAt),
				alert.staffId === undefined ? arrayContains(staffAlertSettings.events, [alert.event as string]) : eq(staffAlertSettings.staffId, alert.staffId),
			),
		)
	const byDefault =
		alert.staffId === undefined && (OWNER_DEFAULT_EVENTS as readonly string[]).includes(alert.event)
			? await tx
					.select({ staffId: staffUsers.id })
					.from(staffUsers)
					.leftJoin(staffAlertSettings, eq(staffAlertSettings.staffId, staffUsers.id))
					.where(and(eq(staffUsers.active, true), eq(staffUsers.role, 'owner'), isNull(staffAlertSettings.savedAt)))
			: []
	const members = [...chose, ...byDefault.map((o) => ({ staffId: o.staffId, byEmail: true, byTelegram: false, chatId: null, quietStart: null, quietEnd: null }))]
	let written = 0
	for (const m of members) {
		const channels: AlertChannel[] = [...(m.byEmail ? (['email'] as const) : []), ...(m.byTelegram && m.chatId ? (['telegram'] as const) : [])]
		const runAt = sendAfter(now, m.quietStart, m.quietEnd)
		for (const channel of channels) {
			const [row] = await tx
				.insert(alertOutbox)
				.values({
					dedupeKey: `${alert.key}:${m.staffId}:${channel}`,
					staffId: m.staffId,
					channel,
					event: alert.event,
					subject: scrubAlertText(alert.subject),
					text: scrubAlertText(alert.text),
					sendAfter: runAt,
				})
				.onConflictDoNothing({ target: alertOutbox.dedupeKey })
				.returning({ id: alertOutbox.id })
			if (!row) continue
			await enqueueJob(tx, { kind: 'send-alert', payload: { alertId: row.id }, dedupeKey: `alert:${row.id}`, runAt })
			written++
		}
	}
	return written
}
