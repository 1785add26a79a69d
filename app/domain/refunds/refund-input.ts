import { z } from 'zod'
import { REFUND_METHODS } from '../../db/order-states'
import { idSchema, textSchema } from '../../utils/input'
import { formatRs, MAX_ORDER_TOTAL } from '../../utils/money'

// What staff send to cancel an order or give money back: one rule for the console's forms and the
// console API (ADR-011). Browser-safe.

export { REFUND_METHODS }
export type { RefundMethod } from '../../db/order-states'

export const REASON_MAX = 500
export const REFERENCE_MAX = 120
/** More rupees than any order holds: a typo, refused with a sentence before the order is read. */
export const AMOUNT_MAX = MAX_ORDER_TOTAL

export const REFUND_METHOD_LABELS: Record<(typeof REFUND_METHODS)[number], string> = {
	paypro: 'PayPro (to the card paid with)',
	bank: 'Bank transfer',
	wallet: 'Wallet (JazzCash, Easypaisa)',
}

export const REFUND_MESSAGES = {
	cancelReason: 'Please write a reason: the buyer reads it on their order page and in the email.',
	refundReason: 'Please write a reason: the buyer reads it in the refund email.',
	reasonLong: `Please keep the reason to ${REASON_MAX} characters.`,
	referenceLong: `Please keep the reference to ${REFERENCE_MAX} characters.`,
	amount: 'Please enter the amount to refund in whole rupees (1 or more).',
	amountHuge: `That amount is more than any order holds (at most ${formatRs(AMOUNT_MAX)}): please check it.`,
	method: 'Please choose how the money goes back: PayPro, bank or wallet.',
	units: 'units must be "return" (put back in stock, only units the buyer never opened) or "void".',
	lineQuantity: 'Each line needs a quantity of 1 or more.',
	lineRepeated: 'Each line may be named once.',
} as const

const reason = (required: string) =>
	textSchema()
		.pipe(z.string().min(1, required).max(REASON_MAX, REFUND_MESSAGES.reasonLong))

export const cancelInput = z.object({ reason: reason(REFUND_MESSAGES.cancelReason) }).strict()
export type CancelInput = z.output<typeof cancelInput>

const amount = z.number({ error: REFUND_MESSAGES.amount }).int(REFUND_MESSAGES.amount).min(1, REFUND_MESSAGES.amount).max(AMOUNT_MAX, REFUND_MESSAGES.amountHuge)

/** POST /api/admin/orders/{orderNumber}/refunds. */
export const refundInput = z
	.object({
		amount: amount.describe('Rupees given back (whole), at most what was paid minus earlier refunds'),
		lines: z
			.array(z.object({ lineId: idSchema('lineId must be a line of this order.'), quantity: z.number({ error: REFUND_MESSAGES.lineQuantity }).int(REFUND_MESSAGES.lineQuantity).min(1, REFUND_MESSAGES.lineQuantity).max(1000, REFUND_MESSAGES.lineQuantity) }).strict())
			.max(100)
			.optional()
			.refine((lines) => !lines || new Set(lines.map((l) => l.lineId)).size === lines.length, REFUND_MESSAGES.lineRepeated)
			.describe('The lines taken back and how many units of each; none: money only, every unit stays with the buyer'),
		method: z.enum(REFUND_METHODS, { error: REFUND_MESSAGES.method }),
		reference: textSchema().pipe(z.string().max(REFERENCE_MAX, REFUND_MESSAGES.referenceLong)).optional().describe('The bank’s, wallet’s or PayPro’s reference'),
		reason: reason(REFUND_MESSAGES.refundReason),
		units: z.enum(['return', 'void'], { error: REFUND_MESSAGES.units }).default('void').describe('Delivered units taken back: returned to stock (only ones the buyer never opened) or voided'),
	})
	.strict()
export type RefundInput = z.output<typeof refundInput>

/** The console's refund form: flat text fields (a line's quantity is `line-<id>`, read by `refundFormLines`). */
export const refundForm = z.object({
	amount: z.string().trim().regex(/^\d{1,8}$/, REFUND_MESSAGES.amount),
	method: z.enum(REFUND_METHODS, { error: REFUND_MESSAGES.method }),
	reference: textSchema().pipe(z.string().max(REFERENCE_MAX, REFUND_MESSAGES.referenceLong)),
	reason: reason(REFUND_MESSAGES.refundReason),
	units: z.enum(['return', 'void'], { error: REFUND_MESSAGES.units }),
})
export const cancelForm = cancelInput.strip()

/** The quantities typed beside each line of the refund form (`line-<id>`), the ones above 0. */
export function refundFormLines(form: Record<string, string>): { lineId: number; quantity: number }[] {
	const lines: { lineId: number; quantity: number }[] = []
	for (const [key, value] of Object.entries(form)) {
		const match = /^line-(\d{1,10})$/.exec(key)
		if (!match || !value.trim()) continue
		const quantity = /^\d{1,4}$/.test(value.trim()) ? Number(value.trim()) : NaN
		if (!Number.isInteger(quantity) || quantity < 0) throw new Error(REFUND_MESSAGES.lineQuantity)
		if (quantity > 0) lines.push({ lineId: Number(match[1]), quantity })
	}
	return lines
}
