import { eq, sql } from 'drizzle-orm'
import { emailFrom } from '../../integrations/email/provider.server'
import type { Db } from '../../db/client.server'
import { alertOutbox, staffAlertSettings, staffUsers } from '../../db/schema'
import type { EmailProvider } from '../../integrations/email/types'
import { readStoreDetails } from '../settings/store-details.server'
import { shopTelegramBot } from './telegram.server'

/**
 * Sends one alert from the outbox, by email or to the member's linked Telegram chat; a failure is
 * recorded and rethrown so the job retries with backoff (ADR-004), ending 'failed' after the last try.
 */
export async function sendQueuedAlert(db: Db, email: () => EmailProvider, alertId: number, { finalAttempt }: { finalAttempt: boolean }) {
	const [row] = await db
		.select({ alert: alertOutbox, staffEmail: staffUsers.email, staffName: staffUsers.name, chatId: staffAlertSettings.telegramChatId })
		.from(alertOutbox)
		.innerJoin(staffUsers, eq(staffUsers.id, alertOutbox.staffId))
		.leftJoin(staffAlertSettings, eq(staffAlertSettings.staffId, alertOutbox.staffId))
		.where(eq(alertOutbox.id, alertId))
		.limit(1)
	if (!row || row.alert.status === 'sent') return
	const { alert } = row
	try {
		if (alert.channel === 'telegram') {
			if (!row.chatId) throw new Error('The staff member’s Telegram chat is no longer linked.')
			const bot = await shopTelegramBot(db)
			if (!bot) throw new Error('No Telegram bot is connected.')
			await bot.sendMessage(row.chatId, `${alert.subject}\n\n${alert.text}`)
		} else {
			const { storeName } = await readStoreDetails(db)
			await email().send({
				idempotencyKey: `alert:${alert.dedupeKey}`,
				to: { email: row.staffEmail, name: row.staffName },
				from: emailFrom(),
				fromName: storeName,
				subject: `[${storeName}] ${alert.subject}`,
				text: alert.text,
				html: null,
				headers: null,
				templateId: null,
				params: {},
			})
		}
		await db.update(alertOutbox).set({ status: 'sent', sentAt: new Date(), attempts: sql`${alertOutbox.attempts} + 1`, lastError: null }).where(eq(alertOutbox.id, alertId))
	} catch (error) {
		const message = error instanceof Error ? error.message : String(error)
		await db
			.update(alertOutbox)
			.set({ status: finalAttempt ? 'failed' : 'pending', attempts: sql`${alertOutbox.attempts} + 1`, lastError: message.slice(0, 2000) })
			.where(eq(alertOutbox.id, alertId))
		throw error
	}
}
