import { z } from 'zod'

// The shop's connections (ADR-048): the PayPro account online payments go to, how emails leave the
// shop, and its public address. The owner sets and tests them on /admin/connections; an environment
// variable, where set, wins and the console says so. Secrets are write-only: left empty, the saved
// one stays; they are shown back by their last four characters only.

export const CONNECTION_MESSAGES = {
	clientId: 'The client id from PayPro’s merchant panel: letters, digits, dots, dashes or underscores, up to 200.',
	clientSecret: 'The client secret from PayPro’s merchant panel: one line without spaces, up to 500 characters.',
	clientSecretMissing: 'Paste the client secret from PayPro’s merchant panel.',
	merchantId: 'The merchant id (your PayPro username): letters, digits, dots, dashes or underscores, up to 200.',
	mode: 'Choose PayPro’s sandbox to try the account out, or live to take real money.',
	baseUrl: 'Leave it empty to use PayPro’s own address for the mode, or give one starting with https://.',
	baseUrlPrivate: 'That address is not on the internet: a deployed shop only talks to PayPro’s servers.',
	provider: 'Choose Brevo or an SMTP server.',
	brevoKey: 'The Brevo API key starts with xkeysib- (Brevo: SMTP & API, API keys).',
	brevoKeyMissing: 'Paste the Brevo API key.',
	templateId: 'The Brevo template’s number (Brevo: Templates), or leave it empty for 2.',
	smtpUrl: 'An SMTP address like smtps://user:password@smtp.example.com:465, up to 1,000 characters.',
	smtpUrlMissing: 'Give the SMTP server’s address, with its user and password.',
	smtpPrivate: 'That SMTP server is not on the internet: a deployed shop only sends through a public mail server.',
	from: 'The sender address buyers see, like orders@yourshop.pk.',
	publicUrl: 'The shop’s address as buyers type it, like https://yourshop.pk: https, with no path.',
	publicUrlHttp: 'A deployed shop’s address starts with https://.',
	publicUrlEnv: 'PUBLIC_URL is set in the server’s environment, so it wins: change it there.',
	payproEnv: 'PayPro is set in the server’s environment (PAYPRO_CLIENT_ID), so it wins: change it there.',
	emailEnv: 'Email is set in the server’s environment (EMAIL_PROVIDER), so it wins: change it there.',
} as const

const M = CONNECTION_MESSAGES
const token = (max: number, message: string) => z.string({ error: message }).trim().max(max, message).regex(/^[\w.@+-]*$/, message)

/** The PayPro form: the secret may be left empty to keep the saved one. */
export const payproConnectionInput = z.object({
	clientId: token(200, M.clientId).min(1, M.clientId),
	clientSecret: z.string().trim().max(500, M.clientSecret).regex(/^\S*$/, M.clientSecret).default(''),
	merchantId: token(200, M.merchantId).min(1, M.merchantId),
	mode: z.enum(['sandbox', 'live'], { error: M.mode }).default('live'),
	baseUrl: z
		.string()
		.trim()
		.max(300, M.baseUrl)
		.refine((v) => v === '' || (URL.canParse(v) && /^https?:$/.test(new URL(v).protocol) && !new URL(v).username && !new URL(v).password), M.baseUrl)
		.default(''),
})
export type PayProConnectionInput = z.output<typeof payproConnectionInput>

/** The email form: Brevo with its key (and template), or an SMTP address; both secrets may be left empty to keep the saved one. */
export const emailConnectionInput = z.object({
	provider: z.enum(['brevo', 'smtp'], { error: M.provider }),
	brevoKey: z.string().trim().max(300, M.brevoKey).regex(/^(xkeysib-[\w-]+)?$/, M.brevoKey).default(''),
	templateId: z
		.string()
		.trim()
		.regex(/^\d{0,9}$/, M.templateId)
		.transform((v) => (v === '' ? null : Number(v)))
		.pipe(z.number().int().positive(M.templateId).nullable())
		.default(null),
	smtpUrl: z
		.string()
		.trim()
		.max(1000, M.smtpUrl)
		.refine((v) => v === '' || (URL.canParse(v) && /^smtps?:$/.test(new URL(v).protocol) && new URL(v).hostname !== ''), M.smtpUrl)
		.default(''),
	from: z.string({ error: M.from }).trim().max(254, M.from).email(M.from),
})
export type EmailConnectionInput = z.output<typeof emailConnectionInput>

/** The public address form. */
export const publicUrlInput = z.object({
	publicUrl: z
		.string({ error: M.publicUrl })
		.trim()
		.max(200, M.publicUrl)
		.refine((v) => URL.canParse(v) && /^https?:$/.test(new URL(v).protocol) && !new URL(v).username && new URL(v).pathname === '/' && !new URL(v).search && !new URL(v).hash, M.publicUrl)
		.transform((v) => new URL(v).origin),
})

/** The API's PATCH body: any of the three parts. */
export const connectionsPatch = z
	.object({
		paypro: z.object({ clientId: z.string(), clientSecret: z.string().optional(), merchantId: z.string(), baseUrl: z.string().nullish(), mode: z.enum(['sandbox', 'live']).optional() }).strict().nullish(),
		email: z.object({ provider: z.enum(['brevo', 'smtp', 'log']), brevoKey: z.string().optional(), templateId: z.number().int().positive().nullish(), smtpUrl: z.string().optional(), from: z.string().optional() }).strict().optional(),
		publicUrl: z.string().nullish(),
	})
	.strict()

/** Where a connection comes from: the server's environment (wins), the console, or nowhere yet. */
export type ConnectionSource = 'environment' | 'console' | 'none'

/** What the console and GET /api/admin/connections show: never a secret, only its last four characters. */
export const connectionsView = z.object({
	paypro: z.object({
		source: z.enum(['environment', 'console', 'none']),
		clientId: z.string().nullable(),
		clientSecret: z.string().nullable().describe('the last four characters'),
		merchantId: z.string().nullable(),
		baseUrl: z.string().nullable(),
		mode: z.enum(['sandbox', 'live']).nullable(),
		callbackUrl: z.string().describe('to paste into PayPro’s panel as the notification (UIS) address'),
		callbackUsername: z.string().nullable(),
		callbackPassword: z.string().nullable().describe('the last four characters; the console shows it whole to the owner'),
	}),
	email: z.object({
		source: z.enum(['environment', 'console', 'none']),
		provider: z.enum(['brevo', 'smtp', 'log']),
		brevoKey: z.string().nullable().describe('the last four characters'),
		templateId: z.number().nullable(),
		smtpUrl: z.string().nullable().describe('the host and port only'),
		from: z.string(),
	}),
	publicUrl: z.object({ source: z.enum(['environment', 'console', 'none']), url: z.string() }),
})
export type ConnectionsView = z.infer<typeof connectionsView>

export const connectionTestAnswer = z.object({ ok: z.boolean(), sentence: z.string() })
export type ConnectionTestAnswer = z.infer<typeof connectionTestAnswer>

/** The last four characters of a secret, for recognising it. */
export const lastFour = (secret: string | null | undefined): string | null => (secret ? `…${secret.slice(-4)}` : null)
