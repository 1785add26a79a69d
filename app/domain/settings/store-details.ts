import { z } from 'zod'
import { AppError } from '../../utils/app-error'
import { fieldErrorsOf } from '../../utils/field-errors'
import { nameSchema, textSchema } from '../../utils/input'
import { normalisePakistaniMobile } from '../orders/checkout-fields'
import { storeContacts } from './store-contacts'
import { announcementBanner } from '../../content/site/home'
import { CEILING_PERIODS, ibanProblem, MAX_CEILING_RUPEES, normaliseIban, normaliseRaastId } from './receiving-accounts'
import { typedAmount } from '../../utils/digits'

// The owner's store details (/admin/store and /api/admin/store-settings): one schema for the form,
// the API and the OpenAPI document. Browser-safe: no server imports.

/** The built-in sample values a new shop starts with; the dashboard's checklist flags what is still one of them. */
export const SAMPLE = {
	storeName: 'GameVault PK',
	supportEmail: 'support@gamevault.pk',
	whatsapp: '923001234567',
	supportPhone: '+92 300 1234567',
	instagram: 'gamevault.pk',
	/** Placeholders: an IBAN with check digits 00 is never real, and the wallets share the sample mobile. */
	accountNumbers: ['PK00 MEZN 0000 0000 0000 0000', '0300 1234567'],
	banner: announcementBanner,
} as const

/** A bank and three wallets held by the store, with the sample numbers. */
export function sampleTransferAccounts(storeName: string): SavedAccount[] {
	const [iban, wallet] = SAMPLE.accountNumbers
	return [
		{ method: 'Meezan Bank', holder: storeName, account: iban, iban: null, raastId: null, ceiling: null },
		{ method: 'JazzCash', holder: storeName, account: wallet, iban: null, raastId: null, ceiling: null },
		{ method: 'EasyPaisa', holder: storeName, account: wallet, iban: null, raastId: null, ceiling: null },
		{ method: 'SadaPay', holder: storeName, account: wallet, iban: null, raastId: null, ceiling: null },
	]
}

export const MESSAGES = {
	storeName: 'Enter the store’s name (up to 60 characters).',
	whatsapp: 'Enter the WhatsApp number as a Pakistani mobile number, like 0300 1234567.',
	supportPhone: 'Enter the support number as a Pakistani mobile or landline number, like 0300 1234567 or 042 35761234.',
	supportEmail: 'Enter the support email as an address like support@yourshop.pk.',
	instagram: 'Enter the Instagram username (letters, digits, dots and underscores, up to 30) or the link to the profile.',
	banner: 'Keep the announcement to 90 characters or fewer, so that it fits on two lines on a phone.',
	heroHeadline: 'Enter the home page’s headline (up to 120 characters).',
	heroSubheadline: 'Enter the text under the headline (up to 400 characters).',
	videoId: 'Enter a YouTube video’s link or its 11-character id, or leave it empty to show the poster.',
	metaPixelId: 'Enter the pixel id as Meta shows it (digits only, like 123456789012345), or leave it empty.',
	accountMethod: 'Name the bank or wallet (up to 60 characters).',
	accountHolder: 'Enter the account holder’s name (up to 100 characters).',
	accountNumber: 'Enter the account number or IBAN (up to 60 characters, with at least one digit).',
	ibanLength: 'A Pakistani IBAN has 24 characters: PK, 2 check digits, the bank’s 4 letters and 16 digits, like PK36 SCBL 0000 0011 2345 6702.',
	ibanShape: 'Enter the IBAN as PK, 2 check digits, the bank’s 4 letters and 16 digits, like PK36 SCBL 0000 0011 2345 6702.',
	ibanChecksum: 'This IBAN’s check digits do not match: please copy it again from the bank’s letter or app.',
	raastId: 'Enter the Raast ID as the Pakistani mobile number it is linked to, like 0300 1234567, or leave it empty.',
	ceilingRupees: `Enter the ceiling as whole rupees from 1 to ${MAX_CEILING_RUPEES.toLocaleString('en-PK')}, or leave it empty for none.`,
	ceilingPeriod: 'Choose whether the ceiling counts per day or per month.',
	accounts: 'Keep at least one and at most 12 accounts for bank and wallet transfers.',
	testimonialName: 'Enter who said it (up to 60 characters).',
	testimonialText: 'Enter what they said (up to 500 characters).',
	testimonialRating: 'Choose a rating from 1 to 5 stars.',
	testimonials: 'Show at most 12 testimonials.',
	reviewsFrom: 'Choose who may review: anyone, or only buyers of the product.',
	renewalReminderDays: 'Enter how many days before a subscription ends to remind the buyer: a whole number from 1 to 30.',
	paymentReminders: 'Send the payment reminders as {"firstAfterMinutes": 30, "secondAfterHours": 20} (0 sends none).',
	firstReminder: 'Enter when the first payment reminder goes, in minutes after the order is placed: a whole number from 1 to 720, or 0 to send none.',
	secondReminder: 'Enter when the second payment reminder goes, in hours after the order is placed: a whole number from 1 to 48, or 0 to send none.',
	reminderOrder: 'Set the second payment reminder later than the first, or send only one by setting the other to 0.',
	appName: 'Keep the app’s name to 60 characters or fewer, or leave it empty to use the store’s name.',
	appShortName: 'Keep the short name to 12 characters or fewer (a phone shows about 12 under the icon), or leave it empty.',
} as const

/** The most a phone shows of an app's name under its icon. */
export const APP_SHORT_NAME_MAX = 12

/** Reminders to pay an order left unpaid: minutes, then hours, after it was placed (0 sends none). */
export const PAYMENT_REMINDER_LIMITS = { firstAfterMinutes: 720, secondAfterHours: 48 } as const
export const DEFAULT_PAYMENT_REMINDERS = { firstAfterMinutes: 30, secondAfterHours: 20 } as const

/** Who may review: anyone (the default, as the spec), or only buyers (an email with a paid order of the product). */
export const REVIEWS_FROM = ['anyone', 'buyers'] as const
export type ReviewsFrom = (typeof REVIEWS_FROM)[number]

/** Text of at most `max` characters; `required` refuses an empty one. */
const text = (max: number, message: string, { required = true } = {}) => (required ? nameSchema(message, max, message) : textSchema().pipe(z.string().max(max, message)))

/** 923001234567, as wa.me links want it, from 0300 1234567, +92 300 1234567, 92-300-1234567… */
export function whatsappDigits(input: string): string | null {
	const mobile = normalisePakistaniMobile(input)
	return mobile ? `92${mobile.slice(1)}` : null
}

/** How a support number is shown: +92 300 1234567 for a mobile, +92 and the digits for a landline or UAN. */
export function supportPhoneText(input: string): string | null {
	const mobile = normalisePakistaniMobile(input)
	if (mobile) return `+92 ${mobile.slice(1, 4)} ${mobile.slice(4)}`
	const digits = input.replace(/[\s\-()]/g, '').replace(/^\+/, '')
	const landline = /^(?:92|0)?([124-9]\d{8,9})$/.exec(digits)
	return landline ? `+92 ${landline[1]}` : null
}

/** A YouTube video id from the id itself or a watch, youtu.be, embed or shorts link. */
export function youtubeVideoId(input: string): string | null {
	const value = input.trim()
	if (/^[\w-]{11}$/.test(value)) return value
	let url: URL
	try {
		url = new URL(/^https?:\/\//i.test(value) ? value : `https://${value}`)
	} catch {
		return null
	}
	const host = url.hostname.replace(/^(www|m|music)\./, '')
	const id =
		host === 'youtu.be'
			? url.pathname.split('/')[1]
			: host === 'youtube.com' || host === 'youtube-nocookie.com'
				? url.pathname === '/watch'
					? url.searchParams.get('v')
					: /^\/(?:embed|shorts|live|v)\/([^/]+)/.exec(url.pathname)?.[1]
				: null
	return id && /^[\w-]{11}$/.test(id) ? id : null
}

/** An Instagram username from @name, name or a link to the profile. */
export function instagramHandle(input: string): string | null {
	const value = input.trim()
	const fromLink = /^(?:https?:\/\/)?(?:www\.)?instagram\.com\/([^/?#]+)\/?(?:[?#].*)?$/i.exec(value)?.[1]
	const handle = (fromLink ?? value).replace(/^@/, '')
	return /^[A-Za-z0-9._]{1,30}$/.test(handle) ? handle : null
}

/** What the owner typed, normalised, or an issue with `message` when it cannot be. */
const normaliseOrRefuse =
	(normalise: (v: string) => string | null, message: string) =>
	(value: string, ctx: z.core.$RefinementCtx<string>) => {
		const result = normalise(value)
		if (result !== null) return result
		ctx.addIssue({ code: 'custom', message })
		return z.NEVER
	}

/** A field that normalises what the owner typed, refused with `message` when it cannot. */
const normalised = (normalise: (v: string) => string | null, message: string) => textSchema().transform(normaliseOrRefuse(normalise, message)).pipe(z.string())

/** The same, where empty means none (null). */
const optionalNormalised = (normalise: (v: string) => string | null, message: string) =>
	z
		.union([z.null(), textSchema()])
		.transform((value, ctx) => (value ? normaliseOrRefuse(normalise, message)(value, ctx as z.core.$RefinementCtx<string>) : null))
		.pipe(z.string().nullable())

/** Text of at most `max` characters, where empty means none (null: the default shows). */
const optionalText = (max: number, message: string) =>
	z
		.union([z.null(), textSchema()], { error: message })
		.transform((value) => (value ? value : null))
		.pipe(z.string().max(max, message).nullable())

/** An IBAN with the sentence that says what is wrong with it (its length, its shape or its check digits). */
const ibanField = z
	.union([z.null(), textSchema()])
	.transform((value, ctx) => {
		if (!value) return null
		const iban = normaliseIban(value)
		if (iban) return iban
		const problem = ibanProblem(value)
		ctx.addIssue({ code: 'custom', message: problem === 'length' ? MESSAGES.ibanLength : problem === 'checksum' ? MESSAGES.ibanChecksum : MESSAGES.ibanShape })
		return z.NEVER
	})
	.pipe(z.string().nullable())

/** Whole rupees, typed ("5,00,000", Urdu digits) or sent (a JSON number). */
const ceilingRupees = z
	.union([z.number(), textSchema().transform((v) => (/^\d{1,10}$/.test(typedAmount(v)) ? Number(typedAmount(v)) : Number.NaN))], { error: MESSAGES.ceilingRupees })
	.pipe(z.number({ error: MESSAGES.ceilingRupees }).int(MESSAGES.ceilingRupees).min(1, MESSAGES.ceilingRupees).max(MAX_CEILING_RUPEES, MESSAGES.ceilingRupees))

export const ceilingSchema = z.strictObject({ rupees: ceilingRupees, period: z.enum(CEILING_PERIODS, { error: MESSAGES.ceilingPeriod }) }, { error: MESSAGES.ceilingRupees })

export const transferAccountSchema = z.object({
	method: text(60, MESSAGES.accountMethod),
	holder: text(100, MESSAGES.accountHolder),
	account: text(60, MESSAGES.accountNumber).refine((v) => /\d/.test(v), MESSAGES.accountNumber),
	/** Optional: a Pakistani IBAN, stored without spaces (PK36SCBL0000001123456702), shown in groups of 4. */
	iban: ibanField.default(null),
	/** Optional: the Raast ID, the mobile number the account is linked to, stored as 03XXXXXXXXX. */
	raastId: optionalNormalised(normaliseRaastId, MESSAGES.raastId).default(null),
	/** Optional: once this much (rupees) was paid into it this Pakistan day or month, new buyers are shown the next accounts. */
	ceiling: ceilingSchema.nullable().default(null),
})
type SavedAccount = z.output<typeof transferAccountSchema>
/** A receiving account; the IBAN, Raast ID and ceiling may be left out where none is meant (the environment's list, an email's sample). */
export type TransferAccount = Omit<SavedAccount, 'iban' | 'raastId' | 'ceiling'> & Partial<Pick<SavedAccount, 'iban' | 'raastId' | 'ceiling'>>

export const testimonialSchema = z.object({
	name: text(60, MESSAGES.testimonialName),
	text: text(500, MESSAGES.testimonialText),
	rating: z.number({ error: MESSAGES.testimonialRating }).int(MESSAGES.testimonialRating).min(1, MESSAGES.testimonialRating).max(5, MESSAGES.testimonialRating),
})
export type Testimonial = z.output<typeof testimonialSchema>

/** A whole number from 0 to `max`, typed (a form's text) or sent (a JSON number). */
const wholeUpTo = (max: number, message: string) =>
	z
		.union([z.number(), textSchema().transform((v) => (/^\d{1,4}$/.test(v) ? Number(v) : Number.NaN))], { error: message })
		.pipe(z.number({ error: message }).int(message).min(0, message).max(max, message))

const paymentRemindersSchema = z
	.strictObject(
		{
			firstAfterMinutes: wholeUpTo(PAYMENT_REMINDER_LIMITS.firstAfterMinutes, MESSAGES.firstReminder),
			secondAfterHours: wholeUpTo(PAYMENT_REMINDER_LIMITS.secondAfterHours, MESSAGES.secondReminder),
		},
		{ error: MESSAGES.paymentReminders },
	)
	.refine((r) => !r.firstAfterMinutes || !r.secondAfterHours || r.firstAfterMinutes < r.secondAfterHours * 60, { message: MESSAGES.reminderOrder, path: ['secondAfterHours'] })
export type PaymentReminderSettings = z.output<typeof paymentRemindersSchema>

const fields = {
	storeName: text(60, MESSAGES.storeName),
	/** Digits with the country code, as wa.me links want them (923001234567). */
	whatsapp: normalised(whatsappDigits, MESSAGES.whatsapp),
	/** As shown to buyers (+92 300 1234567). */
	supportPhone: normalised(supportPhoneText, MESSAGES.supportPhone),
	supportEmail: normalised((v) => (v.length <= 200 && z.email().safeParse(v).success ? v.toLowerCase() : null), MESSAGES.supportEmail),
	/** The username, without @. */
	instagram: normalised(instagramHandle, MESSAGES.instagram),
	transferAccounts: z.array(transferAccountSchema, { error: MESSAGES.accounts }).min(1, MESSAGES.accounts).max(12, MESSAGES.accounts),
	/** The announcement above the header; empty shows none. */
	banner: text(90, MESSAGES.banner, { required: false }),
	heroHeadline: text(120, MESSAGES.heroHeadline),
	heroSubheadline: text(400, MESSAGES.heroSubheadline),
	testimonials: z.array(testimonialSchema, { error: MESSAGES.testimonials }).max(12, MESSAGES.testimonials),
	/** YouTube ids; null shows the shop's own poster. */
	promoVideoId: optionalNormalised(youtubeVideoId, MESSAGES.videoId),
	palestineVideoId: optionalNormalised(youtubeVideoId, MESSAGES.videoId),
	/** Meta's advertising pixel; null loads nothing. */
	metaPixelId: optionalNormalised((v) => (/^\d{6,20}$/.test(v) ? v : null), MESSAGES.metaPixelId),
	/** The installed app's name (its splash screen, the app switcher); null: the store's name. */
	appName: optionalText(60, MESSAGES.appName),
	/** The name under the app's icon on a home screen; null: the store's name cut at a word (shortStoreName). */
	appShortName: optionalText(APP_SHORT_NAME_MAX, MESSAGES.appShortName),
	/** Who may review a product: anyone (as the spec), or only an email with a paid order of it. */
	reviewsFrom: z.enum(REVIEWS_FROM, { error: MESSAGES.reviewsFrom }),
	/** Renewal reminders: this many days before a subscription ends (and again on the day). */
	renewalReminderDays: z
		.union([z.number(), textSchema().transform((v) => (/^\d{1,3}$/.test(v) ? Number(v) : Number.NaN))], { error: MESSAGES.renewalReminderDays })
		.pipe(z.number({ error: MESSAGES.renewalReminderDays }).int(MESSAGES.renewalReminderDays).min(1, MESSAGES.renewalReminderDays).max(30, MESSAGES.renewalReminderDays)),
	/** Reminders to pay an online order left unpaid, or a transfer without its receipt (issue 34). */
	paymentReminders: paymentRemindersSchema,
}

export const STORE_DETAIL_FIELDS = Object.keys(fields) as (keyof typeof fields)[]

const settingsObjectError = (issue: z.core.$ZodRawIssue) =>
	issue.code === 'unrecognized_keys'
		? `There is no setting called ${issue.keys.map((k) => `“${k}”`).join(', ')}.`
		: issue.code === 'invalid_type'
			? 'Send the settings as a JSON object, like {"whatsapp": "0300 1234567"}.'
			: undefined

/** Every store detail as the form and the API take it (normalised on the way in). */
export const storeDetailsSchema = z.strictObject(fields, { error: settingsObjectError })
export type StoreDetails = z.output<typeof storeDetailsSchema>

/** PATCH /api/admin/store-settings: any of the details; lists (accounts, testimonials) are replaced whole. */
export const storeDetailsPatchSchema = storeDetailsSchema.partial()
export type StoreDetailsPatch = z.output<typeof storeDetailsPatchSchema>

/** The details as stored and as the API answers them: plain values, normalised on the way in. */
export const storeDetailsView = z.object({
	storeName: z.string(),
	whatsapp: z.string(),
	supportPhone: z.string(),
	supportEmail: z.string(),
	instagram: z.string(),
	transferAccounts: z.array(
		z.object({
			method: z.string(),
			holder: z.string(),
			account: z.string(),
			/** Older details lack the three below: read as none. */
			iban: z.string().nullable().default(null),
			raastId: z.string().nullable().default(null),
			ceiling: z.object({ rupees: z.number().int().min(1), period: z.enum(CEILING_PERIODS) }).nullable().default(null),
		}),
	),
	banner: z.string(),
	heroHeadline: z.string(),
	heroSubheadline: z.string(),
	testimonials: z.array(z.object({ name: z.string(), text: z.string(), rating: z.number().int().min(1).max(5) })),
	promoVideoId: z.string().nullable(),
	palestineVideoId: z.string().nullable(),
	metaPixelId: z.string().nullable(),
	appName: z.string().nullable(),
	appShortName: z.string().nullable(),
	reviewsFrom: z.enum(REVIEWS_FROM),
	renewalReminderDays: z.number().int().min(1).max(30),
	paymentReminders: z.object({
		firstAfterMinutes: z.number().int().min(0).max(PAYMENT_REMINDER_LIMITS.firstAfterMinutes),
		secondAfterHours: z.number().int().min(0).max(PAYMENT_REMINDER_LIMITS.secondAfterHours),
	}),
})

/** What a stored value must look like to be used (it was checked on the way in; older rows may lack newer fields). */
export const storedStoreDetailsSchema = storeDetailsView.partial()


/** Checks a change (from the form or the API); an AppError with a message per field when something needs fixing. */
export function parseStoreDetailsPatch(input: unknown): StoreDetailsPatch {
	const parsed = storeDetailsPatchSchema.safeParse(input)
	if (parsed.success) return parsed.data
	const fieldErrors = fieldErrorsOf(parsed.error)
	const count = Object.keys(fieldErrors).length
	const first = Object.values(fieldErrors)[0]!
	const message = fieldErrors.form ?? (count === 1 ? first : `Please fix ${count} settings. The first: ${first}`)
	throw new AppError('BAD_REQUEST', message, fieldErrors)
}

const LISTS = {
	transferAccounts: ['method', 'holder', 'account', 'iban', 'raastId', 'ceiling.rupees', 'ceiling.period'],
	testimonials: ['name', 'text', 'rating'],
} as const
type ListName = keyof typeof LISTS

const PAYMENT_REMINDERS = 'paymentReminders'

/** The most rows of one list a form may send (the lists themselves hold at most 12). */
export const MAX_FORM_ROWS = 20

/** A form's account row: an empty ceiling box is no ceiling; the IBAN and Raast boxes left empty are none. */
function accountFromForm(row: Record<string, string>) {
	const { 'ceiling.rupees': rupees, 'ceiling.period': period, ...account } = row
	return { ...account, ceiling: rupees ? { rupees, period: period || 'month' } : null }
}

/**
 * The settings form's fields as a change: `transferAccounts.0.method`… become lists, in row order,
 * where a row left blank (a rating alone is blank) or ticked for removal is dropped. Fields the form
 * did not send are left unchanged. `rowOf` maps a list's index back to the form's row, for errors.
 */
export function storeDetailsFromForm(form: Record<string, string>) {
	const change: Record<string, unknown> = {}
	const rowOf: Partial<Record<ListName, number[]>> = {}
	for (const name of STORE_DETAIL_FIELDS) {
		if (!(name in LISTS) && name in form) change[name] = form[name]
	}
	// The payment reminders' two boxes are one setting.
	if (`${PAYMENT_REMINDERS}.firstAfterMinutes` in form || `${PAYMENT_REMINDERS}.secondAfterHours` in form) {
		change[PAYMENT_REMINDERS] = { firstAfterMinutes: form[`${PAYMENT_REMINDERS}.firstAfterMinutes`] ?? '', secondAfterHours: form[`${PAYMENT_REMINDERS}.secondAfterHours`] ?? '' }
	}
	for (const list of Object.keys(LISTS) as ListName[]) {
		if (!(`${list}.rows` in form)) continue
		const columns = LISTS[list]
		const rows: Record<string, unknown>[] = []
		const kept: number[] = []
		const count = Math.min(Number(form[`${list}.rows`]) || 0, MAX_FORM_ROWS)
		for (let i = 0; i < count; i++) {
			const row: Record<string, string> = Object.fromEntries(columns.map((c) => [c, (form[`${list}.${i}.${c}`] ?? '').trim()]))
			// A rating or a ceiling's period alone is blank: a select always sends one.
			const blank = columns.every((c) => c === 'rating' || c === 'ceiling.period' || !row[c])
			if (blank || form[`${list}.${i}.remove`]) continue
			rows.push('rating' in row ? { ...row, rating: row.rating ? Number(row.rating) : undefined } : list === 'transferAccounts' ? accountFromForm(row) : row)
			kept.push(i)
		}
		change[list] = rows
		rowOf[list] = kept
	}
	/** Field errors named as the form's fields (the row the owner typed in, not the list's index). */
	const formErrors = (errors: Record<string, string>) =>
		Object.fromEntries(
			Object.entries(errors).map(([name, message]) => {
				const [list, index, ...rest] = name.split('.')
				const row = rowOf[list as ListName]?.[Number(index)]
				return [row === undefined || rest.length === 0 ? name : [list, row, ...rest].join('.'), message]
			}),
		)
	return { change, formErrors }
}

/**
 * The store details form's problems, by the form's field names, as the action would refuse them: the
 * page checks with it before sending (the same mapping and the same schema), so nothing differs.
 */
export function storeDetailsFormErrors(form: Record<string, string>): Record<string, string> {
	const { change, formErrors } = storeDetailsFromForm(form)
	const parsed = storeDetailsPatchSchema.safeParse(change)
	return parsed.success ? {} : formErrors(fieldErrorsOf(parsed.error))
}

/** What every page of the shop needs (through the root loader); the rest travels with the page that shows it. */
export function storefrontDetails(d: StoreDetails) {
	return {
		storeName: d.storeName,
		supportEmail: d.supportEmail,
		whatsapp: d.whatsapp,
		supportPhone: d.supportPhone,
		instagram: d.instagram,
		/** Every contact as shown and as linked (store-contacts.ts): a number shown is the number its link opens. */
		contacts: storeContacts(d),
		banner: d.banner,
		promoVideoId: d.promoVideoId,
		palestineVideoId: d.palestineVideoId,
		metaPixelId: d.metaPixelId,
		reviewsFrom: d.reviewsFrom,
	}
}

/** Each detail as the owner calls it, for messages ("Saved the WhatsApp number"). */
export const STORE_DETAIL_LABELS: Record<keyof StoreDetails, string> = {
	storeName: 'store name',
	whatsapp: 'WhatsApp number',
	supportPhone: 'support number',
	supportEmail: 'support email',
	instagram: 'Instagram',
	transferAccounts: 'bank and wallet accounts',
	banner: 'announcement banner',
	heroHeadline: 'home page headline',
	heroSubheadline: 'text under the headline',
	testimonials: 'testimonials',
	promoVideoId: 'Game Pass video',
	palestineVideoId: 'Palestine initiative video',
	metaPixelId: 'Meta pixel id',
	appName: 'app name',
	appShortName: 'app short name',
	reviewsFrom: 'who may review',
	renewalReminderDays: 'renewal reminder days',
	paymentReminders: 'payment reminders',
}

/** 923001234567 as a person types it: 0300 1234567 (other numbers as they are). */
export function localMobile(whatsapp: string): string {
	const match = /^92(3\d{2})(\d{7})$/.exec(whatsapp)
	return match ? `0${match[1]} ${match[2]}` : whatsapp
}

/**
 * A receiving account's id (ADR-049), for the statement import's `accountId`: made from its method and
 * its account number's letters and digits, so every shop's accounts have one without a migration and
 * keep it while the owner edits the holder's name. A new method or number is a new account.
 */
export function transferAccountId(account: Pick<TransferAccount, 'method' | 'account'>): string {
	const method = account.method.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 24) || 'account'
	const number = account.account.toUpperCase().replace(/[^A-Z0-9]/g, '')
	// FNV-1a, 32 bits: the same in the browser and on the server, no library.
	let hash = 0x811c9dc5
	for (const char of `${account.method.trim().toLowerCase()}|${number}`) {
		hash ^= char.codePointAt(0)!
		hash = Math.imul(hash, 0x01000193) >>> 0
	}
	return `${method}-${hash.toString(16).padStart(8, '0')}`
}
