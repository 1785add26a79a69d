import { sql } from 'drizzle-orm'
import { z } from 'zod'
import type { Db, Tx } from '../../db/client.server'
import type { Lang } from '../../i18n/lang'
import { translator } from '../../i18n/messages.server'
import { sendTemplateMessage, WhatsAppError } from '../../integrations/whatsapp/cloud-api.server'
import { AppError } from '../../utils/app-error'
import { env } from '../../utils/env.server'
import { invalidInput } from '../../utils/field-errors'
import { absoluteUrl } from '../../utils/origin.server'
import { decryptDelivery, encryptDelivery } from '../fulfillment/delivery-crypto.server'
import { whatsappDigits } from '../settings/store-details'
import { readStoreDetails } from '../settings/store-details.server'
import { recordAudit, type Actor } from '../staff/audit.server'
import { readStoreSetting, writeStoreSetting } from '../store-settings.server'
import { WHATSAPP_MESSAGES, whatsappSettingsInput, whatsappTestInput } from './whatsapp-settings'
import { requireOwner } from '../staff/permissions'

// The shop's WhatsApp Business Cloud API connection (ADR-035): the owner saves the access token
// (encrypted like delivery content, never shown back in full, never logged or audited), the phone
// number id and the approved template with its English and Urdu language codes.

const SETTING = 'whatsapp'
const stored = z.object({ token: z.string(), phoneNumberId: z.string(), templateName: z.string(), languages: z.object({ en: z.string(), ur: z.string() }) })
type Stored = z.infer<typeof stored>

export interface WhatsAppConnection {
	token: string
	phoneNumberId: string
	templateName: string
	languages: Record<Lang, string>
}

/** The connection to send with, or null when the owner has not connected WhatsApp. */
export async function readWhatsApp(db: Db | Tx): Promise<WhatsAppConnection | null> {
	const saved = await readStoreSetting(db, SETTING, stored.nullable(), null)
	const token = saved ? decryptDelivery(saved.token) : null
	return saved && token ? { ...saved, token } : null
}

/** Whether buyers are offered "Send updates on WhatsApp" at checkout. */
export async function whatsappConnected(db: Db | Tx): Promise<boolean> {
	return (await readStoreSetting(db, SETTING, stored.nullable(), null)) !== null
}

export interface WhatsAppStatus {
	phoneNumberId: string
	templateName: string
	languageEn: string
	languageUr: string
	/** The token's last four characters: enough to recognise it, never enough to use it. */
	tokenEnd: string
}

/** What the console shows of the connection. */
export async function whatsappStatus(db: Db): Promise<WhatsAppStatus | null> {
	const saved = await readWhatsApp(db)
	if (!saved) return null
	return { phoneNumberId: saved.phoneNumberId, templateName: saved.templateName, languageEn: saved.languages.en, languageUr: saved.languages.ur, tokenEnd: saved.token.slice(-4) }
}

/** The owner connects (or changes) WhatsApp: checked with the form's schema, the token stored encrypted and audited without it. */
export async function saveWhatsApp(db: Db, actor: Actor, input: unknown): Promise<WhatsAppStatus> {
	requireOwner(actor)
	const parsed = whatsappSettingsInput.safeParse(input)
	if (!parsed.success) throw invalidInput(parsed.error)
	const v = parsed.data
	const current = await readWhatsApp(db)
	const token = v.token || current?.token
	if (!token) throw new AppError('BAD_REQUEST', WHATSAPP_MESSAGES.tokenMissing, { token: WHATSAPP_MESSAGES.tokenMissing })
	const value: Stored = { token: encryptDelivery(token)!, phoneNumberId: v.phoneNumberId, templateName: v.templateName, languages: { en: v.languageEn, ur: v.languageUr } }
	await db.transaction(async (tx) => {
		await writeStoreSetting(tx, SETTING, value)
		await recordAudit(tx, actor, {
			action: 'store.whatsapp',
			target: 'store settings',
			after: { phoneNumberId: v.phoneNumberId, templateName: v.templateName, languages: value.languages, token: v.token ? 'replaced' : 'kept' },
		})
	})
	return { phoneNumberId: v.phoneNumberId, templateName: v.templateName, languageEn: v.languageEn, languageUr: v.languageUr, tokenEnd: token.slice(-4) }
}

/** The owner disconnects WhatsApp: the checkout stops offering it; messages already queued are not sent. */
export async function removeWhatsApp(db: Db, actor: Actor): Promise<void> {
	requireOwner(actor)
	await db.transaction(async (tx) => {
		await tx.execute(sql`delete from store_settings where key = ${SETTING}`)
		await recordAudit(tx, actor, { action: 'store.whatsapp-removed', target: 'store settings' })
	})
}

/** 923001234567 from a Pakistani mobile in any usual form, or the digits of an international number written with '+'. */
function testRecipient(input: string): string | null {
	const pakistani = whatsappDigits(input)
	if (pakistani) return pakistani
	const digits = input.replace(/[\s\-()]/g, '')
	return /^\+[1-9]\d{7,14}$/.test(digits) ? digits.slice(1) : null
}

/** Sends the template once to a number the owner gives, in English, at once (no queue): the owner sees WhatsApp's answer. */
export async function sendWhatsAppTest(db: Db, input: unknown): Promise<{ to: string; messageId: string }> {
	const parsed = whatsappTestInput.safeParse(input)
	if (!parsed.success) throw invalidInput(parsed.error)
	const to = testRecipient(parsed.data.testPhone)
	if (!to) throw new AppError('BAD_REQUEST', WHATSAPP_MESSAGES.testPhone, { testPhone: WHATSAPP_MESSAGES.testPhone })
	const connection = await readWhatsApp(db)
	if (!connection) throw new AppError('CONFLICT', WHATSAPP_MESSAGES.notConnected)
	const { storeName } = await readStoreDetails(db)
	try {
		const messageId = await sendTemplateMessage(
			{ baseUrl: env().WHATSAPP_API_URL, token: connection.token, phoneNumberId: connection.phoneNumberId },
			{ to, template: connection.templateName, languageCode: connection.languages.en, bodyValues: ['TEST', translator('en')('whatsapp.test', { store: storeName }), absoluteUrl('/')] },
		)
		return { to, messageId }
	} catch (error) {
		if (!(error instanceof WhatsAppError)) throw error
		if (error.final) throw new AppError('BAD_REQUEST', `WhatsApp refused the test message: ${error.message}. Check the token, the phone number id and that the template is approved with three body values.`)
		throw new AppError('UNAVAILABLE', `WhatsApp could not take the test message just now (${error.message}). Try again in a minute.`)
	}
}
