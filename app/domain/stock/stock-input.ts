import { z } from 'zod'
import { hasForbiddenCharacter, idSchema } from '../../utils/input'
import { STOCK_FIELD_MESSAGES as M, STOCK_LIMITS, STOCK_MODES } from './stock-rules'

// The stock page's forms, one schema each: the console checks them in the browser (conform) and the
// action parses the form with the same schema; the domain checks numbers with the same rules.
// Browser-safe.

/** Buyers one unit serves: 1, or more for a shared account. */
export const stockSlots = z.number(M.slots).int(M.slots).min(1, M.slots).max(STOCK_LIMITS.slots, M.slots)
/** The count of available units at or below which an option is low. */
export const lowStockThreshold = z.number(M.threshold).int(M.threshold).min(0, M.threshold).max(STOCK_LIMITS.threshold, M.threshold)
/** Why staff void or replace a unit: its spaces folded, something said, not too long; `message` otherwise. */
export const unitReason = (message: string) =>
	z
		.string(message)
		.transform((v) => v.replace(/\s+/g, ' ').trim())
		.pipe(z.string().min(1, message).max(STOCK_LIMITS.voidReason, message).refine((v) => !hasForbiddenCharacter(v), message))
/** Why a unit is voided. */
export const voidReason = unitReason(M.voidReason)
/** Why a delivered unit is replaced on its order. */
export const replaceReason = unitReason(M.replaceReason)
export const stockModeSchema = z.enum(STOCK_MODES as [string, ...string[]], { error: M.mode })

/** A whole number typed in a box, then checked by `rule`; anything else gets `message`. */
const typedNumber = (rule: z.ZodNumber, message: string, digits: number) =>
	z
		.string()
		.trim()
		.refine((v) => new RegExp(`^\\d{1,${digits}}$`).test(v), message)
		.transform(Number)
		.pipe(rule)

/** Import: the option, codes or accounts, the pasted text (or a file, read by the server), and buyers per unit (blank: 1, or the CSV's). */
export const stockImportForm = z.object({
	variantId: idSchema(M.variant),
	kind: z.enum(['code', 'account'], { error: M.kind }),
	text: z.string().optional(),
	slots: z
		.string()
		.trim()
		.refine((v) => v === '' || /^\d{1,3}$/.test(v), M.slots)
		.transform((v) => (v === '' ? null : Number(v)))
		.pipe(stockSlots.nullable())
		.optional(),
	/** What each unit of this batch cost (wins over the option's cost when an order is paid); blank: the option's. */
	costAmount: z
		.string()
		.trim()
		.refine((v) => v === '' || /^\d{1,8}(\.\d{1,2})?$/.test(v.replace(/,/g, '')), 'A cost is an amount like 1200 (rupees) or 4.99 (US dollars), or blank for the option’s cost.')
		.optional(),
	costCurrency: z.enum(['PKR', 'USD'], { error: 'A cost’s currency must be PKR or USD.' }).optional(),
})

/** Void a unit: its id and why. */
export const stockVoidForm = z.object({ unitId: idSchema(), reason: voidReason })

/** An option's low-stock threshold. */
export const stockThresholdForm = z.object({ variantId: idSchema(), threshold: typedNumber(lowStockThreshold, M.threshold, 5) })

/** How the product is delivered. */
export const stockModeForm = z.object({ stockMode: stockModeSchema })

/** Replace a unit an order holds: which of the order's units, and why. */
export const replaceUnitForm = z.object({ assignmentId: idSchema(), reason: replaceReason })
