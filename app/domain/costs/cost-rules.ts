import { z } from 'zod'
import { MAX_COST_US_CENTS, MAX_PRICE } from '../../utils/money'

// What an option or a unit of stock costs the shop, and the owner's repricing rule. Browser-safe:
// the product form, the store page and the reprice page check with the same schemas.
// A cost is whole rupees, or US dollars (to the cent) converted at the owner's rate when it is used.

export const COST_CURRENCIES = ['PKR', 'USD'] as const
export type CostCurrency = (typeof COST_CURRENCIES)[number]
export interface Cost {
	amount: number
	currency: CostCurrency
}

export const MAX_COST_RUPEES = MAX_PRICE
export const MAX_COST_DOLLARS = MAX_COST_US_CENTS / 100
export const MAX_RATE = 10_000
export const MAX_FEE_PERCENT = 20
export const MAX_MARGIN_PERCENT = 1000
export const ROUND_TO = [10, 50, 100] as const
export type RoundTo = (typeof ROUND_TO)[number]

const hasCents = (n: number) => Math.abs(Math.round(n * 100) - n * 100) < 1e-6

/** A cost as the console API and the product form send it. */
export const costSchema = z
	.object({
		amount: z.number({ error: 'A cost must be a number.' }).min(0, 'A cost cannot be negative.'),
		currency: z.enum(COST_CURRENCIES, { error: 'A cost’s currency must be PKR or USD.' }),
	})
	.superRefine((c, ctx) => {
		if (c.currency === 'PKR' && (!Number.isInteger(c.amount) || c.amount > MAX_COST_RUPEES))
			ctx.addIssue({ code: 'custom', path: ['amount'], message: `A cost in rupees must be a whole number from 0 to ${MAX_COST_RUPEES.toLocaleString('en-PK')}.` })
		if (c.currency === 'USD' && (!hasCents(c.amount) || c.amount > MAX_COST_DOLLARS))
			ctx.addIssue({ code: 'custom', path: ['amount'], message: 'A cost in US dollars must be from 0 to 100,000, to the cent (like 4.99).' })
	})

/** The two columns a cost is kept in (whole rupees or US cents; at most one set). */
export function costColumns(cost: Cost | null): { costRupees: number | null; costUsdCents: number | null } {
	if (!cost) return { costRupees: null, costUsdCents: null }
	return cost.currency === 'PKR' ? { costRupees: cost.amount, costUsdCents: null } : { costRupees: null, costUsdCents: Math.round(cost.amount * 100) }
}

/** The cost kept in those columns, as the console shows it. */
export function costFromColumns(row: { costRupees: number | null; costUsdCents: number | null }): Cost | null {
	if (row.costRupees != null) return { amount: row.costRupees, currency: 'PKR' }
	if (row.costUsdCents != null) return { amount: row.costUsdCents / 100, currency: 'USD' }
	return null
}

/** The cost in rupees (not rounded) at `rate` rupees per US dollar; null when there is none, or it is in dollars and no rate is set. */
export function exactRupees(cost: Cost | null, rate: number | null): number | null {
	if (!cost) return null
	if (cost.currency === 'PKR') return cost.amount
	return rate == null ? null : (Math.round(cost.amount * 100) * rate) / 100
}

/** The cost in whole rupees (rounded to the nearest), as an order records it. */
export function costInRupees(cost: Cost | null, rate: number | null): number | null {
	const exact = exactRupees(cost, rate)
	return exact == null ? null : Math.round(exact)
}

/** The repricing rule: cost (in rupees at the rate) × (1 + margin %), rounded UP to the next Rs. 10, 50 or 100. */
export function repricedPrice(costRupees: number, marginPercent: number, roundTo: RoundTo): number {
	const raw = (costRupees * (100 + marginPercent)) / 100
	// A hair under a multiple from floating point (e.g. 1100.0000000002) is that multiple, not the next.
	return Math.max(roundTo, Math.ceil(raw / roundTo - 1e-9) * roundTo)
}

/** PayPro's fee on an order paid through it: the percentage of its total, rounded to the nearest rupee. */
export const payproFee = (total: number, feePercent: number) => Math.round((total * feePercent) / 100)

/** "Rs. 280 per US$" (the rate with its paise only when it has them). */
export const rateText = (rate: number) => `Rs. ${rate.toLocaleString('en-PK', { maximumFractionDigits: 2 })} per US$`

/** "Rs. 305 per €". */
export const euroRateText = (rate: number) => `Rs. ${rate.toLocaleString('en-PK', { maximumFractionDigits: 2 })} per €`

/** The owner's rupees for one unit of a supplier's currency; null when that rate is not set. */
export function rupeesPerUnit(rates: { rupeesPerDollar: number | null; rupeesPerEuro?: number | null }, currency: 'USD' | 'EUR'): number | null {
	return currency === 'EUR' ? (rates.rupeesPerEuro ?? null) : rates.rupeesPerDollar
}

/** A cost as a short text: "Rs. 1,200" or "US$ 4.99". */
export const costText = (cost: Cost) =>
	cost.currency === 'PKR' ? `Rs. ${cost.amount.toLocaleString('en-PK')}` : `US$ ${cost.amount.toLocaleString('en-US', { minimumFractionDigits: cost.amount % 1 ? 2 : 0, maximumFractionDigits: 2 })}`

const decimal = (message: string, max: number, { allowZero = false } = {}) =>
	z
		.string(message)
		.trim()
		.refine((v) => /^\d{1,6}(\.\d{1,2})?$/.test(v), message)
		.transform(Number)
		.pipe(
			z
				.number()
				.refine((n) => (allowZero ? n >= 0 : n > 0), message)
				.refine((n) => n <= max, message),
		)

export const RATE_MESSAGE = `The rate is rupees per US dollar: a number above 0 and at most ${MAX_RATE.toLocaleString('en-PK')}, like 280 or 279.50.`
export const EURO_RATE_MESSAGE = `The euro rate is rupees per euro: a number above 0 and at most ${MAX_RATE.toLocaleString('en-PK')}, like 305 or 304.75; leave it empty when no supplier bills in euros.`
export const FEE_MESSAGE = `PayPro’s fee is a percentage from 0 to ${MAX_FEE_PERCENT}, like 2.5.`

/** The store page's costs form: the dollar rate, the euro rate (empty: none) and PayPro's fee. */
export const costSettingsForm = z.object({
	rupeesPerDollar: decimal(RATE_MESSAGE, MAX_RATE),
	rupeesPerEuro: z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), decimal(EURO_RATE_MESSAGE, MAX_RATE).optional()).transform((v) => v ?? null),
	payproFeePercent: decimal(FEE_MESSAGE, MAX_FEE_PERCENT, { allowZero: true }),
})

/** The same as JSON (numbers). */
export const costSettingsInput = z.object({
	rupeesPerDollar: z.number(RATE_MESSAGE).positive(RATE_MESSAGE).max(MAX_RATE, RATE_MESSAGE).refine(hasCents, RATE_MESSAGE),
	/** Left out: kept; null: none. */
	rupeesPerEuro: z.number(EURO_RATE_MESSAGE).positive(EURO_RATE_MESSAGE).max(MAX_RATE, EURO_RATE_MESSAGE).refine(hasCents, EURO_RATE_MESSAGE).nullable().optional(),
	payproFeePercent: z.number(FEE_MESSAGE).min(0, FEE_MESSAGE).max(MAX_FEE_PERCENT, FEE_MESSAGE).refine(hasCents, FEE_MESSAGE),
})
export type CostSettingsInput = z.infer<typeof costSettingsInput>

export const MARGIN_MESSAGE = `The margin is a percentage from 0 to ${MAX_MARGIN_PERCENT}, like 25.`
export const ROUND_MESSAGE = 'Round up to Rs. 10, 50 or 100.'

/** Which options to reprice and how (the reprice page and POST /api/admin/products/reprice). */
export const repriceInput = z.object({
	variantIds: z.array(z.number().int().min(1).max(2_147_483_647), { error: 'variantIds must be a list of option ids.' }).max(2000, 'At most 2,000 options at once.').optional(),
	productId: z.number().int().min(1).max(2_147_483_647).optional(),
	platform: z.enum(['xbox', 'playstation', 'pc'], { error: 'Platform must be xbox, playstation or pc.' }).optional(),
	marginPercent: z.number(MARGIN_MESSAGE).min(0, MARGIN_MESSAGE).max(MAX_MARGIN_PERCENT, MARGIN_MESSAGE).refine(hasCents, MARGIN_MESSAGE),
	roundTo: z.union([z.literal(10), z.literal(50), z.literal(100)], { error: ROUND_MESSAGE }),
	apply: z.boolean({ error: 'apply must be true or false.' }).default(false),
})
export type RepriceInput = z.input<typeof repriceInput>

/** The reprice page's form: which options (all, a platform, or a product), the margin and the rounding. */
export const repriceForm = z.object({
	scope: z.string().trim().regex(/^(all|platform:(xbox|playstation|pc)|product:\d{1,9})$/, 'Choose all options, a platform or a product.'),
	marginPercent: decimal(MARGIN_MESSAGE, MAX_MARGIN_PERCENT, { allowZero: true }),
	roundTo: z.enum(['10', '50', '100'], { error: ROUND_MESSAGE }).transform((v) => Number(v) as RoundTo),
})
