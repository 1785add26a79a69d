import { eq } from 'drizzle-orm'
import type { Db } from '../../db/client.server'
import { staffAlertSettings } from '../../db/schema'
import { invalidInput } from '../../utils/field-errors'
import { isAlertEvent } from './alert-events'
import { alertSettingsInput, SUGGESTED_ALERTS, type AlertSettings } from './alert-settings'

export interface MyAlerts extends AlertSettings {
	saved: boolean
	telegramLinked: boolean
	/** A link code is waiting for the member's "/start" message. */
	linkPending: boolean
}

/** The member's alert settings, or the suggested ones (not yet saved: nothing is sent). */
export async function readMyAlerts(db: Db, staffId: number): Promise<MyAlerts> {
	const [row] = await db.select().from(staffAlertSettings).where(eq(staffAlertSettings.staffId, staffId)).limit(1)
	const telegramLinked = !!row?.telegramChatId
	const linkPending = !!row?.telegramCodeHash && !!row.telegramCodeExpiresAt && row.telegramCodeExpiresAt > new Date()
	// A row made only by starting a Telegram link has chosen nothing yet.
	if (!row || (row.events.length === 0 && !row.byEmail && !row.byTelegram && row.summaryHour === null)) return { ...SUGGESTED_ALERTS, saved: false, telegramLinked, linkPending }
	return {
		events: row.events.filter(isAlertEvent),
		byEmail: row.byEmail,
		byTelegram: row.byTelegram,
		quietStart: row.quietStart,
		quietEnd: row.quietEnd,
		summaryHour: row.summaryHour,
		saved: true,
		telegramLinked,
		linkPending,
	}
}

/** Saves what reaches the member and where; a form's nonsense is refused with a sentence per field. */
export async function saveMyAlerts(db: Db, staffId: number, input: unknown): Promise<AlertSettings> {
	const parsed = alertSettingsInput.safeParse(input)
	if (!parsed.success) throw invalidInput(parsed.error)
	const v = parsed.data
	const values = { events: v.events, byEmail: v.byEmail, byTelegram: v.byTelegram, quietStart: v.quietStart, quietEnd: v.quietEnd, summaryHour: v.summaryHour, updatedAt: new Date() }
	await db.insert(staffAlertSettings).values({ staffId, ...values }).onConflictDoUpdate({ target: staffAlertSettings.staffId, set: values })
	return v
}
