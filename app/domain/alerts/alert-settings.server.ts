import { eq } from 'drizzle-orm'
import type { Db } from '../../db/client.server'
import { staffAlertSettings, staffUsers, storeSettings } from '../../db/schema'
import { invalidInput } from '../../utils/field-errors'
import { isAlertEvent } from './alert-events'
import { TELEGRAM_BOT_SETTING } from './telegram.server'
import { alertSettingsInput, OWNER_DEFAULT_ALERTS, SUGGESTED_ALERTS, type AlertSettings } from './alert-settings'

export interface MyAlerts extends AlertSettings {
	saved: boolean
	/** Never saved, and these are what reaches the member meanwhile (the owner's defaults); false: the boxes are a suggestion and nothing is sent. */
	byDefault: boolean
	telegramLinked: boolean
	/** A link code is waiting for the member's "/start" message. */
	linkPending: boolean
}

/** The member's alert settings; never saved: the owner's defaults (sent), or a suggestion for other staff (nothing sent). */
export async function readMyAlerts(db: Db, staffId: number): Promise<MyAlerts> {
	const [found] = await db
		.select({ role: staffUsers.role, row: staffAlertSettings })
		.from(staffUsers)
		.leftJoin(staffAlertSettings, eq(staffAlertSettings.staffId, staffUsers.id))
		.where(eq(staffUsers.id, staffId))
		.limit(1)
	const row = found?.row
	const telegramLinked = !!row?.telegramChatId
	const linkPending = !!row?.telegramCodeHash && !!row.telegramCodeExpiresAt && row.telegramCodeExpiresAt > new Date()
	// A row made only by starting a Telegram link has chosen nothing yet.
	if (!row?.savedAt) {
		const owner = found?.role === 'owner'
		return { ...(owner ? OWNER_DEFAULT_ALERTS : SUGGESTED_ALERTS), saved: false, byDefault: owner, telegramLinked, linkPending }
	}
	return {
		events: row.events.filter(isAlertEvent),
		byEmail: row.byEmail,
		byTelegram: row.byTelegram,
		quietStart: row.quietStart,
		quietEnd: row.quietEnd,
		summaryHour: row.summaryHour,
		saved: true,
		byDefault: false,
		telegramLinked,
		linkPending,
	}
}

/** Whether the member has made alerts their own: saved the form, linked their Telegram chat, or (the owner) connected the shop's bot. */
export async function alertsChosen(db: Db, staffId: number): Promise<boolean> {
	const mine = await readMyAlerts(db, staffId)
	if (mine.saved || mine.telegramLinked) return true
	const [bot] = await db.select({ key: storeSettings.key }).from(storeSettings).where(eq(storeSettings.key, TELEGRAM_BOT_SETTING)).limit(1)
	return !!bot
}

/** Saves what reaches the member and where; a form's nonsense is refused with a sentence per field. */
export async function saveMyAlerts(db: Db, staffId: number, input: unknown): Promise<AlertSettings> {
	const parsed = alertSettingsInput.safeParse(input)
	if (!parsed.success) throw invalidInput(parsed.error)
	const v = parsed.data
	const now = new Date()
	const values = { events: v.events, byEmail: v.byEmail, byTelegram: v.byTelegram, quietStart: v.quietStart, quietEnd: v.quietEnd, summaryHour: v.summaryHour, savedAt: now, updatedAt: now }
	await db.insert(staffAlertSettings).values({ staffId, ...values }).onConflictDoUpdate({ target: staffAlertSettings.staffId, set: values })
	return v
}
