import { eq } from 'drizzle-orm'
import { z } from 'zod'
import { announcementBanner, heroCopy } from '../../content/site/home'
import type { Db } from '../../db/client.server'
import { storeSettings } from '../../db/schema'
import { ConfigError, env, type Env } from '../../utils/env.server'
import { logger } from '../../utils/logger.server'
import { recordAudit, type Actor } from '../staff/audit.server'
import { cachedUntilChanged } from '../cached-read.server'
import { notifyStoreChanged } from '../store-changes.server'
import { writeStoreSetting } from '../store-settings.server'
import { DEFAULT_PAYMENT_REMINDERS, SAMPLE, sampleTransferAccounts, STORE_DETAIL_FIELDS, storedStoreDetailsSchema, transferAccountSchema, type StoreDetails, type StoreDetailsPatch } from './store-details'
import { requireOwner } from '../staff/permissions'

/** Renewal reminders go this many days before a subscription ends, until the owner changes it. */
export const DEFAULT_RENEWAL_REMINDER_DAYS = 3

/** The store_settings row that holds every store detail. */
export const STORE_DETAILS_KEY = 'store.details'

/** Reads MANUAL_PAYMENT_ACCOUNTS (a JSON list of {method, holder, account}); unset gives the sample accounts. */
export function parseTransferAccounts(e: Pick<Env, 'MANUAL_PAYMENT_ACCOUNTS' | 'STORE_NAME'>): StoreDetails['transferAccounts'] {
	if (!e.MANUAL_PAYMENT_ACCOUNTS) return sampleTransferAccounts(e.STORE_NAME ?? SAMPLE.storeName)
	let value: unknown
	try {
		value = JSON.parse(e.MANUAL_PAYMENT_ACCOUNTS)
	} catch {
		throw new ConfigError('Invalid configuration:\n  MANUAL_PAYMENT_ACCOUNTS: must be JSON')
	}
	const result = z.array(transferAccountSchema).min(1).max(12).safeParse(value)
	// A wrong account would send a buyer's money astray: refuse it rather than guess.
	if (!result.success) {
		const lines = result.error.issues.map((i) => `  MANUAL_PAYMENT_ACCOUNTS${i.path.map((p) => `[${String(p)}]`).join('')}: ${i.message}`)
		throw new ConfigError(`Invalid configuration (expected a list of {method, holder, account}):\n${lines.join('\n')}`)
	}
	return result.data
}

/** Where a new shop starts: the environment's values (docs/configuration.md), else the samples and the shop's own texts. */
export function storeDetailsDefaults(e: Env = env()): StoreDetails {
	return {
		storeName: e.STORE_NAME ?? SAMPLE.storeName,
		whatsapp: e.WHATSAPP_NUMBER ?? SAMPLE.whatsapp,
		supportPhone: e.SUPPORT_PHONE ?? SAMPLE.supportPhone,
		supportEmail: e.SUPPORT_EMAIL ?? SAMPLE.supportEmail,
		instagram: e.INSTAGRAM_HANDLE ?? SAMPLE.instagram,
		transferAccounts: parseTransferAccounts(e),
		banner: announcementBanner,
		heroHeadline: heroCopy.headline,
		heroSubheadline: heroCopy.subheadline,
		// Testimonials are what buyers told the owner: a new shop has none until the owner writes them.
		testimonials: [],
		promoVideoId: e.PROMO_VIDEO_ID ?? null,
		palestineVideoId: e.PALESTINE_VIDEO_ID ?? null,
		metaPixelId: e.META_PIXEL_ID ?? null,
		appName: null,
		appShortName: null,
		reviewsFrom: 'anyone',
		renewalReminderDays: DEFAULT_RENEWAL_REMINDER_DAYS,
		paymentReminders: { ...DEFAULT_PAYMENT_REMINDERS },
	}
}

/** The six invented testimonials earlier versions wrote into a new shop's details: never the owner's, so never shown. */
const INVENTED_TESTIMONIALS = new Set([
	'Ordered Game Pass Ultimate late at night and it was running on my Xbox within a couple of hours. Smooth from start to finish.',
	'Bought an Xbox gift card for my brother\'s birthday and paid with EasyPaisa. The code came quickly and worked first time.',
	'Finally a way to pay for PC Game Pass in rupees without an international card. The setup guide was really easy to follow.',
	'I had trouble signing in and support answered on WhatsApp in the middle of the night. They sorted it out in minutes.',
	'Got a shared Game Pass account for my son and the step-by-step guide made setting up his profile simple. Honest, friendly service.',
	'Paid by bank transfer, uploaded the receipt and watched my order on the tracking page until the key arrived. Will definitely buy again.',
])

/** The stored details over the defaults: a field the row lacks (or one that no longer fits) keeps its default. */
function withDefaults(value: unknown, defaults: StoreDetails): StoreDetails {
	const stored = storedStoreDetailsSchema.safeParse(value)
	if (!stored.success) {
		logger.warn({ issues: stored.error.issues.slice(0, 3) }, 'store details: the stored value does not fit; using the defaults')
		return defaults
	}
	const details: StoreDetails = { ...defaults, ...Object.fromEntries(Object.entries(stored.data).filter(([, v]) => v !== undefined)) }
	return { ...details, testimonials: details.testimonials.filter((t) => !INVENTED_TESTIMONIALS.has(t.text)) }
}

/**
 * The first start writes the defaults (from the environment) into the database; later starts leave
 * them, so the environment no longer changes a running shop's details and every instance reads one row.
 */
export async function seedStoreDetails(db: Db, defaults: StoreDetails = storeDetailsDefaults()) {
	await db.insert(storeSettings).values({ key: STORE_DETAILS_KEY, value: defaults }).onConflictDoNothing()
}

async function loadStoreDetails(db: Db): Promise<StoreDetails> {
	const [row] = await db.select({ value: storeSettings.value }).from(storeSettings).where(eq(storeSettings.key, STORE_DETAILS_KEY)).limit(1)
	const defaults = storeDetailsDefaults()
	return row ? withDefaults(row.value, defaults) : defaults
}

// Read on every page, so kept in memory until the owner changes them (cached-read.server.ts).
const storeDetailsCache = cachedUntilChanged('store details', 'settings', loadStoreDetails)

/** Forgets this instance's copy; the next read asks the database. */
export const forgetStoreDetails = () => storeDetailsCache.forget()

/** The store's details as buyers see them: from memory, read again after any change. */
export const readStoreDetails = (db: Db): Promise<StoreDetails> => storeDetailsCache.read(db)

const sameValue = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)

/**
 * The owner (or an API key acting for them) changes some details. In one transaction: the row is
 * locked, the change merged into it, the audit entry written with what it was and what it became,
 * and every instance told to forget its copy and its cached pages.
 */
export async function updateStoreDetails(db: Db, actor: Actor, change: StoreDetailsPatch): Promise<{ details: StoreDetails; changed: (keyof StoreDetails)[] }> {
	requireOwner(actor)
	const result = await db.transaction(async (tx) => {
		const defaults = storeDetailsDefaults()
		// The row exists before it is locked, so two changes at once take turns instead of losing one.
		await tx.insert(storeSettings).values({ key: STORE_DETAILS_KEY, value: defaults }).onConflictDoNothing()
		const [row] = await tx.select({ value: storeSettings.value }).from(storeSettings).where(eq(storeSettings.key, STORE_DETAILS_KEY)).for('update')
		const before = withDefaults(row?.value, defaults)
		const after: StoreDetails = { ...before }
		for (const key of STORE_DETAIL_FIELDS) if (change[key] !== undefined) (after as Record<string, unknown>)[key] = change[key]
		const changed = STORE_DETAIL_FIELDS.filter((key) => !sameValue(before[key], after[key]))
		if (changed.length === 0) return { details: before, changed }
		await writeStoreSetting(tx, STORE_DETAILS_KEY, after)
		const pick = (d: StoreDetails) => Object.fromEntries(changed.map((key) => [key, d[key]]))
		await recordAudit(tx, actor, { action: 'store.settings', target: 'store settings', before: pick(before), after: pick(after) })
		await notifyStoreChanged(tx, 'settings')
		return { details: after, changed }
	})
	// This instance at once, without waiting for its own notification.
	if (result.changed.length > 0) forgetStoreDetails()
	return result
}
