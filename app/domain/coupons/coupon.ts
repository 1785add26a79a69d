import { z } from 'zod'
import type { MessageKey } from '../../i18n/catalogue'
import { words, wordsAt, type Said, type Words } from '../../i18n/words'
import { CATEGORIES, type Category } from '../catalogue/types'
import { formatRs, MAX_ORDER_TOTAL, MAX_PRICE } from '../../utils/money'
import { FIRST_YEAR, LAST_YEAR, readPakistanDateTime } from '../../utils/pakistan-time'
import { hasForbiddenCharacter, MAX_ID, NUL_MESSAGE } from '../../utils/input'
import { westernDigits } from '../../utils/digits'
import { readTypedAmount, typedRupees, type TypedAmount } from '../../utils/typed-amount'
import { normaliseBlockValue } from '../buyers/blocklist'

// Discount codes (issue 23): what a code is, what it takes off which lines, and every sentence a buyer
// or the owner reads about one. Pure: the checkout, the console and the API share it; the database
// side (locking, counting uses) is coupons.server.ts.

export const COUPON_KINDS = ['percent', 'fixed'] as const
export type CouponKind = (typeof COUPON_KINDS)[number]

/** Every sentence a buyer reads about a code that does not apply, one each, by its message's key (ADR-037). */
export const COUPON_REFUSALS = {
	unknown: 'checkout.coupon.unknown',
	notStarted: (startsAt: Date) => wordsAt('checkout.coupon.notStarted', { date: startsAt }),
	ended: 'checkout.coupon.ended',
	usedUp: 'checkout.coupon.usedUp',
	notForItems: 'checkout.coupon.notForItems',
	minSubtotal: (min: number) => words('checkout.coupon.minSubtotal', { amount: formatRs(min) }),
	alreadyUsed: 'checkout.coupon.alreadyUsed',
	firstOrderOnly: 'checkout.coupon.firstOrderOnly',
	malformed: 'checkout.coupon.malformed',
	tooManyChecks: 'checkout.coupon.tooManyChecks',
} as const satisfies Record<string, MessageKey | ((value: never) => Words)>

/** Discount code checks (the checkout's "Apply") one client address may make in a window: codes are not guessed by the hundred. */
export const COUPON_PREVIEW_LIMIT = { limit: 10, windowSeconds: 600 } as const

/** Why a code's use cannot be taken back by an order paid after it had let the use go (cancelled or expired), in the words staff read. */
const LAPSE_REASONS = {
	usedUp: 'its uses were taken by other orders meanwhile',
	firstOrderOnly: 'it is for a first order only and the buyer has another order now',
	alreadyUsed: 'the buyer has used it up on other orders meanwhile',
} as const
export type CouponLapse = keyof typeof LAPSE_REASONS

/** What staff read when an order cannot be made paid again because of its code; what they can do instead. */
export const COUPON_LAPSED = {
	reinstate: (orderNumber: string, code: string, why: CouponLapse) =>
		`Order ${orderNumber} cannot be reinstated: its discount code ${code} no longer applies (${LAPSE_REASONS[why]}). Refund the payment instead.`,
	refundPart: (orderNumber: string, code: string, why: CouponLapse) =>
		`Order ${orderNumber} cannot be refunded in part: its discount code ${code} no longer applies (${LAPSE_REASONS[why]}), so it cannot be delivered at its price. Refund the whole payment instead.`,
	latePayment: (code: string, why: CouponLapse) =>
		`A payment arrived after this order had expired, and its discount code ${code} no longer applies (${LAPSE_REASONS[why]}). Refund the payment.`,
} as const

/** The owner's sentences for a code's fields. */
export const COUPON_MESSAGES = {
	code: 'Use 1 to 40 letters, digits, "-" or "_" for the code.',
	duplicate: 'There is already a code with that name (codes are the same in any case).',
	kind: 'Choose percent or fixed rupees.',
	percent: 'A percent off is a whole number from 1 to 100, like 20 or 20%.',
	fixed: `Rupees off is a whole number from 1 to ${formatRs(MAX_PRICE)}, like 500 or Rs. 500.`,
	/** A rupee amount typed under "Percent off", or a percent under "Rupees off": the sentence says which to choose. */
	percentNotRupees: 'That is an amount in rupees: choose “Rupees off” for it, or type a percent like 20%.',
	rupeesNotPercent: 'That is a percent: choose “Percent off” for it, or type rupees like Rs. 500.',
	amount: 'Type the discount as a percent like 20% or as rupees like Rs. 500.',
	ids: 'List ids as whole numbers separated by commas, like 14, 15.',
	options: 'Choose the products and options from the list.',
	platforms: 'Choose platforms among xbox, playstation and pc.',
	minSubtotal: `The minimum order is a whole number of rupees from 0 to ${formatRs(MAX_ORDER_TOTAL)}.`,
	date: 'Enter a date and time in Pakistan time, like 2026-12-01 09:30.',
	dateYears: `Enter a date from the year ${FIRST_YEAR} to ${LAST_YEAR}, in Pakistan time, like 2026-12-01 09:30.`,
	dates: 'The end must come after the start.',
	maxUses: 'Total uses is a whole number from 1 to 1,000,000, or empty for no limit.',
	maxUsesPerBuyer: 'Uses per buyer is a whole number from 1 to 1,000, or empty for no limit.',
	notFound: 'That discount code does not exist.',
} as const

export const CODE_PATTERN = /^[A-Za-z0-9_-]{1,40}$/

/** A code as a buyer typed it, compared in one form (case does not matter); null when it cannot be one. */
export function normaliseCode(raw: string): string | null {
	const code = westernDigits(raw.normalize('NFKC')).trim()
	return CODE_PATTERN.test(code) ? code.toLowerCase() : null
}

/** A code as stored and as the owner and buyers see it. */
export interface Coupon {
	id: number
	code: string
	kind: CouponKind
	value: number
	productIds: number[]
	variantIds: number[]
	platforms: Category[]
	minSubtotal: number
	startsAt: Date | null
	endsAt: Date | null
	maxUses: number | null
	maxUsesPerBuyer: number | null
	firstOrderOnly: boolean
	active: boolean
}

/** A line of the order as the code reads it. */
export interface DiscountLine {
	productId: number
	variantId: number | null
	platform: Category | null
	unitPrice: number
	quantity: number
}

/** What the database knows of this buyer and this code when it is applied (at the order's time, never in a preview). */
export interface CouponUsage {
	/** Uses held by orders that hold one (holdsCouponUse in orders/order-facts.ts). */
	uses: number
	/** Of those, by this buyer (same normalised email or phone). */
	usesByBuyer: number
	/** Whether this buyer (email or phone) has another order that is not expired or cancelled: paid, or still open. */
	hasEarlierOrder: boolean
}

export type CouponPricing = { ok: true; discount: number; lineDiscounts: number[] } | { ok: false; message: Said }

export const appliesToLine = (coupon: Pick<Coupon, 'productIds' | 'variantIds' | 'platforms'>, line: DiscountLine) => {
	const whole = coupon.productIds.length === 0 && coupon.variantIds.length === 0 && coupon.platforms.length === 0
	return (
		whole ||
		coupon.productIds.includes(line.productId) ||
		(line.variantId != null && coupon.variantIds.includes(line.variantId)) ||
		(line.platform != null && coupon.platforms.includes(line.platform))
	)
}

/**
 * Whether `coupon` applies to these lines for this buyer now, and what it takes off each line: whole
 * rupees, spread over the lines it is for in proportion to their amounts (largest remainder), summing
 * exactly to the discount. The one reading of a code's rules; the sentence says the first that fails.
 */
export function priceCoupon(coupon: Coupon, lines: DiscountLine[], usage: CouponUsage | null, now: Date): CouponPricing {
	if (!coupon.active) return { ok: false, message: COUPON_REFUSALS.unknown }
	if (coupon.startsAt && now < coupon.startsAt) return { ok: false, message: COUPON_REFUSALS.notStarted(coupon.startsAt) }
	if (coupon.endsAt && now >= coupon.endsAt) return { ok: false, message: COUPON_REFUSALS.ended }
	if (usage && coupon.maxUses != null && usage.uses >= coupon.maxUses) return { ok: false, message: COUPON_REFUSALS.usedUp }
	const amounts = lines.map((l) => l.unitPrice * l.quantity)
	const eligible = lines.map((l) => appliesToLine(coupon, l))
	const eligibleTotal = amounts.reduce((sum, a, i) => sum + (eligible[i] ? a : 0), 0)
	if (eligibleTotal === 0) return { ok: false, message: COUPON_REFUSALS.notForItems }
	const subtotal = amounts.reduce((sum, a) => sum + a, 0)
	if (subtotal < coupon.minSubtotal) return { ok: false, message: COUPON_REFUSALS.minSubtotal(coupon.minSubtotal) }
	const limit = usage && limitReached(coupon, usage)
	if (limit) return { ok: false, message: COUPON_REFUSALS[limit] }
	const discount = coupon.kind === 'percent' ? Math.round((eligibleTotal * coupon.value) / 100) : Math.min(coupon.value, eligibleTotal)
	if (discount <= 0) return { ok: false, message: COUPON_REFUSALS.notForItems }
	return { ok: true, discount, lineDiscounts: spread(discount, amounts.map((a, i) => (eligible[i] ? a : 0))) }
}

/**
 * The limits a use is counted against, the first one reached: all uses, a first order only, this buyer's
 * uses. Read when an order takes the use (checkout) and when an order that had let it go takes it again
 * (a late payment, a reinstate), always under the code's row lock.
 */
export function limitReached(coupon: Pick<Coupon, 'maxUses' | 'maxUsesPerBuyer' | 'firstOrderOnly'>, usage: CouponUsage): CouponLapse | null {
	if (coupon.maxUses != null && usage.uses >= coupon.maxUses) return 'usedUp'
	if (coupon.firstOrderOnly && usage.hasEarlierOrder) return 'firstOrderOnly'
	if (coupon.maxUsesPerBuyer != null && usage.usesByBuyer >= coupon.maxUsesPerBuyer) return 'alreadyUsed'
	return null
}

/** `total` split over `weights` in whole numbers summing to it exactly (largest remainder; ties to the earlier line). */
export function spread(total: number, weights: number[]): number[] {
	const sum = weights.reduce((s, w) => s + w, 0)
	if (sum === 0) return weights.map(() => 0)
	const exact = weights.map((w) => (total * w) / sum)
	const parts = exact.map(Math.floor)
	let left = total - parts.reduce((s, p) => s + p, 0)
	const order = exact.map((e, i) => ({ i, rest: e - Math.floor(e) })).sort((a, b) => b.rest - a.rest || a.i - b.i)
	for (const { i } of order) {
		if (left <= 0) break
		if (weights[i]! > 0) {
			parts[i]! += 1
			left -= 1
		}
	}
	return parts
}

/** The buyer a use is counted against: email and phone in the blocklist's normalised forms. */
export function couponBuyer(email: string, phone: string): { email: string; phone: string } {
	return { email: normaliseBlockValue('email', email) ?? email.trim().toLowerCase(), phone: normaliseBlockValue('phone', phone) ?? phone.trim() }
}

// ---- The owner's input: the API's JSON and the console's form, one set of rules ----

const wholeNumberIn = (typed: string, message: string, min: number, max: number, ctx: z.RefinementCtx) => {
	const rupees = typedRupees(typed)
	if (rupees === null || rupees < min || rupees > max) {
		ctx.addIssue({ code: 'custom', message })
		return z.NEVER
	}
	return rupees
}

/** Empty (a form's blank box, null in JSON) is none; anything else the number's own sentence (a union would say only "not valid"). */
const optionalNumber = (message: string, min: number, max: number) =>
	z.union([z.number(), z.string(), z.null()], { error: message }).transform((v, ctx) => {
		if (v === null || v === '') return null
		return wholeNumberIn(typeof v === 'number' ? String(v) : v.trim(), message, min, max, ctx)
	})

/** The discount's amount as typed ("20%", "Rs. 500", "500"): read here, judged with the kind chosen beside it (`acrossFields`), so the sentence names the field the owner used. */
const discountAmount = z.union([z.number(), z.string()], { error: COUPON_MESSAGES.amount }).transform((v): TypedAmount => readTypedAmount(typeof v === 'string' ? v.trim() : v))

/** Ids: a JSON array, or a form's '14, 15'. */
const idList = z.union([z.array(z.unknown()), z.string()], { error: COUPON_MESSAGES.ids }).transform((v, ctx) => {
	const parts = Array.isArray(v) ? v : v.split(/[\s,]+/).filter(Boolean)
	// At most 200 ids: refused before any is read, so the loop below is bounded by construction.
	if (parts.length > 200) {
		ctx.addIssue({ code: 'custom', message: COUPON_MESSAGES.ids })
		return z.NEVER
	}
	const ids: number[] = []
	for (const p of parts) {
		const text = typeof p === 'number' ? String(p) : typeof p === 'string' ? p.trim() : ''
		if (!/^\d{1,10}$/.test(text) || Number(text) < 1 || Number(text) > MAX_ID) {
			ctx.addIssue({ code: 'custom', message: COUPON_MESSAGES.ids })
			return z.NEVER
		}
		if (!ids.includes(Number(text))) ids.push(Number(text))
	}
	if (ids.length > 200) {
		ctx.addIssue({ code: 'custom', message: COUPON_MESSAGES.ids })
		return z.NEVER
	}
	return ids
})

const platformList = z.union([z.array(z.unknown()), z.string()], { error: COUPON_MESSAGES.platforms }).transform((v, ctx) => {
	const parts = Array.isArray(v) ? v : v.split(/[\s,]+/).filter(Boolean)
	const out: Category[] = []
	for (const p of parts) {
		if (typeof p !== 'string' || !(CATEGORIES as readonly string[]).includes(p)) {
			ctx.addIssue({ code: 'custom', message: COUPON_MESSAGES.platforms })
			return z.NEVER
		}
		if (!out.includes(p as Category)) out.push(p as Category)
	}
	return out
})

const dateTime = z.union([z.literal(''), z.null(), z.string({ error: COUPON_MESSAGES.date })], { error: COUPON_MESSAGES.date }).transform((v, ctx) => {
	if (v === '' || v === null) return null
	const read = v.length <= 40 && !hasForbiddenCharacter(v) ? readPakistanDateTime(v) : null
	if (!read?.ok) {
		ctx.addIssue({ code: 'custom', message: read?.problem === 'years' ? COUPON_MESSAGES.dateYears : COUPON_MESSAGES.date })
		return z.NEVER
	}
	return read.date
})

const flag = z.union([z.boolean(), z.literal('on'), z.literal('true'), z.literal('false'), z.literal('')], { error: 'Answer yes or no.' }).transform((v) => v === true || v === 'on' || v === 'true')

const couponShape = {
	code: z
		.string({ error: COUPON_MESSAGES.code })
		.trim()
		.refine((v) => !hasForbiddenCharacter(v), NUL_MESSAGE)
		.refine((v) => CODE_PATTERN.test(v), COUPON_MESSAGES.code),
	type: z.enum(COUPON_KINDS, { error: COUPON_MESSAGES.kind }),
	value: discountAmount,
	productIds: idList.optional(),
	variantIds: idList.optional(),
	platforms: platformList.optional(),
	minSubtotal: optionalNumber(COUPON_MESSAGES.minSubtotal, 0, MAX_ORDER_TOTAL).optional(),
	startsAt: dateTime.optional(),
	endsAt: dateTime.optional(),
	maxUses: optionalNumber(COUPON_MESSAGES.maxUses, 1, 1_000_000).optional(),
	maxUsesPerBuyer: optionalNumber(COUPON_MESSAGES.maxUsesPerBuyer, 1, 1_000).optional(),
	firstOrderOnly: flag.optional(),
	active: flag.optional(),
}

type Shaped = { type?: CouponKind; value?: TypedAmount; startsAt?: Date | null; endsAt?: Date | null }
/** What the amount box says under the kind chosen: the whole number, or the sentence for that field (a percent under "Rupees off" says to choose "Percent off"). */
export function discountValueProblem(type: CouponKind | undefined, value: TypedAmount): string | null {
	if (!value.ok || value.unit === 'dollars') return type === 'percent' ? COUPON_MESSAGES.percent : type === 'fixed' ? COUPON_MESSAGES.fixed : COUPON_MESSAGES.amount
	if (type === 'percent' && value.unit === 'rupees') return COUPON_MESSAGES.percentNotRupees
	if (type === 'fixed' && value.unit === 'percent') return COUPON_MESSAGES.rupeesNotPercent
	const kind = type ?? (value.unit === 'percent' ? 'percent' : 'fixed')
	const max = kind === 'percent' ? 100 : MAX_PRICE
	if (!Number.isInteger(value.amount) || value.amount < 1 || value.amount > max) return kind === 'percent' ? COUPON_MESSAGES.percent : COUPON_MESSAGES.fixed
	return null
}

/** The rules across fields: the amount read under the kind beside it (a percent is at most 100), the end after the start. */
const acrossFields = (input: Shaped, ctx: z.RefinementCtx) => {
	if (input.value !== undefined) {
		const problem = discountValueProblem(input.type, input.value)
		if (problem) ctx.addIssue({ code: 'custom', path: ['value'], message: problem })
	}
	if (input.startsAt && input.endsAt && input.endsAt <= input.startsAt) ctx.addIssue({ code: 'custom', path: ['endsAt'], message: COUPON_MESSAGES.dates })
}

/** The amount as the code stores it, once `acrossFields` let it past. */
const amountOf = <T extends { value?: TypedAmount }>(input: T): Omit<T, 'value'> & { value: number } => ({ ...input, value: input.value?.ok ? input.value.amount : NaN })
const patchAmountOf = <T extends { value?: TypedAmount }>({ value, ...rest }: T): Omit<T, 'value'> & { value?: number } => (value?.ok ? { ...rest, value: value.amount } : rest)

/** A new code as `POST /api/admin/coupons` takes it (no other field). */
export const couponInput = z.strictObject(couponShape).superRefine(acrossFields).transform(amountOf)
export type CouponInput = z.output<typeof couponInput>

/** A change as `PATCH /api/admin/coupons/{id}` takes it: any of the fields (`active: false` pauses it). */
export const couponPatch = z.strictObject(couponShape).partial().superRefine(acrossFields).transform(patchAmountOf)
export type CouponPatch = z.output<typeof couponPatch>

/** The console's form (every field a string, beside its `intent` and `id`), checked as typed with the same rules. */
export const couponFields = z.object({ ...couponShape, firstOrderOnly: flag.optional(), active: flag.optional() }).superRefine(acrossFields)

/** A code as staff see it, with its uses. */
export const couponView = z.object({
	id: z.number().int(),
	code: z.string(),
	type: z.enum(COUPON_KINDS),
	value: z.number().int(),
	productIds: z.array(z.number().int()),
	variantIds: z.array(z.number().int()),
	platforms: z.array(z.enum(CATEGORIES)),
	minSubtotal: z.number().int(),
	startsAt: z.string().nullable().describe('ISO 8601'),
	endsAt: z.string().nullable().describe('ISO 8601'),
	maxUses: z.number().int().nullable(),
	maxUsesPerBuyer: z.number().int().nullable(),
	firstOrderOnly: z.boolean(),
	active: z.boolean(),
	uses: z.number().int().describe('Orders holding a use of the code: not expired, cancelled, paid after their cancel (until reinstated) or refunded in full'),
	createdAt: z.string().describe('ISO 8601'),
})
export type CouponView = z.infer<typeof couponView>

/** What a code takes off, in words: '10% off', 'Rs. 500 off'. */
export const couponOffText = (c: { type: CouponKind; value: number }) => (c.type === 'percent' ? `${c.value}% off` : `${formatRs(c.value)} off`)

/** A code priced on a checkout's lines: what the page shows before the order is placed. */
export interface CouponQuote {
	code: string
	discount: number
	subtotal: number
	totalAmount: number
}

/** What a discount code took off an order: its lines' discounts summed (0 when none). */
export const discountOf = (lines: readonly { discount?: number }[]) => lines.reduce((sum, l) => sum + (l.discount ?? 0), 0)
