import { z } from 'zod'

// Parsed once at start: a bad value stops the server with a message naming the variable.
const boolish = z
	.enum(['1', '0', 'true', 'false', 'yes', 'no'])
	.transform((v) => v === '1' || v === 'true' || v === 'yes')

const schema = z.object({
	NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
	PORT: z.coerce.number().int().min(0).max(65535).default(3000),
	HOST: z.string().min(1).default('0.0.0.0'),
	DATA_DIR: z.string().min(1).default('./data'),
	DATABASE_URL: z
		.string()
		.regex(/^postgres(ql)?:\/\//, 'must be a postgres:// or postgresql:// URL')
		.optional(),
	LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
	PUBLIC_URL: z.string().url().optional(),
	STORE_NAME: z.string().min(1).default('GameVault PK'),
	SUPPORT_EMAIL: z.string().email().default('support@gamevault.pk'),
	WHATSAPP_NUMBER: z
		.string()
		.regex(/^\d{10,15}$/, 'must be digits only, with country code, e.g. 923001234567')
		.default('923001234567'),
	SUPPORT_PHONE: z.string().min(1).default('+92 300 1234567'),
	INSTAGRAM_HANDLE: z.string().min(1).default('gamevault.pk'),
	// A YouTube video id; unset shows the shop's own poster instead.
	PROMO_VIDEO_ID: z.string().regex(/^[\w-]{6,20}$/, 'must be a YouTube video id').optional(),
	PALESTINE_VIDEO_ID: z.string().regex(/^[\w-]{6,20}$/, 'must be a YouTube video id').optional(),
	META_PIXEL_ID: z
		.string()
		.regex(/^\d+$/, 'must be the numeric pixel id')
		.optional(),
	REVIEW_RATE_LIMIT: z.coerce.number().int().min(1).default(5),
	CONTACT_RATE_LIMIT: z.coerce.number().int().min(1).default(5),
	TRUST_PROXY: boolish.default(false),
})

export type Env = z.infer<typeof schema>

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

let current: Env | undefined

export function env(): Env {
	current ??= parseEnv()
	return current
}

/** The short list of values the browser may see. Never the whole environment. */
export function publicEnv(e: Env = env()) {
	return {
		storeName: e.STORE_NAME,
		supportEmail: e.SUPPORT_EMAIL,
		whatsapp: e.WHATSAPP_NUMBER,
		supportPhone: e.SUPPORT_PHONE,
		instagram: e.INSTAGRAM_HANDLE,
		promoVideoId: e.PROMO_VIDEO_ID ?? null,
		palestineVideoId: e.PALESTINE_VIDEO_ID ?? null,
		metaPixelId: e.META_PIXEL_ID ?? null,
	}
}
export type PublicEnv = ReturnType<typeof publicEnv>
