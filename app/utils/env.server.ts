import { z } from 'zod'
import { singleton } from './singleton.server'

// Parsed once at start: a bad value stops the server with a message naming the variable.

/** The shortest METRICS_TOKEN a deployed shop (NODE_ENV=production) takes. */
export const METRICS_TOKEN_MIN = 32

const boolish = z
	.enum(['1', '0', 'true', 'false', 'yes', 'no'])
	.transform((v) => v === '1' || v === 'true' || v === 'yes')

const schema = z.object({
	// Unset (`npm start`): the built shop, as in production, but trying it out: the PayPro simulator is the
	// default. Set to production only on a deployed server, where settings for trying the shop out refuse to start.
	NODE_ENV: z.enum(['development', 'production', 'test']).optional(),
	PORT: z.coerce.number().int().min(0).max(65535).default(3000),
	HOST: z.string().min(1).default('0.0.0.0'),
	DATA_DIR: z.string().min(1).default('./data'),
	DATABASE_URL: z
		.string()
		.regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
		.optional(),
	// ADR-059. A streaming replica that answers reports, exports, customers and the console's searches
	// (the primary answers them while it cannot be reached).
	DATABASE_REPLICA_URL: z
		.string()
		.regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
		.optional(),
	// A session straight to the primary when DATABASE_URL is a pooler (PgBouncer): migrations, the
	// start-up lock, LISTEN and the long reads' own pool connect here. Unset: DATABASE_URL.
	DATABASE_DIRECT_URL: z
		.string()
		.regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
		.optional(),
	// `transaction`: DATABASE_URL is PgBouncer (or another pooler) in transaction mode, so statements
	// are sent unnamed; set DATABASE_DIRECT_URL beside it.
	DATABASE_POOLER: z.enum(['transaction', 'none']).default('none'),
	LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
	PUBLIC_URL: z.string().url().optional(),
	// The store's details: the first start copies them into the database, where the owner edits them
	// (/admin/store); unset ones start as the built-in samples (app/domain/settings/store-details.ts).
	STORE_NAME: z.string().min(1).optional(),
	SUPPORT_EMAIL: z.string().email().optional(),
	WHATSAPP_NUMBER: z
		.string()
		.regex(/^\d{10,15}$/, 'must be digits only, with country code, e.g. 923001234567')
		.optional(),
	SUPPORT_PHONE: z.string().min(1).optional(),
	INSTAGRAM_HANDLE: z.string().min(1).optional(),
	// A YouTube video id; unset shows the shop's own poster instead.
	PROMO_VIDEO_ID: z.string().regex(/^[\w-]{6,20}$/, 'must be a YouTube video id').optional(),
	PALESTINE_VIDEO_ID: z.string().regex(/^[\w-]{6,20}$/, 'must be a YouTube video id').optional(),
	META_PIXEL_ID: z
		.string()
		.regex(/^\d+$/, 'must be the numeric pixel id')
		.optional(),
	REVIEW_RATE_LIMIT: z.coerce.number().int().min(1).default(5),
	CONTACT_RATE_LIMIT: z.coerce.number().int().min(1).default(5),
	/** Sign-in emails (a link and a code) one email address may be sent in an hour, whoever asks. */
	SIGN_IN_EMAIL_RATE_LIMIT: z.coerce.number().int().min(1).default(5),
	/** Sign-in emails one network address may ask for in an hour, for any addresses. */
	SIGN_IN_ADDRESS_RATE_LIMIT: z.coerce.number().int().min(1).default(20),
	/** Orders one address may place in 10 minutes. */
	CHECKOUT_RATE_LIMIT: z.coerce.number().int().min(1).default(20),
	TRUST_PROXY: boolish.default(false),
	/** Megabytes every uploaded file (transfer receipts) may take together in the database; uploads past it are refused with a sentence. */
	UPLOADS_QUOTA_MB: z.coerce.number().positive().max(1_000_000).default(2048),
	/** Megabytes of receipts one network address may upload in a day. */
	UPLOADS_PER_ADDRESS_MB_PER_DAY: z.coerce.number().positive().max(1024).default(50),
	/** Seconds a public catalogue page is served from memory; 0 disables. Unset: 30 in production, off in development. */
	PAGE_CACHE_SECONDS: z.coerce.number().min(0).max(3600).optional(),
	/** With the page cache on: at most this long a starting server draws the public pages before it takes traffic (ADR-061); 0 disables. */
	WARM_START_SECONDS: z.coerce.number().min(0).max(120).default(10),

	// PayPro. Without credentials here or saved on the console (/admin/connections) the shop runs its
	// own PayPro-compatible simulator; with NODE_ENV=production its payments are test payments (marked,
	// left out of the figures, no stock until staff approve). PAYPRO_SIMULATOR=true says it knowingly.
	PAYPRO_SIMULATOR: boolish.optional(),
	PAYPRO_BASE_URL: z.string().url().optional(),
	PAYPRO_CLIENT_ID: z.string().min(1).optional(),
	PAYPRO_CLIENT_SECRET: z.string().min(1).optional(),
	PAYPRO_MERCHANT_ID: z.string().min(1).optional(),
	PAYPRO_CALLBACK_USERNAME: z.string().min(1).optional(),
	PAYPRO_CALLBACK_PASSWORD: z.string().min(1).optional(),
	PAYPRO_TIMEOUT_MS: z.coerce.number().int().min(500).max(60_000).default(8000),
	// Suppliers (ADR-053): how long a purchase's call may take, and how long the checkout waits to learn whether a supplier has an option.
	SUPPLIER_TIMEOUT_MS: z.coerce.number().int().min(200).max(60_000).default(8000),
	SUPPLIER_CHECK_TIMEOUT_MS: z.coerce.number().int().min(100).max(10_000).default(1500),
	/** Production only: buy from the built-in supplier simulator for real orders anyway (a demo on a server); otherwise its units wait for staff. */
	SUPPLIER_SIMULATOR: boolish.optional(),
	/** Ask PayPro about an online order still unpaid after this many minutes. */
	RECONCILE_AFTER_MINUTES: z.coerce.number().min(0).default(3),
	/** Unpaid orders expire after this many hours. */
	ORDER_EXPIRY_HOURS: z.coerce.number().positive().default(72),
	/** Run the job worker in this process (turn off on web-only instances). */
	JOBS_WORKER: boolish.default(true),

	// Email: 'log' stores every email in the outbox and logs it; 'brevo' or 'smtp' send it.
	// Unset: the owner connects email on the console (/admin/connections); until then emails are kept in the outbox and logged.
	EMAIL_PROVIDER: z.enum(['log', 'brevo', 'smtp']).optional(),
	EMAIL_FROM: z.string().email().optional(),
	BREVO_API_KEY: z.string().min(1).optional(),
	BREVO_BASE_URL: z.string().url().default('https://api.brevo.com'),
	BREVO_TEMPLATE_ID: z.coerce.number().int().positive().optional(),
	/** Telegram's Bot API for staff alerts (the bot's token is saved by the owner in the console); tests point it at a local fake. */
	TELEGRAM_API_URL: z.string().url().default('https://api.telegram.org'),
	/** The WhatsApp Business Cloud API for buyers' order updates (the owner saves its token in the console); tests point it at a local fake. */
	WHATSAPP_API_URL: z.string().url().default('https://graph.facebook.com/v21.0'),
	/** Who the shop's Web Push requests say they are from (VAPID `sub`): a mailto: or https: address. Unset: mailto: the support email. */
	PUSH_VAPID_SUBJECT: z
		.string()
		.regex(/^(mailto:[^\s@]+@[^\s@]+|https:\/\/\S+)$/, 'must be a mailto: address or an https:// URL')
		.optional(),
	/**
	 * Tests only: the origin (e.g. http://127.0.0.1:4000) of a local push service (tests/fakes/push-server.ts)
	 * whose endpoints the shop takes and reaches as given, besides the real push services'. Refused unless
	 * NODE_ENV=test: a running shop never posts a push into its own network.
	 */
	PUSH_TEST_SERVICE_ORIGIN: z
		.string()
		.refine((v) => URL.canParse(v) && new URL(v).origin === v, 'must be an origin only, e.g. http://127.0.0.1:4000')
		.optional(),
	SMTP_URL: z.string().regex(/^smtps?:\/\//, 'must be an smtp:// or smtps:// URL').optional(),

	// Staff console.
	ADMIN_EMAIL: z.string().email().optional(),
	ADMIN_PASSWORD: z.string().min(10, 'must be at least 10 characters').optional(),
	STAFF_IDLE_MINUTES: z.coerce.number().int().min(1).default(60),
	STAFF_SESSION_HOURS: z.coerce.number().int().min(1).default(12),
	/** 32 bytes, base64: encrypts delivery content at rest. Unset: a key file in DATA_DIR (one server only). */
	DELIVERY_ENCRYPTION_KEY: z
		.string()
		.refine((v) => Buffer.from(v, 'base64').length === 32, 'must be 32 bytes in base64 (openssl rand -base64 32)')
		.optional(),
	/** Seals every backup (`npm run backup`, the daily one, the console's download when no passphrase is typed): at least 12 characters (ADR-044). */
	BACKUP_PASSPHRASE: z.string().min(12, 'must be at least 12 characters').max(1024).optional(),
	/** On PGlite, the job worker writes one backup a day into this folder (with BACKUP_PASSPHRASE). */
	BACKUP_DIR: z.string().min(1).optional(),
	/** Daily backups kept in BACKUP_DIR; older ones the shop wrote are deleted. */
	BACKUP_KEEP_DAYS: z.coerce.number().int().min(1).max(3650).default(7),
	/** DM orders: the reminder goes this many days before the subscription ends (and another on the day). */
	REMINDER_DAYS_BEFORE: z.coerce.number().int().min(0).max(30).default(3),

	/** Opens GET /metrics (Prometheus) to `Authorization: Bearer <token>`; unset: /metrics is not there (ADR-056). */
	METRICS_TOKEN: z.string().regex(/^[\x21-\x7e]+$/, 'must be letters, digits and punctuation, without spaces').max(512).optional(),

	/** JSON list of {method, holder, account} for bank / wallet transfers. */
	MANUAL_PAYMENT_ACCOUNTS: z.string().optional(),
}).superRefine((e, ctx) => {
	if (e.DATABASE_POOLER === 'transaction' && (!e.DATABASE_URL || !e.DATABASE_DIRECT_URL)) {
		ctx.addIssue({ code: 'custom', path: ['DATABASE_DIRECT_URL'], message: 'DATABASE_POOLER=transaction needs DATABASE_URL (the pooler) and DATABASE_DIRECT_URL (PostgreSQL itself, for migrations, LISTEN and long reads)' })
	}
	if ((e.DATABASE_REPLICA_URL || e.DATABASE_DIRECT_URL) && !e.DATABASE_URL) {
		ctx.addIssue({ code: 'custom', path: [e.DATABASE_REPLICA_URL ? 'DATABASE_REPLICA_URL' : 'DATABASE_DIRECT_URL'], message: 'is read only beside DATABASE_URL: set DATABASE_URL to the primary' })
	}
	if (e.PAYPRO_CLIENT_ID && e.PAYPRO_SIMULATOR === true) {
		ctx.addIssue({ code: 'custom', path: ['PAYPRO_SIMULATOR'], message: 'PAYPRO_SIMULATOR=true takes test payments only: unset it, or unset the PayPro credentials' })
	}
	const paypro = [e.PAYPRO_CLIENT_ID, e.PAYPRO_CLIENT_SECRET, e.PAYPRO_MERCHANT_ID]
	if (paypro.some(Boolean) && !paypro.every(Boolean)) {
		ctx.addIssue({ code: 'custom', path: ['PAYPRO_CLIENT_ID'], message: 'PAYPRO_CLIENT_ID, PAYPRO_CLIENT_SECRET and PAYPRO_MERCHANT_ID go together' })
	}
	if (e.PAYPRO_CLIENT_ID && (!e.PAYPRO_CALLBACK_USERNAME || !e.PAYPRO_CALLBACK_PASSWORD)) {
		ctx.addIssue({ code: 'custom', path: ['PAYPRO_CALLBACK_PASSWORD'], message: 'set PAYPRO_CALLBACK_USERNAME and PAYPRO_CALLBACK_PASSWORD with live PayPro credentials' })
	}
	if (e.PUSH_TEST_SERVICE_ORIGIN && e.NODE_ENV !== 'test') {
		ctx.addIssue({ code: 'custom', path: ['PUSH_TEST_SERVICE_ORIGIN'], message: 'is for tests only: refused unless NODE_ENV=test' })
	}
	if (e.BACKUP_DIR && !e.BACKUP_PASSPHRASE) {
		ctx.addIssue({ code: 'custom', path: ['BACKUP_PASSPHRASE'], message: 'required with BACKUP_DIR: every backup is sealed with it, since it holds the key to delivered codes' })
	}
	if (e.EMAIL_PROVIDER === 'brevo' && !e.BREVO_API_KEY) {
		ctx.addIssue({ code: 'custom', path: ['BREVO_API_KEY'], message: 'required when EMAIL_PROVIDER is brevo' })
	}
	if (e.EMAIL_PROVIDER === 'smtp' && !e.SMTP_URL) {
		ctx.addIssue({ code: 'custom', path: ['SMTP_URL'], message: 'required when EMAIL_PROVIDER is smtp' })
	}
	// A short token on a deployed shop could be guessed by anyone who reaches /metrics.
	if (e.METRICS_TOKEN && e.NODE_ENV === 'production' && e.METRICS_TOKEN.length < METRICS_TOKEN_MIN) {
		ctx.addIssue({ code: 'custom', path: ['METRICS_TOKEN'], message: `must be at least ${METRICS_TOKEN_MIN} characters with NODE_ENV=production (openssl rand -hex 32)` })
	}
	if (e.MANUAL_PAYMENT_ACCOUNTS) {
		try {
			JSON.parse(e.MANUAL_PAYMENT_ACCOUNTS)
		} catch {
			ctx.addIssue({ code: 'custom', path: ['MANUAL_PAYMENT_ACCOUNTS'], message: 'must be JSON' })
		}
	}
})
	// What the rest of the shop reads: unset NODE_ENV serves the build as production does.
	// DEPLOYED: NODE_ENV=production was set, as on a server buyers reach (not `npm start` trying the shop out).
	.transform((e) => ({ ...e, NODE_ENV: e.NODE_ENV ?? 'production', DEPLOYED: e.NODE_ENV === 'production' }))

export type Env = z.output<typeof schema>

export class ConfigError extends Error {}

export function parseEnv(source: Record<string, string | undefined> = process.env): Env {
	// Empty strings count as unset, so `FOO= npm start` falls back to the default.
	const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== ''))
	const result = schema.safeParse(cleaned)
	if (!result.success) {
		const lines = result.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`)
		throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`)
	}
	return result.data
}

// Shared by every copy of this module (the host's and the server bundle's), like the other singletons.
const state = singleton('env', () => ({ current: undefined as Env | undefined }))

export function env(): Env {
	state.current ??= parseEnv()
	return state.current
}

/** The configuration the shop was started with: what every later env() call returns. */
export function useEnv(e: Env) {
	state.current = e
}
