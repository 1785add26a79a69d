import { z } from 'zod'
import { idSchema, parseId } from '../../utils/input'
import { formatRs, MAX_PRICE } from '../../utils/money'
import { westernDigits } from '../../utils/digits'
import { readTypedAmount } from '../../utils/typed-amount'
import { normalisePakistaniMobile } from './checkout-fields'
import type { DmOrderRequest } from './dm-order-input'

// §5 DM order rules for each field, shared by the request (dm-order-input.ts) and the console's form,
// which the page checks before sending. Apart from the request's schema so that the page's script
// builds only these (the request's own, with its literals, stays on the server).

export const AMOUNT_MESSAGE = 'The amount must be a number of rupees, like 4000.'
export const DURATION_MESSAGE = 'The duration must be a whole number of days, 0 or more.'
export const MAX_DM_AMOUNT = MAX_PRICE
export const AMOUNT_TOO_BIG_MESSAGE = `The amount can be at most ${formatRs(MAX_DM_AMOUNT)}.`
export const MAX_DM_DURATION_DAYS = 3650

/**
 * §5 amount: blank gives null (the product’s default price applies); otherwise
 * read as the console's other amounts ('Rs. 4,000', '4000 rupees' → 4000; `readTypedAmount`). NaN when it
 * is not an amount in rupees.
 */
export function parseDmAmount(value: string | number | null | undefined): number | null {
	if (value == null) return null
	if (typeof value === 'number') return value
	if (value.trim() === '') return null
	const read = readTypedAmount(value)
	return read.ok && (read.unit === null || read.unit === 'rupees') ? read.amount : Number.NaN
}

const optionalText = (max: number, what: string) =>
	z
		.string({ error: `The ${what} must be text.` })
		.trim()
		.max(max, `The ${what} can be at most ${max} characters.`)
		.nullish()
		.transform((v) => (v ? v : null))

/** The buyer's details, each optional (null when blank). */
export const customerFields = {
	name: optionalText(100, 'customer name'),
	email: optionalText(200, 'customer email').pipe(z.email('Enter a valid customer email address, or leave it blank.').nullable()),
	/** A Pakistani mobile is stored as checkout stores it (03XXXXXXXXX, whatever digits it was typed in); another number as typed, in Western digits. */
	phone: optionalText(30, 'customer phone').transform((v) => (v ? (normalisePakistaniMobile(v) ?? westernDigits(v)) : null)),
}

export const totalAmount = z
	.union([z.string().max(50, AMOUNT_MESSAGE), z.number()], { error: AMOUNT_MESSAGE })
	.nullish()
	.transform((v, ctx) => {
		const amount = parseDmAmount(v)
		if (amount === null) return null
		if (!Number.isFinite(amount) || amount < 0 || amount > MAX_DM_AMOUNT) {
			ctx.addIssue({ code: 'custom', message: amount > MAX_DM_AMOUNT ? AMOUNT_TOO_BIG_MESSAGE : AMOUNT_MESSAGE })
			return z.NEVER
		}
		return Math.round(amount)
	})

/** Blank gives null (no countdown); the bounds are the number's own checks, so the form's box reads them (`min`, `max`). */
export const durationDays = z
	.union([z.number(), z.string().trim()], { error: DURATION_MESSAGE })
	.nullish()
	.transform((v) => (v == null || v === '' ? null : Number(v)))
	.pipe(z.number({ error: DURATION_MESSAGE }).int(DURATION_MESSAGE).min(0, DURATION_MESSAGE).max(MAX_DM_DURATION_DAYS, DURATION_MESSAGE).nullable())

/**
 * The console's DM order form (/admin/dm-order), one field per input, with the request's own rules:
 * the page checks it before sending, and its action parses it into the request `createDmOrder` takes.
 */
export const dmOrderFormFields = z.object({
	...customerFields,
	productId: idSchema('Choose a product from the catalogue.'),
	/** Blank: the product's own price. */
	variantId: z
		.string()
		.optional()
		.transform((value, ctx) => {
			if (!value) return null
			const id = parseId(value)
			if (id === null) {
				ctx.addIssue({ code: 'custom', message: 'Choose one of the product’s options.' })
				return z.NEVER
			}
			return id
		}),
	amount: totalAmount,
	durationDays,
})

export const dmOrderForm = dmOrderFormFields.transform(
	(f): DmOrderRequest => ({ customer: { name: f.name, email: f.email, phone: f.phone }, totalAmount: f.amount, items: [{ id: f.productId, variantId: f.variantId ?? null }], durationDays: f.durationDays }),
)
