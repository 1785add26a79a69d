import { z } from 'zod'

// The owner's WhatsApp Business Cloud API connection (ADR-035), as the console's form sends it. The
// access token is write-only: left empty, the saved one stays.

export const WHATSAPP_MESSAGES = {
	tokenMissing: 'Paste the access token from Meta’s WhatsApp settings (a permanent token of a system user).',
	token: 'That does not look like an access token: one line of letters and digits, from 20 to 1,000 characters, with no spaces.',
	phoneNumberId: 'The phone number id is digits only (6 to 20): WhatsApp Manager shows it under the phone number. It is not the phone number itself.',
	templateName: 'A template name is lower-case letters, digits and underscores, like order_update.',
	language: 'A language code like en, en_US or ur.',
	testPhone: 'Enter a Pakistani mobile number, like 0300 1234567, or an international one starting with +.',
	notConnected: 'WhatsApp is not connected yet: save its settings first.',
} as const

const language = (fallback: string) =>
	z
		.string()
		.trim()
		.max(10, WHATSAPP_MESSAGES.language)
		.transform((v) => v || fallback)
		.pipe(z.string().regex(/^[a-z]{2,3}(_[A-Z]{2})?$/, WHATSAPP_MESSAGES.language))

/** The connection form: token (empty keeps the saved one), phone number id, template and its two languages. */
export const whatsappSettingsInput = z.object({
	token: z
		.string()
		.trim()
		.max(1000, WHATSAPP_MESSAGES.token)
		.regex(/^[\w.=-]*$/, WHATSAPP_MESSAGES.token)
		.refine((v) => v === '' || v.length >= 20, WHATSAPP_MESSAGES.token)
		.default(''),
	phoneNumberId: z.string({ error: WHATSAPP_MESSAGES.phoneNumberId }).trim().min(1, WHATSAPP_MESSAGES.phoneNumberId).max(20, WHATSAPP_MESSAGES.phoneNumberId).regex(/^\d{6,20}$/, WHATSAPP_MESSAGES.phoneNumberId),
	templateName: z.string({ error: WHATSAPP_MESSAGES.templateName }).trim().min(1, WHATSAPP_MESSAGES.templateName).max(512, WHATSAPP_MESSAGES.templateName).regex(/^[a-z0-9_]+$/, WHATSAPP_MESSAGES.templateName),
	languageEn: language('en').default('en'),
	languageUr: language('ur').default('ur'),
})
export type WhatsAppSettingsInput = z.output<typeof whatsappSettingsInput>

/** "Send a test message": the number it goes to. */
export const whatsappTestInput = z.object({
	testPhone: z.string({ error: WHATSAPP_MESSAGES.testPhone }).trim().min(1, WHATSAPP_MESSAGES.testPhone).max(24, WHATSAPP_MESSAGES.testPhone),
})
