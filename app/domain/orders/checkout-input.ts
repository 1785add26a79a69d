import { idSchema, nameSchema } from '../../utils/input'
import { z } from 'zod'

// The checkout request, shared by the form (live checks) and the server (the final word).

export const REQUIRED_FIELDS_MESSAGE = 'Please fill in all required fields'
export const NAME_LIVE_MESSAGE = 'Name Cannot Contains Numbers & Special Letters'
export const NAME_SUBMIT_MESSAGE = 'Name Cannot Contain Numbers & Special Letters'
export const EMAIL_MESSAGE = 'Please enter a valid email address.'
export const PHONE_MESSAGE = 'Please enter a Pakistani mobile number, like 0300 1234567.'

/**
 * §5, widened to real names: letters of any script (with their combining marks), spaces,
 * apostrophes (' and ’), periods and hyphens, with at least one letter ("Syed M. Ali", "Mu'az Khan",
 * "Anne-Marie", "علی رضا"). Digits and other symbols are refused with the spec's messages.
 */
export const isValidName = (name: string) => /^[\p{L}\p{M} '’.-]+$/u.test(name.trim()) && /\p{L}/u.test(name)

/** PayPro wants 03XXXXXXXXX: accept +92 / 92 / 0 prefixes, spaces and dashes. */
export function normalisePakistaniMobile(input: string): string | null {
	const digits = input.replace(/[\s\-()]/g, '').replace(/^\+/, '')
	const match = /^(?:92|0)?(3\d{9})$/.exec(digits)
	return match ? `0${match[1]}` : null
}

const option = z.object({ label: z.string().max(80).optional(), months: z.number().int().min(0).max(120).optional(), value: z.number().min(0).max(100_000).optional() }).passthrough()

/** One line as the browser sends it: what was chosen, never what it costs. Prices sent along are ignored. */
export const checkoutLine = z.object({
	id: idSchema('Unknown product'),
	quantity: z.coerce.number().int().min(1, 'Quantity must be at least 1').max(99, 'At most 99 of one item per order'),
	selectedDuration: option.nullish(),
	selectedDenomination: option.nullish(),
	selectedAccountType: z.enum(['private', 'shared']).nullish(),
	/** Names the option outright (the console's variant id); the spec's fields above still work without it. */
	variantId: idSchema('Unknown option').nullish(),
})
export type CheckoutLine = z.infer<typeof checkoutLine>

export const CHECKOUT_KEY_MESSAGE = 'Invalid checkout key: use 16 to 64 letters, digits, "-" or "_".'
export const checkoutKeySchema = z.string().regex(/^[\w-]{16,64}$/, CHECKOUT_KEY_MESSAGE)

export const checkoutRequest = z.object({
	customerName: nameSchema(REQUIRED_FIELDS_MESSAGE, 100, 'Your name can be at most 100 characters.', { missing: REQUIRED_FIELDS_MESSAGE }).refine(isValidName, NAME_SUBMIT_MESSAGE),
	customerEmail: z.string({ error: REQUIRED_FIELDS_MESSAGE }).trim().min(1, REQUIRED_FIELDS_MESSAGE).max(200).pipe(z.email(EMAIL_MESSAGE)),
	customerMobile: z
		.string({ error: REQUIRED_FIELDS_MESSAGE })
		.trim()
		.min(1, REQUIRED_FIELDS_MESSAGE)
		.transform((v, ctx) => {
			const mobile = normalisePakistaniMobile(v)
			if (!mobile) ctx.addIssue({ code: 'custom', message: PHONE_MESSAGE })
			return mobile ?? v
		}),
	productDetails: z.array(checkoutLine, { error: 'No items to checkout' }).min(1, 'No items to checkout').max(50, 'At most 50 lines per order'),
	/** Made by the checkout page once per cart: a retried or double-clicked submit reuses it. Optional, as in the spec's call. */
	checkoutKey: checkoutKeySchema.optional(),
	paymentMethod: z.enum(['paypro', 'manual']).default('paypro'),
	/** A renewal names the order it renews; the server links the two when the buyer may see that order. */
	renewsOrderNumber: z.string().trim().min(1).max(100).optional(),
}, { error: REQUIRED_FIELDS_MESSAGE })
export type CheckoutRequest = z.infer<typeof checkoutRequest>

/** The customer fields a refusal can name, as the form and the server call them. */
export const CUSTOMER_FIELDS = ['customerName', 'customerEmail', 'customerMobile'] as const
export type CustomerField = (typeof CUSTOMER_FIELDS)[number]

