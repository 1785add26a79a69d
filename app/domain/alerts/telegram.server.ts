import crypto from 'node:crypto'
import { and, eq, gt, isNotNull, sql } from 'drizzle-orm'
import { z } from 'zod'
import type { Db } from '../../db/client.server'
import { staffAlertSettings } from '../../db/schema'
import { telegramBot, TelegramError, type TelegramBot } from '../../integrations/telegram/bot-api.server'
import { AppError } from '../../utils/app-error'
import { env } from '../../utils/env.server'
import { logger } from '../../utils/logger.server'
import { decryptDelivery, encryptDelivery } from '../fulfillment/delivery-crypto.server'
import { readStoreSetting, writeStoreSetting } from '../store-settings.server'
import { recordAudit, type Actor } from '../staff/audit.server'
import { requireOwner } from '../staff/permissions'

// The shop's Telegram bot (issue 24): the owner saves its token (encrypted like delivery content,
// never shown back in full, never logged); each staff member links their chat by sending the bot
// a one-time code, which the shop reads with getUpdates (no public URL needed for a webhook).

export const TELEGRAM_BOT_SETTING = 'telegram-bot'
const SETTING = TELEGRAM_BOT_SETTING
const stored = z.object({ token: z.string(), username: z.string(), offset: z.number().int().optional() })
type StoredBot = z.infer<typeof stored>

export const TELEGRAM_MESSAGES = {
	badToken: 'That does not look like a bot token. BotFather gives one like 123456789:AAE… (numbers, a colon, then letters).',
	refused: 'Telegram did not accept that token. Copy it again from BotFather.',
	unreachable: 'Telegram could not be reached to check the token. Try again in a minute.',
	noBot: 'The shop owner has not connected a Telegram bot yet.',
} as const

const TOKEN = /^\d{5,15}:[A-Za-z0-9_-]{20,80}$/
const CODE_MINUTES = 15

async function readBot(db: Db): Promise<StoredBot | null> {
	return readStoreSetting(db, SETTING, stored.nullable(), null)
}

/** What the console shows of the bot: its name and the token's last four characters. */
export async function telegramBotStatus(db: Db): Promise<{ username: string; tokenEnd: string } | null> {
	const bot = await readBot(db)
	if (!bot) return null
	const token = decryptDelivery(bot.token) ?? ''
	return { username: bot.username, tokenEnd: token.slice(-4) }
}

/** The bot to call, or null when none is connected. */
export async function shopTelegramBot(db: Db): Promise<TelegramBot | null> {
	const bot = await readBot(db)
	return bot ? telegramBot(env().TELEGRAM_API_URL, decryptDelivery(bot.token)!) : null
}

/** The owner connects the shop's bot: the token is checked with getMe, stored encrypted, and audited without it. */
export async function saveTelegramBot(db: Db, actor: Actor, token: unknown): Promise<{ username: string }> {
	requireOwner(actor)
	const value = typeof token === 'string' ? token.trim() : ''
	if (!TOKEN.test(value)) throw new AppError('BAD_REQUEST', TELEGRAM_MESSAGES.badToken, { token: TELEGRAM_MESSAGES.badToken })
	let username: string
	try {
		username = (await telegramBot(env().TELEGRAM_API_URL, value).getMe()).username
	} catch (error) {
		if (error instanceof TelegramError && error.unauthorized) throw new AppError('BAD_REQUEST', TELEGRAM_MESSAGES.refused, { token: TELEGRAM_MESSAGES.refused })
		throw new AppError('UNAVAILABLE', TELEGRAM_MESSAGES.unreachable)
	}
	await db.transaction(async (tx) => {
		await writeStoreSetting(tx, SETTING, { token: encryptDelivery(value)!, username } satisfies StoredBot)
		await recordAudit(tx, actor, { action: 'alerts.telegram-bot', target: 'store settings', after: { bot: `@${username}` } })
	})
	return { username }
}

/** The owner disconnects the bot: chats linked to it are unlinked too (a new bot knows none of them). */
export async function removeTelegramBot(db: Db, actor: Actor): Promise<void> {
	requireOwner(actor)
	await db.transaction(async (tx) => {
		await tx.execute(sql`delete from store_settings where key = ${SETTING}`)
		await tx.update(staffAlertSettings).set({ telegramChatId: null, telegramCodeHash: null, telegramCodeExpiresAt: null, updatedAt: new Date() })
		await recordAudit(tx, actor, { action: 'alerts.telegram-bot-removed', target: 'store settings' })
	})
}

const hashCode = (code: string) => crypto.createHash('sha256').update(code.toUpperCase()).digest('hex')

/** A one-time code for this member to send the bot ("/start CODE"), valid 15 minutes; only its hash is kept. */
export async function startTelegramLink(db: Db, staffId: number): Promise<{ code: string; botUsername: string; expiresAt: Date }> {
	const bot = await readBot(db)
	if (!bot) throw new AppError('CONFLICT', TELEGRAM_MESSAGES.noBot)
	const code = crypto.randomBytes(6).toString('base64url').replace(/[-_]/g, 'X').toUpperCase().slice(0, 8)
	const expiresAt = new Date(Date.now() + CODE_MINUTES * 60_000)
	await db
		.insert(staffAlertSettings)
		.values({ staffId, telegramCodeHash: hashCode(code), telegramCodeExpiresAt: expiresAt })
		.onConflictDoUpdate({ target: staffAlertSettings.staffId, set: { telegramCodeHash: hashCode(code), telegramCodeExpiresAt: expiresAt, updatedAt: new Date() } })
	return { code, botUsername: bot.username, expiresAt }
}

export async function unlinkTelegram(db: Db, staffId: number): Promise<void> {
	await db.update(staffAlertSettings).set({ telegramChatId: null, telegramCodeHash: null, telegramCodeExpiresAt: null, updatedAt: new Date() }).where(eq(staffAlertSettings.staffId, staffId))
}

/**
 * Reads the bot's new messages when a code is waiting: a "/start CODE" from a chat links that chat
 * to the code's member (once: the code is then forgotten) and the chat is told. Safe on every
 * instance at once. Returns how many chats were linked.
 */
export async function pollTelegramLinks(db: Db): Promise<number> {
	const [waiting] = await db
		.select({ staffId: staffAlertSettings.staffId })
		.from(staffAlertSettings)
		.where(and(isNotNull(staffAlertSettings.telegramCodeHash), gt(staffAlertSettings.telegramCodeExpiresAt, new Date())))
		.limit(1)
	if (!waiting) return 0
	const saved = await readBot(db)
	if (!saved) return 0
	const bot = telegramBot(env().TELEGRAM_API_URL, decryptDelivery(saved.token)!)
	let linked = 0
	try {
		const updates = await bot.getUpdates(saved.offset)
		for (const update of updates) {
			const text = update.message?.text?.trim() ?? ''
			const match = /^\/start(?:@\w+)?\s+([A-Za-z0-9]{6,12})$/.exec(text)
			if (!match || !update.message) continue
			const chatId = String(update.message.chat.id)
			const [row] = await db
				.update(staffAlertSettings)
				.set({ telegramChatId: chatId, telegramCodeHash: null, telegramCodeExpiresAt: null, updatedAt: new Date() })
				.where(and(eq(staffAlertSettings.telegramCodeHash, hashCode(match[1]!)), gt(staffAlertSettings.telegramCodeExpiresAt, new Date())))
				.returning({ staffId: staffAlertSettings.staffId })
			if (!row) continue
			linked++
			await bot.sendMessage(chatId, 'Linked: the shop’s staff alerts you choose will arrive in this chat.').catch(() => {})
		}
		const last = updates.at(-1)
		if (last) await writeStoreSetting(db, SETTING, { ...saved, offset: last.update_id + 1 } satisfies StoredBot)
	} catch (error) {
		logger.warn({ err: error instanceof Error ? error.message : String(error) }, 'telegram: could not read the bot’s messages')
	}
	return linked
}
