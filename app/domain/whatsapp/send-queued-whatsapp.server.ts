import { eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client.server'
import { whatsappOutbox } from '../../db/schema'
import { sendTemplateMessage, WhatsAppError } from '../../integrations/whatsapp/cloud-api.server'
import { env } from '../../utils/env.server'
import { logger } from '../../utils/logger.server'
import { readWhatsApp } from './whatsapp-settings.server'

/**
 * Sends one WhatsApp message from the outbox. WhatsApp refusing it (a 4xx other than 429: an
 * undeliverable number, a template not approved, a bad token) is recorded and not tried again; a
 * 429, a 5xx or an unreachable WhatsApp is recorded and rethrown so the job retries with backoff
 * (ADR-004), ending 'failed' after the last try.
 */
export async function sendQueuedWhatsApp(db: Db, outboxId: number, { finalAttempt }: { finalAttempt: boolean }) {
	const [row] = await db.select().from(whatsappOutbox).where(eq(whatsappOutbox.id, outboxId)).limit(1)
	if (!row || row.status !== 'pending') return
	const connection = await readWhatsApp(db)
	const record = (status: 'sent' | 'failed' | 'pending', change: { lastError?: string | null; messageId?: string }) =>
		db
			.update(whatsappOutbox)
			.set({ status, attempts: sql`${whatsappOutbox.attempts} + 1`, ...(status === 'sent' ? { sentAt: new Date() } : {}), ...change })
			.where(eq(whatsappOutbox.id, outboxId))
	// Disconnected since it was queued: the owner no longer wants messages sent.
	if (!connection) return void (await record('failed', { lastError: 'WhatsApp was disconnected before this message was sent.' }))
	try {
		const messageId = await sendTemplateMessage(
			{ baseUrl: env().WHATSAPP_API_URL, token: connection.token, phoneNumberId: connection.phoneNumberId },
			{ to: row.toPhone, template: connection.templateName, languageCode: connection.languages[row.lang], bodyValues: [row.params.orderNumber, row.params.sentence, row.params.url] },
		)
		await record('sent', { messageId, lastError: null })
	} catch (error) {
		const message = (error instanceof Error ? error.message : String(error)).slice(0, 2000)
		if (error instanceof WhatsAppError && error.final) {
			logger.warn({ whatsappId: outboxId, status: error.status, code: error.code }, 'whatsapp message refused: given up')
			await record('failed', { lastError: message })
			return
		}
		await record(finalAttempt ? 'failed' : 'pending', { lastError: message })
		throw error
	}
}
