import { idSchema, nameSchema } from '../../utils/input'
import { z } from 'zod'
import { MAX_QUANTITY } from '../../utils/money'
import type { MessageKey } from '../../i18n/catalogue'
import type { Lang } from '../../i18n/lang'
import { COUPON_REFUSALS } from '../coupons/coupon'
import { EMAIL_MESSAGE, EMAIL_PATTERN, isValidName, MAX_PHONE_LENGTH, NAME_SUBMIT_MESSAGE, normalisePakistaniMobile, PHONE_MESSAGE, REQUIRED_FIELDS_MESSAGE } from './checkout-fields'
import { typedCode } from '../../utils/digits'

// The checkout request as the server takes it (the final word). The form's live checks and the
// messages are in checkout-fields.ts, which the browser loads without zod.

const option = z.object({ label: z.string().max(80).optional(), months: z.number().int().min(0).max(120).optional(), value: z.number().min(0).max(100_000).optional() }).passthrough()

/** One line as the browser sends it: what was chosen, never what it costs. Prices sent along are ignored. */
export const checkoutLine = z.object({
	id: idSchema('errors.unknownProduct'),
	quantity: z.coerce.number().int().min(1, 'checkout.quantityMin').max(MAX_QUANTITY, 'checkout.quantityMax'),
	selectedDuration: option.nullish(),
	selectedDenomination: option.nullish(),
	selectedAccountType: z.enum(['private', 'shared']).nullish(),
	/** Names the option outright (the console's variant id); the spec's fields above still work without it. */
	variantId: idSchema('errors.unknownOption').nullish(),
})
export type CheckoutLine = z.infer<typeof checkoutLine>

export const CHECKOUT_KEY_MESSAGE = 'errors.checkoutKey' satisfies MessageKey
export const checkoutKeySchema = z.string().regex(/^[\w-]{16,64}$/, CHECKOUT_KEY_MESSAGE)

export const checkoutRequest = z.object({
	customerName: nameSchema(REQUIRED_FIELDS_MESSAGE, 100, 'checkout.nameTooLong', { missing: REQUIRED_FIELDS_MESSAGE }).refine(isValidName, NAME_SUBMIT_MESSAGE),
	customerEmail: z.string({ error: REQUIRED_FIELDS_MESSAGE }).trim().min(1, REQUIRED_FIELDS_MESSAGE).max(200).pipe(z.email({ pattern: EMAIL_PATTERN, error: EMAIL_MESSAGE })),
	customerMobile: z
		.string({ error: REQUIRED_FIELDS_MESSAGE })
		.trim()
		.min(1, REQUIRED_FIELDS_MESSAGE)
		.max(MAX_PHONE_LENGTH, PHONE_MESSAGE)
		.transform((v, ctx) => {
			const mobile = normalisePakistaniMobile(v)
			if (!mobile) ctx.addIssue({ code: 'custom', message: PHONE_MESSAGE })
			return mobile ?? v
		}),
	productDetails: z.array(checkoutLine, { error: 'checkout.noItems' }).min(1, 'checkout.noItems').max(50, 'checkout.linesMax'),
	/** Made by the checkout page once per cart: a retried or double-clicked submit reuses it. Optional, as in the spec's call. */
	checkoutKey: checkoutKeySchema.optional(),
	paymentMethod: z.enum(['paypro', 'manual']).default('paypro'),
	/** A renewal names the order it renews; the server links the two when the buyer may see that order. */
	renewsOrderNumber: z.string().trim().min(1).max(100).transform(typedCode).optional(),
	/** A discount code (issue 23): the server prices it; blank is none. */
	couponCode: z
		.string({ error: COUPON_REFUSALS.malformed })
		.trim()
		.max(100, COUPON_REFUSALS.malformed)
		.transform((v) => v || undefined)
		.optional(),
	/** The language the buyer checked out in (ADR-032): the order's emails and pages follow it. Anything else is English. */
	lang: z.enum(['en', 'ur']).catch('en').default('en'),
	/** "Send updates on WhatsApp" (ADR-035): true from the script, 'true' or 'on' from the form; absent is no. */
	whatsappUpdates: z
		.union([z.boolean(), z.enum(['true', 'on'])], { error: 'errors.whatsappUpdates' })
		.optional()
		.transform((v) => v === true || v === 'true' || v === 'on'),
	/** "Use my store credit" (ADR-051): honoured only for the buyer signed in with the order's email; anyone else spends none. */
	useCredit: z
		.union([z.boolean(), z.enum(['true', 'on'])], { error: 'errors.useCredit' })
		.optional()
		.transform((v) => v === true || v === 'true' || v === 'on'),
}, { error: REQUIRED_FIELDS_MESSAGE })
/** As parsed; callers inside the shop (tests, the console) may leave the language out (English) and WhatsApp updates (none). */
export type CheckoutRequest = Omit<z.infer<typeof checkoutRequest>, 'lang' | 'whatsappUpdates' | 'useCredit'> & { lang?: Lang; whatsappUpdates?: boolean; useCredit?: boolean }
