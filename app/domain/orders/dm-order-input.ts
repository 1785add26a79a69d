import { idSchema } from '../../utils/input'
import { z } from 'zod'

// §3 DM order request and §5 DM order rules, shared by the staff page and the server (the final word).

export const AMOUNT_MESSAGE = 'The amount must be a number of rupees, like 4000.'
export const DURATION_MESSAGE = 'The duration must be a whole number of days, 0 or more.'
export const MAX_DM_AMOUNT = 10_000_000
export const MAX_DM_DURATION_DAYS = 3650

/**
 * §5 amount: blank gives null (the product's default price applies); otherwise every character but
 * digits and dots is dropped ('Rs. 4,000' → 4000; the dot of a leading 'Rs.' is not a decimal
 * point). NaN when what is left is not a number.
 */
export function parseDmAmount(value: string | number | null | undefined): number | null {
	if (value == null) return null
	if (typeof value === 'number') return value
	if (value.trim() === '') return null
	const cleaned = value.replace(/^\s*(?:rs|pkr)\.?/i, '').replace(/[^\d.]/g, '')
	return cleaned ? Number(cleaned) : Number.NaN
}

const optionalText = (max: number, what: string) =>
	z
		.string({ error: `The ${what} must be text.` })
		.trim()
		.max(max, `The ${what} can be at most ${max} characters.`)
		.nullish()
		.transform((v) => (v ? v : null))

/** The buyer's details, each optional (null when blank). */
const customerFields = {
	name: optionalText(100, 'customer name'),
	email: optionalText(200, 'customer email').pipe(z.email('Enter a valid customer email address, or leave it blank.').nullable()),
	phone: optionalText(30, 'customer phone'),
}

const totalAmount = z
	.union([z.string().max(50, AMOUNT_MESSAGE), z.number()], { error: AMOUNT_MESSAGE })
	.nullish()
	.transform((v, ctx) => {
		const amount = parseDmAmount(v)
		if (amount === null) return null
		if (!Number.isFinite(amount) || amount < 0 || amount > MAX_DM_AMOUNT) {
			ctx.addIssue({ code: 'custom', message: AMOUNT_MESSAGE })
			return z.NEVER
		}
		return Math.round(amount)
	})

const durationDays = z
	.union([z.number(), z.string().trim()], { error: DURATION_MESSAGE })
	.nullish()
	.transform((v, ctx) => {
		if (v == null || v === '') return null
		const days = Number(v)
		if (!Number.isInteger(days) || days < 0 || days > MAX_DM_DURATION_DAYS) {
			ctx.addIssue({ code: 'custom', message: DURATION_MESSAGE })
			return z.NEVER
		}
		return days
	})

const dmItem = z.object(
	{
		id: idSchema('Choose a product from the catalogue.'),
		/** The product's option (its variant id): a duration or a value, and the account type. */
		variantId: idSchema('Choose one of the product’s options.').nullish(),
		name: z.string().max(200).nullish(),
		price: z.union([z.string().max(50), z.number()]).nullish(),
		quantity: z.literal(1, { error: 'DM orders have a quantity of 1 per item.' }).optional(),
		image: z.string().max(2000).nullish(),
		code: z.string().trim().max(200, 'The product code can be at most 200 characters.').nullish(),
		originalPrice: z.union([z.string().max(50), z.number()]).nullish(),
	},
	{ error: 'Each item must be an object with the product id.' },
)

export const dmOrderRequest = z.object(
	{
		customer: z
			.object(customerFields, { error: 'customer must be an object with name, email and phone.' })
			.nullish()
			.transform((c) => c ?? { name: null, email: null, phone: null }),
		totalAmount,
		items: z.array(dmItem, { error: 'Choose a product: items must list one product.' }).min(1, 'Choose a product: items must list one product.').max(10, 'At most 10 items per DM order.'),
		status: z.literal('pending', { error: "DM orders are created with status 'pending'." }).optional(),
		durationDays,
	},
	{ error: 'The request body must be a JSON object with customer, totalAmount and items.' },
)
export type DmOrderRequest = z.infer<typeof dmOrderRequest>

/**
 * The console's DM order form (/admin/dm-order), one field per input, with the request's own rules:
 * the page checks it before sending, and its action parses it into the request `createDmOrder` takes.
 */
export const dmOrderFormFields = z.object({
	...customerFields,
	productId: idSchema('Choose a product from the catalogue.'),
	variantId: z.union([z.literal('').transform(() => null), idSchema('Choose one of the product’s options.')]).optional(),
	amount: totalAmount,
	durationDays,
})

export const dmOrderForm = dmOrderFormFields.transform(
	(f): DmOrderRequest => ({ customer: { name: f.name, email: f.email, phone: f.phone }, totalAmount: f.amount, items: [{ id: f.productId, variantId: f.variantId ?? null }], durationDays: f.durationDays }),
)
