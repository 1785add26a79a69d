import { z } from 'zod'
import { REFUND_METHODS } from '../../db/order-states'
import { idSchema, textSchema } from '../../utils/input'
import { formatRs, MAX_ORDER_TOTAL } from '../../utils/money'
import { typedRupees } from '../../utils/typed-amount'

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
	credit: 'Store credit (instant, spent at checkout)',
}

export const REFUND_MESSAGES = {
	cancelReason: 'Please write a reason: the buyer reads it on their order page and in the email.',
	refundReason: 'Please write a reason: the buyer reads it in the refund email.',
	reasonLong: `Please keep the reason to ${REASON_MAX} characters.`,
	referenceLong: `Please keep the reference to ${REFERENCE_MAX} characters.`,
	amount: 'Please enter the amount to refund in whole rupees (1 or more).',
	nothingTicked: 'Please tick the units refunded, or enter the amount to refund in whole rupees (1 or more).',
	amountHuge: `That amount is more than any order holds (at most ${formatRs(AMOUNT_MAX)}): please check it.`,
	method: 'Please choose how the money goes back: PayPro, bank, wallet or store credit.',
	units: 'units must be "return" (put back in stock, only units the buyer never opened) or "void".',
	lineQuantity: 'Each line needs a quantity of 1 or more.',
	lineRepeated: 'Each line may be named once.',
	delivered: 'delivered must name units of the line (their assignmentId in the order’s unit list), each once and at most its quantity.',
} as const

const reason = (required: string) =>
	textSchema()
		.pipe(z.string().min(1, required).max(REASON_MAX, REFUND_MESSAGES.reasonLong))

export const cancelInput = z.object({ reason: reason(REFUND_MESSAGES.cancelReason) }).strict()
export type CancelInput = z.output<typeof cancelInput>

const amount = z.number({ error: REFUND_MESSAGES.amount }).int(REFUND_MESSAGES.amount).min(1, REFUND_MESSAGES.amount).max(AMOUNT_MAX, REFUND_MESSAGES.amountHuge)

const refundLine = z
	.object({
		lineId: idSchema('lineId must be a line of this order.'),
		quantity: z.number({ error: REFUND_MESSAGES.lineQuantity }).int(REFUND_MESSAGES.lineQuantity).min(1, REFUND_MESSAGES.lineQuantity).max(1000, REFUND_MESSAGES.lineQuantity),
		delivered: z
			.array(idSchema(REFUND_MESSAGES.delivered))
			.max(1000, REFUND_MESSAGES.delivered)
			.refine((ids) => new Set(ids).size === ids.length, REFUND_MESSAGES.delivered)
			.optional()
			.describe('Which delivered units are taken back (assignmentId of the order’s units); the rest of quantity are units not delivered yet. None: the latest delivered after those owed'),
	})
	.strict()
	.refine((l) => !l.delivered || l.delivered.length <= l.quantity, { message: REFUND_MESSAGES.delivered, path: ['delivered'] })

/** POST /api/admin/orders/{orderNumber}/refunds. */
export const refundInput = z
	.object({
		amount: amount.optional().describe('Rupees given back (whole): at most what the units taken back were sold for after their discount (all that is left when no line is named), never more than was paid minus earlier refunds. None: that figure'),
		lines: z
			.array(refundLine)
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
	.refine((r) => r.amount !== undefined || (r.lines?.length ?? 0) > 0, { message: REFUND_MESSAGES.nothingTicked, path: ['amount'] })
export type RefundInput = z.output<typeof refundInput>

/** A refund's amount as typed ("Rs. 1,500", "1500 rupees"): its whole rupees as digits, blank as blank, anything else as typed for the pattern to refuse. */
const typedRupeesText = (typed: string) => (typed.trim() === '' ? '' : String(typedRupees(typed) ?? typed))

/** The console's refund form: flat text fields (a line's units not delivered are `line-<id>`, its delivered units ticked are `unit-<id>`, read by `refundFormLines`); no amount: the ticked units' worth. */
export const refundForm = z.object({
	amount: z.string().max(40, REFUND_MESSAGES.amount).transform(typedRupeesText).pipe(z.string().regex(/^\d{0,8}$/, REFUND_MESSAGES.amount)),
	method: z.enum(REFUND_METHODS, { error: REFUND_MESSAGES.method }),
	reference: textSchema().pipe(z.string().max(REFERENCE_MAX, REFUND_MESSAGES.referenceLong)),
	reason: reason(REFUND_MESSAGES.refundReason),
	units: z.enum(['return', 'void'], { error: REFUND_MESSAGES.units }),
})
export const cancelForm = cancelInput.strip()

/** A line of the refund form as refundInput takes it. */
export type RefundFormLine = { lineId: number; quantity: number; delivered?: number[] }

/**
 * The units ticked on the refund form: per line, the units not delivered typed in `line-<id>`, and the
 * delivered ones ticked one by one (`unit-<lineId>-<assignmentId>`). A line listing its delivered units
 * (`units-of-<id>`) takes back only the ones ticked.
 */
export function refundFormLines(form: Record<string, string>): RefundFormLine[] {
	const byLine = new Map<number, { count: number; delivered: number[] | undefined }>()
	const entry = (lineId: number) => byLine.get(lineId) ?? byLine.set(lineId, { count: 0, delivered: undefined }).get(lineId)!
	for (const [key, value] of Object.entries(form)) {
		const count = /^line-(\d{1,10})$/.exec(key)
		const unit = /^unit-(\d{1,10})-(\d{1,10})$/.exec(key)
		const listed = /^units-of-(\d{1,10})$/.exec(key)
		if (count && value.trim()) {
			const quantity = /^\d{1,4}$/.test(value.trim()) ? Number(value.trim()) : NaN
			if (!Number.isInteger(quantity) || quantity < 0) throw new Error(REFUND_MESSAGES.lineQuantity)
			entry(Number(count[1])).count = quantity
		} else if (unit) {
			const line = entry(Number(unit[1]))
			line.delivered = [...(line.delivered ?? []), Number(unit[2])]
		} else if (listed) {
			entry(Number(listed[1])).delivered ??= []
		}
	}
	return [...byLine]
		.map(([lineId, { count, delivered }]) => ({ lineId, quantity: count + (delivered?.length ?? 0), ...(delivered ? { delivered } : {}) }))
		.filter((l) => l.quantity > 0)
}
